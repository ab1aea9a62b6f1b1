import type { Currency } from '../locale/country-settings.js'

// Money and its arithmetic, without the schema: the browser's pages format prices with these and load no
// zod. `money.ts` re-exports all of it next to `moneySchema`; server code and forms import from there.

// DESIGN §5: integer minor units plus an ISO 4217 currency; never floats.
export type Money = { amount: number; currency: Currency }

// ISO 4217 gives both COP and MXN two minor digits, even though COP prices are in practice whole pesos.
const MINOR_DIGITS: Readonly<Record<Currency, number>> = { COP: 2, MXN: 2 }

export const minorDigitsOf = (currency: Currency): number => MINOR_DIGITS[currency]

export const money = (amount: number, currency: Currency): Money => {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Money amounts are integer minor units, got ${amount} ${currency}`)
  }
  // -0 would print as "-$ 0" in some locales.
  return { amount: amount === 0 ? 0 : amount, currency }
}

export const zeroMoney = (currency: Currency): Money => money(0, currency)

export const addMoney = (a: Money, b: Money): Money => {
  if (a.currency !== b.currency) {
    throw new RangeError(`Cannot add ${a.currency} to ${b.currency}`)
  }
  return money(a.amount + b.amount, a.currency)
}

export const sumMoney = (items: readonly Money[], currency: Currency): Money =>
  items.reduce(addMoney, zeroMoney(currency))

export const isWholeUnits = (m: Money): boolean => m.amount % 10 ** minorDigitsOf(m.currency) === 0

export const toMajorUnits = (m: Money): number => m.amount / 10 ** minorDigitsOf(m.currency)

/**
 * Integer minor units → exact decimal text in major units (150000 COP minor → "1500.00"), built from the
 * integer's digits, never by float division. Providers take major-unit decimals; parsing this text gives
 * the double nearest to it, which JSON prints back as the same shortest decimal.
 */
export const toDecimalString = (m: Money): string => {
  if (!Number.isSafeInteger(m.amount)) {
    throw new RangeError(`Money amounts are integer minor units, got ${m.amount}`)
  }
  const digits = minorDigitsOf(m.currency)
  const negative = m.amount < 0
  const abs = String(Math.abs(m.amount)).padStart(digits + 1, '0')
  const whole = abs.slice(0, abs.length - digits)
  const fraction = abs.slice(abs.length - digits)
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`
}
