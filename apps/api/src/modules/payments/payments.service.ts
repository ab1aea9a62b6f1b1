import { createHash } from 'node:crypto'
import {
  assertRefundMove,
  type CheckoutPhase,
  canPaymentTransition,
  canTransactionTransition,
  checkoutStatesOf,
  PAYMENT_INITIAL_STATES,
  refundStateOf,
} from '@palco/domain/checkout/lifecycle'
import { canRequestPayment, type OrderBalance, orderBalance } from '@palco/domain/checkout/order-balance'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { PaymentRecordStatus } from '@palco/domain/orders/statuses'
import type { Insertable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { PaymentsTable } from '../../db/schema.js'
import type { HostedData } from './payment-outcome.js'
import {
  consumeCardToken,
  findPayment,
  insertPayment,
  latestPaymentOf,
  lockPayment,
  movePayment,
  type PaymentAt,
  type PaymentDetails,
  paymentsOfOrder as paymentRowsOf,
  setPaymentDetails,
} from './payments.repository.js'

/**
 * The payments module as settlement, checkout, the box office and the order pages use it (issue 14 part 3):
 * an order's payments and what they add up to, the card tokens they spend, and each payment's moves through
 * the status tables. The SQL is in payments.repository.ts; no other module imports that file.
 */

export type {
  HostedData,
  PaymentSettlement,
  PaymentsDeps,
  ProviderOutcome,
  TransferData,
  VoucherData,
} from './payment-outcome.js'
export type { PaymentAt, PaymentDetails }

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPayment>>>

/** A payment's columns as a caller writes them: its statuses are the service's to set. */
type NewPayment = Omit<Insertable<PaymentsTable>, 'status' | 'transaction_status'> & { id: string }

/**
 * Spends a card's one-use browser token on a payment: only its hash is kept, and a token spent before is
 * CARD_TOKEN_USED. Answers the hash, which the payment records.
 */
export async function spendCardToken(trx: Db, cardToken: string, paymentId: string): Promise<string> {
  const tokenHash = createHash('sha256').update(cardToken).digest('hex')
  if (!(await consumeCardToken(trx, tokenHash, paymentId))) throw new DomainError('CARD_TOKEN_USED')
  return tokenHash
}

/** A payment about to be asked of a provider (or of the buyer at a counter later), in its first states. */
export async function startPayment(trx: Db, values: NewPayment) {
  await insertPayment(trx, {
    ...values,
    status: PAYMENT_INITIAL_STATES.payment,
    transaction_status: PAYMENT_INITIAL_STATES.transaction,
  })
}

/**
 * A payment settled the moment it is made: the wallet, or a tender taken at the counter (provider STAFF).
 * Recorded as a payment row like any other (issue 14 part 2: the wallet is one more payment method), CREATED
 * and moved to PAID through the tables.
 */
export async function recordSettledPayment(
  trx: Db,
  p: {
    id: string
    orderId: string
    userId: string
    providerCode: string
    method: string
    amount: number
    currency: string
    reference?: string | null
    /** The caller's key for this payment, so a replay finds it; our own otherwise. */
    idempotencyKey?: string
    /** Cash at the counter: what was handed over and the change given back (issue 15). */
    tendered?: number | null
    change?: number | null
    /** A counter payment taken in a shift other than its order's (a plan's installment, issue 16). */
    shiftId?: string | null
  },
) {
  await insertPayment(trx, {
    id: p.id,
    order_id: p.orderId,
    user_id: p.userId,
    provider_code: p.providerCode,
    method: p.method,
    network: null,
    transfer_kind: null,
    bank: null,
    amount: p.amount,
    currency: p.currency,
    // Written settled in one statement, as `enterPaymentPhase` would move it (CREATED → PAID): the counter's
    // sale makes one of these per tender, inside its lock (bench/box-office).
    ...settledPaymentStates(),
    provider_payment_id: null,
    counter_reference: p.reference ?? null,
    idempotency_key: p.idempotencyKey ?? `pay-${p.id}`,
    card_token_hash: null,
    retry_token: null,
    decline_reason: null,
    expires_at: null,
    tendered: p.tendered ?? null,
    change_given: p.change ?? null,
    shift_id: p.shiftId ?? null,
  })
}

/** The states of a payment recorded as settled, checked once against the status tables. */
function settledPaymentStates() {
  const next = checkoutStatesOf('PAID')
  if (
    !canPaymentTransition('CREATED', next.payment) ||
    !canTransactionTransition('PENDING', next.transaction)
  )
    throw new Error('a new payment cannot be recorded as paid')
  return { status: next.payment, transaction_status: next.transaction }
}

/** An order's payments, oldest first, and what they add up to against its total. */
export interface OrderPayments {
  /** Oldest first: a wallet part before the provider part made in the same transaction. */
  payments: PaymentRow[]
  /** Whether it is paid follows from this sum, never from its latest payment (order-balance.ts). */
  balance: OrderBalance
  /** Whether one more payment of `amount` may be asked for: something owed, nothing asked twice. */
  mayRequest: (amount: number) => boolean
}

export async function paymentsOfOrder(db: Db, order: { id: string; total: number }): Promise<OrderPayments> {
  const payments = await paymentRowsOf(db, order.id)
  const total = Number(order.total)
  const parts = payments.map((p) => ({ amount: Number(p.amount), status: p.status as PaymentRecordStatus }))
  return {
    payments,
    balance: orderBalance(total, parts),
    mayRequest: (amount) => canRequestPayment(total, parts, amount),
  }
}

/** What a counter gave back in change over an order's tenders (a replayed sale answers it again). */
export async function changeGivenOf(db: Db, orderId: string) {
  const payments = await paymentRowsOf(db, orderId)
  return payments.reduce((sum, p) => sum + (p.provider_code === 'staff' ? Number(p.change_given ?? 0) : 0), 0)
}

/**
 * The payment an order's pages speak of (`latestPaymentOf`). An order is written with its first payment in
 * one transaction, so one without any is a bug.
 */
export async function currentPaymentOf(db: Db, orderId: string) {
  const payment = await latestPaymentOf(db, orderId)
  if (!payment) throw new Error(`order ${orderId} has no payment`)
  return payment
}

/** The provider's page a card link sends the buyer to, while it takes payments; null for any other. */
export function livePageOf(payment: { method: string; hosted: unknown }): HostedData | null {
  const hosted = payment.method === 'LINK' ? (payment.hosted as HostedData | null) : null
  return hosted && new Date(hosted.expiresAt).getTime() > Date.now() ? hosted : null
}

/** The page of an order's card link while it takes payments (`livePageOf` of its current payment). */
export async function livePageOfOrder(db: Db, orderId: string) {
  const payment = await latestPaymentOf(db, orderId)
  return payment ? livePageOf(payment) : null
}

/** The order a payment is of, to be locked before it; undefined when there is no such payment. */
export async function orderIdOfPayment(db: Db, paymentId: string) {
  return (await findPayment(db, paymentId))?.order_id
}

/**
 * A payment of the order under its row lock, taken after the order's (the one lock order of every settling
 * step, so two never deadlock); undefined when there is none, or it is another order's.
 */
export async function lockPaymentOf(trx: Db, order: { id: string }, paymentId: string) {
  const payment = await lockPayment(trx, paymentId)
  return payment?.order_id === order.id ? payment : undefined
}

/** A payment whose refund was asked for and not made yet (`requestRefund`); undefined for any other. */
export async function refundDue(db: Db, paymentId: string) {
  const payment = await findPayment(db, paymentId)
  return payment?.refund_state === 'REQUESTED' ? payment : undefined
}

/**
 * Moves a payment into a checkout phase (each phase a consistent set of statuses, checkout/lifecycle.ts) from
 * the states it was read in under its lock, with `details` beside. A part of several (a wallet part, a
 * deposit, one tender of a split) settles on its own; its order moves when their sum says so.
 */
export async function enterPaymentPhase(
  trx: Db,
  payment: PaymentAt,
  phase: CheckoutPhase,
  details: PaymentDetails = {},
) {
  const next = checkoutStatesOf(phase)
  await movePayment(trx, payment, { payment: next.payment, transaction: next.transaction }, details)
}

/**
 * The money arrived but cannot pay its order (its seats are gone, its event cancelled): the payment is PAID
 * (it is) with its refund REQUESTED for the reason given; `refundPayment` returns it after the transaction.
 * From any state whose table reaches PAID (a declined or cancelled attempt paid after all), never from a
 * refunded one, and never a refund already done.
 */
export async function requestRefund(
  trx: Db,
  payment: PaymentAt & { refund_state: string | null },
  reason: string,
) {
  assertRefundMove(refundStateOf(payment.refund_state), 'REQUESTED')
  await movePayment(
    trx,
    payment,
    { payment: 'PAID', transaction: 'COMPLETED' },
    { refund_state: 'REQUESTED', refund_reason: reason, retry_token: null },
  )
}

/** The provider's own id for a payment, once it says it (a hosted page's payment may be rebound). */
/** Keeps the paying card's last four digits, as the provider said them (staff search by them, issue 43). */
export async function notePaymentCard(trx: Db, paymentId: string, last4: string) {
  if (/^\d{4}$/.test(last4)) await setPaymentDetails(trx, paymentId, { card_last4: last4 })
}

export async function bindProviderPayment(trx: Db, paymentId: string, providerPaymentId: string) {
  await setPaymentDetails(trx, paymentId, { provider_payment_id: providerPaymentId })
}
