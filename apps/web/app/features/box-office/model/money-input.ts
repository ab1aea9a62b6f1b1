import type { Currency } from '@palco/domain/locale/country'
import { minorDigitsOf } from '@palco/domain/money/minor-units'

/**
 * The counter types money in whole pesos (or with cents); the API counts minor units. Empty or not a
 * number → null, so a field left blank is "nothing entered", not zero.
 */
export function minorOf(value: string | number, currency: Currency): number | null {
  const n = typeof value === 'number' ? value : Number(value)
  if (value === '' || !Number.isFinite(n) || n < 0) return null
  return Math.round(n * 10 ** minorDigitsOf(currency))
}

export const majorOf = (minor: number, currency: Currency) => minor / 10 ** minorDigitsOf(currency)

/** How the locale writes amounts, for the counter's number fields: 100.000,50 in Colombia, 100,000.50 in English. */
export const numberSeparatorsOf = (locale: string) =>
  locale === 'en-US'
    ? { thousandSeparator: ',', decimalSeparator: '.' }
    : { thousandSeparator: '.', decimalSeparator: ',' }
