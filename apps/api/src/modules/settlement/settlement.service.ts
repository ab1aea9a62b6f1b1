import { randomUUID } from 'node:crypto'
import { isEventCancelled } from '@palco/domain/catalog/event-lifecycle'
import type { RandomBytes } from '@palco/domain/checkout/codes'
import {
  type CheckoutPhase,
  canEnterPhase,
  canOrderTransition,
  checkoutStatesOf,
  isOpenOrder,
  reservationAfterDecline,
} from '@palco/domain/checkout/lifecycle'
import { PENDING_HOLD_MINUTES } from '@palco/domain/checkout/methods'
import type { Currency, Locale } from '@palco/domain/locale/country'
import { ticketOwnerOf } from '@palco/domain/orders/parties'
import type {
  OrderStatus,
  PaymentRecordStatus,
  PurchaseStatus,
  ReservationStatus,
  TransactionStatus,
} from '@palco/domain/orders/statuses'
import { canTransition } from '@palco/domain/seating/reservation-lifecycle'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/dialect.js'
import { insertOutboxMessage } from '../notifications/notifications.service.js'
import { orderConfirmationEmail, refundEmail } from '../orders/order-emails.js'
import {
  eventOfOrder,
  givePromoUseBack,
  hasOtherLiveOrder,
  lockOrderRow,
  moveOrder,
  type OrderFields,
  type OrderLine,
  type OrderRow,
  takePromoUse,
} from '../orders/orders.service.js'
import {
  bindProviderPayment,
  enterPaymentPhase,
  lockPaymentOf,
  notePaymentCard,
  orderIdOfPayment,
  type PaymentDetails,
  type PaymentRow,
  type PaymentSettlement,
  type ProviderOutcome,
  paymentsOfOrder,
  recordSettledPayment,
  refundDue,
  requestRefund,
} from '../payments/payments.service.js'
import { ProviderUnavailableError } from '../payments/provider.js'
import type { ProviderRegistry } from '../payments/registry.js'
import { mailPlan } from '../plans/plans.service.js'
import {
  announceSeatChanges,
  keepPlacesUntil,
  lockPayingReservation,
  moveLockedReservation,
  moveReservation,
  releaseReservationPlaces,
  sellReservationPlaces,
  takeablePlaceCount,
  unsellReservationPlaces,
} from '../seating/seat-sales.service.js'
import {
  cancelLockedTickets,
  issueTickets,
  revokeTickets,
  revokeTicketsOfCancelledEvent,
  unlockTickets,
} from '../tickets/issue-tickets.js'
import { creditWallet, debitWallet } from '../wallet/wallet.service.js'
import { eventStatus } from './settlement.repository.js'

export interface CheckoutDeps {
  db: Db
  providers: ProviderRegistry
  random: RandomBytes
  /** Absolute site URL, for links in mails and the PSE return address. */
  publicUrl: string
  log?: FastifyBaseLogger | undefined
  /** How payments hands provider outcomes back to this module (settlementOf; wired in checkout.module.ts). */
  settlement: PaymentSettlement
}

/** The settlement port payments calls, bound to these deps (issue 14: payments does not import checkout). */
export const settlementOf = (deps: SettlementDeps): PaymentSettlement => ({
  applyProviderOutcome: (paymentId, outcome) => applyProviderOutcome(deps, paymentId, outcome),
  refundPayment: (paymentId) => refundPayment(deps, paymentId),
})

/** What settling needs: everything but the port itself. */
type SettlementDeps = Omit<CheckoutDeps, 'settlement'>

export type { OrderLine, OrderRow }

/**
 * A paguitos order whose deposit settled (issue 16): its seats are sold to it and its tickets issued locked;
 * each later payment settles alone, and none of them moves the order or its seats until the last one.
 */
export const isPlanOpen = (order: OrderRow) => order.plan_opened_at !== null

const statesOf = (order: OrderRow, payment: PaymentRow) => ({
  order: order.status as OrderStatus,
  purchase: order.purchase_status as PurchaseStatus,
  payment: payment.status as PaymentRecordStatus,
  transaction: payment.transaction_status as TransactionStatus,
})

type OrderSet = OrderFields
type PaymentSet = PaymentDetails

/** Moves order and payment into a phase, checked against the transition tables (DESIGN §4.5). */
async function enterPhase(
  trx: Db,
  order: OrderRow,
  payment: PaymentRow,
  phase: CheckoutPhase,
  extra: { order?: OrderSet; payment?: PaymentSet } = {},
) {
  const current = statesOf(order, payment)
  if (!canEnterPhase(current, phase)) {
    throw new Error(`Illegal checkout move ${JSON.stringify(current)} → ${phase} (order ${order.id})`)
  }
  const next = checkoutStatesOf(phase)
  await moveOrder(trx, order, { status: next.order, purchase: next.purchase }, extra.order)
  await enterPaymentPhase(trx, payment, phase, extra.payment)
}

