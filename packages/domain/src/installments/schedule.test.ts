import { describe, expect, it } from 'vitest'
import type { Currency } from '../locale/country.js'
import { isWholeUnits, type Money, money } from '../money/minor-units.js'
import {
  type InstallmentPlan,
  installmentPlanSchema,
  installmentScheduleSchema,
  isPlanOffered,
  scheduleOf,
} from './schedule.js'

const DAY_MS = 86_400_000
const cop = (amount: number): Money => money(amount, 'COP')
const mxn = (amount: number): Money => money(amount, 'MXN')
const plan = (input: unknown): InstallmentPlan => installmentPlanSchema.parse(input)

const now = new Date('2026-01-10T15:00:00.000Z')
// Far enough for any plan below but the cutoff tests.
const farEvent = new Date('2028-01-01T00:00:00.000Z')
const daysAfter = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS).toISOString()

describe('installmentPlanSchema', () => {
  it('fills the defaults', () => {
    expect(plan({ kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 2_000 }, payments: 3 })).toEqual({
      kind: 'PAYMENT',
      deposit: { kind: 'PERCENT', bps: 2_000 },
      payments: 3,
      spacingDays: 30,
      lastDueDaysBeforeEvent: 30,
      minPayment: 0,
    })
  })

  it('takes a subscription without a deposit, and a payment plan only with one', () => {
    expect(installmentPlanSchema.safeParse({ kind: 'SUBSCRIPTION', payments: 11 }).success).toBe(true)
    expect(installmentPlanSchema.safeParse({ kind: 'PAYMENT', payments: 3 }).success).toBe(false)
  })

  it.each([
    ['a one-time payment', { kind: 'ONE_TIME_PAYMENT', payments: 1 }],
    ['a deposit under 1 %', { kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 99 }, payments: 3 }],
    ['a deposit over 90 %', { kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 9_001 }, payments: 3 }],
    ['a fixed deposit of zero', { kind: 'PAYMENT', deposit: { kind: 'FIXED', amount: 0 }, payments: 3 }],
    ['a fractional fixed deposit', { kind: 'PAYMENT', deposit: { kind: 'FIXED', amount: 1.5 }, payments: 3 }],
    ['no payments', { kind: 'SUBSCRIPTION', payments: 0 }],
    ['25 payments', { kind: 'SUBSCRIPTION', payments: 25 }],
    ['payments 6 days apart', { kind: 'SUBSCRIPTION', payments: 3, spacingDays: 6 }],
    ['payments 63 days apart', { kind: 'SUBSCRIPTION', payments: 3, spacingDays: 63 }],
    ['a cutoff over a year', { kind: 'SUBSCRIPTION', payments: 3, lastDueDaysBeforeEvent: 366 }],
    ['a negative minimum', { kind: 'SUBSCRIPTION', payments: 3, minPayment: -1 }],
  ])('refuses %s', (_, input) => {
    expect(installmentPlanSchema.safeParse(input).success).toBe(false)
  })
})

