import type { Currency } from '../locale/country.js'
import type { Money } from '../money/minor-units.js'

/**
 * Bank-financed card installments (issue 16 part 7: Mexico's meses sin intereses, Colombia's cuotas): the
 * fan's bank pays us the whole amount at once and charges the card in `count` monthly parts, interest-free
 * or with the bank's interest, which is the fan's to pay (`total` above the amount). Nothing changes for
 * us: the ticket is issued at once. The provider says which counts it offers for that card and amount.
 */
export interface CardInstallmentOption {
  /** 1 to 36 monthly parts. */
  count: number
  /** Each monthly part, in minor units (the last may differ by the bank's rounding). */
  amount: number
  /** What the card pays in all: the amount, or more with the bank's interest. */
  total: number
  interestFree: boolean
}

/** One payment: what is always offered, whatever the card. */
export const singlePayment = (money: Money): CardInstallmentOption => ({
  count: 1,
  amount: money.amount,
  total: money.amount,
  interestFree: true,
})

/**
 * The sandbox's offer, a stand-in for a bank's: 3 and 6 payments interest-free, 9 and 12 with 1.5 % a month,
 * each payment at least 100 pesos in Mexico and 20,000 in Colombia (banks refuse smaller parts), for a
 * credit card (a number starting with 3, 4 or 5; a debit card pays at once).
 */
export const SANDBOX_INSTALLMENT_COUNTS = [3, 6, 9, 12] as const
const SANDBOX_MONTHLY_RATE_BPS = 150
const SANDBOX_MIN_PART: Readonly<Record<Currency, number>> = { MXN: 100_00, COP: 20_000_00 }

export function sandboxCardInstallments(bin: string, money: Money): CardInstallmentOption[] {
  const options = [singlePayment(money)]
  if (!/^[345]\d{5}/.test(bin)) return options
  for (const count of SANDBOX_INSTALLMENT_COUNTS) {
    const interestFree = count <= 6
    const total = interestFree
      ? money.amount
      : money.amount + Math.round((money.amount * SANDBOX_MONTHLY_RATE_BPS * count) / 10_000)
    const amount = Math.ceil(total / count)
    if (amount < SANDBOX_MIN_PART[money.currency]) continue
    options.push({ count, amount, total, interestFree })
  }
  return options
}

/** Whether the sandbox offers `count` payments for this card and amount (its charge refuses others). */
export const sandboxOffers = (bin: string, money: Money, count: number): boolean =>
  sandboxCardInstallments(bin, money).some((o) => o.count === count)
