import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { escapeHtml, wrap } from '../orders/order-emails.js'

/**
 * Where a cancelled event's money goes (issue 16 part 5): back through the provider that took it, to the
 * fan's Palco wallet (wallet parts, vouchers paid in cash, counter payments of a fan with an account), or
 * at the box office (a walk-in with no account has no wallet). NONE: an order that was never paid.
 */
export type RefundDestination = 'PROVIDER' | 'WALLET' | 'COUNTER' | 'NONE'

export interface CancelledOrderLine {
  code: string
  /** What goes back for this order, per destination (minor units); empty for an order never paid. */
  back: { destination: Exclude<RefundDestination, 'NONE'>; amount: number }[]
}

export interface EventCancellationMailData {
  eventName: string
  startsAt: Date
  timeZone: string
  currency: Currency
  reason: string
  orders: CancelledOrderLine[]
  purchasesUrl: string
}

interface Copy {
  subject: (event: string) => string
  lead: (event: string, date: string) => string
  reason: string
  order: string
  unpaid: string
  to: Record<Exclude<RefundDestination, 'NONE'>, string>
  late: string
  see: string
}

// es-CO speaks to the fan as "usted", as every other Palco message does.
const COPY: Record<Locale, Copy> = {
  'es-CO': {
    subject: (event) => `Evento cancelado: ${event}`,
    lead: (event, date) =>
      `Lamentamos informarle que el evento ${event} del ${date} fue cancelado. Sus boletas ya no son válidas y le devolvemos todo lo que pagó, cuotas y abono de paguitos incluidos.`,
    reason: 'Motivo',
    order: 'Pedido',
    unpaid: 'sin pagar: lo cancelamos y no se le cobrará',
    to: {
      PROVIDER:
        'a su medio de pago (puede tardar unos días en verse; si el medio no lo permite, a su billetera de Palco)',
      WALLET: 'a su billetera de Palco, para usar en su próxima compra',
      COUNTER: 'en la taquilla donde pagó: acérquese con su documento',
    },
    late: 'Si tenía un recibo o una transferencia pendiente, no lo pague; si ya lo hizo, le devolveremos ese pago.',
    see: 'Ver mis compras',
  },
  'en-US': {
    subject: (event) => `Event cancelled: ${event}`,
    lead: (event, date) =>
      `We are sorry to tell you that ${event} on ${date} has been cancelled. Your tickets are no longer valid, and everything you paid comes back to you, paguitos deposit and installments included.`,
    reason: 'Reason',
    order: 'Order',
    unpaid: 'not paid: we cancelled it and you will not be charged',
    to: {
      PROVIDER:
        'to your payment method (it may take a few days to show; if it cannot take it, to your Palco wallet)',
      WALLET: 'to your Palco wallet, for your next purchase',
      COUNTER: 'at the box office where you paid: bring your ID',
    },
    late: 'If you had a voucher or a transfer pending, do not pay it; if you already did, that payment will be refunded.',
    see: 'See my purchases',
  },
}

/** One message per fan, however many orders they had for the event. */
export function eventCancelledEmail(locale: Locale, d: EventCancellationMailData) {
  const c = COPY[locale]
  const date = formatDate(d.startsAt, locale, d.timeZone)
  const money = (amount: number) => formatMoney({ amount, currency: d.currency }, locale)
  const lineOf = (o: CancelledOrderLine) =>
    o.back.length === 0
      ? `${c.order} ${o.code}: ${c.unpaid}`
      : `${c.order} ${o.code}: ${o.back.map((b) => `${money(b.amount)} ${c.to[b.destination]}`).join('; ')}`
  const lines = d.orders.map(lineOf)
  const lead = c.lead(d.eventName, date)
  const hasUnpaid = d.orders.some((o) => o.back.length === 0)
  const text = [
    lead,
    '',
    `${c.reason}: ${d.reason}`,
    '',
    ...lines,
    ...(hasUnpaid ? ['', c.late] : []),
    '',
    `${c.see}: ${d.purchasesUrl}`,
    '',
    'Palco',
  ].join('\n')
  const html = wrap(
    locale,
    c.subject(d.eventName),
    `<tr><td style="padding-top:16px;font-size:16px;line-height:1.5">${escapeHtml(lead)}</td></tr>
<tr><td style="padding-top:12px;font-size:14px"><strong>${escapeHtml(c.reason)}:</strong> ${escapeHtml(d.reason)}</td></tr>
${lines.map((l) => `<tr><td style="padding-top:8px;font-size:14px;line-height:1.5">${escapeHtml(l)}</td></tr>`).join('\n')}
${hasUnpaid ? `<tr><td style="padding-top:12px;font-size:14px;line-height:1.5">${escapeHtml(c.late)}</td></tr>` : ''}
<tr><td style="padding-top:16px"><a href="${escapeHtml(d.purchasesUrl)}">${escapeHtml(c.see)}</a></td></tr>`,
  )
  return { subject: c.subject(d.eventName), text, html }
}
