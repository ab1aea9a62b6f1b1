import { describe, expect, it } from 'vitest'
import { CODE_ALPHABET, orderCode, randomString, voucherBarcode, voucherReference } from './codes.js'

/** A deterministic byte source cycling through the given values. */
const seq =
  (...values: number[]) =>
  (n: number) =>
    Uint8Array.from({ length: n }, (_, i) => values[i % values.length] ?? 0)

describe('codes', () => {
  it('makes order codes from an unambiguous alphabet', () => {
    expect(orderCode(seq(0, 1, 2, 3, 4, 5))).toBe('PAL-ABCDEF')
    expect(orderCode(seq(29))).toBe('PAL-999999')
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/)
  })

  it('redraws bytes that would bias the choice', () => {
    // 250..255 are past the last whole cycle of 10 digits and are skipped.
    expect(randomString(seq(255, 3), '0123456789', 4)).toBe('3333')
    expect(voucherReference(seq(7), 5)).toBe('77777')
  })

  it('encodes network, reference and amount into barcode digits', () => {
    expect(voucherBarcode('12', '000111222333', 150000)).toBe('00120001112223330000150000')
    expect(voucherBarcode('1', '9', 0)).toMatch(/^\d+$/)
  })
})
