import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

export type WalletEntryKind = 'CREDIT' | 'DEBIT' | 'REFUND' | 'REDEBIT' | 'LATE_REFUND'

export async function balanceOf(db: Db, userId: string, currency: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .executeTakeFirst()
  return Number(row?.balance ?? 0)
}

/**
 * Takes money out only if it is there: the conditional UPDATE is the check (and the CHECK balance >= 0
 * the backstop), so two parallel checkouts cannot both spend the last peso. False when too low.
 */
export async function debitWallet(
  trx: Db,
  e: {
    userId: string
    currency: string
    amount: number
    kind: WalletEntryKind
    reason: string
    orderId: string
    /** The wallet payment this debit pays (issue 14: the wallet is a payment like any other). */
    paymentId: string
  },
): Promise<boolean> {
  if (e.amount === 0) return true
  const row = await trx
    .updateTable('wallet_accounts')
    .set({ balance: sql`balance - ${e.amount}`, updated_at: sql`now()` })
    .where('user_id', '=', e.userId)
    .where('currency', '=', e.currency)
    .where('balance', '>=', e.amount)
    .returning('balance')
    .executeTakeFirst()
  if (!row) return false
  await trx
    .insertInto('wallet_entries')
    .values({
      user_id: e.userId,
      currency: e.currency,
      amount: -e.amount,
      kind: e.kind,
      reason: e.reason,
      order_id: e.orderId,
      payment_id: e.paymentId,
    })
    .execute()
  return true
}

/**
 * Adds money; with a payment id the (payment, kind) unique index makes it happen once, so a replayed
 * give-back never credits twice. Returns whether it was applied now.
 */
export async function creditWallet(
  trx: Db,
  e: {
    userId: string
    currency: string
    amount: number
    kind: WalletEntryKind
    reason: string
    orderId: string | null
    /** The payment the money comes back for; null for a grant, which is not tied to a payment. */
    paymentId: string | null
  },
): Promise<boolean> {
  if (e.amount <= 0) return false
  const entry = await trx
    .insertInto('wallet_entries')
    .values({
      user_id: e.userId,
      currency: e.currency,
      amount: e.amount,
      kind: e.kind,
      reason: e.reason,
      order_id: e.orderId,
      payment_id: e.paymentId,
    })
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).where('payment_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!entry) return false
  await trx
    .insertInto('wallet_accounts')
    .values({ user_id: e.userId, currency: e.currency, balance: e.amount })
    .onConflict((oc) =>
      oc.columns(['user_id', 'currency']).doUpdateSet({
        balance: sql`wallet_accounts.balance + ${e.amount}`,
        updated_at: sql`now()`,
      }),
    )
    .execute()
  return true
}

export async function walletEntriesOf(db: Db, userId: string, currency: string) {
  return db
    .selectFrom('wallet_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .orderBy('created_at', 'desc')
    .execute()
}
