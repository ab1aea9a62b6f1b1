import { DomainError } from '@palco/domain/errors/domain-error'
import type { Currency, Locale } from '@palco/domain/locale/country'
import type {
  OrderAdminView,
  OrderRefundBody,
  OrderSearchQuery,
  OrderSearchResult,
} from '@palco/domain/orders/order-admin'
import type { OrderStatus } from '@palco/domain/orders/statuses'
import { mayTouch, type Scope } from '@palco/domain/organisers/staff-access'
import type { Db } from '../../db/dialect.js'
import { type Actor, audit } from '../catalog-admin/audit.js'
import { insertOutboxMessage } from '../notifications/notifications.service.js'
import { refundEmail } from '../orders/order-emails.js'
import { lockOrderRow, type OrderRow } from '../orders/orders.service.js'
import { paymentsOfOrder } from '../payments/payments.service.js'
import {
  type CheckoutDeps,
  queueOrderConfirmation,
  refundPayment,
  voidPaidOrder,
} from '../settlement/settlement.service.js'
import {
  orderAudit,
  orderWithEvent,
  paymentsForStaff,
  searchOrders,
  ticketsForStaff,
} from './order-admin.repository.js'

/**
 * The organiser console's orders (issue 43 part 3; docs/decisions.md, order-admin): found by what the buyer
 * remembers, read whole, refunded as a whole, their tickets sent again. Every order is reached through its
 * event's organiser: outside the asker's scope it answers 404, as if it did not exist.
 */

const iso = (d: Date | string) => new Date(d).toISOString()
const NO_SUCH_ORDER = 'No such order.'

interface Contact {
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
}
const contactOf = (o: { contact: unknown }) => (o.contact ?? {}) as Contact
const nameOf = (c: Contact) => [c.firstName, c.lastName].filter(Boolean).join(' ')

export async function findOrders(
  db: Db,
  scope: Scope,
  country: string,
  query: OrderSearchQuery,
): Promise<OrderSearchResult> {
  const rows = await searchOrders(db, { country, scope, q: query.q, eventId: query.eventId })
  return {
    orders: rows.map((r) => ({
      id: r.id,
      code: r.code,
      status: r.status as OrderStatus,
      eventName: r.event_name,
      buyerName: nameOf(contactOf(r)),
      buyerEmail: contactOf(r).email ?? '',
      total: { amount: Number(r.total), currency: r.currency as Currency },
      createdAt: iso(r.created_at),
    })),
  }
}

/** Why this console cannot refund the order now, or null when it can. */
function notRefundableBecause(o: { status: string; seller_user_id: string | null }) {
  if (o.status === 'REFUNDED') return 'ALREADY_REFUNDED' as const
  if (o.status !== 'PAID') return 'NOT_PAID' as const
  // Money taken at a counter goes back at a counter (issue 15 part 6: the box office's refund).
  if (o.seller_user_id) return 'BOX_OFFICE_SALE' as const
  return null
}

async function orderInScope(db: Db, scope: Scope, country: string, orderId: string) {
  const order = await orderWithEvent(db, orderId)
  if (!order || order.country !== country || !mayTouch(scope, order.organiser_id))
    throw new DomainError('NOT_FOUND', { message: NO_SUCH_ORDER })
  return order
}

export async function orderForStaff(
  db: Db,
  scope: Scope,
  country: string,
  orderId: string,
): Promise<OrderAdminView> {
  const o = await orderInScope(db, scope, country, orderId)
  const [payments, tickets, history] = await Promise.all([
    paymentsForStaff(db, orderId),
    ticketsForStaff(db, orderId),
    orderAudit(db, orderId),
  ])
  const currency = o.currency as Currency
  const money = (amount: unknown) => ({ amount: Number(amount), currency })
  const contact = contactOf(o)
  const billing = (o.billing ?? {}) as { documentType?: string; documentNumber?: string }
  const because = notRefundableBecause(o)
  return {
    id: o.id,
    code: o.code,
    status: o.status as OrderStatus,
    event: { id: o.event_id, name: o.event_name, startsAt: iso(o.event_starts_at) },
    buyer: {
      name: nameOf(contact),
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      document: [billing.documentType, billing.documentNumber].filter(Boolean).join(' '),
      hasWallet: o.user_id !== null,
    },
    channel: o.channel,
    subtotal: money(o.subtotal),
    fees: money(o.fees),
    discount: money(o.discount),
    total: money(o.total),
    promoCode: o.promo_code,
    createdAt: iso(o.created_at),
    paidAt: o.paid_at ? iso(o.paid_at) : null,
    refundable: because === null,
    notRefundableBecause: because,
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method,
      provider: p.provider_code,
      amount: money(p.amount),
      status: p.status,
      refundState: p.refund_state,
      refundMethod: p.refund_method,
      cardLast4: p.card_last4,
      createdAt: iso(p.created_at),
    })),
    tickets: tickets.map((t) => ({
      id: t.id,
      place:
        t.row_label === 'UNNUMBERED'
          ? t.section_code
          : `${t.section_code} · ${t.row_label} · ${t.seat_number}`,
      zoneName: t.zone_name,
      holderName: t.holder_name,
      status: t.status,
      checkedInAt: t.checked_in_at ? iso(t.checked_in_at) : null,
      gate: t.gate ?? null,
    })),
    history: [
      { action: 'order.placed', actor: null, at: iso(o.created_at) },
      ...(o.paid_at ? [{ action: 'order.paid', actor: null, at: iso(o.paid_at) }] : []),
      ...history.map((h) => ({ action: h.action, actor: h.actor_email, at: iso(h.at) })),
    ].sort((a, b) => a.at.localeCompare(b.at)),
  }
}

