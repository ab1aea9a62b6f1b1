import { describe, expect, it } from 'vitest'
import {
  canVoidWithin,
  defaultReservationDeadline,
  expectedCash,
  priceOverrideOk,
  reservationDeadlineOk,
  settleTenders,
} from './tenders.js'

describe('settleTenders (issue 15 part 3)', () => {
  it('gives change from cash handed over', () => {
    expect(settleTenders(85_000, [{ kind: 'CASH', tendered: 100_000 }])).toEqual({
      ok: true,
      change: 15_000,
      parts: [{ kind: 'CASH', amount: 85_000, tendered: 100_000, change: 15_000, reference: null }],
    })
  })

  it('takes the terminal first and cash for the rest', () => {
    const r = settleTenders(85_000, [
      { kind: 'CASH', tendered: 40_000 },
      { kind: 'TPV', amount: 50_000, reference: ' A123 ' },
    ])
    expect(r).toEqual({
      ok: true,
      change: 5_000,
      parts: [
        { kind: 'TPV', amount: 50_000, tendered: null, change: null, reference: 'A123' },
        { kind: 'CASH', amount: 35_000, tendered: 40_000, change: 5_000, reference: null },
      ],
    })
  })

  it.each([
    ['cash short of the total', [{ kind: 'CASH', tendered: 84_999 }], 'TENDER_BELOW_DUE'],
    [
      'a terminal payment without authorization',
      [{ kind: 'TPV', amount: 85_000, reference: ' ' }],
      'TENDER_REFERENCE_REQUIRED',
    ],
    [
      'the terminal charging more than is due',
      [{ kind: 'TPV', amount: 90_000, reference: 'X1' }],
      'TENDER_BELOW_DUE',
    ],
    ['no tender at all', [], 'TENDER_BELOW_DUE'],
    [
      'two cash tenders',
      [
        { kind: 'CASH', tendered: 50_000 },
        { kind: 'CASH', tendered: 50_000 },
      ],
      'TENDER_BELOW_DUE',
    ],
  ] as const)('refuses %s', (_name, tenders, code) => {
    expect(settleTenders(85_000, tenders as never)).toEqual({ ok: false, code })
  })

  it('lets a courtesy with a reason cover the whole sale, and nothing else with it', () => {
    expect(settleTenders(85_000, [{ kind: 'COURTESY', reason: 'PRESS' }])).toEqual({
      ok: true,
      change: 0,
      parts: [{ kind: 'COURTESY', amount: 85_000, tendered: null, change: null, reference: 'PRESS' }],
    })
    expect(settleTenders(85_000, [{ kind: 'COURTESY', reason: ' ' }])).toEqual({
      ok: false,
      code: 'COURTESY_REASON_REQUIRED',
    })
    expect(
      settleTenders(85_000, [
        { kind: 'COURTESY', reason: 'PRESS' },
        { kind: 'CASH', tendered: 1 },
      ]),
    ).toEqual({ ok: false, code: 'COURTESY_REASON_REQUIRED' })
  })

  it('settled parts always add up to exactly what is due', () => {
    // A small deterministic generator instead of a property-testing dependency: many shapes of split.
    let seed = 7
    const next = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return 1 + (seed % max)
    }
    for (let run = 0; run < 2_000; run++) {
      const due = next(10_000_000)
      const terminal = Array.from({ length: next(4) - 1 }, () => next(5_000_000))
      const r = settleTenders(due, [
        ...terminal.map((amount, i) => ({ kind: 'TPV' as const, amount, reference: `R${i}` })),
        { kind: 'CASH' as const, tendered: next(20_000_000) - 1 },
      ])
      if (!r.ok) continue
      expect(r.parts.reduce((s, p) => s + p.amount, 0)).toBe(due)
      expect(r.change).toBeGreaterThanOrEqual(0)
    }
  })
})

describe('the drawer and the void window', () => {
  it('expects the float plus cash still paid', () => {
    expect(
      expectedCash(50_000, [
        { amount: 85_000, status: 'PAID' },
        { amount: 20_000, status: 'REFUNDED' },
      ]),
    ).toBe(135_000)
  })

  it('lets a sale be voided for 30 minutes', () => {
    const paid = new Date('2026-11-25T10:00:00Z')
    expect(canVoidWithin(paid, new Date('2026-11-25T10:30:00Z'))).toBe(true)
    expect(canVoidWithin(paid, new Date('2026-11-25T10:30:01Z'))).toBe(false)
  })
})

describe('a reservation’s deadline', () => {
  const now = new Date('2026-11-25T10:00:00Z')
  const starts = new Date('2026-11-28T20:00:00Z')
  it('keeps seats from an hour up to the event’s start, within 14 days', () => {
    expect(reservationDeadlineOk(new Date('2026-11-25T11:00:00Z'), now, starts)).toBe(true)
    expect(reservationDeadlineOk(new Date('2026-11-25T10:59:00Z'), now, starts)).toBe(false)
    expect(reservationDeadlineOk(starts, now, starts)).toBe(true)
    expect(reservationDeadlineOk(new Date('2026-11-28T20:01:00Z'), now, starts)).toBe(false)
    const far = new Date('2027-01-30T20:00:00Z')
    expect(reservationDeadlineOk(new Date('2026-12-09T10:00:00Z'), now, far)).toBe(true)
    expect(reservationDeadlineOk(new Date('2026-12-09T10:01:00Z'), now, far)).toBe(false)
  })

  it('offers a day from now, or the event’s start when sooner', () => {
    expect(defaultReservationDeadline(now, starts).toISOString()).toBe('2026-11-26T10:00:00.000Z')
    const soon = new Date('2026-11-25T18:00:00Z')
    expect(defaultReservationDeadline(now, soon)).toEqual(soon)
  })
})

describe('a price lowered at the counter', () => {
  it('lowers only, never to nothing, and by an operator to half at most', () => {
    expect(priceOverrideOk(100_000, 50_000, false)).toBe(true)
    expect(priceOverrideOk(100_000, 49_999, false)).toBe(false)
    expect(priceOverrideOk(100_000, 1, true)).toBe(true)
    expect(priceOverrideOk(100_000, 0, true)).toBe(false)
    expect(priceOverrideOk(100_000, 100_000, true)).toBe(false)
    expect(priceOverrideOk(100_000, 120_000, true)).toBe(false)
  })
})
