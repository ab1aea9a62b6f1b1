import type { PlaceState } from '@palco/domain/seating/availability'
import type { SeatRestriction } from '@palco/domain/seating/layout-vocabulary'
import type { SeatState } from '@palco/domain/seating/seat-states'

/**
 * Small integer codes for what the renderer keeps per place in typed arrays. One byte per place keeps a
 * 100,000-seat venue's live state in ~100 KB that can be patched in place by live-feed messages.
 */
export const PLACE_CODE = { A: 0, H: 1, S: 2, B: 3 } as const satisfies Record<PlaceState, number>
export const PLACE_LETTERS = ['A', 'H', 'S', 'B'] as const satisfies readonly PlaceState[]

/** What a fan sees for a place, in the order of the legend; indices are the codes in `visual` arrays. */
export const VISUAL_STATES = [
  'AVAILABLE',
  'SELECTED',
  'RESERVED',
  'RESERVED_BY_ANOTHER',
  'UNAVAILABLE',
] as const satisfies readonly SeatState[]
export type VisualState = (typeof VISUAL_STATES)[number]
export const VISUAL = {
  AVAILABLE: 0,
  SELECTED: 1,
  RESERVED: 2,
  RESERVED_BY_ANOTHER: 3,
  UNAVAILABLE: 4,
} as const
export const VISUAL_COUNT = VISUAL_STATES.length

/**
 * The code of `seatStateFor(place, mine, selected)` from the domain, without allocating: the fan's own hold
 * wins, a selection only shows on a free place (someone may have taken it since), held is
 * RESERVED_BY_ANOTHER, and sold or blocked are both UNAVAILABLE.
 */
export function visualCodeOf(place: number, mine: boolean, selected: boolean): number {
  if (mine) return VISUAL.RESERVED
  if (place === PLACE_CODE.A) return selected ? VISUAL.SELECTED : VISUAL.AVAILABLE
  if (place === PLACE_CODE.H) return VISUAL.RESERVED_BY_ANOTHER
  return VISUAL.UNAVAILABLE
}

export const RESTRICTION_CODES = [
  null,
  'PREFERENTIAL',
  'EXCLUSIVE',
  'BLOCKED',
] as const satisfies readonly (SeatRestriction | null)[]

export function restrictionCodeOf(r: SeatRestriction): number {
  return RESTRICTION_CODES.indexOf(r)
}
