import type {
  OrderStatus,
  PaymentRecordStatus,
  PurchaseStatus,
  ReservationStatus,
  TransactionStatus,
} from '../orders/statuses.js'
import { canTransition as canReservationTransition } from '../seating/reservation-lifecycle.js'

/**
 * Checkout status machines (DESIGN §4.5; spec §4 lists the statuses, not the moves). An order carries a
 * purchase status; each payment attempt carries a payment-record status and a transaction status (the
 * provider's view). They always move together through one of the checkout phases below, so the five
 * sets never disagree: the services call `checkoutStatesOf(phase)` and check every move with these tables.
 */

const ORDER: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // PENDING: created, or a card whose answer is unknown (provider timeout, review) until reconciled.
  PENDING: ['PAID', 'CANCELED', 'EXPIRED', 'PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER', 'REFUNDED'],
  // → PENDING: a paguitos deposit paid by voucher or transfer opens the plan (PLAN_OPEN below).
  PENDING_CASH_PAYMENT: ['PAID', 'CANCELED', 'EXPIRED', 'REFUNDED', 'PENDING'],
  PROCESSING_TRANSFER: ['PAID', 'CANCELED', 'EXPIRED', 'REFUNDED', 'PENDING'],
  PAID: ['REFUNDED', 'TRANSFERRED'],
  // A payment that succeeds after we gave up on it: seats still free → PAID; otherwise refunded.
  CANCELED: ['PAID', 'REFUNDED'],
  EXPIRED: ['PAID', 'REFUNDED'],
  TRANSFERRED: [],
  REFUNDED: [],
}

const PURCHASE: Readonly<Record<PurchaseStatus, readonly PurchaseStatus[]>> = {
  STARTED: ['COMPLETED', 'DECLINED', 'EXPIRED', 'PENDING', 'PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER'],
  PENDING: ['COMPLETED', 'DECLINED', 'EXPIRED'],
  PENDING_CASH_PAYMENT: ['COMPLETED', 'DECLINED', 'EXPIRED', 'PENDING'],
  PROCESSING_TRANSFER: ['COMPLETED', 'DECLINED', 'EXPIRED', 'PENDING'],
  DECLINED: ['COMPLETED'],
  // EXPIRED → DECLINED: a late payment for an expired order whose seats were gone, refunded.
  EXPIRED: ['COMPLETED', 'DECLINED'],
  COMPLETED: [],
}

const PAYMENT: Readonly<Record<PaymentRecordStatus, readonly PaymentRecordStatus[]>> = {
  CREATED: ['PENDING', 'PAID', 'REJECTED', 'CANCELLED'],
  PENDING: ['PAID', 'REJECTED', 'CANCELLED'],
  // Money that arrived for seats we could no longer give is returned.
  PAID: ['REFUNDED'],
  REJECTED: ['PAID'],
  CANCELLED: ['PAID'],
  REFUNDED: [],
}

const TRANSACTION: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  PENDING: ['COMPLETED', 'DECLINED'],
  DECLINED: ['COMPLETED'],
  COMPLETED: [],
}

export const canOrderTransition = (from: OrderStatus, to: OrderStatus) => ORDER[from].includes(to)
export const canPurchaseTransition = (from: PurchaseStatus, to: PurchaseStatus) => PURCHASE[from].includes(to)
export const canPaymentTransition = (from: PaymentRecordStatus, to: PaymentRecordStatus) =>
  PAYMENT[from].includes(to)
export const canTransactionTransition = (from: TransactionStatus, to: TransactionStatus) =>
  TRANSACTION[from].includes(to)
/**
 * @deprecated The reservation's moves are one table now, checkout's included (retry after a decline, a late
 * success, a paguitos plan): use `canTransition` of `seating/reservation-lifecycle.ts`. Kept for checkout's
 * callers until they move to it; it answers exactly as that table does.
 */
export const canCheckoutMoveReservation = (from: ReservationStatus, to: ReservationStatus): boolean =>
  canReservationTransition(from, to)

