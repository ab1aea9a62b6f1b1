import type {
  CollectBody,
  CounterInstallmentBody,
  CounterPlanBody,
  CounterSale,
  CounterSaleBody,
  PayLaterBody,
  ReserveBody,
} from '@palco/domain/box-office/contract'
import { canVoidWithin, settleTenders, VOID_WINDOW_MS } from '@palco/domain/box-office/tenders'
import type { SalesChannel } from '@palco/domain/catalog/vocabulary'
import type { OrderView } from '@palco/domain/checkout/contract'
import { isOpenOrder } from '@palco/domain/checkout/lifecycle'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Currency, Locale } from '@palco/domain/locale/country'
import type { Buyer } from '@palco/domain/orders/parties'
import type { OrderStatus } from '@palco/domain/orders/statuses'
import type { DocumentType } from '@palco/domain/people/vocabulary'
import type { Db } from '../../db/dialect.js'
import { placeCounterOrder, placeOrder } from '../checkout/checkout.service.js'
import { payInstallment } from '../checkout/installments.service.js'
import { type CounterTender, recordCounterParts, type ShiftCheck } from '../checkout/order-request.js'
import { insertOutboxMessage } from '../notifications/notifications.service.js'
import { paymentInstructionsEmail } from '../orders/order-emails.js'
import {
  counterOrderOfCode,
  eventOfOrder,
  handSaleToCollector,
  lockOrderRow,
  type OrderRow,
  orderById,
  orderIdOfCode,
  orderIdOfKey,
} from '../orders/orders.service.js'
import {
  changeGivenOf,
  type HostedData,
  livePageOf,
  livePageOfOrder,
  type PaymentRow,
  paymentsOfOrder,
} from '../payments/payments.service.js'
import { scheduleForHold } from '../plans/plans.service.js'
import { sectionNamesOfLayout, withSectionNames } from '../seating/seat-layout.service.js'
import {
  type CheckoutDeps,
  completeIfPaid,
  type OrderLine,
  supersedeCounterPayment,
  voidPaidOrder,
} from '../settlement/settlement.service.js'
import { ticketsOfOrder } from '../tickets/issue-tickets.js'

/**
 * Sales at the box office (issue 15): the checkout core's order, placed by an operator for a buyer and paid
 * with counter tenders. The box-office module decides who may sell (role, open shift, the buyer); this is
 * the order's side of it.
 */

/** The operator selling, on which country's site, and the shift the sale goes into. */
export interface CounterSeller {
  userId: string
  channel: SalesChannel
  /** The site's country: its sales are the only ones this counter reads, sells or voids (issue 40). */
  country: string
  shiftId: string
  /** An admin at the counter: may lower a price past the operators' bound (`priceOverrideOk`). */
  admin?: boolean
  /** Confirms the shift inside each cash movement's transaction (issue 40). */
  confirmShift?: ShiftCheck
}

/** What the operator took, into their shift's drawer, confirmed open when it is recorded. */
const counterTender = (
  seller: Pick<CounterSeller, 'shiftId' | 'confirmShift'>,
  parts: CounterTender['parts'],
): CounterTender => ({
  method: 'COUNTER',
  parts,
  shiftId: seller.shiftId,
  ...(seller.confirmShift ? { confirmShift: seller.confirmShift } : {}),
})

/** The buyer as the order records them, and how to reach them for the tickets (none for a walk-in). */
export interface CounterBuyerDetails {
  buyer: Buyer
  name: string
  email: string | null
  phone: string | null
}

/**
 * Sells the operator's reservation to the buyer: the tenders are settled against the total first (change,
 * terminal references), then the order is placed and paid in one transaction. The same idempotency key
 * answers the same sale, so a double tap on "charge" sells once.
 */
