import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

export type WalletEntryKind = 'CREDIT' | 'DEBIT' | 'REFUND' | 'REDEBIT' | 'LATE_REFUND'

/** One line of the ledger: a signed amount (negative for a debit) and what it was for. */
export interface WalletEntry {
  userId: string
  currency: string
  amount: number
  kind: WalletEntryKind
  reason: string
  orderId: string | null
  paymentId: string | null
}

/** The account's row, if the fan has ever had money in this currency. */
export async function findWalletAccount(db: Db, userId: string, currency: string) {
  return db
    .selectFrom('wallet_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .executeTakeFirst()
}

/**
 * Takes `amount` out only if it is there: the conditional UPDATE is the check (and the CHECK balance >= 0
 * the backstop), so two parallel checkouts cannot both spend the last peso. False when too low.
 */
export async function takeFromBalance(trx: Db, userId: string, currency: string, amount: number) {
  const row = await trx
    .updateTable('wallet_accounts')
    .set({ balance: sql`balance - ${amount}`, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('balance', '>=', amount)
    .returning('balance')
    .executeTakeFirst()
  return row !== undefined
}

/** Adds `amount`, opening the account on its first credit. */
export async function addToBalance(trx: Db, userId: string, currency: string, amount: number) {
  await trx
    .insertInto('wallet_accounts')
    .values({ user_id: userId, currency, balance: amount })
    .onConflict((oc) =>
      oc.columns(['user_id', 'currency']).doUpdateSet({
        balance: sql`wallet_accounts.balance + ${amount}`,
        updated_at: sql`now()`,
      }),
    )
    .execute()
}

const entryRow = (e: WalletEntry) => ({
  user_id: e.userId,
  currency: e.currency,
  amount: e.amount,
  kind: e.kind,
  reason: e.reason,
  order_id: e.orderId,
  payment_id: e.paymentId,
})

export async function insertWalletEntry(trx: Db, e: WalletEntry): Promise<void> {
  await trx.insertInto('wallet_entries').values(entryRow(e)).execute()
}

/**
 * The entry, unless the (payment, kind) unique index already holds one for its payment: false then, so a
 * replayed give-back writes nothing. An entry without a payment is always written.
 */
export async function insertWalletEntryOnce(trx: Db, e: WalletEntry): Promise<boolean> {
  const entry = await trx
    .insertInto('wallet_entries')
    .values(entryRow(e))
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).where('payment_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst()
  return entry !== undefined
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
