import { describe, expect, it } from 'vitest'
import { RESERVATION_STATUSES, type ReservationStatus } from '../orders/statuses.js'
import {
  assertReservationMove,
  canTransition,
  isEditable,
  isHolding,
  nextReservationStatuses,
  RESERVATION_INITIAL_STATUSES,
} from './reservation-lifecycle.js'

describe('reservation lifecycle', () => {
  it.each([
    ['BOOKED', 'STARTED_PAYMENT', true],
    ['BOOKED', 'EXPIRED', true],
    ['BOOKED', 'CANCELLED', true],
    ['WAITING_FOR_PAYMENT', 'FINISHED', true],
    ['EXPIRED', 'BOOKED', false],
    ['FINISHED', 'CANCELLED', false],
    ['CANCELLED', 'BOOKED', false],
    // Checkout's moves live in the same table: a retry after a decline, a late success, a paguitos plan.
    ['STARTED_PAYMENT', 'BOOKED', true],
    ['WAITING_FOR_PAYMENT', 'BOOKED', true],
    ['BOOKED', 'FINISHED', true],
    ['STARTED_PAYMENT', 'BOOKED_FOREVER', true],
    ['BOOKED_FOREVER', 'FINISHED', true],
    ['WAITING_FOR_PAYMENT', 'ACTIVE', false],
    ['BOOKED_FOREVER', 'BOOKED', false],
  ] as const)('%s → %s is %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed)
  })

  it('has an entry for every status and no self-loops', () => {
    for (const s of RESERVATION_STATUSES) {
      expect(canTransition(s, s)).toBe(false)
      expect(Array.isArray(nextReservationStatuses(s))).toBe(true)
    }
  })

  it('starts a reservation BOOKED, from which every holding status is reachable', () => {
    expect([...RESERVATION_INITIAL_STATUSES]).toEqual(['BOOKED'])
    const reached = new Set<ReservationStatus>(RESERVATION_INITIAL_STATUSES)
    for (const s of reached) for (const n of nextReservationStatuses(s)) reached.add(n)
    expect([...reached].sort()).toEqual([...RESERVATION_STATUSES].sort())
  })

  it('names the hold of an illegal move', () => {
    expect(() => assertReservationMove('FINISHED', 'BOOKED', 'h-1')).toThrow(
      'Illegal reservation move FINISHED → BOOKED (hold h-1)',
    )
  })

  it('knows which statuses hold seats and which can be edited', () => {
    expect(isHolding('BOOKED')).toBe(true)
    expect(isHolding('WAITING_FOR_PAYMENT')).toBe(true)
    expect(isHolding('EXPIRED')).toBe(false)
    expect(isEditable('BOOKED')).toBe(true)
    expect(isEditable('STARTED_PAYMENT')).toBe(false)
  })
})