export async function sellAtCounter(
  deps: CheckoutDeps,
  seller: CounterSeller,
  who: CounterBuyerDetails,
  body: Omit<CounterSaleBody, 'buyer'>,
  /** Written in the sale's transaction, once (the audit entry, the courtesy quota); throwing undoes the sale. */
  onRecorded: (
    trx: Db,
    sale: { orderId: string; eventId: string; places: number; total: number; change: number },
  ) => Promise<void>,
  now = new Date(),
): Promise<CounterSale> {
  // A lowered price is what the tenders pay; the order checks it against the listed total.
  const due = body.priceOverride?.total ?? body.expectedTotal
  const settled = settleTenders(due, body.tenders)
  if (!settled.ok) throw new DomainError(settled.code, { field: 'tenders' })
  const orderId = await placeCounterOrder(
    deps,
    sellingFor(seller, who),
    {
      ...orderFieldsOf(who, body),
      billing: null,
      priceOverride: body.priceOverride && {
        total: body.priceOverride.total,
        byAdmin: seller.admin ?? false,
      },
      payment: counterTender(seller, settled.parts),
      onRecorded: (trx, order) =>
        onRecorded(trx, {
          orderId: order.id,
          eventId: order.eventId,
          places: order.places,
          total: due,
          change: settled.change,
        }),
    },
    now,
  )
  return counterSaleView(deps.db, orderId, seller.userId, seller.country, now)
}

/**
 * A sale the buyer pays later (issue 15 part 3): the checkout core's order with a voucher or a SPEI transfer
 * of the country's provider, placed by the operator for the buyer. No money reaches the drawer, so it
 * belongs to no shift; its seats wait for the payment as a fan's voucher's do, and the buyer, mailed the
 * instructions here, pays like any fan and finds the tickets in their account.
 */
export async function sellForLaterAtCounter(
  deps: CheckoutDeps,
  seller: Pick<CounterSeller, 'userId' | 'channel'>,
  who: CounterBuyerDetails,
  body: Omit<PayLaterBody, 'buyer'>,
  /** Written in the order's transaction, once; throwing places nothing. */
  onRecorded: (trx: Db, order: { id: string; eventId: string }) => Promise<void>,
  /** The site's language, which the instructions are written in. */
  locale: Locale,
  now = new Date(),
) {
  // Set only by the request that placed the order, so a replayed "hand over" mails the buyer once.
  let placedHere = false
  const result = await placeOrder(
    deps,
    sellingFor(seller, who),
    {
      ...orderFieldsOf(who, body),
      billing: body.billing,
      payment: body.payment.method === 'LINK' ? body.payment : { ...body.payment, walletAmount: 0 },
      onRecorded: async (trx, order) => {
        await onRecorded(trx, order)
        placedHere = true
      },
    },
    now,
  )
  const ticketsUrl = `${deps.publicUrl}/my-tickets`
  const page = placedHere ? await livePageOfOrder(deps.db, result.order.id) : null
  // The sandbox's page is one of ours, addressed from the site's root: the mail needs the whole address.
  const link = page && { ...page, redirectUrl: new URL(page.redirectUrl, deps.publicUrl).toString() }
  const mail = placedHere ? paymentInstructionsEmail(locale, { ...result.order, link, ticketsUrl }) : null
  if (mail && who.email) {
    await insertOutboxMessage(deps.db, {
      channel: 'email',
      recipient: who.email,
      locale,
      template: 'order.payment_instructions',
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    })
  }
  return result
}

/**
 * Keeps the operator's held seats for the buyer until a deadline (issue 15 part 3, method RESERVATION): the
 * order waits for payment at the counter, like a voucher for a store, and is released at the deadline. No
 * money moves, so it belongs to no shift; any counter collects it later (`collectReservation`).
 */
export async function reserveAtCounter(
  deps: CheckoutDeps,
  seller: Pick<CounterSeller, 'userId' | 'channel' | 'country'>,
  who: CounterBuyerDetails,
  body: Omit<ReserveBody, 'buyer'>,
  /** Written in the order's transaction, once; throwing reserves nothing. */
  onRecorded: (trx: Db, order: { id: string; eventId: string }) => Promise<void>,
  now = new Date(),
): Promise<CounterSale> {
  const orderId = await placeCounterOrder(
    deps,
    sellingFor(seller, who),
    {
      ...orderFieldsOf(who, body),
      billing: null,
      payment: { method: 'RESERVATION', until: new Date(body.until) },
      onRecorded,
    },
    now,
  )
  return counterSaleView(deps.db, orderId, seller.userId, seller.country, now)
}