describe('scheduleOf, PAYMENT', () => {
  const twentyPercent = plan({ kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 2_000 }, payments: 3 })

  it('takes the deposit now and splits the rest in equal monthly payments', () => {
    expect(scheduleOf(cop(302_400_00), twentyPercent, now, farEvent)).toEqual({
      deposit: 60_480_00,
      payments: [
        { seq: 1, dueAt: '2026-02-09T15:00:00.000Z', amount: 80_640_00 },
        { seq: 2, dueAt: '2026-03-11T15:00:00.000Z', amount: 80_640_00 },
        { seq: 3, dueAt: '2026-04-10T15:00:00.000Z', amount: 80_640_00 },
      ],
    })
  })

  it('puts the remainder of an uneven split on the first payment', () => {
    const tenPercent = plan({ kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 1_000 }, payments: 7 })
    const s = scheduleOf(cop(100_000_00), tenPercent, now, farEvent)
    expect(s?.deposit).toBe(10_000_00)
    // 90,000 pesos in 7: 12,857 each and 1 peso left over.
    expect(s?.payments.map((p) => p.amount)).toEqual([
      12_858_00, 12_857_00, 12_857_00, 12_857_00, 12_857_00, 12_857_00, 12_857_00,
    ])
  })

  it('gives whole-unit parts for a whole-unit total, rounding the deposit half up', () => {
    const half = plan({ kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 5_000 }, payments: 2 })
    const s = scheduleOf(mxn(1_001_00), half, now, farEvent)
    expect(s?.deposit).toBe(501_00)
    expect(s?.payments.map((p) => p.amount)).toEqual([250_00, 250_00])
  })

  it('rounds a fixed deposit to whole units when the total is in whole units', () => {
    const fixed = plan({ kind: 'PAYMENT', deposit: { kind: 'FIXED', amount: 500_50 }, payments: 2 })
    expect(scheduleOf(mxn(2_000_00), fixed, now, farEvent)?.deposit).toBe(501_00)
    expect(scheduleOf(mxn(2_000_01), fixed, now, farEvent)?.deposit).toBe(500_50)
  })

  it('splits a total with cents to the cent', () => {
    const quarter = plan({ kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 2_500 }, payments: 3 })
    // 25 % of 1,234.57 is 308.6425 → 308.64; the 925.93 left is 308.64 × 3 and a cent over.
    expect(scheduleOf(mxn(1_234_57), quarter, now, farEvent)).toMatchObject({
      deposit: 308_64,
      payments: [{ amount: 308_65 }, { amount: 308_64 }, { amount: 308_64 }],
    })
  })

  it('takes a fixed deposit as it is', () => {
    const fixed = plan({ kind: 'PAYMENT', deposit: { kind: 'FIXED', amount: 50_000_00 }, payments: 2 })
    expect(scheduleOf(cop(150_000_00), fixed, now, farEvent)).toMatchObject({
      deposit: 50_000_00,
      payments: [{ amount: 50_000_00 }, { amount: 50_000_00 }],
    })
  })

  it('is not offered when the deposit is the whole total or more', () => {
    const fixed = plan({ kind: 'PAYMENT', deposit: { kind: 'FIXED', amount: 150_000_00 }, payments: 2 })
    expect(scheduleOf(cop(150_000_00), fixed, now, farEvent)).toBeNull()
    expect(scheduleOf(cop(100_000_00), fixed, now, farEvent)).toBeNull()
  })

  it('is not offered when the deposit rounds to nothing', () => {
    const onePercent = plan({ kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 100 }, payments: 1 })
    expect(scheduleOf(mxn(40_00), onePercent, now, farEvent)).toBeNull()
  })

  it('is not offered for a total of zero or less', () => {
    expect(scheduleOf(cop(0), twentyPercent, now, farEvent)).toBeNull()
    expect(scheduleOf(cop(-100_00), twentyPercent, now, farEvent)).toBeNull()
  })

  it('is not offered when a payment would be zero', () => {
    const half = plan({ kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 5_000 }, payments: 3 })
    // 3 pesos: 2 now, and 1 peso cannot be paid in 3 whole-peso payments.
    expect(scheduleOf(mxn(3_00), half, now, farEvent)).toBeNull()
  })

  it('is offered when the last payment is due exactly at the cutoff, not a millisecond after', () => {
    // The third payment is due 90 days after now; the cutoff is 30 days before the event.
    const startsAt = new Date(now.getTime() + 120 * DAY_MS)
    expect(scheduleOf(cop(302_400_00), twentyPercent, now, startsAt)?.payments.at(-1)?.dueAt).toBe(
      daysAfter(startsAt, -30),
    )
    expect(isPlanOffered(cop(302_400_00), twentyPercent, now, new Date(startsAt.getTime() - 1))).toBe(false)
  })

  it('honours a cutoff of zero days: the last payment may fall on the event’s start', () => {
    const sameDay = plan({ ...twentyPercent, lastDueDaysBeforeEvent: 0 })
    const startsAt = new Date(now.getTime() + 90 * DAY_MS)
    expect(isPlanOffered(cop(302_400_00), sameDay, now, startsAt)).toBe(true)
    expect(isPlanOffered(cop(302_400_00), sameDay, now, new Date(startsAt.getTime() - 1))).toBe(false)
  })

  it('is not offered once the event has started', () => {
    expect(isPlanOffered(cop(302_400_00), twentyPercent, now, new Date(now.getTime() - DAY_MS))).toBe(false)
  })

  it('spaces payments by spacingDays', () => {
    const weekly = plan({ ...twentyPercent, spacingDays: 7 })
    expect(scheduleOf(cop(302_400_00), weekly, now, farEvent)?.payments.map((p) => p.dueAt)).toEqual([
      daysAfter(now, 7),
      daysAfter(now, 14),
      daysAfter(now, 21),
    ])
  })

  it('is not offered when a payment is below the minimum', () => {
    // 300,000 pesos: 150,000 now, then 50,000 three times.
    const half = plan({ kind: 'PAYMENT', deposit: { kind: 'PERCENT', bps: 5_000 }, payments: 3 })
    const total = cop(300_000_00)
    expect(isPlanOffered(total, plan({ ...half, minPayment: 50_000_00 }), now, farEvent)).toBe(true)
    expect(isPlanOffered(total, plan({ ...half, minPayment: 50_000_01 }), now, farEvent)).toBe(false)
  })

  it('is not offered when the deposit is below the minimum', () => {
    const small = plan({
      kind: 'PAYMENT',
      deposit: { kind: 'FIXED', amount: 10_000_00 },
      payments: 2,
      minPayment: 20_000_00,
    })
    expect(scheduleOf(cop(210_000_00), small, now, farEvent)).toBeNull()
    expect(scheduleOf(cop(210_000_00), { ...small, minPayment: 10_000_00 }, now, farEvent)).not.toBeNull()
  })

  it('returns what its schema describes', () => {
    const s = scheduleOf(cop(302_400_00), twentyPercent, now, farEvent)
    expect(installmentScheduleSchema.parse(s)).toEqual(s)
  })

  it('refuses a total that is not integer minor units, or an invalid date', () => {
    expect(() => scheduleOf({ amount: 10.5, currency: 'COP' }, twentyPercent, now, farEvent)).toThrow(
      RangeError,
    )
    expect(() => scheduleOf(cop(302_400_00), twentyPercent, new Date(Number.NaN), farEvent)).toThrow(
      RangeError,
    )
  })
})

