import type { RandomBytes } from './codes.js'
import { randomString } from './codes.js'

/**
 * The sandbox provider's card tokenizer (issue 6 part 4). It runs in the browser, so the card number
 * never reaches our server (DESIGN §9): the token carries only the outcome the holder name asks for,
 * the brand and the last 4 digits. Like Mercado Pago's test users, the cardholder name picks the outcome:
 *
 * | holder name | outcome                                                         |
 * |-------------|-----------------------------------------------------------------|
 * | APRO        | approved                                                        |
 * | OTHE        | declined (generic)                                              |
 * | FUND        | declined, insufficient funds                                    |
 * | SECU        | declined, wrong security code                                   |
 * | CONT        | pending (manual review); approved when reconciled               |
 * | TIME        | the provider times out; the charge did happen (reconciliation) |
 * | anything else | approved, so a demo with a real-looking name just works       |
 *
 * Any Luhn-valid number works; the documented test cards below mirror Mercado Pago's.
 */

export const SANDBOX_TEST_CARDS = [
  { brand: 'visa', number: '4509953566233704', cvv: '123', country: 'ANY' },
  { brand: 'mastercard', number: '5031755734530604', cvv: '123', country: 'ANY' },
  { brand: 'amex', number: '371180303257522', cvv: '1234', country: 'ANY' },
  { brand: 'visa', number: '4075595716483764', cvv: '123', country: 'MEX' },
  { brand: 'mastercard', number: '5474925432670366', cvv: '123', country: 'MEX' },
  { brand: 'visa', number: '4013540682746260', cvv: '123', country: 'COL' },
  { brand: 'mastercard', number: '5254133674403564', cvv: '123', country: 'COL' },
] as const

export const SANDBOX_OUTCOMES = ['approved', 'declined', 'insufficient', 'cvv', 'pending', 'timeout'] as const
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number]

const OUTCOME_BY_NAME: Readonly<Record<string, SandboxOutcome>> = {
  APRO: 'approved',
  OTHE: 'declined',
  FUND: 'insufficient',
  SECU: 'cvv',
  CONT: 'pending',
  TIME: 'timeout',
}
const CODE_OF: Readonly<Record<SandboxOutcome, string>> = {
  approved: 'A',
  declined: 'D',
  insufficient: 'F',
  cvv: 'S',
  pending: 'P',
  timeout: 'T',
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'other'

export interface SandboxCardInput {
  number: string
  holderName: string
  expMonth: number
  expYear: number
  cvv: string
}

export type TokenizeResult =
  | { ok: true; token: string; brand: CardBrand; last4: string }
  | { ok: false; field: 'number' | 'holderName' | 'expiry' | 'cvv' }

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[0-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'other'
}

export const outcomeOfHolder = (holderName: string): SandboxOutcome =>
  OUTCOME_BY_NAME[holderName.trim().toUpperCase()] ?? 'approved'

/** `now` is optional so the form can check expiry with the browser's clock and tests with a fixed one. */
export function tokenizeSandboxCard(card: SandboxCardInput, random: RandomBytes, now?: Date): TokenizeResult {
  const digits = card.number.replace(/[\s-]/g, '')
  // The expiry first: one field is reported, and an expired card stays expired whatever else is fixed,
  // so it must not hide behind a mistyped digit (issue 13).
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, field: 'expiry' }
  }
  if (now) {
    const endOfMonth = Date.UTC(year, card.expMonth, 1)
    if (endOfMonth <= now.getTime()) return { ok: false, field: 'expiry' }
  }
  if (!luhnValid(digits)) return { ok: false, field: 'number' }
  if (card.holderName.trim().length === 0) return { ok: false, field: 'holderName' }
  const brand = brandOf(digits)
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvv)) return { ok: false, field: 'cvv' }
  const last4 = digits.slice(-4)
  const outcome = outcomeOfHolder(card.holderName)
  // The nonce makes every tokenization a new one-use token, as real providers do.
  const nonce = randomString(random, 'abcdefghijkmnpqrstuvwxyz23456789', 16)
  return { ok: true, token: `sbx_${CODE_OF[outcome]}${brand[0]}${last4}_${nonce}`, brand, last4 }
}

export interface SandboxToken {
  outcome: SandboxOutcome
  brand: CardBrand
  last4: string
}

const BRAND_OF_LETTER: Readonly<Record<string, CardBrand>> = {
  v: 'visa',
  m: 'mastercard',
  a: 'amex',
  o: 'other',
}

/** The server's reading of a sandbox token; null for anything that is not one. */
export function readSandboxToken(token: string): SandboxToken | null {
  const m = /^sbx_([ADFSPT])([vmao])(\d{4})_[a-z2-9]{16}$/.exec(token)
  if (!m) return null
  const outcome = SANDBOX_OUTCOMES.find((o) => CODE_OF[o] === m[1])
  const brand = BRAND_OF_LETTER[m[2] ?? '']
  if (!outcome || !brand) return null
  return { outcome, brand, last4: m[3] ?? '' }
}
