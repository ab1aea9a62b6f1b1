import { describe, expect, it } from 'vitest'
import {
  countsTowardPerFanMax,
  decideHold,
  type EventHold,
  HOLD_MINUTES,
  type HoldAsk,
  type HoldPlace,
  type HoldWorld,
  hasHoldLapsed,
  holdExpiresAt,
  isPlaceTakeable,
  NEW_HOLD,
  restrictionAllows,
  seatRefusal,
} from './hold-rules.js'

describe('hold rules (spec §9: 10 minutes; DESIGN §5: expiry by time alone)', () => {
  const now = new Date('2025-03-05T15:00:00Z')
  const at = (iso: string) => new Date(iso).getTime()

  it('keeps places for the spec’s ten minutes, or the minutes given', () => {
    expect(HOLD_MINUTES).toBe(10)
    expect(holdExpiresAt(now).toISOString()).toBe('2025-03-05T15:10:00.000Z')
    expect(holdExpiresAt(now, 15).toISOString()).toBe('2025-03-05T15:15:00.000Z')
  })

  it.each([
    ['2025-03-05T15:09:59.999Z', false],
    ['2025-03-05T15:10:00.000Z', true],
    ['2025-03-05T15:10:00.001Z', true],
  ])('a hold ending at 15:10 has lapsed at %s: %s', (when, lapsed) => {
    expect(hasHoldLapsed(holdExpiresAt(now).getTime(), at(when))).toBe(lapsed)
  })

  it.each([
    ['AVAILABLE', null, true],
    ['HELD', '2025-03-05T15:10:00.000Z', false],
    ['HELD', '2025-03-05T14:59:59.999Z', true],
    ['HELD', '2025-03-05T15:00:00.000Z', true],
    ['HELD', null, true],
    ['SOLD', null, false],
    ['BLOCKED', null, false],
  ])('a %s place (hold until %s) can be taken at 15:00: %s', (status, until, takeable) => {
    expect(isPlaceTakeable(status, until === null ? null : at(until), now.getTime())).toBe(takeable)
  })
})

