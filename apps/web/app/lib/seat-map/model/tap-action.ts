import type { SeatRestriction } from '@palco/domain/seating/layout-vocabulary'
import type { MapTarget } from './map-target'
import { RESTRICTION_CODES, VISUAL_STATES, type VisualState } from './place-codes'
import type { PlaceStates } from './place-states'
import { canToggle } from './seat-colors'
import { seatKeyOf } from './seat-key'
import { seatAt, type Venue } from './venue-model'

/** What a tap (or click) on the map does; the component carries it out and announces it. */
export type TapAction =
  | { kind: 'toggle'; key: string; row: string; seat: number; section: number; from: VisualState }
  | { kind: 'limit'; max: number }
  | { kind: 'refuse'; row: string; seat: number; state: VisualState; restriction: SeatRestriction | null }
  | { kind: 'zoom'; section: number }
  | { kind: 'pick'; section: number; sectionCode: string }
  | { kind: 'soldOut'; section: number }
  | { kind: 'none' }

export interface TapContext {
  venue: Venue
  states: PlaceStates
  selectedCount: number
  maxSelectable?: number | undefined
}

/**
 * A seat in a selectable state (spec §4: AVAILABLE, SELECTED, RESERVED) toggles, unless choosing one more
 * would pass `maxSelectable`; other seats are refused with their state as the reason. A numbered section
 * zooms in to its seats; an unnumbered one (or parking, or any section of a Tribune_selection layout) is
 * picked whole so the page can ask for a quantity.
 */
export function tapActionFor(target: MapTarget | null, ctx: TapContext): TapAction {
  if (!target) return { kind: 'none' }
  const section = ctx.venue.sections[target.section]
  if (!section) return { kind: 'none' }
  if (target.kind === 'seat') {
    const { row, seat } = seatAt(section, target.place)
    const state = VISUAL_STATES[ctx.states.visualAt(target.section, target.place)] ?? 'UNAVAILABLE'
    if (!canToggle(state)) {
      const restriction = RESTRICTION_CODES[section.restriction?.[target.place] ?? 0] ?? null
      return { kind: 'refuse', row, seat, state, restriction }
    }
    if (state === 'AVAILABLE' && ctx.maxSelectable !== undefined && ctx.selectedCount >= ctx.maxSelectable) {
      return { kind: 'limit', max: ctx.maxSelectable }
    }
    return {
      kind: 'toggle',
      key: seatKeyOf(section.code, row, seat),
      row,
      seat,
      section: section.index,
      from: state,
    }
  }
  const pickWhole = !section.numbered || ctx.venue.kind === 'Tribune_selection'
  if (!pickWhole) return { kind: 'zoom', section: section.index }
  if (section.disabled || (ctx.states.available[section.index] ?? 0) === 0) {
    return { kind: 'soldOut', section: section.index }
  }
  return { kind: 'pick', section: section.index, sectionCode: section.code }
}
