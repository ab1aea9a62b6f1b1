/**
 * Human-facing codes (DESIGN §5: short, unambiguous, unique). Randomness is passed in (DESIGN §4.1):
 * the server gives `crypto.randomBytes`, tests give a fixed sequence. Uniqueness is the database's job
 * (a unique index and a retry); these only make collisions rare.
 */

export type RandomBytes = (n: number) => Uint8Array

/** 30 symbols without 0/O, 1/I/L, U: easy to read out over the phone. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789'

/** Picks `length` symbols of `alphabet` without modulo bias (bytes past the last whole cycle are redrawn). */
export function randomString(random: RandomBytes, alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length)
  let out = ''
  while (out.length < length) {
    for (const b of random(length * 2)) {
      if (b >= limit) continue
      out += alphabet[b % alphabet.length]
      if (out.length === length) break
    }
  }
  return out
}

/** Order code shown to fans and support, e.g. PAL-7KQ2MX (30^6 ≈ 729 million). */
export const orderCode = (random: RandomBytes): string => `PAL-${randomString(random, CODE_ALPHABET, 6)}`

/** Voucher reference: digits only, so it can be typed at a store till and read from a barcode. */
export const voucherReference = (random: RandomBytes, length = 12): string =>
  randomString(random, '0123456789', length)

/** Barcode digits: the reference prefixed by a network code, as store scanners expect a fixed length. */
export function voucherBarcode(networkCode: string, reference: string, amount: number): string {
  const amountDigits = String(Math.max(0, amount)).padStart(10, '0').slice(-10)
  return `${networkCode.padStart(4, '0').slice(-4)}${reference}${amountDigits}`
}
