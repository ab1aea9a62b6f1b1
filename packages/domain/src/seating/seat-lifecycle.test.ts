import { describe, expect, it } from 'vitest'
import {
  assertSeatMove,
  assertSeatStart,
  canSeatTransition,
  nextSeatStatuses,
  SEAT_INITIAL_STATUSES,
  SEAT_STATUSES,
} from './seat-lifecycle.js'

/** Every move a place makes, written out: a move added to or dropped from the table fails here. */
const MOVES = new Set([
  'AVAILABLE→HELD',
  'AVAILABLE→SOLD',
  'HELD→HELD',
  'HELD→AVAILABLE',
  'HELD→SOLD',
  'SOLD→AVAILABLE',
])

describe('seat lifecycle (event_seats.status)', () => {
  it.each(SEAT_STATUSES.flatMap((from) => SEAT_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s',
    (from, to) => {
      expect(canSeatTransition(from, to)).toBe(MOVES.has(`${from}→${to}`))
    },
  )

  it('checks every status a statement moves from', () => {
    expect(() => assertSeatMove(['AVAILABLE', 'HELD'], 'HELD')).not.toThrow()
    expect(() => assertSeatMove(['HELD', 'AVAILABLE'], 'SOLD')).not.toThrow()
    expect(() => assertSeatMove(['SOLD'], 'AVAILABLE')).not.toThrow()
    expect(() => assertSeatMove(['HELD', 'SOLD'], 'AVAILABLE')).not.toThrow()
    expect(() => assertSeatMove(['AVAILABLE', 'BLOCKED'], 'HELD')).toThrow(
      'Illegal seat move AVAILABLE/BLOCKED → HELD',
    )
    expect(() => assertSeatMove(['SOLD'], 'HELD')).toThrow(/Illegal seat move/)
    expect(() => assertSeatMove([], 'HELD')).toThrow(/Illegal seat move/)
  })

  it('makes places AVAILABLE or BLOCKED only; BLOCKED never moves', () => {
    expect([...SEAT_INITIAL_STATUSES]).toEqual(['AVAILABLE', 'BLOCKED'])
    expect(() => assertSeatStart('AVAILABLE')).not.toThrow()
    expect(() => assertSeatStart('BLOCKED')).not.toThrow()
    expect(() => assertSeatStart('HELD')).toThrow('A place is not made HELD')
    expect(nextSeatStatuses('BLOCKED')).toEqual([])
  })
})