/**
 * Sells the operator's reservation on the event's paguitos plan (issues 15 and 16): the deposit is taken in
 * tenders at the counter, and the plan opens in the same transaction — seats sold to it, tickets locked — as a
 * deposit settled online opens it. The schedule is computed here, never taken from the page. The same key
 * answers the same sale.
 */
export async function sellPlanAtCounter(
  deps: CheckoutDeps,
  seller: CounterSeller,
  who: CounterBuyerDetails,
  body: Omit<CounterPlanBody, 'buyer'>,
  /** Written in the sale's transaction, once (the audit entry); throwing undoes the sale. */
  onRecorded: (trx: Db, order: { id: string; eventId: string }) => Promise<void>,
  now = new Date(),
): Promise<{ orderId: string; change: number }> {
  const known = await orderIdOfKey(deps.db, seller.userId, body.idempotencyKey)
  if (known) return { orderId: known, change: await changeGivenOf(deps.db, known) }
  const buyerId = who.buyer.kind === 'ACCOUNT' ? who.buyer.userId : null
  const quote = await scheduleForHold(deps.db, seller.userId, body.reservationId, now, buyerId)
  if (!quote.schedule) throw new DomainError('INSTALLMENT_NOT_OFFERED')
  const deposit = quote.schedule.deposit
  if (body.expectedDeposit !== deposit)
    throw new DomainError('AMOUNT_MISMATCH', { field: 'expectedDeposit', details: { total: deposit } })
  const settled = settleTenders(deposit, body.tenders)
  if (!settled.ok) throw new DomainError(settled.code, { field: 'tenders' })
  const orderId = await placeCounterOrder(
    deps,
    sellingFor(seller, who),
    {
      ...orderFieldsOf(who, body),
      billing: body.billing,
      firstPayment: deposit,
      installmentSchedule: quote.schedule,
      payment: counterTender(seller, settled.parts),
      onRecorded,
    },
    now,
  )
  return { orderId, change: settled.change }
}

/**
 * Takes a plan's next installment, or its whole balance, at a counter (issue 16 part 4 at the box office):
 * tenders settled against the amount the counter saw, recorded in the collecting operator's shift — a plan
 * may be paid at several counters, so each payment names its own drawer. Any plan of the site's country; the
 * box office checks the operator sells its event.
 */
export async function payInstallmentAtCounter(
  deps: CheckoutDeps,
  collector: CounterSeller,
  orderId: string,
  body: CounterInstallmentBody,
  now = new Date(),
): Promise<{ order: OrderView; change: number }> {
  const settled = settleTenders(body.expectedAmount, body.tenders)
  if (!settled.ok) throw new DomainError(settled.code, { field: 'tenders' })
  const result = await payInstallment(
    deps,
    { userId: collector.userId, channel: collector.channel, atCounter: true },
    orderId,
    {
      part: body.part,
      expectedAmount: body.expectedAmount,
      idempotencyKey: `counter-${body.idempotencyKey}`,
      payment: counterTender(collector, settled.parts),
    },
    now,
  )
  return { order: result.order, change: settled.change }
}

/** A paguitos plan of the country by its id or its purchase code, as a counter looks it up; else undefined. */
export async function planOfCountry(db: Db, ref: { id: string } | { code: string }, country: string) {
  const id = 'id' in ref ? ref.id : await orderIdOfCode(db, ref.code, country)
  const order = id ? await orderById(db, id) : undefined
  return order?.installment_schedule && order.country === country ? order : undefined
}

/** The waiting payment of a reservation still open, if the order is one. */
const waitingReservationOf = (payments: readonly PaymentRow[]) =>
  payments.find((p) => p.method === 'RESERVATION' && (p.status === 'PENDING' || p.status === 'CREATED'))

/**
 * Pays a reservation at the counter (issue 15 part 3), whoever reserved it: the tenders are settled against
 * the total as a sale's are, the waiting payment gives way to them, and the order is paid — seats sold,
 * tickets issued — in the collecting operator's shift, which then owns the sale (its receipt, its void).
 * Under the order's lock, so two counters collect once, and a collection racing the deadline's release
 * either pays before it or finds it gone. The same key answers the same collection.
 */