/** Moves the order alone, checked against the order and purchase tables (its payments moved already). */
async function enterOrderPhase(trx: Db, order: OrderRow, phase: CheckoutPhase, extra: OrderSet = {}) {
  const next = checkoutStatesOf(phase)
  await moveOrder(trx, order, { status: next.order, purchase: next.purchase }, extra)
}

/** Takes a wallet part for an order: the debit and its payment row, or false when the balance is too low. */
export async function takeWalletPart(
  trx: Db,
  order: { id: string; code: string; userId: string | null; placedBy: string; currency: string },
  amount: number,
  kind: 'DEBIT' | 'REDEBIT',
  idempotencyKey?: string,
): Promise<boolean> {
  if (amount === 0) return true
  // Only a buyer with an account has a wallet; a walk-in or a pre-registered buyer has none to spend.
  if (!order.userId) return false
  const paymentId = randomUUID()
  const debited = await debitWallet(trx, {
    paymentId,
    userId: order.userId,
    currency: order.currency,
    amount,
    kind,
    reason: kind === 'DEBIT' ? 'checkout' : `order ${order.code} paid late`,
    orderId: order.id,
  })
  if (!debited) return false
  await recordSettledPayment(trx, {
    id: paymentId,
    orderId: order.id,
    userId: order.placedBy,
    providerCode: 'wallet',
    method: 'WALLET',
    amount,
    currency: order.currency,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  })
  return true
}

/** What the order's payments add up to (packages/domain/src/checkout/order-balance.ts). */
export async function balanceOfOrder(trx: Db, order: OrderRow) {
  return (await paymentsOfOrder(trx, order)).balance
}

/**
 * When the order's settled payments reach its total: seats SOLD, tickets issued, confirmation queued. Returns
 * 'OPEN' while something is still owed, and 'SEATS_GONE' when its places are no longer its to sell.
 */
export async function completeIfPaid(
  trx: Db,
  deps: Pick<CheckoutDeps, 'publicUrl'>,
  order: OrderRow,
  /** Set when the caller has just summed the payments under the order's lock (saves reading them again). */
  knownPaid = false,
): Promise<'PAID' | 'OPEN' | 'SEATS_GONE'> {
  if (!knownPaid && !(await balanceOfOrder(trx, order)).fullyPaid) return 'OPEN'
  if (isPlanOpen(order)) {
    // The plan's last payment: its places were sold with the deposit; its tickets now get their codes.
    await unlockTickets(trx, order.id)
    await confirmPaid(trx, deps, order)
    return 'PAID'
  }
  const places = linesOf(order).map((l) => ({ section: l.section, placeIndex: l.placeIndex }))
  const { sold, payloads } = await sellReservationPlaces(trx, order.event_id, order.hold_id, places)
  if (sold.length !== places.length) return 'SEATS_GONE'
  await finalizePaid(trx, deps, order, payloads)
  return 'PAID'
}

/** Frees whatever the hold still holds and tells open maps. */
async function releaseHold(trx: Db, holdId: string) {
  await releaseReservationPlaces(trx, holdId)
}

/**
 * Promo use and wallet parts go back when an order ends without being paid (once: guarded by the order's
 * move). Each settled wallet payment is credited back and moves PAID → REFUNDED, so the order's balance
 * stops counting it.
 */
async function giveBack(trx: Db, order: OrderRow) {
  await givePromoUseBack(trx, order)
  for (const part of (await paymentsOfOrder(trx, order)).payments) {
    if (part.provider_code !== 'wallet' || part.status !== 'PAID' || !order.user_id) continue
    await creditWallet(trx, {
      userId: order.user_id,
      currency: order.currency,
      amount: Number(part.amount),
      kind: 'REFUND',
      reason: `order ${order.code} not paid`,
      orderId: order.id,
      paymentId: part.id,
    })
    await enterPaymentPhase(trx, part, 'REFUNDED', { refund_state: 'DONE', refund_method: 'WALLET' })
  }
}

const linesOf = (order: OrderRow) => order.lines as OrderLine[]

/**
 * Undoes a paid sale whose money went back by hand (a voided counter sale, issue 15 part 6), in the caller's
 * transaction under the order's lock: tickets revoked so the gate refuses them, payments REFUNDED (they no
 * longer count in the drawer), the order REFUNDED, the promo use given back and the places on sale again —
 * once, since only a PAID order gets here. Nothing changes when a ticket already got someone in.
 */
