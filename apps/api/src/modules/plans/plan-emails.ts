import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { PlanNotice } from '@palco/domain/installments/standing'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { escapeHtml, wrap } from '../orders/order-emails.js'

/** What a paguitos plan tells its fan (issue 16 parts 2, 4 and 5): opened, a payment due, missed, cancelled. */
export type PlanMail = 'OPENED' | PlanNotice | 'CANCELLED'

export interface PlanMailData {
  code: string
  eventName: string
  timeZone: string
  currency: Currency
  /** The installment spoken of: the next one owed (none once cancelled). */
  next: { amount: number; dueAt: string } | null
  /** Cancelled: what went back to the wallet, and the deposit kept. */
  refunded?: number
  kept?: number
  /** The purchase's page, where the fan pays and sees the schedule. */
  payUrl: string
}

type Copy = Record<PlanMail, { subject: (code: string) => string; lead: (d: Facts) => string }> & {
  pay: string
  order: string
}
interface Facts {
  amount: string
  due: string
  refunded: string
  kept: string
}

const COPY: Record<Locale, Copy> = {
  'es-CO': {
    OPENED: {
      subject: (code) => `Recibimos su cuota inicial (${code})`,
      lead: (f) =>
        `Sus lugares ya son suyos. Su boleta se activa, con su código QR, cuando complete el pago. Próxima cuota: ${f.amount}, el ${f.due}.`,
    },
    DUE_SOON: {
      subject: (code) => `Su próxima cuota vence pronto (${code})`,
      lead: (f) => `Su cuota de ${f.amount} vence el ${f.due}.`,
    },
    DUE_TODAY: {
      subject: (code) => `Su cuota vence hoy (${code})`,
      lead: (f) => `Hoy vence su cuota de ${f.amount}. Páguela para conservar sus lugares.`,
    },
    OVERDUE: {
      subject: (code) => `No recibimos su cuota (${code})`,
      lead: (f) =>
        `Su cuota de ${f.amount} venció el ${f.due}. Si no la paga en los próximos días, el plan se cancela y sus lugares vuelven a la venta.`,
    },
    CANCELLED: {
      subject: (code) => `Su plan de paguitos fue cancelado (${code})`,
      lead: (f) =>
        `Como una cuota quedó sin pagar, cancelamos el plan y sus lugares volvieron a la venta. Abonamos ${f.refunded} a su billetera de Palco; la cuota inicial de ${f.kept} no es reembolsable.`,
    },
    pay: 'Ver y pagar mis cuotas',
    order: 'Pedido',
  },
  'en-US': {
    OPENED: {
      subject: (code) => `We received your deposit (${code})`,
      lead: (f) =>
        `Your places are yours. Your ticket is activated, with its QR code, once you complete the payment. Next payment: ${f.amount}, due ${f.due}.`,
    },
    DUE_SOON: {
      subject: (code) => `Your next payment is due soon (${code})`,
      lead: (f) => `Your payment of ${f.amount} is due ${f.due}.`,
    },
    DUE_TODAY: {
      subject: (code) => `Your payment is due today (${code})`,
      lead: (f) => `Your payment of ${f.amount} is due today. Pay it to keep your places.`,
    },
    OVERDUE: {
      subject: (code) => `We did not receive your payment (${code})`,
      lead: (f) =>
        `Your payment of ${f.amount} was due ${f.due}. If it is not paid within the next few days, the plan is cancelled and your places go back on sale.`,
    },
    CANCELLED: {
      subject: (code) => `Your paguitos plan was cancelled (${code})`,
      lead: (f) =>
        `As a payment was left unpaid, we cancelled the plan and your places went back on sale. We credited ${f.refunded} to your Palco wallet; the deposit of ${f.kept} is not refundable.`,
    },
    pay: 'See and pay my installments',
    order: 'Order',
  },
}

export function planEmail(locale: Locale, kind: PlanMail, d: PlanMailData) {
  const c = COPY[locale]
  const money = (amount: number) => formatMoney({ amount, currency: d.currency }, locale)
  const lead = c[kind].lead({
    amount: d.next ? money(d.next.amount) : '',
    due: d.next ? formatDate(d.next.dueAt, locale, d.timeZone) : '',
    refunded: money(d.refunded ?? 0),
    kept: money(d.kept ?? 0),
  })
  const subject = c[kind].subject(d.code)
  const text = [
    lead,
    '',
    `${c.order} ${d.code} — ${d.eventName}`,
    '',
    `${c.pay}: ${d.payUrl}`,
    '',
    'Palco',
  ].join('\n')
  const html = wrap(
    locale,
    subject,
    `<tr><td style="padding-top:16px;font-size:16px;line-height:1.5">${escapeHtml(lead)}</td></tr>
<tr><td style="padding-top:12px;font-size:14px">${escapeHtml(c.order)} <strong>${escapeHtml(d.code)}</strong> — ${escapeHtml(d.eventName)}</td></tr>
<tr><td style="padding-top:20px"><a href="${escapeHtml(d.payUrl)}" style="background:#862e9c;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(c.pay)}</a></td></tr>`,
  )
  // The SMS says the same in one line, with the page to pay on (sent where SMS is configured: the outbox).
  return { subject, text, html, sms: `Palco ${d.code}: ${lead} ${d.payUrl}` }
}
