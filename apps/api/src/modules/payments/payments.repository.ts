import {
  assertPaymentMove,
  assertPaymentStart,
  OPEN_ORDER_STATUSES,
  type PaymentStates,
} from '@palco/domain/checkout/lifecycle'
import { UNSETTLED_PAYMENT_STATUSES } from '@palco/domain/checkout/order-balance'
import type { PaymentRecordStatus, TransactionStatus } from '@palco/domain/orders/statuses'
import { type Insertable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { PaymentsTable } from '../../db/schema.js'

/** The payments table and the card tokens it spent (issue 14: payments owns them); every other module reaches
 * these through payments.service.ts. */

export async function lockPayment(trx: Db, id: string) {
  return trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/** False when this token was used before (its hash is the key). */
export async function consumeCardToken(trx: Db, tokenHash: string, paymentId: string): Promise<boolean> {
  const row = await trx
    .insertInto('used_card_tokens')
    .values({ token_hash: tokenHash, payment_id: paymentId })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('token_hash')
    .executeTakeFirst()
  return row !== undefined
}

/** A new payment, at its start or recorded settled at once (`assertPaymentStart`). */
export async function insertPayment(trx: Db, values: Insertable<PaymentsTable> & { id: string }) {
  assertPaymentStart({
    payment: values.status as PaymentRecordStatus,
    transaction: values.transaction_status as TransactionStatus,
  })
  await trx.insertInto('payments').values(values).execute()
}

/** What a payment row says of itself when it is moved: read under its lock (`lockPayment`). */
export interface PaymentAt {
  id: string
  status: string
  transaction_status: string
}

/** The columns written beside a move, or alone: never the statuses, which only move (DESIGN §4.5). */
export type PaymentDetails = Omit<Updateable<PaymentsTable>, 'id' | 'status' | 'transaction_status'>

const statesAt = (p: PaymentAt): PaymentStates => ({
  payment: p.status as PaymentRecordStatus,
  transaction: p.transaction_status as TransactionStatus,
})

/**
 * Moves a payment from the states it was read in to `to`, each set as its table allows
 * (packages/domain/src/checkout/lifecycle.ts), with `details` beside. The write names the states it leaves, so
 * a payment that moved meanwhile is an error, not overwritten; callers hold the payment's lock.
 */
export async function movePayment(
  trx: Db,
  payment: PaymentAt,
  to: PaymentStates,
  details: PaymentDetails = {},
) {
  const from = statesAt(payment)
  assertPaymentMove(from, to)
  const moved = await trx
    .updateTable('payments')
    .set({ ...details, status: to.payment, transaction_status: to.transaction, updated_at: sql`now()` })
    .where('id', '=', payment.id)
    .where('status', '=', from.payment)
    .where('transaction_status', '=', from.transaction)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) !== 1)
    throw new Error(`payment ${payment.id} is no longer ${from.payment}/${from.transaction}`)
}

/** Writes what a payment carries beside its statuses (the provider's id once known, a voucher's data). */
export async function setPaymentDetails(trx: Db, id: string, details: PaymentDetails) {
  await trx
    .updateTable('payments')
    .set({ ...details, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

export async function findPayment(db: Db, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findPaymentByProviderId(db: Db, providerCode: string, providerPaymentId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider_code', '=', providerCode)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst()
}

/**
 * The payment an order's pages speak of: its latest payment through a provider (the voucher, the transfer,
 * the card), or its wallet payment when the wallet paid it all. A wallet part is settled the moment it is
 * taken, so it is never what a fan waits for.
 */
export async function latestPaymentOf(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy(sql`provider_code = 'wallet'`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Every payment of an order, oldest first (a wallet part before the provider part made in the same
 * transaction): their sum against the total says whether it is paid.
 */
export async function paymentsOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy(sql`provider_code = 'wallet'`, 'desc')
    .orderBy('id')
    .execute()
}

/** Open payments nobody has looked at for a while, oldest first (reconciliation). */
export async function stalePayments(db: Db, olderThan: Date, limit: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.order_id'])
    .where('p.status', 'in', [...UNSETTLED_PAYMENT_STATUSES])
    .where('o.status', 'in', [...OPEN_ORDER_STATUSES])
    .where('p.updated_at', '<', olderThan)
    .where((eb) => eb.or([eb('p.checked_at', 'is', null), eb('p.checked_at', '<', olderThan)]))
    .orderBy('p.updated_at')
    .limit(limit)
    .execute()
}

export async function refundsToRetry(db: Db, limit: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'order_id'])
    .where('refund_state', '=', 'REQUESTED')
    .orderBy('updated_at')
    .limit(limit)
    .execute()
}

export async function markChecked(db: Db, paymentId: string) {
  await db.updateTable('payments').set({ checked_at: sql`now()` }).where('id', '=', paymentId).execute()
}
