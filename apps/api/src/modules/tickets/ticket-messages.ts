import type { Locale } from '@palco/domain/locale/country'

/** Transfer notices (issue 7, part 4), written to the outbox in the transfer's transaction. */
export interface TransferNotice {
  eventName: string
  place: string
  other: string
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

const COPY = {
  'es-CO': {
    sentSubject: (n: TransferNotice) => `Usted transfirió una boleta de ${n.eventName}`,
    sentText: (n: TransferNotice) =>
      `Su boleta de ${n.eventName} (${n.place}) ahora pertenece a ${n.other}. Su código QR anterior ya no es válido.`,
    receivedSubject: (n: TransferNotice) => `Recibió una boleta para ${n.eventName}`,
    receivedText: (n: TransferNotice) =>
      `${n.other} le transfirió una boleta de ${n.eventName} (${n.place}). Ingrese a Palco con este correo o teléfono y la verá en Mis boletas.`,
  },
  'en-US': {
    sentSubject: (n: TransferNotice) => `You transferred a ticket for ${n.eventName}`,
    sentText: (n: TransferNotice) =>
      `Your ticket for ${n.eventName} (${n.place}) now belongs to ${n.other}. Your old QR code no longer works.`,
    receivedSubject: (n: TransferNotice) => `You received a ticket for ${n.eventName}`,
    receivedText: (n: TransferNotice) =>
      `${n.other} transferred you a ticket for ${n.eventName} (${n.place}). Log in to Palco with this email or phone to see it in My tickets.`,
  },
} as const satisfies Record<Locale, unknown>

export function transferMessage(locale: Locale, side: 'sent' | 'received', n: TransferNotice) {
  const c = COPY[locale]
  const subject = side === 'sent' ? c.sentSubject(n) : c.receivedSubject(n)
  const text = side === 'sent' ? c.sentText(n) : c.receivedText(n)
  return { subject, text, html: `<p>${escapeHtml(text)}</p>` }
}
