import type { Currency } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import { balanceOf, creditWallet } from './wallet.repository.js'

/**
 * The fan's wallet (issue 6 part 7): a balance per currency plus a ledger. Credits come from refunds we
 * cannot send back to the payment method, courtesy and demo credit; debits from checkout. Never negative.
 */
export async function walletBalance(db: Db, userId: string, currency: Currency) {
  return { balance: await balanceOf(db, userId, currency), currency }
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

/** The ledger moves checkout makes inside its own transactions (issue 14: other modules use this file). */
export { balanceOf, creditWallet, debitWallet } from './wallet.repository.js'
