import { describe, expect, it } from 'vitest'
import { money } from '../money/money.js'
import { formatDate, formatMoney, formatNumber, formatTime, toMillis, wallClockOf } from './format.js'

const NBSP = '\u00a0'

describe('toMillis (spec §2: 1e9 < ts < 1e12 is seconds)', () => {
  it.each([
    [0, 0],
    [-5, -5],
    [999_999_999, 999_999_999],
    [1e9, 1e9],
    [1e9 + 1, (1e9 + 1) * 1000],
    [1_741_143_600, 1_741_143_600_000],
    [1_741_143_600.5, 1_741_143_600_500],
    [1e12 - 1, (1e12 - 1) * 1000],
    [1e12, 1e12],
    [1_741_143_600_000, 1_741_143_600_000],
  ])('%d → %d', (ts, ms) => {
    expect(toMillis(ts)).toBe(ms)
  })
})

describe('formatDate and formatTime (spec §2)', () => {
  it.each([
    // 03:00 UTC on 5 March is still 4 March in Bogota (UTC-5) and Mexico City (UTC-6).
    ['2025-03-05T03:00:00Z', 'es-CO', 'America/Bogota', '4 de marzo', '22:00'],
    ['2025-03-05T03:00:00Z', 'es-CO', 'UTC', '5 de marzo', '03:00'],
    ['2025-03-05T03:00:00Z', 'es-CO', undefined, '4 de marzo', '22:00'],
    ['2025-03-05T03:00:00Z', 'en-US', 'America/Mexico_City', 'March, 4th', '21:00'],
    ['2025-03-05T03:00:00Z', 'en-US', undefined, 'March, 4th', '21:00'],
    ['2025-03-05T03:00:00Z', 'en-US', 'UTC', 'March, 5th', '03:00'],
    ['2025-03-05T04:59:00Z', 'es-CO', 'America/Bogota', '4 de marzo', '23:59'],
    ['2025-03-05T05:00:00Z', 'es-CO', 'America/Bogota', '5 de marzo', '00:00'],
    ['2025-03-01T12:00:00Z', 'en-US', 'UTC', 'March, 1st', '12:00'],
    ['2025-03-02T12:00:00Z', 'en-US', 'UTC', 'March, 2nd', '12:00'],
    ['2025-03-03T12:00:00Z', 'en-US', 'UTC', 'March, 3rd', '12:00'],
    ['2025-03-11T12:00:00Z', 'en-US', 'UTC', 'March, 11th', '12:00'],
    ['2025-03-22T12:00:00Z', 'en-US', 'UTC', 'March, 22nd', '12:00'],
    ['2025-12-31T23:59:59Z', 'es-CO', 'UTC', '31 de diciembre', '23:59'],
    // Strings without an offset are a date or wall-clock time at the venue, whatever the zone.
    ['2025-03-05', 'es-CO', 'America/Bogota', '5 de marzo', '00:00'],
    ['2025-03-05', 'en-US', 'UTC', 'March, 5th', '00:00'],
    ['2025-03-05T20:30', 'es-CO', 'America/Bogota', '5 de marzo', '20:30'],
    ['2025-03-05T20:30', 'en-US', 'America/Mexico_City', 'March, 5th', '20:30'],
  ] as const)('%s in %s (%s) → %s %s', (input, locale, zone, date, time) => {
    expect(formatDate(input, locale, zone)).toBe(date)
    expect(formatTime(input, locale, zone)).toBe(time)
  })

  const instant = Date.UTC(2025, 2, 5, 3, 0)
  it.each([
    ['Date', new Date(instant)],
    ['milliseconds', instant],
    ['seconds', instant / 1000],
  ] as const)('accepts %s', (_kind, input) => {
    expect(formatDate(input, 'es-CO', 'UTC')).toBe('5 de marzo')
    expect(formatTime(input, 'en-US', 'UTC')).toBe('03:00')
  })

  it('does not change a Date it is given', () => {
    const date = new Date(instant)
    wallClockOf(date, 'es-CO', 'America/Bogota')
    expect(date.getTime()).toBe(instant)
  })

  it.each(['', 'garbage', '2025-13-45', Number.NaN, new Date(Number.NaN)])('throws on %j', (input) => {
    expect(() => formatDate(input, 'es-CO')).toThrow(RangeError)
  })
})

