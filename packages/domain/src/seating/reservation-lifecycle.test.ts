import { describe, expect, it } from 'vitest'
import { RESERVATION_STATUSES } from '../orders/statuses.js'
import { canTransition, isEditable, isHolding } from './reservation-lifecycle.js'

describe('reservation lifecycle', () => {
  it.each([
    ['BOOKED', 'STARTED_PAYMENT', true],
    ['BOOKED', 'EXPIRED', true],
    ['BOOKED', 'CANCELLED', true],
    ['BOOKED', 'FINISHED', false],
    ['STARTED_PAYMENT', 'WAITING_FOR_PAYMENT', true],
    ['WAITING_FOR_PAYMENT', 'FINISHED', true],
    ['WAITING_FOR_PAYMENT', 'BOOKED', false],
    ['EXPIRED', 'BOOKED', false],
    ['FINISHED', 'CANCELLED', false],
    ['CANCELLED', 'BOOKED', false],
  ] as const)('%s → %s is %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed)
  })

  it('has an entry for every status and no self-loops', () => {
    for (const s of RESERVATION_STATUSES) expect(canTransition(s, s)).toBe(false)
  })

  it('knows which statuses hold seats and which can be edited', () => {
    expect(isHolding('BOOKED')).toBe(true)
    expect(isHolding('WAITING_FOR_PAYMENT')).toBe(true)
    expect(isHolding('EXPIRED')).toBe(false)
    expect(isEditable('BOOKED')).toBe(true)
    expect(isEditable('STARTED_PAYMENT')).toBe(false)
  })
})
