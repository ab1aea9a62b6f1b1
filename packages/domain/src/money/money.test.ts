import { describe, expect, it } from 'vitest'
import {
  addMoney,
  isWholeUnits,
  type Money,
  minorDigitsOf,
  money,
  moneySchema,
  sumMoney,
  toMajorUnits,
} from './money.js'

describe('money (DESIGN §5: integer minor units)', () => {
  it.each([
    ['COP', 2],
    ['MXN', 2],
  ] as const)('%s has %i minor digits', (currency, digits) => {
    expect(minorDigitsOf(currency)).toBe(digits)
  })

  it.each([
    [1500000, 'COP'],
    [0, 'MXN'],
    [-2500, 'MXN'],
    [Number.MAX_SAFE_INTEGER, 'COP'],
  ] as const)('accepts %d %s', (amount, currency) => {
    expect(money(amount, currency)).toEqual({ amount, currency })
  })

  it('normalises -0 to 0', () => {
    expect(Object.is(money(-0, 'COP').amount, 0)).toBe(true)
  })

  it.each([1500.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'throws on %d',
    (amount) => {
      expect(() => money(amount, 'COP')).toThrow(RangeError)
    },
  )

  it.each<[Money, Money, Money]>([
    [money(150000, 'COP'), money(50, 'COP'), money(150050, 'COP')],
    [money(100, 'MXN'), money(-100, 'MXN'), money(0, 'MXN')],
  ])('adds %j and %j', (a, b, sum) => {
    expect(addMoney(a, b)).toEqual(sum)
  })

  it('refuses to add different currencies', () => {
    expect(() => addMoney(money(1, 'COP'), money(1, 'MXN'))).toThrow(RangeError)
  })

  it.each<[Money[], Money]>([
    [[], money(0, 'MXN')],
    [[money(100, 'MXN'), money(250, 'MXN'), money(1, 'MXN')], money(351, 'MXN')],
  ])('sums %j', (items, total) => {
    expect(sumMoney(items, 'MXN')).toEqual(total)
  })

  it.each([
    [15000000, 'COP', true, 150000],
    [150050, 'COP', false, 1500.5],
    [150000, 'MXN', true, 1500],
    [150001, 'MXN', false, 1500.01],
    [0, 'MXN', true, 0],
    [-100, 'COP', true, -1],
    [-150, 'COP', false, -1.5],
  ] as const)('%d %s: whole units %s, major %d', (amount, currency, whole, major) => {
    expect(isWholeUnits(money(amount, currency))).toBe(whole)
    expect(toMajorUnits(money(amount, currency))).toBe(major)
  })

  it.each<[unknown, boolean]>([
    [{ amount: 100, currency: 'COP' }, true],
    [{ amount: 1.5, currency: 'COP' }, false],
    [{ amount: 100, currency: 'USD' }, false],
    [{ amount: '100', currency: 'MXN' }, false],
  ])('moneySchema %j → %s', (value, ok) => {
    expect(moneySchema.safeParse(value).success).toBe(ok)
  })
})