/**
 * Refunds a paid online order as a whole (issue 43 part 3), once: under the order's lock its tickets are
 * revoked (the gate refuses them, even one that already got someone in: the organiser decided), its places go
 * back on sale, its promo use is given back and each settled payment is marked for refund — to what paid it,
 * or all of it to the buyer's wallet. A second refund, at once or later, finds the order REFUNDED: 409. The
 * money moves after the commit (never a provider call inside a transaction); a provider that does not answer
 * leaves the refund REQUESTED for reconciliation to retry. Audited, and the buyer is told once.
 */
export async function refundOrder(
  deps: CheckoutDeps,
  who: { actor: Actor; scope: Scope; country: string },
  orderId: string,
  body: OrderRefundBody,
): Promise<OrderAdminView> {
  await orderInScope(deps.db, who.scope, who.country, orderId)
  const asked = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrderRow(trx, orderId)
    if (!order) throw new DomainError('NOT_FOUND', { message: NO_SUCH_ORDER })
    assertRefundable(order, body)
    const paid = (await paymentsOfOrder(trx, order)).payments.filter((p) => p.status === 'PAID')
    const reason = body.to === 'WALLET' ? 'ORGANISER_REFUND_TO_WALLET' : 'ORGANISER_REFUND'
    await voidPaidOrder(trx, order, { by: 'REQUEST', reason })
    await audit(trx, who.actor, 'order.refund', 'order', order.id, { to: body.to, reason: body.reason })
    await tellBuyer(trx, order, body)
    return paid.map((p) => p.id)
  })
  for (const paymentId of asked) await refundPayment(deps, paymentId)
  return orderForStaff(deps.db, who.scope, who.country, orderId)
}

function assertRefundable(order: OrderRow, body: OrderRefundBody) {
  const because = notRefundableBecause(order)
  if (because === 'ALREADY_REFUNDED')
    throw new DomainError('CONFLICT', { message: 'This order was already refunded.', details: { because } })
  if (because)
    throw new DomainError('CONFLICT', {
      message: 'This order cannot be refunded here.',
      details: { because },
    })
  // A walk-in with no account has no wallet to credit.
  if (body.to === 'WALLET' && !order.user_id)
    throw new DomainError('RULE_BROKEN', { message: 'Check: to', fields: { to: 'buyerHasNoWallet' } })
}

async function tellBuyer(trx: Db, order: OrderRow, body: OrderRefundBody) {
  const email = contactOf(order).email
  if (!email) return
  const event = await orderWithEvent(trx, order.id)
  const mail = refundEmail(order.locale as Locale, {
    code: order.code,
    eventName: event?.event_name ?? '',
    amount: Number(order.total),
    currency: order.currency as Currency,
    toWallet: body.to === 'WALLET',
    seatsGone: false,
    organiserReason: body.reason,
  })
  await insertOutboxMessage(trx, {
    channel: 'email',
    recipient: email,
    locale: order.locale,
    template: 'order.refund',
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  })
}

/** Sends a paid order's confirmation, with its tickets' link, again; audited. */
export async function resendTickets(
  deps: Pick<CheckoutDeps, 'db' | 'publicUrl'>,
  who: { actor: Actor; scope: Scope; country: string },
  orderId: string,
) {
  await orderInScope(deps.db, who.scope, who.country, orderId)
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrderRow(trx, orderId)
    if (order?.status !== 'PAID')
      throw new DomainError('CONFLICT', { message: 'Only a paid order has tickets to send.' })
    const sent = await queueOrderConfirmation(trx, deps.publicUrl, order)
    if (!sent) throw new DomainError('RULE_BROKEN', { message: 'Check: email', fields: { email: 'noEmail' } })
    await audit(trx, who.actor, 'order.tickets_resent', 'order', order.id, {})
    return { sentTo: contactOf(order).email ?? '' }
  })
}