export async function collectReservation(
  deps: CheckoutDeps,
  collector: CounterSeller,
  orderId: string,
  body: CollectBody,
  /** Written in the collection's transaction (the operator's events, the audit entry); throwing undoes it. */
  onRecorded: (trx: Db, sale: { eventId: string; total: number; change: number }) => Promise<void>,
  now = new Date(),
): Promise<CounterSale> {
  const key = `collect-${orderId}-${body.idempotencyKey}`
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrderRow(trx, orderId)
    if (!order?.seller_user_id || order.country !== collector.country)
      throw new DomainError('NOT_FOUND', { message: 'No such sale.' })
    const { payments } = await paymentsOfOrder(trx, order)
    if (payments.some((p) => p.idempotency_key?.startsWith(key))) return
    const waiting = waitingReservationOf(payments)
    if (!waiting || order.status !== 'PENDING_CASH_PAYMENT') throw new DomainError('ORDER_NOT_PAYABLE')
    // The deadline passed and the release has not run yet: the seats are no longer promised.
    if (waiting.expires_at && new Date(waiting.expires_at).getTime() <= now.getTime())
      throw new DomainError('HOLD_EXPIRED')
    const total = Number(order.total)
    const settled = settleTenders(total, body.tenders)
    if (!settled.ok) throw new DomainError(settled.code, { field: 'tenders' })
    await supersedeCounterPayment(trx, waiting)
    // The order names the drawer (below); the payments carry none of their own.
    const { shiftId: _drawer, ...tender } = counterTender(collector, settled.parts)
    await recordCounterParts(trx, order, collector.userId, tender, key)
    // The sale is the collector's from here: its cash is in their drawer, its tickets on paper.
    const collected = await handSaleToCollector(trx, order, {
      userId: collector.userId,
      shiftId: collector.shiftId,
      method: settled.parts[0]?.kind ?? 'CASH',
    })
    if ((await completeIfPaid(trx, deps, collected)) !== 'PAID') throw new DomainError('HOLD_EXPIRED')
    await onRecorded(trx, { eventId: order.event_id, total, change: settled.change })
  })
  return counterSaleView(deps.db, orderId, collector.userId, collector.country, now)
}

/** The operator placing the order for the buyer at the counter. */
const sellingFor = (seller: Pick<CounterSeller, 'userId' | 'channel'>, who: CounterBuyerDetails) => ({
  userId: seller.userId,
  channel: seller.channel,
  sellingFor: who.buyer,
})

/** What every counter order takes from the counter's request: the hold, the buyer, the total seen, the key. */
const orderFieldsOf = (
  who: CounterBuyerDetails,
  body: Pick<
    CounterSaleBody,
    'reservationId' | 'expectedTotal' | 'currency' | 'idempotencyKey' | 'identification'
  >,
) => ({
  reservationId: body.reservationId,
  contact: contactOf(who),
  expectedTotal: body.expectedTotal,
  currency: body.currency,
  idempotencyKey: body.idempotencyKey,
  identification: body.identification,
})

/** The order's contact, from the buyer's name as the counter has it (a walk-in gives one full name). */
function contactOf(who: CounterBuyerDetails) {
  const [first = who.name, ...rest] = who.name.trim().split(/\s+/)
  return {
    firstName: first,
    lastName: rest.join(' ') || first,
    email: who.email ?? '',
    phone: who.phone ?? '',
  }
}

/** Cash taken at the counter, a courtesy, or nothing at all: what its operator may undo and void. */
const isUndoableAtCounter = (p: PaymentRow) =>
  p.status !== 'PAID' ||
  Number(p.amount) === 0 ||
  (p.provider_code === 'staff' && (p.method === 'CASH' || p.method === 'COURTESY'))

/**
 * The order of a sale made by this operator; any other order (or none) is not found — except a reservation
 * still waiting, which every counter of its country may open to collect.
 */
export async function saleOfSeller(db: Db, orderId: string, sellerId: string, country: string) {
  const order = await orderById(db, orderId)
  // Sales are the site's country's: the Mexican site neither reads nor voids a Colombian one (issue 40).
  const collectable =
    order?.seller_user_id && order.method === 'RESERVATION' && order.status === 'PENDING_CASH_PAYMENT'
  if (!order || order.country !== country || (order.seller_user_id !== sellerId && !collectable))
    throw new DomainError('NOT_FOUND', { message: 'No such sale.' })
  return order
}

