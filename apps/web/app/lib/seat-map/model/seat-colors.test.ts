import {
  BLOCKED_SEAT_STATES,
  SEAT_STATES,
  SELECTABLE_SEAT_STATES,
  type SeatState,
} from '@palco/domain/seating/seat-states'
import { describe, expect, it } from 'vitest'
import { canToggle, paletteFor, seatColorOf, visualColors } from './seat-colors'

const ZONE = '#2f9e44'

describe.each(['light', 'dark'] as const)('seat colours (%s)', (scheme) => {
  const palette = paletteFor(scheme)
  const color = (s: SeatState) => seatColorOf(s, ZONE, palette)

  it('draws available seats in their zone colour', () => {
    expect(color('AVAILABLE')).toBe(ZONE)
  })

  it('makes the selection and the fan’s own hold distinct from each other, the zone and the greys', () => {
    const strong = [color('SELECTED'), color('RESERVED')]
    const others = [ZONE, color('RESERVED_BY_ANOTHER'), color('UNAVAILABLE')]
    expect(new Set(strong).size).toBe(2)
    for (const c of strong) expect(others).not.toContain(c)
  })

  it('greys out everything not for this fan, blocked states included', () => {
    expect(color('RESERVED_BY_ANOTHER')).toBe(palette.takenByAnother)
    for (const s of [...BLOCKED_SEAT_STATES, 'READ'] as const) expect(color(s)).toBe(palette.unavailable)
    expect(color('NOT_SEAT')).toBeNull()
  })

  it('has a colour per visual code, in legend order', () => {
    expect(visualColors(ZONE, palette)).toEqual([
      ZONE,
      palette.selected,
      palette.reserved,
      palette.takenByAnother,
      palette.unavailable,
    ])
  })
})

describe('what a tap acts on (spec §4)', () => {
  it('is exactly the three selectable states', () => {
    expect(SEAT_STATES.filter(canToggle)).toEqual([...SELECTABLE_SEAT_STATES].sort(byOrder))
    expect(SELECTABLE_SEAT_STATES).toHaveLength(3)
  })

  it('never includes the two blocked states', () => {
    expect(BLOCKED_SEAT_STATES).toHaveLength(2)
    for (const s of BLOCKED_SEAT_STATES) expect(canToggle(s)).toBe(false)
  })

  it('leaves another fan’s hold alone', () => {
    expect(canToggle('RESERVED_BY_ANOTHER')).toBe(false)
  })
})

function byOrder(a: SeatState, b: SeatState) {
  return SEAT_STATES.indexOf(a) - SEAT_STATES.indexOf(b)
}
