import type { OrderView } from '@palco/domain/checkout/contract'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { sectionName } from '@palco/domain/tickets/location'

interface Rendered {
  subject: string
  text: string
  html: string
}

export interface OrderEmailData {
  code: string
  eventName: string
  startsAt: Date
  timeZone: string
  venueName: string
  currency: Currency
  lines: { section: string; row: string; seat: number; zoneName: string | null; total: number }[]
  subtotal: number
  fees: number
  discount: number
  total: number
  ticketsUrl: string
}

const COPY = {
  'es-CO': {
    subject: (code: string) => `Su compra en Palco está confirmada (${code})`,
    lead: '¡Gracias por su compra! Sus boletas ya están en «Mis boletas».',
    order: 'Pedido',
    seat: (s: string, r: string, n: number) =>
      r === 'UNNUMBERED' ? `${s} · general` : `${s} · fila ${r} · silla ${n}`,
    section: (s: string) => `sección ${s}`,
    subtotal: 'Subtotal',
    fees: 'Cargos por servicio',
    discount: 'Descuento',
    total: 'Total',
    see: 'Ver mis boletas',
    refundSubject: (code: string) => `Reembolso de su pago en Palco (${code})`,
    // "Lugares", not "sillas": the places may be a race's inscriptions or general admission (issue 13).
    refundLead: 'Su pago llegó cuando sus lugares ya no estaban disponibles, así que no emitimos boletas.',
    refundLeadTerms:
      'Su pago llegó después de que el pedido venciera, y ya no podía completarse como se calculó su precio (por ejemplo, el código promocional ya lo había usado en otra compra), así que no emitimos boletas.',
    refundLeadCancelled:
      'Su pago llegó después de que el evento fuera cancelado, así que no emitimos boletas.',
    refundLeadOrganiser: (reason: string) =>
      `El organizador reembolsó su pedido; sus boletas ya no son válidas. Motivo: ${reason}`,
    refundProvider: 'Devolvimos el dinero a su medio de pago; puede tardar unos días en verse.',
    refundWallet: 'Abonamos el valor a su billetera de Palco; puede usarlo en su próxima compra.',
    payLaterSubject: (code: string) => `Cómo pagar su compra en Palco (${code})`,
    payLaterLead: (until: string) =>
      `Separamos sus lugares en la taquilla. Páguelos antes del ${until}; después se liberan. Cuando recibamos el pago, sus boletas aparecerán en «Mis boletas».`,
    voucher: (network: string) => `Pague en efectivo en ${network} con esta referencia`,
    spei: 'Transfiera desde su banca en línea por SPEI',
    link: 'Pague con tarjeta en la página segura de pago',
    payLink: 'Pagar con tarjeta',
    clabe: 'CLABE',
    bank: 'Banco',
    reference: 'Referencia',
    amount: 'Valor a pagar',
    networks: {
      oxxo: 'OXXO',
      paycash: 'Paycash',
      banamex: 'Citibanamex',
      bancomer: 'BBVA Bancomer',
      cash: 'un punto de pago en efectivo',
      cashInClub: 'la taquilla del club',
    },
  },
  'en-US': {
    subject: (code: string) => `Your Palco order is confirmed (${code})`,
    lead: 'Thanks for your purchase! Your tickets are in “My tickets”.',
    order: 'Order',
    seat: (s: string, r: string, n: number) =>
      r === 'UNNUMBERED' ? `${s} · general admission` : `${s} · row ${r} · seat ${n}`,
    section: (s: string) => `section ${s}`,
    subtotal: 'Subtotal',
    fees: 'Service fees',
    discount: 'Discount',
    total: 'Total',
    see: 'See my tickets',
    refundSubject: (code: string) => `Refund of your Palco payment (${code})`,
    refundLead: 'Your payment arrived after your places were no longer available, so no tickets were issued.',
    refundLeadTerms:
      'Your payment arrived after the order had lapsed, and it could no longer be completed as it was priced (for example, you had already used its promo code on another purchase), so no tickets were issued.',
    refundLeadCancelled: 'Your payment arrived after the event was cancelled, so no tickets were issued.',
    refundLeadOrganiser: (reason: string) =>
      `The organiser refunded your order; its tickets are no longer valid. Reason: ${reason}`,
    refundProvider: 'We sent the money back to your payment method; it may take a few days to show.',
    refundWallet: 'We credited the amount to your Palco wallet; you can use it on your next purchase.',
    payLaterSubject: (code: string) => `How to pay for your Palco order (${code})`,
    payLaterLead: (until: string) =>
      `We are keeping your places at the box office. Pay before ${until}; after that they are released. Once we receive the payment, your tickets will be in “My tickets”.`,
    voucher: (network: string) => `Pay in cash at ${network} with this reference`,
    spei: 'Transfer from your online banking by SPEI',
    link: 'Pay by card on the secure payment page',
    payLink: 'Pay by card',
    clabe: 'CLABE',
    bank: 'Bank',
    reference: 'Reference',
    amount: 'Amount to pay',
    networks: {
      oxxo: 'OXXO',
      paycash: 'Paycash',
      banamex: 'Citibanamex',
      bancomer: 'BBVA Bancomer',
      cash: 'a cash payment point',
      cashInClub: "the club's box office",
    },
  },
} as const