describe('formatNumber (spec §2: 0 decimals if whole, else 2)', () => {
  it.each([
    [0, '0', '0'],
    [1234, '1.234', '1,234'],
    [1_000_000, '1.000.000', '1,000,000'],
    [1234.5, '1.234,50', '1,234.50'],
    [1234.567, '1.234,57', '1,234.57'],
    [0.1 + 0.2, '0,30', '0.30'],
    [1.999, '2', '2'],
    [1.004, '1', '1'],
    [-0.5, '-0,50', '-0.50'],
    [-0.001, '0', '0'],
    [-42, '-42', '-42'],
  ])('%d → es-CO %s, en-US %s', (value, esCO, enUS) => {
    expect(formatNumber(value, 'es-CO')).toBe(esCO)
    expect(formatNumber(value, 'en-US')).toBe(enUS)
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('throws on %d', (value) => {
    expect(() => formatNumber(value, 'es-CO')).toThrow(RangeError)
  })
})

describe('formatMoney (spec §2 and DESIGN §5)', () => {
  it.each([
    [15_000_000, 'COP', 'es-CO', `$${NBSP}150.000`],
    [150_050, 'COP', 'es-CO', `$${NBSP}1.500,50`],
    [0, 'COP', 'es-CO', `$${NBSP}0`],
    [-150_050, 'COP', 'es-CO', `-$${NBSP}1.500,50`],
    [123_456_789_012, 'COP', 'es-CO', `$${NBSP}1.234.567.890,12`],
    [150_000, 'MXN', 'es-CO', `MXN${NBSP}1.500`],
    [150_000, 'MXN', 'en-US', 'MX$1,500'],
    [150_001, 'MXN', 'en-US', 'MX$1,500.01'],
    [5, 'MXN', 'en-US', 'MX$0.05'],
    [15_000_000, 'COP', 'en-US', `COP${NBSP}150,000`],
    [150_050, 'COP', 'en-US', `COP${NBSP}1,500.50`],
  ] as const)('%d %s in %s → %s', (amount, currency, locale, expected) => {
    expect(formatMoney(money(amount, currency), locale)).toBe(expected)
  })

  it('never uses a narrow no-break space', () => {
    expect(formatMoney(money(15_000_000, 'COP'), 'es-CO')).not.toMatch('\u202f')
  })
})

describe('numbers and money as Intl writes them', () => {
  // The hand-written formats must keep matching the platform's (no-break spaces made one kind).
  const intl = (locale: string, options: Intl.NumberFormatOptions, value: number) =>
    new Intl.NumberFormat(locale, { signDisplay: 'negative', ...options })
      .format(value)
      .replace(/[\u202f\u00a0]/g, NBSP)
  const values = [
    0, 1, 7, 12, 999, 1000, 1234.5, 99_999.99, 1_000_000, 123_456_789.01, 0.125, 2.5, 1.005, -3.5, -1234.56,
  ]
  it.each(['es-CO', 'en-US'] as const)('formatNumber in %s', (locale) => {
    for (const v of values) {
      const whole = Math.round(v * 100) % 100 === 0
      const digits = whole ? 0 : 2
      expect(formatNumber(v, locale)).toBe(
        intl(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }, v),
      )
    }
  })

  it('keeps every cent of the largest amount, which a float of major units would not', () => {
    expect(formatMoney(money(Number.MAX_SAFE_INTEGER, 'COP'), 'es-CO')).toBe(`$${NBSP}90.071.992.547.409,91`)
  })

  it.each([
    ['es-CO', 'COP'],
    ['es-CO', 'MXN'],
    ['en-US', 'COP'],
    ['en-US', 'MXN'],
  ] as const)('formatMoney in %s, %s', (locale, currency) => {
    for (const amount of [0, 1, 99, 100, 12_345, 100_000, 123_456_789, -5, -150_000, 123_456_789_012]) {
      const digits = amount % 100 === 0 ? 0 : 2
      const options = {
        style: 'currency',
        currency,
        currencyDisplay: 'symbol',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      } as const
      expect(formatMoney(money(amount, currency), locale)).toBe(intl(locale, options, amount / 100))
    }
  })
})

describe('month names as Intl writes them', () => {
  it.each(['es-CO', 'en-US'] as const)('%s', (locale) => {
    const intl = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' })
    for (let month = 0; month < 12; month++) {
      const name = intl.format(Date.UTC(2025, month, 15))
      expect(formatDate(`2025-${String(month + 1).padStart(2, '0')}-15`, locale, 'UTC')).toContain(name)
    }
  })
})