export async function voidPaidOrder(
  trx: Db,
  order: OrderRow,
  /**
   * How the money goes back: by hand at the counter (the default), or — its event cancelled (issue 16 part
   * 5) — each settled payment marked for `refundPayment` to give back after the transaction, the tickets
   * revoked even if one got someone in (the event did not take place).
   */
  refund: { by: 'COUNTER' } | { by: 'REQUEST'; reason: RefundReason } = { by: 'COUNTER' },
): Promise<'VOIDED' | 'ADMITTED'> {
  if (!canOrderTransition(order.status as OrderStatus, 'REFUNDED'))
    throw new Error(`order ${order.id}: ${order.status} cannot be voided`)
  const requested = refund.by === 'REQUEST'
  const revoked = requested
    ? await revokeTicketsOfCancelledEvent(trx, order.id)
    : await revokeTickets(trx, order.id)
  if (revoked.admitted) return 'ADMITTED'
  for (const part of (await paymentsOfOrder(trx, order)).payments) {
    if (part.status !== 'PAID') continue
    if (requested) await askRefund(trx, part, refund.reason)
    else await enterPaymentPhase(trx, part, 'REFUNDED', { refund_state: 'DONE', refund_method: 'COUNTER' })
  }
  // The purchase stays COMPLETED: it was made, then undone; the order's status says it was given back.
  await moveOrder(trx, order, { status: 'REFUNDED' }, { failure_code: requested ? refund.reason : 'VOIDED' })
  await givePromoUseBack(trx, order)
  await unsellReservationPlaces(trx, order.event_id, order.hold_id)
  return 'VOIDED'
}

/** The part of an order row that taking its wallet part needs. */
export const walletOwnerOf = (order: OrderRow) => ({
  id: order.id,
  code: order.code,
  userId: order.user_id,
  placedBy: order.placed_by,
  currency: order.currency,
})

/**
 * Applies what a provider says about one payment. Idempotent and order-independent: every move is
 * checked against the status tables under the order's row lock, so a replay changes nothing and a late
 * DECLINED after PAID is ignored. A payment that succeeded for seats we can no longer give is refunded
 * after the transaction (never a provider call inside one).
 */
export async function applyProviderOutcome(
  deps: SettlementDeps,
  paymentId: string,
  outcome: ProviderOutcome,
) {
  const needsRefund = await deps.db.transaction().execute(async (trx) => {
    const orderId = await orderIdOfPayment(trx, paymentId)
    if (!orderId) return false
    // Order first, then payment: the same order everywhere, so two appliers never deadlock.
    const order = await lockOrderRow(trx, orderId)
    const payment = order && (await lockPaymentOf(trx, order, paymentId))
    if (!order || !payment) return false
    const bound = payment.provider_payment_id
    if (outcome.providerPaymentId && bound !== outcome.providerPaymentId) {
      if (bound && outcome.rebind) {
        const paid = payment.status === 'PAID' || payment.status === 'REFUNDED'
        // A refused attempt on a hosted page says nothing new; a second one after a paid one is for support.
        if (paid || (outcome.status !== 'APPROVED' && outcome.status !== 'PENDING')) return false
      }
      if (!bound || outcome.rebind) {
        await bindProviderPayment(trx, payment.id, outcome.providerPaymentId)
      }
    }
    if (outcome.cardLast4 && outcome.cardLast4 !== payment.card_last4)
      await notePaymentCard(trx, payment.id, outcome.cardLast4)
    switch (outcome.status) {
      case 'APPROVED':
        return settleApproved(trx, deps, order, payment)
      case 'DECLINED':
        await settleDeclined(trx, order, payment, outcome)
        return false
      case 'PENDING':
        await settlePending(trx, order, payment, outcome)
        return false
      case 'EXPIRED':
        await settleExpired(trx, order, payment)
        return false
      case 'REFUNDED':
        // We only record refunds we asked for (refundPayment); a refund made at the provider's console is
        // for support to reconcile, not something to act on automatically.
        return false
    }
  })
  if (needsRefund) await refundPayment(deps, paymentId)
}

async function settleApproved(
  trx: Db,
  deps: SettlementDeps,
  order: OrderRow,
  payment: PaymentRow,
): Promise<boolean> {
  if (payment.status === 'PAID' || payment.status === 'REFUNDED') return false
  // Issue 16 part 5: money for a cancelled event goes back, whatever became of its order (cancelled
  // unpaid, or a plan refunded) — it neither completes an order nor is kept.
  if (isEventCancelled((await eventStatus(trx, order.event_id)) ?? '')) {
    await askRefund(trx, payment, 'EVENT_CANCELLED')
    return true
  }
  const status = order.status as OrderStatus
  const late = !isOpenOrder(status)
  if (late && status !== 'CANCELED' && status !== 'EXPIRED') return false
  // Summed under the order's lock, before this payment counts.
  const before = await balanceOfOrder(trx, order)
  // One part of several (a deposit, one tender of a split) settles alone and the order waits for the rest.
  if (!late && before.settled + Number(payment.amount) < Number(order.total)) {
    if (order.purchase_kind === 'INSTALLMENT' && !isPlanOpen(order)) {
      if (await openPlan(trx, deps, order, payment)) return false
      await askRefund(trx, payment, 'SEAT_UNAVAILABLE')
      return true
    }
    await enterPaymentPhase(trx, payment, 'PAID', { retry_token: null })
    return false
  }
  const lines = linesOf(order)
  const places = lines.map((l) => ({ section: l.section, placeIndex: l.placeIndex }))
  // A plan's places were sold to it with the deposit: they are its own, not to be taken again.
  const takeable = isPlanOpen(order)
    ? places.length
    : await takeablePlaceCount(trx, order.event_id, order.hold_id, places)
  let refusal: RefundReason | null = takeable === places.length ? null : 'SEAT_UNAVAILABLE'
  if (!refusal && late) refusal = await retake(trx, order, before.settled + Number(payment.amount))
  if (refusal) {
    await askRefund(trx, payment, refusal)
    return true
  }
  await enterPaymentPhase(trx, payment, 'PAID', { retry_token: null, refund_state: null })
  // On time, `before` said this payment completes the order; late, retake re-took the wallet part, so sum again.
  const done = await completeIfPaid(trx, deps, order, !late)
  if (done === 'SEATS_GONE') throw new Error(`order ${order.id}: locked places could not be sold`)
  return false
}