/** A sale as its receipt shows it; only the operator who sold it reads it here. */
export async function counterSaleView(
  db: Db,
  orderId: string,
  sellerId: string,
  /** The site's country: only its sales are read there, and its reservations still waiting by any counter. */
  country: string,
  now = new Date(),
): Promise<CounterSale> {
  return receiptOf(db, await saleOfSeller(db, orderId, sellerId, country), now)
}

/**
 * A counter sale of the country by its receipt's code, whoever sold it, with its seller's name: what an admin
 * looks up to refund it.
 */
export async function counterSaleByCode(db: Db, code: string, country: string) {
  const found = await counterOrderOfCode(db, code, country)
  const order = found ? await orderById(db, found.id) : undefined
  if (!found || !order) throw new DomainError('NOT_FOUND', { message: 'No such sale.' })
  return { ...(await receiptOf(db, order)), sellerName: found.sellerName }
}

/**
 * The counter's own sale, or a reservation of the country still waiting, by its receipt's code: what an
 * operator types to collect a reservation the buyer came back to pay.
 */
export async function counterSaleOfCode(db: Db, code: string, country: string, operatorId: string) {
  const found = await counterOrderOfCode(db, code, country)
  if (!found) throw new DomainError('NOT_FOUND', { message: 'No such sale.' })
  return counterSaleView(db, found.id, operatorId, country)
}

const pageOf = (hosted: HostedData | null) => hosted && { url: hosted.redirectUrl, until: hosted.expiresAt }

async function receiptOf(db: Db, order: OrderRow, now = new Date()): Promise<CounterSale> {
  const [event, { payments }, tickets] = await Promise.all([
    eventOfOrder(db, order.event_id),
    paymentsOfOrder(db, order),
    ticketsOfOrder(db, order.id),
  ])
  // By the summary's layout id: the names come from the layout in memory, without another query.
  const sectionNames = await sectionNamesOfLayout(db, event?.layoutId ?? null)
  const counter = payments.filter((p) => p.provider_code === 'staff' && p.method !== 'RESERVATION')
  const open = isOpenOrder(order.status as OrderStatus)
  const reserved = open ? waitingReservationOf(payments) : undefined
  // A sale paid later has its provider's voucher or transfer instead of counter tenders.
  const later = payments.find(
    (p) =>
      p.provider_code !== 'staff' && (p.method === 'CASH' || p.method === 'TRANSFER' || p.method === 'LINK'),
  )
  const contact = order.contact as { firstName: string; lastName: string }
  const paidAt = order.paid_at ? new Date(order.paid_at) : null
  const voidable =
    order.status === 'PAID' &&
    paidAt !== null &&
    canVoidWithin(paidAt, now) &&
    payments.every(isUndoableAtCounter)
  return {
    orderId: order.id,
    code: order.code,
    status: order.status,
    eventName: event?.name ?? '',
    buyerName: order.buyer_name ?? `${contact.firstName} ${contact.lastName}`,
    currency: order.currency as Currency,
    total: Number(order.total),
    change: counter.reduce((sum, p) => sum + Number(p.change_given ?? 0), 0),
    // As they were settled: the terminal first, cash for the rest.
    tenders: [...counter]
      .sort((a, b) => Number(b.method === 'TPV') - Number(a.method === 'TPV'))
      .map((p) => ({
        kind:
          p.method === 'TPV' || p.method === 'COURTESY'
            ? (p.method as 'TPV' | 'COURTESY')
            : ('CASH' as const),
        amount: Number(p.amount),
        tendered: p.tendered === null ? null : Number(p.tendered),
        change: p.change_given === null ? null : Number(p.change_given),
        reference: p.counter_reference,
        status: p.status,
      })),
    payLater: later
      ? {
          method: later.method as 'CASH' | 'TRANSFER' | 'LINK',
          option: later.network ?? later.transfer_kind ?? '',
          // Shown while the sale waits, so the buyer can scan it at the counter and pay on their phone.
          link: open ? pageOf(livePageOf(later)) : null,
        }
      : null,
    identification:
      order.entry_document_type && order.entry_document_number
        ? {
            documentType: order.entry_document_type as DocumentType,
            documentNumber: order.entry_document_number,
          }
        : null,
    reservedUntil: reserved?.expires_at ? new Date(reserved.expires_at).toISOString() : null,
    lines: withSectionNames(
      (order.lines as OrderLine[]).map(({ placeIndex: _p, holderName: _h, ...line }) => line),
      sectionNames,
    ),
    tickets: tickets.map((t) => ({ id: t.id, status: t.status })),
    paidAt: paidAt?.toISOString() ?? null,
    voidableUntil: voidable && paidAt ? new Date(paidAt.getTime() + VOID_WINDOW_MS).toISOString() : null,
  }
}