describe('scheduleOf, SUBSCRIPTION', () => {
  const season = plan({ kind: 'SUBSCRIPTION', payments: 11 })

  it('charges the first of equal monthly parts now', () => {
    const s = scheduleOf(cop(1_200_000_00), season, now, farEvent)
    expect(s?.deposit).toBe(100_000_00)
    expect(s?.payments).toHaveLength(11)
    expect(s?.payments.every((p) => p.amount === 100_000_00)).toBe(true)
    expect(s?.payments[0]).toEqual({ seq: 1, dueAt: daysAfter(now, 30), amount: 100_000_00 })
    expect(s?.payments[10]).toEqual({ seq: 11, dueAt: daysAfter(now, 330), amount: 100_000_00 })
  })

  it('puts the remainder on the part charged now, in whole units for a whole-unit total', () => {
    // 1,000,000 pesos in 12: 83,333 each and 4 pesos left over.
    const s = scheduleOf(cop(1_000_000_00), season, now, farEvent)
    expect(s?.deposit).toBe(83_337_00)
    expect(new Set(s?.payments.map((p) => p.amount))).toEqual(new Set([83_333_00]))
  })

  it('ignores a deposit left on the plan', () => {
    const withDeposit = plan({ kind: 'SUBSCRIPTION', deposit: { kind: 'PERCENT', bps: 5_000 }, payments: 3 })
    expect(scheduleOf(mxn(4_000_00), withDeposit, now, farEvent)).toMatchObject({
      deposit: 1_000_00,
      payments: [{ amount: 1_000_00 }, { amount: 1_000_00 }, { amount: 1_000_00 }],
    })
  })

  it('is not offered when a part would be zero or below the minimum', () => {
    expect(scheduleOf(mxn(11_00), season, now, farEvent)).toBeNull()
    expect(isPlanOffered(mxn(12_000_00), plan({ ...season, minPayment: 1_000_00 }), now, farEvent)).toBe(true)
    expect(isPlanOffered(mxn(12_000_00), plan({ ...season, minPayment: 1_000_01 }), now, farEvent)).toBe(
      false,
    )
  })

  it('is not offered when the last part falls after the cutoff', () => {
    const startsAt = new Date(now.getTime() + (330 + 30) * DAY_MS)
    expect(isPlanOffered(cop(1_200_000_00), season, now, startsAt)).toBe(true)
    expect(isPlanOffered(cop(1_200_000_00), season, now, new Date(startsAt.getTime() - 1))).toBe(false)
  })
})