/**
 * The money arrived but the order cannot be given as it was priced: keep the payment as PAID (it is) and ask
 * for its refund, saying why (`refundPayment` runs after the transaction).
 */
async function askRefund(trx: Db, payment: PaymentRow, reason: RefundReason) {
  await requestRefund(trx, payment, reason)
}

/**
 * A paguitos deposit settled (issue 16 part 2): the seats are sold to the plan and kept with no clock
 * (reservation BOOKED_FOREVER), its tickets issued locked (kind DEPOSIT, no code), the order open until the
 * rest is paid, and the fan told the next date. False, with nothing changed, when its places are gone (the
 * deposit is then refunded like any payment that came too late). `deposit` is what settled: one provider
 * payment, or the tenders taken at the counter together (`payment` is one of them).
 */
export async function openPlan(
  trx: Db,
  deps: Pick<CheckoutDeps, 'publicUrl'>,
  order: OrderRow,
  payment: PaymentRow,
  deposit = Number(payment.amount),
) {
  const lines = linesOf(order)
  const places = lines.map((l) => ({ section: l.section, placeIndex: l.placeIndex }))
  if ((await takeablePlaceCount(trx, order.event_id, order.hold_id, places)) !== places.length) return false
  const { payloads } = await sellReservationPlaces(trx, order.event_id, order.hold_id, places)
  await announceSeatChanges(trx, payloads)
  const openedAt = new Date()
  await enterPhase(trx, order, payment, 'PLAN_OPEN', {
    order: { plan_opened_at: openedAt, failure_code: null },
    payment: { retry_token: null },
  })
  await issueTickets(trx, { ...ticketOrderOf(order), locked: true }, ticketPlacesOf(lines))
  await moveReservation(trx, order.hold_id, 'BOOKED_FOREVER')
  await mailPlan(trx, deps, { ...order, plan_opened_at: openedAt }, 'OPENED', deposit)
  return true
}

/**
 * A paguitos plan whose missed installment's grace ended (issue 16 part 5), under the order's lock: its
 * locked tickets cancelled, its places back on sale exactly once (only an open plan gets here, and this
 * closes it), the order CANCELED. Every payment after the deposit goes back to the fan's wallet; the
 * deposit is kept, as the plan's terms say (docs/decisions.md, Paguitos).
 */
export async function cancelLapsedPlan(trx: Db, deps: Pick<CheckoutDeps, 'publicUrl'>, order: OrderRow) {
  if (!isPlanOpen(order) || !isOpenOrder(order.status as OrderStatus)) return false
  await cancelLockedTickets(trx, order.id)
  await enterOrderPhase(trx, order, 'DECLINED', { failure_code: 'INSTALLMENT_MISSED' })
  // Its promo use goes back with it, as any order's that ends unpaid (issue 43 part 5): `uses` counts the orders
  // that stand. The deposit kept is the plan's terms, not a use of the code.
  await givePromoUseBack(trx, order)
  await unsellReservationPlaces(trx, order.event_id, order.hold_id)
  await moveReservation(trx, order.hold_id, 'CANCELLED')
  const settled = (await paymentsOfOrder(trx, order)).payments.filter((p) => p.status === 'PAID')
  // The deposit opened the plan: the first payment asked for that settled (a declined attempt never did).
  const [deposit, ...later] = settled.sort((a, b) => +new Date(a.created_at) - +new Date(b.created_at))
  let refunded = 0
  for (const part of later) {
    if (!order.user_id) break
    await creditWallet(trx, {
      userId: order.user_id,
      currency: order.currency,
      amount: Number(part.amount),
      kind: 'REFUND',
      reason: `order ${order.code}: paguitos plan cancelled`,
      orderId: order.id,
      paymentId: part.id,
    })
    await enterPaymentPhase(trx, part, 'REFUNDED', { refund_state: 'DONE', refund_method: 'WALLET' })
    refunded += Number(part.amount)
  }
  await mailPlan(trx, deps, order, 'CANCELLED', 0, { refunded, kept: Number(deposit?.amount ?? 0) })
  return true
}

/**
 * An open paguitos plan of a cancelled event (issue 16 part 5), under the order's lock: unlike a lapsed plan
 * (`cancelLapsedPlan`), the fan broke no term, so EVERY payment that settled — the deposit too — is marked for
 * `refundPayment` after the transaction; an installment still waiting (a voucher) is cancelled, so a late
 * payment of it is refunded too. Locked tickets cancelled, places off the plan, order REFUNDED. The fan's
 * one message comes from the cancellation. Returns the payments to refund.
 */