/**
 * Voids a cash sale at the counter (issue 15 part 6): only by the operator who sold it, in the shift it was
 * sold in, within 30 minutes of payment, and only cash (a card-terminal payment is refunded by an admin).
 * Under the order's lock, so two taps void once and a void racing a check-in is decided by the ticket lock.
 */
export async function voidCounterSale(
  deps: Pick<CheckoutDeps, 'db'>,
  seller: Pick<CounterSeller, 'userId' | 'country' | 'shiftId' | 'confirmShift'>,
  orderId: string,
  /** Written in the void's transaction (the audit entry, a courtesy's quota given back). */
  onVoided: (trx: Db, sale: { eventId: string; places: number; courtesy: boolean }) => Promise<void>,
  now = new Date(),
) {
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrderRow(trx, orderId)
    if (!order || order.seller_user_id !== seller.userId || order.country !== seller.country)
      throw new DomainError('NOT_FOUND', { message: 'No such sale.' })
    // Cash handed back leaves the drawer: the close counts it or the void is refused.
    await seller.confirmShift?.(trx, order.currency)
    const { payments } = await paymentsOfOrder(trx, order)
    if (order.status !== 'PAID' || !payments.every(isUndoableAtCounter))
      throw new DomainError('SALE_NOT_VOIDABLE')
    if (order.shift_id !== seller.shiftId) throw new DomainError('SHIFT_NOT_OPEN')
    if (!order.paid_at || !canVoidWithin(new Date(order.paid_at), now))
      throw new DomainError('VOID_WINDOW_CLOSED')
    if ((await voidPaidOrder(trx, order)) === 'ADMITTED')
      throw new DomainError('SALE_NOT_VOIDABLE', { details: { reason: 'admitted' } })
    await onVoided(trx, {
      eventId: order.event_id,
      places: (order.lines as OrderLine[]).length,
      courtesy: order.courtesy_reason !== null,
    })
  })
}

/**
 * An admin refunds a paid counter sale (issue 15 part 6), whatever its tenders and however long ago: the money
 * went back by hand (the card terminal's own refund, or cash from the office), so this undoes the sale as a
 * void does — tickets revoked, places on sale again, payments REFUNDED by the counter — under the order's
 * lock, so two admins refund once. A ticket that already got someone in keeps the sale as it is. Answers the
 * sale's code.
 */
export async function refundCounterSale(
  deps: Pick<CheckoutDeps, 'db'>,
  orderId: string,
  country: string,
  /** Written in the refund's transaction (the audit entry, a courtesy's quota given back). */
  onRefunded: (
    trx: Db,
    sale: { eventId: string; places: number; courtesy: boolean; total: number },
  ) => Promise<void>,
) {
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrderRow(trx, orderId)
    if (!order?.seller_user_id || order.country !== country)
      throw new DomainError('NOT_FOUND', { message: 'No such sale.' })
    if (order.status !== 'PAID') throw new DomainError('SALE_NOT_REFUNDABLE')
    if ((await voidPaidOrder(trx, order)) === 'ADMITTED')
      throw new DomainError('SALE_NOT_REFUNDABLE', { details: { reason: 'admitted' } })
    await onRefunded(trx, {
      eventId: order.event_id,
      places: (order.lines as OrderLine[]).length,
      courtesy: order.courtesy_reason !== null,
      total: Number(order.total),
    })
    return order.code
  })
}