describe('scheduleOf over many totals, plans and dates', () => {
  it('always adds up, keeps its minimums, dates and cutoff, and puts the odd amount first', () => {
    // A small deterministic generator instead of a property-testing dependency (Park–Miller, exact in
    // doubles): many shapes of total, plan and calendar.
    let seed = 20_260_110
    const next = (max: number) => {
      seed = (seed * 48_271) % 2_147_483_647
      return 1 + (seed % max)
    }
    const currencies: readonly Currency[] = ['COP', 'MXN']
    let offered = 0
    for (let run = 0; run < 4_000; run++) {
      const currency = currencies[next(2) - 1] ?? 'COP'
      const total = money(next(3) === 1 ? next(50_000_000) : next(5_000_000) * 100, currency)
      const p = plan({
        kind: next(3) === 1 ? 'SUBSCRIPTION' : 'PAYMENT',
        deposit:
          next(2) === 1
            ? { kind: 'PERCENT', bps: 99 + next(8_902) }
            : { kind: 'FIXED', amount: next(total.amount + 1_000) },
        payments: next(24),
        spacingDays: 6 + next(56),
        lastDueDaysBeforeEvent: next(366) - 1,
        minPayment: next(2) === 1 ? 0 : next(Math.max(1, Math.floor(total.amount / 10))),
      })
      const at = new Date(Date.UTC(2026, 0, 1) + next(1_000_000_000) * 60)
      const startsAt = new Date(at.getTime() + next(3_000) * DAY_MS - next(DAY_MS))

      const s = scheduleOf(total, p, at, startsAt)
      expect(isPlanOffered(total, p, at, startsAt)).toBe(s !== null)
      if (s === null) continue
      offered++

      const amounts = s.payments.map((x) => x.amount)
      expect(s.deposit + amounts.reduce((a, b) => a + b, 0)).toBe(total.amount)
      expect(s.payments.map((x) => x.seq)).toEqual(amounts.map((_, i) => i + 1))
      // One assertion per property rather than per amount keeps several thousand runs quick.
      const parts = [s.deposit, ...amounts]
      expect(parts.filter((a) => a <= 0 || a < p.minPayment)).toEqual([])
      if (isWholeUnits(total)) expect(parts.filter((a) => !isWholeUnits(money(a, currency)))).toEqual([])

      const times = [at.getTime(), ...s.payments.map((x) => Date.parse(x.dueAt))]
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0))
      expect(gaps).toEqual(gaps.map(() => p.spacingDays * DAY_MS))
      expect(times.at(-1)).toBeLessThanOrEqual(startsAt.getTime() - p.lastDueDaysBeforeEvent * DAY_MS)

      // The odd amount is paid soonest: the first part is the largest and every later one is equal.
      const [first = 0, ...later] = p.kind === 'SUBSCRIPTION' ? parts : amounts
      expect(later.filter((a) => a > first || a !== later[0])).toEqual([])
    }
    // Enough plans must be offered for the checks above to mean something.
    expect(offered).toBeGreaterThan(1_000)
  })
})