export async function refundPlanOfCancelledEvent(trx: Db, order: OrderRow): Promise<PaymentRow[]> {
  if (!isPlanOpen(order) || !isOpenOrder(order.status as OrderStatus)) return []
  await cancelLockedTickets(trx, order.id)
  const { payments } = await paymentsOfOrder(trx, order)
  const settled: PaymentRow[] = []
  for (const p of payments) {
    if (p.status === 'PAID') {
      await askRefund(trx, p, 'EVENT_CANCELLED')
      settled.push(p)
    } else if (p.status === 'CREATED' || p.status === 'PENDING') {
      await enterPaymentPhase(trx, p, 'EXPIRED', { retry_token: null })
    }
  }
  await enterOrderPhase(trx, order, 'REFUNDED', { failure_code: 'EVENT_CANCELLED' })
  await givePromoUseBack(trx, order)
  await unsellReservationPlaces(trx, order.event_id, order.hold_id)
  await moveReservation(trx, order.hold_id, 'CANCELLED')
  return settled
}

/**
 * An order of a cancelled event still waiting for its payment (a voucher, a transfer, a card under review),
 * under its lock: the waiting payments cancelled, the order CANCELED, its wallet part and promo use given
 * back, its places released. A payment that arrives anyway is refunded (`settleApproved`).
 */
export async function cancelUnpaidOrderOfCancelledEvent(trx: Db, order: OrderRow) {
  if (isPlanOpen(order) || !isOpenOrder(order.status as OrderStatus)) return false
  for (const p of (await paymentsOfOrder(trx, order)).payments) {
    if (p.status === 'CREATED' || p.status === 'PENDING')
      await enterPaymentPhase(trx, p, 'EXPIRED', { retry_token: null })
  }
  await enterOrderPhase(trx, order, 'DECLINED', { failure_code: 'EVENT_CANCELLED' })
  await giveBack(trx, order)
  await moveReservation(trx, order.hold_id, 'FINISHED_WITH_FAILURE')
  await releaseHold(trx, order.hold_id)
  return true
}

/** A reservation of a cancelled event with no order under way: cancelled, its places released. */
export async function releaseHoldOfCancelledEvent(trx: Db, hold: { id: string; status: string }) {
  const from = hold.status as ReservationStatus
  if (canTransition(from, 'CANCELLED')) await moveReservation(trx, hold.id, 'CANCELLED')
  else if (canTransition(from, 'FINISHED_WITH_FAILURE'))
    await moveReservation(trx, hold.id, 'FINISHED_WITH_FAILURE')
  await releaseHold(trx, hold.id)
}

/** Why money that arrived goes back instead of paying its order. */
export type RefundReason =
  | 'SEAT_UNAVAILABLE'
  | 'PROMO_CODE_EXHAUSTED'
  | 'PROMO_CODE_ALREADY_USED'
  | 'INSUFFICIENT_WALLET_BALANCE'
  | 'EVENT_CANCELLED'
  // Issue 43 part 3: the organiser refunds a paid order, to what paid it or to the buyer's wallet.
  | 'ORGANISER_REFUND'
  | 'ORGANISER_REFUND_TO_WALLET'

/**
 * Reasons whose order was refunded as a whole before its payments went back (`voidPaidOrder` by REQUEST): only
 * the payment moves when its money is given back, and the buyer was told once, when the order was refunded.
 */
const ORDER_REFUNDED_FIRST: ReadonlySet<RefundReason> = new Set([
  'EVENT_CANCELLED',
  'ORGANISER_REFUND',
  'ORGANISER_REFUND_TO_WALLET',
])

/**
 * Orders given up on gave their promo use and wallet debit back; a late success takes them again, under the
 * same limits as a new order (issue 14: the per-fan count was once taken with no limit, so a code allowed
 * once per fan could pay two orders). Returns why it cannot, or null when it did; a refusal leaves nothing taken.
 */
async function retake(trx: Db, order: OrderRow, settledWithIt: number): Promise<RefundReason | null> {
  // Another order of this reservation may be live (the fan retried): the seats belong to that one.
  if (await hasOtherLiveOrder(trx, order.hold_id, order.id)) return 'SEAT_UNAVAILABLE'
  // What arrives, with the wallet part taken again, must pay the whole order: a lone deposit of a cancelled
  // order cannot bring its seats back.
  if (settledWithIt + Number(order.wallet_amount) < Number(order.total)) return 'SEAT_UNAVAILABLE'
  if (order.promo_id) {
    const refused = await takePromoUse(trx, { id: order.promo_id }, order.user_id)
    if (refused) return refused
  }
  const wallet = Number(order.wallet_amount)
  if (wallet > 0) {
    const debited = await takeWalletPart(trx, walletOwnerOf(order), wallet, 'REDEBIT')
    if (!debited) {
      await givePromoUseBack(trx, order)
      return 'INSUFFICIENT_WALLET_BALANCE'
    }
  }
  return null
}

