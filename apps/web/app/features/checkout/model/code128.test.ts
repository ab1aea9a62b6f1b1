import { describe, expect, it } from 'vitest'
import {
  CODE_B,
  CODE_C,
  CODE128_PATTERNS,
  checksumOf,
  code128Bars,
  code128Values,
  QUIET_ZONE,
  START_B,
  START_C,
  STOP,
} from './code128'

/** Reads the values back from the bars, as a scanner would: element widths → patterns → values. */
function decode(text: string): number[] {
  const { bars, width } = code128Bars(text)
  const widths: number[] = []
  let x = QUIET_ZONE
  for (const [start, w] of bars) {
    if (start > x) widths.push(start - x)
    widths.push(w)
    x = start + w
  }
  expect(width - x).toBe(QUIET_ZONE)
  const values: number[] = []
  let i = 0
  while (i < widths.length) {
    const size = widths.length - i === 7 ? 7 : 6
    const pattern = widths.slice(i, i + size).join('')
    values.push(CODE128_PATTERNS.indexOf(pattern))
    i += size
  }
  return values
}

/** The text a list of values stands for (code sets B and C only). */
function textOf(values: number[]): string {
  let setC = values[0] === START_C
  let out = ''
  for (const v of values.slice(1, -2)) {
    if (v === CODE_C) setC = true
    else if (v === CODE_B) setC = false
    else out += setC ? String(v).padStart(2, '0') : String.fromCharCode(v + 32)
  }
  return out
}

describe('code128Values', () => {
  it.each([
    // text, start, data values
    ['12', START_C, [12]],
    ['123456', START_C, [12, 34, 56]],
    ['0000', START_C, [0, 0]],
    ['12345', START_B, [17, CODE_C, 23, 45]],
    ['A', START_B, [33]],
    ['PAL-7KQ2', START_B, [48, 33, 44, 13, 23, 43, 49, 18]],
    ['AB123456', START_B, [33, 34, CODE_C, 12, 34, 56]],
    ['1234AB', START_C, [12, 34, CODE_B, 33, 34]],
  ])('%s', (text, start, data) => {
    const values = code128Values(text)
    expect(values[0]).toBe(start)
    expect(values.slice(1, -2)).toEqual(data)
    expect(values.at(-1)).toBe(STOP)
    expect(values.at(-2)).toBe(checksumOf(values.slice(0, -2)))
  })

  it('computes the check value as start + Σ value × position, modulo 103', () => {
    // "PJJ123C" in set B: 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 ≡ 55 (mod 103)
    expect(checksumOf([START_B, 48, 42, 42, 17, 18, 19, 35])).toBe(55)
    // "123456" in set C: 105 + 12·1 + 34·2 + 56·3 = 353 ≡ 44 (mod 103)
    expect(checksumOf([START_C, 12, 34, 56])).toBe(44)
  })

  it.each(['', 'ñ', 'a\nb'])('refuses %j', (text) => {
    expect(() => code128Values(text)).toThrow(RangeError)
  })
})

describe('code128Bars', () => {
  it.each(['9312004567891234', '12345', 'PAL-7KQ2MX', '0'])(
    '%s reads back to the same text with valid patterns',
    (text) => {
      const values = decode(text)
      expect(values).not.toContain(-1)
      expect(values).toEqual(code128Values(text))
      expect(textOf(values)).toBe(text)
    },
  )

  it('every pattern is 11 modules wide, the stop 13', () => {
    expect(CODE128_PATTERNS).toHaveLength(107)
    for (const [i, p] of CODE128_PATTERNS.entries()) {
      const sum = [...p].reduce((s, d) => s + Number(d), 0)
      expect(sum, `pattern ${i}`).toBe(i === STOP ? 13 : 11)
    }
    expect(new Set(CODE128_PATTERNS).size).toBe(107)
  })

  it('is 11 modules a symbol plus stop and quiet zones', () => {
    const { width } = code128Bars('123456')
    // start + 3 data + check = 5 symbols
    expect(width).toBe(5 * 11 + 13 + 2 * QUIET_ZONE)
  })
})