export const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

export function wrap(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td style="font-size:24px;font-weight:800;color:#862e9c">Palco</td></tr>
${body}
</table></body></html>`
}

/** "Oriental Alta · sección 101", or just the zone's name for a zone sold without a map (issue 13). */
function placeOf(c: (typeof COPY)[Locale], line: { section: string; zoneName: string | null }): string {
  const section = sectionName(line.section, line.zoneName)
  return [line.zoneName, section ? c.section(section) : null].filter(Boolean).join(' · ')
}

/** The plain-text mails' last lines: where the tickets are, and who wrote. */
const textFooter = (c: (typeof COPY)[Locale], ticketsUrl: string) => [
  '',
  `${c.see}: ${ticketsUrl}`,
  '',
  'Palco',
]

/** The order summary mailed when an order is paid, in the language of the site it was bought on. */
export function orderConfirmationEmail(locale: Locale, d: OrderEmailData): Rendered {
  const c = COPY[locale]
  const money = (amount: number) => formatMoney({ amount, currency: d.currency }, locale)
  const when = `${formatDate(d.startsAt, locale, d.timeZone)} · ${formatTime(d.startsAt, locale, d.timeZone)}`
  const seats = d.lines.map((l) => `${c.seat(placeOf(c, l), l.row, l.seat)} — ${money(l.total)}`)
  const sums: [string, string][] = [
    [c.subtotal, money(d.subtotal)],
    [c.fees, money(d.fees)],
    ...(d.discount > 0 ? ([[c.discount, `−${money(d.discount)}`]] as [string, string][]) : []),
    [c.total, money(d.total)],
  ]
  const text = [
    c.lead,
    '',
    `${c.order} ${d.code}`,
    `${d.eventName} — ${when}, ${d.venueName}`,
    ...seats,
    '',
    ...sums.map(([k, v]) => `${k}: ${v}`),
    ...textFooter(c, d.ticketsUrl),
  ].join('\n')
  const html = wrap(
    locale,
    c.subject(d.code),
    `<tr><td style="padding-top:16px;font-size:16px;line-height:1.5">${escapeHtml(c.lead)}</td></tr>
<tr><td style="padding-top:16px;font-size:14px;color:#555">${escapeHtml(c.order)} <strong>${escapeHtml(d.code)}</strong></td></tr>
<tr><td style="padding-top:8px;font-size:16px;font-weight:700">${escapeHtml(d.eventName)}</td></tr>
<tr><td style="font-size:14px;color:#555">${escapeHtml(when)} · ${escapeHtml(d.venueName)}</td></tr>
<tr><td style="padding-top:12px;font-size:14px;line-height:1.6">${seats.map(escapeHtml).join('<br>')}</td></tr>
<tr><td style="padding-top:12px;font-size:14px;line-height:1.6">${sums.map(([k, v]) => `${escapeHtml(k)}: <strong>${escapeHtml(v)}</strong>`).join('<br>')}</td></tr>
<tr><td style="padding-top:20px"><a href="${escapeHtml(d.ticketsUrl)}" style="background:#862e9c;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(c.see)}</a></td></tr>`,
  )
  return { subject: c.subject(d.code), text, html }
}

/**
 * What a buyer who pays later needs (issue 15): the voucher's network and reference, the SPEI CLABE and
 * reference, or the card payment link, the amount, and until when the places are kept. Sent when the
 * counter starts the sale.
 */