/** Paid: seats SOLD, tickets issued, reservation finished and the confirmation queued — one transaction. */
async function finalizePaid(
  trx: Db,
  deps: Pick<CheckoutDeps, 'publicUrl'>,
  order: OrderRow,
  soldPayloads: readonly string[],
) {
  await announceSeatChanges(trx, soldPayloads)
  await issueTickets(trx, ticketOrderOf(order), ticketPlacesOf(linesOf(order)))
  await confirmPaid(trx, deps, order)
}

/**
 * Tickets go to the buyer (spec §3: a pre-registered buyer's become theirs at sign-up); each carries its
 * holder's name when the line or a walk-in buyer gives one.
 */
const ticketOrderOf = (order: OrderRow) => ({
  id: order.id,
  eventId: order.event_id,
  owner: ticketOwnerOf(order),
  holderName: order.buyer_name,
  courtesyReason: order.courtesy_reason,
  paper: order.shift_id !== null,
  entryDocument:
    order.entry_document_type && order.entry_document_number
      ? { type: order.entry_document_type, number: order.entry_document_number }
      : null,
})

const ticketPlacesOf = (lines: readonly OrderLine[]) =>
  lines.map((l) => ({
    holderName: l.holderName ?? null,
    section: l.section,
    placeIndex: l.placeIndex,
    row: l.row,
    seat: l.seat,
    zoneName: l.zoneName,
    total: l.total,
  }))

/** The order is paid, its tickets issued: PAID, reservation finished, and the confirmation queued. */
async function confirmPaid(trx: Db, deps: Pick<CheckoutDeps, 'publicUrl'>, order: OrderRow) {
  await enterOrderPhase(trx, order, 'PAID', { paid_at: new Date(), failure_code: null })
  await moveReservation(trx, order.hold_id, 'FINISHED')
  await queueOrderConfirmation(trx, deps.publicUrl, order)
}

/**
 * The order's confirmation with its tickets' link, queued in the caller's transaction: when it is paid, and
 * again when the organiser resends it (issue 43 part 3). Answers whether there was anyone to send it to: a
 * walk-in who gave no e-mail gets the tickets printed at the counter, not mailed.
 */
export async function queueOrderConfirmation(trx: Db, publicUrl: string, order: OrderRow): Promise<boolean> {
  const contact = order.contact as { email: string }
  const locale = order.locale as Locale
  const event = contact.email ? await eventOfOrder(trx, order.event_id) : undefined
  if (!event) return false
  const mail = orderConfirmationEmail(locale, {
    code: order.code,
    eventName: event.name,
    startsAt: event.startsAt,
    timeZone: event.timeZone,
    venueName: event.venueName,
    currency: order.currency as Currency,
    lines: linesOf(order),
    subtotal: Number(order.subtotal),
    fees: Number(order.fees),
    discount: Number(order.discount),
    total: Number(order.total),
    ticketsUrl: `${publicUrl}/my-tickets`,
  })
  await insertOutboxMessage(trx, {
    channel: 'email',
    recipient: contact.email,
    locale,
    template: 'order.confirmation',
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  })
  return true
}

async function settleDeclined(trx: Db, order: OrderRow, payment: PaymentRow, outcome: ProviderOutcome) {
  if (payment.status === 'PAID' || payment.status === 'REFUNDED') return
  if (!isOpenOrder(order.status as OrderStatus)) return
  // A card link handed over at the counter is one payment of the whole, like a fan's hosted page: its
  // refusal ends the sale below, as a voucher's does.
  const counterLink = order.method === 'LINK' && order.seller_user_id !== null
  if (isPlanOpen(order) || (order.seller_user_id && !counterLink)) {
    // One refused payment of several (an installment, one tender at the counter) ends only itself: the order
    // keeps what was paid and waits for another payment.
    await enterPaymentPhase(trx, payment, 'DECLINED', {
      decline_reason: outcome.declineReason ?? null,
      retry_token: null,
    })
    return
  }
  // A refusal on a hosted page has no reason of ours to give (the page told the fan); the fail page then
  // says the payment was not completed.
  const failure =
    order.method === 'CARD' ? 'CARD_DECLINED' : order.method === 'LINK' ? null : 'ORDER_NOT_PAYABLE'
  await enterPhase(trx, order, payment, 'DECLINED', {
    order: { failure_code: outcome.failureCode ?? failure },
    payment: { decline_reason: outcome.declineReason ?? null, retry_token: null },
  })
  await giveBack(trx, order)
  const hold = await lockPayingReservation(trx, order.hold_id)
  if (!hold) return
  // A card, a hosted page, or a payment that never got as far as a voucher (provider down), leaves the
  // hold's own clock untouched: the fan keeps the seats for a retry until then. An outstanding voucher or
  // transfer had extended it for days, and its failure ends the reservation; so does a counter's card link,
  // whose hold is the operator's and lasts the link's day.
  const now = new Date()
  const extended =
    counterLink || (payment.status === 'PENDING' && order.method !== 'CARD' && order.method !== 'LINK')
  const next = extended
    ? 'CANCELLED_DUE_TO_PAYMENT_FAILURE'
    : reservationAfterDecline(new Date(hold.expires_at), now)
  if (!canTransition(hold.status as ReservationStatus, next)) return
  // Locked and read just above, in this transaction: moved without a second lock.
  await moveLockedReservation(trx, hold, next)
  if (next === 'BOOKED') await keepPlacesUntil(trx, hold.id, new Date(hold.expires_at), true)
  else await releaseHold(trx, hold.id)
}