describe('the hold rule (decideHold, the same rule as hold_places)', () => {
  const now = Date.parse('2025-03-05T15:00:00Z')
  const min = 60_000
  const place = (seat: number, over: Partial<HoldPlace> = {}): HoldPlace => ({
    section: 'NORTE',
    row: 'A',
    seat,
    index: seat - 1,
    status: 'AVAILABLE',
    restriction: null,
    zoneId: 'z1',
    holdId: null,
    holdExpiresAt: null,
    ...over,
  })
  const slot = (index: number, over: Partial<HoldPlace> = {}): HoldPlace =>
    place(index + 1, { section: 'GENERAL', row: 'UNNUMBERED', index, zoneId: 'z2', ...over })
  const hold = (id: string, userId: string, status: EventHold['status'], expiresIn: number): EventHold => ({
    id,
    userId,
    status,
    createdAt: now - min,
    expiresAt: now + expiresIn * min,
  })
  const world = (places: HoldPlace[], holds: EventHold[] = [], max = 4): HoldWorld => ({
    places,
    holds,
    perFanMax: new Map([
      ['z1', max],
      ['z2', max],
    ]),
  })
  const seats = (...n: number[]) => ({ seats: n.map((seat) => ({ section: 'NORTE', row: 'A', seat })) })
  const fan = (want: HoldAsk['want']): HoldAsk => ({ userId: 'me', staff: false, want })

  it('makes a hold of ten minutes and takes free seats', () => {
    const d = decideHold(world([place(1), place(2)]), fan(seats(1, 2)), now)
    expect(d).toMatchObject({ granted: true, holdId: NEW_HOLD, created: true })
    expect(d.granted && d.taken.map((p) => p.seat)).toEqual([1, 2])
  })

  it('adds to the live hold and keeps a seat it already has', () => {
    const mine = hold('h1', 'me', 'BOOKED', 5)
    const d = decideHold(
      world([place(1, { status: 'HELD', holdId: 'h1', holdExpiresAt: mine.expiresAt }), place(2)], [mine]),
      fan(seats(1, 2, 2)),
      now,
    )
    expect(d).toMatchObject({ granted: true, holdId: 'h1', created: false })
    expect(d.granted && d.taken.map((p) => p.seat)).toEqual([2])
  })

  it('refuses the whole request when one seat is taken, and says what it saw of each', () => {
    const other = hold('h2', 'other', 'BOOKED', 5)
    const d = decideHold(
      world([place(1), place(2, { status: 'HELD', holdId: 'h2', holdExpiresAt: other.expiresAt })], [other]),
      fan({ seats: [...seats(1, 2).seats, { section: 'NORTE', row: 'Z', seat: 9 }] }),
      now,
    )
    expect(d).toEqual({
      granted: false,
      refusal: {
        kind: 'PLACES_NOT_TAKEN',
        missed: [
          { section: 'NORTE', row: 'A', seat: 2, status: 'HELD', restriction: null },
          { section: 'NORTE', row: 'Z', seat: 9, status: null, restriction: null },
        ],
      },
    })
  })

  it('lets staff take restricted seats and pass the per-fan maximum', () => {
    const w = world([place(1, { restriction: 'EXCLUSIVE' }), place(2), place(3)], [], 1)
    expect(decideHold(w, fan(seats(1)), now)).toMatchObject({ granted: false })
    expect(decideHold(w, fan(seats(2, 3)), now)).toEqual({
      granted: false,
      refusal: { kind: 'MAX_PER_FAN_EXCEEDED', zoneId: 'z1', max: 1 },
    })
    expect(decideHold(w, { userId: 'me', staff: true, want: seats(1, 2, 3) }, now)).toMatchObject({
      granted: true,
    })
  })

  it('counts seats sold to the fan and held by a payment under way, not a lapsed hold', () => {
    const paying = hold('h3', 'me', 'STARTED_PAYMENT', 5)
    const lapsed = hold('h4', 'me', 'BOOKED', -1)
    const w = world(
      [
        place(1, { status: 'SOLD', holdId: 'h4' }),
        place(2, { status: 'HELD', holdId: 'h3', holdExpiresAt: paying.expiresAt }),
        place(3, { status: 'HELD', holdId: 'h4', holdExpiresAt: lapsed.expiresAt }),
        place(4),
      ],
      [paying, lapsed],
      3,
    )
    expect(decideHold(w, fan(seats(4)), now)).toMatchObject({ granted: true, created: true })
    expect(decideHold(w, fan(seats(3, 4)), now)).toMatchObject({
      granted: false,
      refusal: { kind: 'MAX_PER_FAN_EXCEEDED' },
    })
  })

  it('takes the first free or lapsed slots of a section, or refuses with how many there were', () => {
    const w = world([
      slot(0, { status: 'SOLD' }),
      slot(1, { status: 'HELD', holdId: 'x', holdExpiresAt: now }),
      slot(2),
    ])
    const d = decideHold(w, fan({ section: 'GENERAL', quantity: 2 }), now)
    expect(d.granted && d.taken.map((p) => p.index)).toEqual([1, 2])
    expect(decideHold(w, fan({ section: 'GENERAL', quantity: 3 }), now)).toEqual({
      granted: false,
      refusal: { kind: 'SLOTS_SHORT', available: 2 },
    })
  })

  it.each([
    [
      [
        { status: null, restriction: null },
        { status: 'HELD', restriction: null },
      ],
      'SEAT_NOT_FOUND',
      1,
    ],
    [
      [
        { status: 'BLOCKED', restriction: 'BLOCKED' },
        { status: 'SOLD', restriction: null },
      ],
      'SEAT_NOT_SELECTABLE',
      1,
    ],
    [[{ status: 'AVAILABLE', restriction: 'EXCLUSIVE' }], 'SEAT_NOT_SELECTABLE', 1],
    [
      [
        { status: 'HELD', restriction: 'EXCLUSIVE' },
        { status: 'SOLD', restriction: null },
      ],
      'SEAT_UNAVAILABLE',
      2,
    ],
  ] as const)('seats not taken %j are told as %s (%i named)', (seen, code, named) => {
    const missed = seen.map((s, i) => ({ section: 'NORTE', row: 'A', seat: i + 1, ...s }))
    const told = seatRefusal(missed)
    expect(told.code).toBe(code)
    expect(told.seats).toHaveLength(named)
  })

  it('lets anyone take PREFERENTIAL seats and only staff the others', () => {
    expect(restrictionAllows(null, false)).toBe(true)
    expect(restrictionAllows('PREFERENTIAL', false)).toBe(true)
    expect(restrictionAllows('EXCLUSIVE', false)).toBe(false)
    expect(restrictionAllows('EXCLUSIVE', true)).toBe(true)
    expect(
      countsTowardPerFanMax({ status: 'HELD', holdExpiresAt: now + min }, 'WAITING_FOR_PAYMENT', now),
    ).toBe(true)
    expect(countsTowardPerFanMax({ status: 'HELD', holdExpiresAt: now + min }, 'EXPIRED', now)).toBe(false)
  })
})