export function paymentInstructionsEmail(
  locale: Locale,
  d: Pick<OrderView, 'code' | 'currency' | 'event' | 'voucher' | 'transfer' | 'total'> & {
    /** The provider's page of a card link. */
    link: { redirectUrl: string; expiresAt: string } | null
    ticketsUrl: string
  },
): Rendered | null {
  const c = COPY[locale]
  const owed = d.voucher ?? d.transfer
  const expiresAt = owed?.expiresAt ?? d.link?.expiresAt
  if (!expiresAt) return null
  const money = formatMoney({ amount: owed?.amount ?? d.total, currency: d.currency }, locale)
  const until = `${formatDate(expiresAt, locale, d.event.timeZone)} · ${formatTime(expiresAt, locale, d.event.timeZone)}`
  const how = d.voucher ? c.voucher(c.networks[d.voucher.network]) : d.transfer ? c.spei : c.link
  const facts: [string, string][] = [
    ...(d.transfer?.clabe ? ([[c.clabe, d.transfer.clabe]] as [string, string][]) : []),
    ...(d.transfer?.bankName ? ([[c.bank, d.transfer.bankName]] as [string, string][]) : []),
    ...(owed ? ([[c.reference, owed.reference]] as [string, string][]) : []),
    [c.amount, money],
  ]
  const text = [
    c.payLaterLead(until),
    '',
    `${c.order} ${d.code} · ${d.event.name}`,
    '',
    `${how}:`,
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...(d.link ? [`${c.payLink}: ${d.link.redirectUrl}`] : []),
    ...textFooter(c, d.ticketsUrl),
  ].join('\n')
  const html = wrap(
    locale,
    c.payLaterSubject(d.code),
    `<tr><td style="padding-top:16px;font-size:16px;line-height:1.5">${escapeHtml(c.payLaterLead(until))}</td></tr>
<tr><td style="padding-top:16px;font-size:14px;color:#555">${escapeHtml(c.order)} <strong>${escapeHtml(d.code)}</strong> · ${escapeHtml(d.event.name)}</td></tr>
<tr><td style="padding-top:16px;font-size:16px;font-weight:700">${escapeHtml(how)}</td></tr>
<tr><td style="padding-top:8px;font-size:16px;line-height:1.7">${facts.map(([k, v]) => `${escapeHtml(k)}: <strong style="font-family:monospace">${escapeHtml(v)}</strong>`).join('<br>')}</td></tr>${
      d.link
        ? `
<tr><td style="padding-top:20px"><a href="${escapeHtml(d.link.redirectUrl)}" style="background:#862e9c;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(c.payLink)}</a></td></tr>`
        : ''
    }`,
  )
  return { subject: c.payLaterSubject(d.code), text, html }
}

/** Sent when a late payment had to be given back (its places gone). */
export function refundEmail(
  locale: Locale,
  d: {
    code: string
    eventName: string
    amount: number
    currency: Currency
    toWallet: boolean
    /** The places were gone; otherwise a term of the late order (its promo code, its wallet part) failed. */
    seatsGone: boolean
    /** The event was cancelled before this payment arrived (issue 16 part 5). */
    eventCancelled?: boolean
    /** The organiser refunded a paid order, for this reason (issue 43 part 3). */
    organiserReason?: string
  },
): Rendered {
  const c = COPY[locale]
  const how = d.toWallet ? c.refundWallet : c.refundProvider
  const lead =
    d.organiserReason !== undefined
      ? c.refundLeadOrganiser(d.organiserReason)
      : d.eventCancelled
        ? c.refundLeadCancelled
        : d.seatsGone
          ? c.refundLead
          : c.refundLeadTerms
  const amount = formatMoney({ amount: d.amount, currency: d.currency }, locale)
  const text = `${lead}\n\n${c.order} ${d.code} — ${d.eventName}\n${amount}\n\n${how}\n\nPalco`
  const html = wrap(
    locale,
    c.refundSubject(d.code),
    `<tr><td style="padding-top:16px;font-size:16px;line-height:1.5">${escapeHtml(lead)}</td></tr>
<tr><td style="padding-top:12px;font-size:14px">${escapeHtml(c.order)} <strong>${escapeHtml(d.code)}</strong> — ${escapeHtml(d.eventName)}: <strong>${escapeHtml(amount)}</strong></td></tr>
<tr><td style="padding-top:12px;font-size:14px;line-height:1.5">${escapeHtml(how)}</td></tr>`,
  )
  return { subject: c.refundSubject(d.code), text, html }
}