async function settlePending(trx: Db, order: OrderRow, payment: PaymentRow, outcome: ProviderOutcome) {
  if (payment.status !== 'CREATED' && payment.status !== 'PENDING') return
  if (!isOpenOrder(order.status as OrderStatus)) return
  // A reservation waits for cash at the counter (spec §3 cash option cashInClub) as a voucher waits for a store.
  const phase: CheckoutPhase =
    order.method === 'CASH' || order.method === 'RESERVATION'
      ? 'PENDING_CASH'
      : order.method === 'TRANSFER'
        ? 'PENDING_TRANSFER'
        : order.method === 'LINK'
          ? 'PENDING_HOSTED'
          : 'PENDING_CARD'
  const expiresAt =
    outcome.expiresAt ??
    (payment.expires_at
      ? new Date(payment.expires_at)
      : new Date(Date.now() + PENDING_HOLD_MINUTES.CARD * 60_000))
  const paymentSet = {
    expires_at: expiresAt,
    ...(outcome.voucher ? { voucher: JSON.stringify(outcome.voucher) } : {}),
    ...(outcome.transfer ? { transfer: JSON.stringify(outcome.transfer) } : {}),
    ...(outcome.hosted ? { hosted: JSON.stringify(outcome.hosted) } : {}),
  }
  // An installment's voucher or transfer waits alone: the plan's order and its sold seats stay as they are.
  if (isPlanOpen(order)) return enterPaymentPhase(trx, payment, phase, paymentSet)
  await enterPhase(trx, order, payment, phase, { payment: paymentSet })
  // Vouchers and transfers move the reservation's deadline to theirs (the fan sees it on the cart); an
  // unknown card outcome or a hosted page only protects the seats while the answer may still come,
  // keeping the hold's own clock.
  const extend = phase !== 'PENDING_CARD' && phase !== 'PENDING_HOSTED'
  await moveReservation(trx, order.hold_id, 'WAITING_FOR_PAYMENT', extend ? expiresAt : undefined)
  await keepPlacesUntil(trx, order.hold_id, expiresAt, extend)
}

/**
 * Puts a reservation's payment (issue 15, method RESERVATION) in waiting, in the transaction that made it:
 * there is no provider to answer, so the seats move to the deadline at once, as a voucher's do.
 */
export async function awaitCounterPayment(trx: Db, orderId: string, paymentId: string, until: Date) {
  const order = await lockOrderRow(trx, orderId)
  const payment = order && (await lockPaymentOf(trx, order, paymentId))
  if (!order || !payment) throw new Error(`order ${orderId} vanished`)
  await settlePending(trx, order, payment, { status: 'PENDING', expiresAt: until })
}

/** A reservation paid at the counter: its waiting payment gives way to the tenders that paid it (CANCELLED). */
export const supersedeCounterPayment = (trx: Db, payment: PaymentRow) =>
  enterPaymentPhase(trx, payment, 'EXPIRED')

async function settleExpired(trx: Db, order: OrderRow, payment: PaymentRow) {
  if (payment.status === 'PAID' || payment.status === 'REFUNDED') return
  if (!isOpenOrder(order.status as OrderStatus)) return
  // An installment's voucher lapsed: only it ends; the plan goes on (its own due dates decide, part 5).
  if (isPlanOpen(order)) return enterPaymentPhase(trx, payment, 'EXPIRED', { retry_token: null })
  await enterPhase(trx, order, payment, 'EXPIRED', {
    order: { failure_code: 'HOLD_EXPIRED' },
    payment: { retry_token: null },
  })
  await giveBack(trx, order)
  await moveReservation(trx, order.hold_id, 'EXPIRED')
  await releaseHold(trx, order.hold_id)
}

/**
 * Gives back a payment whose seats were gone: through the provider, or — when the provider cannot refund
 * (cash paid at a store) — as wallet credit. A provider that does not answer leaves the refund REQUESTED
 * for reconciliation to retry; the refund key is stable, so a retry never refunds twice.
 */
export async function refundPayment(deps: SettlementDeps, paymentId: string) {
  const payment = await refundDue(deps.db, paymentId)
  if (!payment) return
  const toWallet = await refundAtProvider(deps, payment)
  if (toWallet === null) return
  await deps.db.transaction().execute((trx) => recordRefund(trx, deps, payment.order_id, paymentId, toWallet))
}

/**
 * The provider asked for the money back, before any transaction (a provider call never runs inside one,
 * DESIGN §5). Answers whether it goes to the wallet instead — the wallet's own payments, one the provider
 * never took, one the provider would not refund — or null when the refund waits: no adapter for the
 * provider, or no answer from it (REQUESTED stays, for reconciliation to retry).
 */