/** A payment record's two status sets together: ours and the provider's transaction (spec §4). */
export interface PaymentStates {
  payment: PaymentRecordStatus
  transaction: TransactionStatus
}

/** A payment is written CREATED with its transaction PENDING, before any provider is asked. */
/** The statuses an order is placed in: PENDING while its payment is asked, its purchase STARTED. */
export const ORDER_INITIAL_STATES = {
  status: 'PENDING',
  purchase: 'STARTED',
} as const satisfies { status: OrderStatus; purchase: PurchaseStatus }

export const PAYMENT_INITIAL_STATES = {
  payment: 'CREATED',
  transaction: 'PENDING',
} as const satisfies PaymentStates

/** True when each set stays where it is or makes a move its table allows. */
export const canPaymentMove = (from: PaymentStates, to: PaymentStates): boolean =>
  (from.payment === to.payment || (PAYMENT[from.payment]?.includes(to.payment) ?? false)) &&
  (from.transaction === to.transaction || (TRANSACTION[from.transaction]?.includes(to.transaction) ?? false))

/** A payment move only a bug can ask for when illegal: the settlement checks what a provider can cause. */
export function assertPaymentMove(from: PaymentStates, to: PaymentStates): void {
  if (!canPaymentMove(from, to))
    throw new Error(
      `Illegal payment move ${from.payment}/${from.transaction} → ${to.payment}/${to.transaction}`,
    )
}

/**
 * What a new payment row may be written as: its start, or one move on from it in the same statement (a wallet
 * part or a tender at the counter is recorded settled at once, CREATED → PAID as `enterPaymentPhase` would).
 */
export function assertPaymentStart(states: PaymentStates): void {
  assertPaymentMove(PAYMENT_INITIAL_STATES, states)
}

/**
 * The refund of one payment (its `refund_state`; none while nobody asked): REQUESTED when money that arrived
 * must go back and `refundPayment` will return it after the transaction; DONE once returned (by the
 * provider, to the wallet, or by hand at the counter, which skips REQUESTED). A done refund is never asked
 * for again.
 */
export const REFUND_STATES = ['NONE', 'REQUESTED', 'DONE'] as const
export type RefundState = (typeof REFUND_STATES)[number]

const REFUND: Readonly<Record<RefundState, readonly RefundState[]>> = {
  NONE: ['REQUESTED', 'DONE'],
  REQUESTED: ['DONE'],
  DONE: [],
}

/** The column's null is NONE. */
export const refundStateOf = (column: string | null): RefundState => (column ?? 'NONE') as RefundState

/** Staying REQUESTED is allowed: asking twice for one refund asks once. */
export const canRefundMove = (from: RefundState, to: RefundState): boolean =>
  from === to ? from !== 'DONE' : (REFUND[from]?.includes(to) ?? false)

export function assertRefundMove(from: RefundState, to: RefundState): void {
  if (!canRefundMove(from, to)) throw new Error(`Illegal refund move ${from} → ${to}`)
}

/** Orders whose payment is still open: the seats stay with the reservation while an order is in these. */
export const OPEN_ORDER_STATUSES = [
  'PENDING',
  'PENDING_CASH_PAYMENT',
  'PROCESSING_TRANSFER',
] as const satisfies readonly OrderStatus[]
export const isOpenOrder = (s: OrderStatus) => (OPEN_ORDER_STATUSES as readonly string[]).includes(s)

/** The steps of a checkout, each a consistent set of statuses. */
export const CHECKOUT_PHASES = [
  'STARTED',
  'PENDING_CARD',
  'PENDING_CASH',
  'PENDING_TRANSFER',
  'PENDING_HOSTED',
  'PLAN_OPEN',
  'PAID',
  'DECLINED',
  'EXPIRED',
  'REFUNDED',
] as const
export type CheckoutPhase = (typeof CHECKOUT_PHASES)[number]

export interface CheckoutStates {
  order: OrderStatus
  purchase: PurchaseStatus
  payment: PaymentRecordStatus
  transaction: TransactionStatus
  /** Where the reservation goes; null leaves it where it is (see the notes of each phase). */
  reservation: ReservationStatus | null
}

