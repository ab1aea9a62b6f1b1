import type { Currency } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import {
  addToBalance,
  findWalletAccount,
  insertWalletEntry,
  insertWalletEntryOnce,
  takeFromBalance,
  type WalletEntry,
} from './wallet.repository.js'

/**
 * The fan's wallet (issue 6 part 7): a balance per currency plus a ledger. Credits come from refunds we
 * cannot send back to the payment method, courtesy and demo credit; debits from checkout. Never negative.
 * Checkout calls the ledger moves below inside its own transactions (issue 14: other modules use this file).
 */

/** What the fan may spend in a currency: nothing until their first credit opens the account. */
export async function balanceOf(db: Db, userId: string, currency: string): Promise<number> {
  const account = await findWalletAccount(db, userId, currency)
  return Number(account?.balance ?? 0)
}

export async function walletBalance(db: Db, userId: string, currency: Currency) {
  return { balance: await balanceOf(db, userId, currency), currency }
}

/**
 * Pays `amount` of an order from the wallet: the balance first (refused, false, when too low), then the
 * ledger's line. Nothing to pay is paid already.
 */
export async function debitWallet(
  trx: Db,
  e: Omit<WalletEntry, 'orderId' | 'paymentId'> & {
    orderId: string
    /** The wallet payment this debit pays (issue 14: the wallet is a payment like any other). */
    paymentId: string
  },
): Promise<boolean> {
  if (e.amount === 0) return true
  if (!(await takeFromBalance(trx, e.userId, e.currency, e.amount))) return false
  await insertWalletEntry(trx, { ...e, amount: -e.amount })
  return true
}

/**
 * Adds money. The ledger's line comes first: with a payment id it is written once per (payment, kind), so
 * a replayed give-back never credits twice. Returns whether it was applied now; nothing to add is not.
 */
export async function creditWallet(
  trx: Db,
  /** `paymentId`: the payment the money comes back for; null for a grant, which is not tied to one. */
  e: WalletEntry,
): Promise<boolean> {
  if (e.amount <= 0) return false
  if (!(await insertWalletEntryOnce(trx, e))) return false
  await addToBalance(trx, e.userId, e.currency, e.amount)
  return true
}

/** A credit not tied to an order (courtesy, demo data). */
export async function grantWalletCredit(
  db: Db,
  userId: string,
  currency: Currency,
  amount: number,
  reason: string,
): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      creditWallet(trx, { userId, currency, amount, kind: 'CREDIT', reason, orderId: null, paymentId: null }),
    )
}