async function refundAtProvider(deps: SettlementDeps, payment: PaymentRow): Promise<boolean | null> {
  if (payment.provider_code === 'wallet' || !payment.provider_payment_id) return true
  if (payment.refund_reason === 'ORGANISER_REFUND_TO_WALLET') return true
  const adapter = deps.providers.byCode(payment.provider_code)
  if (!adapter) return null
  try {
    const r = await adapter.refund(
      payment.provider_payment_id,
      { amount: Number(payment.amount), currency: payment.currency as Currency },
      `refund-${payment.idempotency_key}`,
    )
    return r.status !== 'REFUNDED'
  } catch (err) {
    if (err instanceof ProviderUnavailableError) {
      deps.log?.warn({ paymentId: payment.id }, 'refund deferred: provider did not answer')
      return null
    }
    throw err
  }
}

/**
 * The refund written down, under the order's lock and then the payment's: checked again there, since a
 * retry may have recorded it meanwhile. The payment (and the order, unless the event's cancellation
 * refunded it already) becomes REFUNDED, the wallet is credited when the money goes there, and an order
 * that ends here lets its reservation go and tells its buyer.
 */
async function recordRefund(
  trx: Db,
  deps: SettlementDeps,
  orderId: string,
  paymentId: string,
  toWallet: boolean,
) {
  const order = await lockOrderRow(trx, orderId)
  const p = order && (await lockPaymentOf(trx, order, paymentId))
  if (!order || !p || p.refund_state !== 'REQUESTED') return
  if (toWallet && !order.user_id) {
    // A buyer with no account has no wallet: the money goes back at the counter that took it (box office).
    deps.log?.warn({ paymentId }, 'refund waits for the box office: the buyer has no wallet')
    return
  }
  const reason = (p.refund_reason ?? 'SEAT_UNAVAILABLE') as RefundReason
  const orderSettled = await markRefunded(trx, order, p, reason, toWallet)
  if (toWallet) await creditRefund(trx, order, p, reason, orderSettled)
  if (orderSettled) return
  const hold = await moveReservation(trx, order.hold_id, 'FINISHED_WITH_FAILURE')
  if (hold && (hold.status === 'STARTED_PAYMENT' || hold.status === 'WAITING_FOR_PAYMENT')) {
    await releaseHold(trx, order.hold_id)
  }
  await mailRefund(trx, order, p, reason, toWallet)
}

/** The payment REFUNDED, and its order with it; answers whether the order was refunded already. */
async function markRefunded(
  trx: Db,
  order: OrderRow,
  p: PaymentRow,
  reason: RefundReason,
  toWallet: boolean,
) {
  const wasOpen = isOpenOrder(order.status as OrderStatus)
  const paymentSet = {
    refund_state: 'DONE',
    refund_method: toWallet ? 'WALLET' : 'PROVIDER',
    retry_token: null,
  } as const
  // Refunded already as an order (its event cancelled, issue 16 part 5): only this payment moves, and the
  // fan was told in the cancellation's one message.
  const orderSettled = order.status === 'REFUNDED' && ORDER_REFUNDED_FIRST.has(reason)
  if (orderSettled) await enterPaymentPhase(trx, p, 'REFUNDED', paymentSet)
  else {
    await enterPhase(trx, order, p, 'REFUNDED', { order: { failure_code: reason }, payment: paymentSet })
    if (wasOpen) await giveBack(trx, order)
  }
  return orderSettled
}

async function creditRefund(
  trx: Db,
  order: OrderRow,
  p: PaymentRow,
  reason: RefundReason,
  orderSettled: boolean,
) {
  await creditWallet(trx, {
    userId: order.user_id as string,
    currency: order.currency,
    amount: Number(p.amount),
    kind: orderSettled ? 'REFUND' : 'LATE_REFUND',
    reason: creditReasonOf(order, reason),
    orderId: order.id,
    paymentId: p.id,
  })
}

const creditReasonOf = (order: OrderRow, reason: RefundReason) => {
  if (reason === 'EVENT_CANCELLED') return `order ${order.code}: event cancelled, payment refunded`
  if (reason === 'ORGANISER_REFUND' || reason === 'ORGANISER_REFUND_TO_WALLET')
    return `order ${order.code}: refunded by the organiser`
  return `order ${order.code}: payment arrived late and was refunded (${reason})`
}

async function mailRefund(trx: Db, order: OrderRow, p: PaymentRow, reason: RefundReason, toWallet: boolean) {
  const event = await eventOfOrder(trx, order.event_id)
  const mail = refundEmail(order.locale as Locale, {
    code: order.code,
    eventName: event?.name ?? '',
    amount: Number(p.amount),
    currency: order.currency as Currency,
    toWallet,
    seatsGone: reason === 'SEAT_UNAVAILABLE',
    eventCancelled: reason === 'EVENT_CANCELLED',
  })
  await insertOutboxMessage(trx, {
    channel: 'email',
    recipient: (order.contact as { email: string }).email,
    locale: order.locale,
    template: 'order.refund',
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  })
}
