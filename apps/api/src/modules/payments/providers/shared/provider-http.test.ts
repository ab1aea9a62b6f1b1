import { describe, expect, it } from 'vitest'
import {
  fromMajorUnits,
  safeEqualHex,
  splitFullName,
  toDecimalString,
  toMajorNumber,
} from './provider-http.js'

describe('minor → major unit conversion', () => {
  it.each([
    [150_000, 'COP', '1500.00', 1500],
    [1, 'MXN', '0.01', 0.01],
    [10, 'MXN', '0.10', 0.1],
    [12_345, 'MXN', '123.45', 123.45],
    [0, 'COP', '0.00', 0],
    [-2_550, 'COP', '-25.50', -25.5],
    [999_999_999_999, 'COP', '9999999999.99', 9_999_999_999.99],
  ] as const)('%i %s → %s', (amount, currency, text, number) => {
    expect(toDecimalString({ amount, currency })).toBe(text)
    expect(toMajorNumber({ amount, currency })).toBe(number)
    expect(fromMajorUnits(toMajorNumber({ amount, currency }), currency)).toBe(amount)
  })

  it('never drifts where float arithmetic would (0.1 + 0.2, 1.005)', () => {
    for (let amount = 0; amount < 20_000; amount += 7) {
      const major = toMajorNumber({ amount, currency: 'MXN' })
      expect(JSON.stringify(major)).toBe(String(Number(toDecimalString({ amount, currency: 'MXN' }))))
      expect(fromMajorUnits(major, 'MXN')).toBe(amount)
    }
  })

  it('rejects non-integer minor amounts and inexact major ones', () => {
    expect(() => toDecimalString({ amount: 1.5, currency: 'COP' })).toThrow(RangeError)
    expect(fromMajorUnits('1.005', 'COP')).toBeNull()
    expect(fromMajorUnits('abc', 'COP')).toBeNull()
    expect(fromMajorUnits('1.50', 'COP')).toBe(150)
  })
})

describe('helpers', () => {
  it('compares hex digests without throwing on length mismatch', () => {
    expect(safeEqualHex('ab', 'AB')).toBe(true)
    expect(safeEqualHex('ab', 'abc')).toBe(false)
    expect(safeEqualHex('ab', 'é')).toBe(false)
  })

  it('splits Spanish full names into given names and surnames', () => {
    expect(splitFullName('Ana María Pérez Gómez')).toEqual({ first: 'Ana María', last: 'Pérez Gómez' })
    expect(splitFullName('Juan Rojas')).toEqual({ first: 'Juan', last: 'Rojas' })
    expect(splitFullName('Cher')).toEqual({ first: 'Cher', last: 'Cher' })
  })
})
