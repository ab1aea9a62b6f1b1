import { describe, expect, it } from 'vitest'
import { isSeatBlocked, isSeatSelectable, SEAT_STATES, type SeatState } from './seat-states.js'

describe('seat states (spec §4, §9)', () => {
  it.each<[SeatState, boolean, boolean]>([
    ['AVAILABLE', false, true],
    ['SELECTED', false, true],
    ['RESERVED', false, true],
    ['IN_CART', true, false],
    ['UNAVAILABLE', true, false],
    ['RESERVED_BY_ANOTHER', false, false],
    ['NOT_SEAT', false, false],
    ['READ', false, false],
  ])('%s: blocked %s, selectable %s', (state, blocked, selectable) => {
    expect(isSeatBlocked(state)).toBe(blocked)
    expect(isSeatSelectable(state)).toBe(selectable)
  })

  it('covers all eight states', () => {
    expect(SEAT_STATES).toHaveLength(8)
  })
})