const PHASES: Readonly<Record<CheckoutPhase, CheckoutStates>> = {
  STARTED: {
    order: 'PENDING',
    purchase: 'STARTED',
    payment: 'CREATED',
    transaction: 'PENDING',
    reservation: 'STARTED_PAYMENT',
  },
  PENDING_CARD: {
    order: 'PENDING',
    purchase: 'PENDING',
    payment: 'PENDING',
    transaction: 'PENDING',
    reservation: 'WAITING_FOR_PAYMENT',
  },
  PENDING_CASH: {
    order: 'PENDING_CASH_PAYMENT',
    purchase: 'PENDING_CASH_PAYMENT',
    payment: 'PENDING',
    transaction: 'PENDING',
    reservation: 'WAITING_FOR_PAYMENT',
  },
  PENDING_TRANSFER: {
    order: 'PROCESSING_TRANSFER',
    purchase: 'PROCESSING_TRANSFER',
    payment: 'PENDING',
    transaction: 'PENDING',
    reservation: 'WAITING_FOR_PAYMENT',
  },
  // The fan is paying on the provider's hosted page (LINK): like a card under review, nothing is owed yet
  // and the reservation keeps its own clock; the seats are only protected while the page can still pay.
  PENDING_HOSTED: {
    order: 'PENDING',
    purchase: 'PENDING',
    payment: 'PENDING',
    transaction: 'PENDING',
    reservation: 'WAITING_FOR_PAYMENT',
  },
  // A paguitos deposit settled (issue 16): the order stays open until the plan is paid, its payment is paid.
  PLAN_OPEN: {
    order: 'PENDING',
    purchase: 'PENDING',
    payment: 'PAID',
    transaction: 'COMPLETED',
    reservation: 'BOOKED_FOREVER',
  },
  PAID: {
    order: 'PAID',
    purchase: 'COMPLETED',
    payment: 'PAID',
    transaction: 'COMPLETED',
    reservation: 'FINISHED',
  },
  // The reservation depends on the hold's clock: back to BOOKED while it runs (retry), else
  // CANCELLED_DUE_TO_PAYMENT_FAILURE — decided by `reservationAfterDecline`.
  DECLINED: {
    order: 'CANCELED',
    purchase: 'DECLINED',
    payment: 'REJECTED',
    transaction: 'DECLINED',
    reservation: null,
  },
  EXPIRED: {
    order: 'EXPIRED',
    purchase: 'EXPIRED',
    payment: 'CANCELLED',
    transaction: 'DECLINED',
    reservation: 'EXPIRED',
  },
  // Paid, but the seats were gone (late payment): the money goes back and the reservation ends in failure.
  REFUNDED: {
    order: 'REFUNDED',
    purchase: 'DECLINED',
    payment: 'REFUNDED',
    transaction: 'COMPLETED',
    reservation: 'FINISHED_WITH_FAILURE',
  },
}

export const checkoutStatesOf = (phase: CheckoutPhase): CheckoutStates => PHASES[phase]

/** After a decline: the fan keeps the seats for a retry while the hold's own clock runs. */
export const reservationAfterDecline = (holdExpiresAt: Date, now: Date): ReservationStatus =>
  holdExpiresAt.getTime() > now.getTime() ? 'BOOKED' : 'CANCELLED_DUE_TO_PAYMENT_FAILURE'

export type StatusSet = 'order' | 'purchase' | 'payment' | 'transaction'

/** True when every set either stays or makes an allowed move; a no-op phase change is allowed. */
export function canEnterPhase(current: Omit<CheckoutStates, 'reservation'>, phase: CheckoutPhase): boolean {
  const next = PHASES[phase]
  return (
    (current.order === next.order || canOrderTransition(current.order, next.order)) &&
    (current.purchase === next.purchase || canPurchaseTransition(current.purchase, next.purchase)) &&
    (current.payment === next.payment || canPaymentTransition(current.payment, next.payment)) &&
    (current.transaction === next.transaction ||
      canTransactionTransition(current.transaction, next.transaction))
  )
}
