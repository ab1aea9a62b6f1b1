import type { SeatRestriction, ViewDirection } from '@palco/domain/seating/layout-vocabulary'
import { RESTRICTION_CODES, VISUAL, VISUAL_STATES, type VisualState } from './place-codes'
import type { PlaceStates } from './place-states'
import { seatKeyOf } from './seat-key'
import { seatAt, type Venue } from './venue-model'

/** What the hover/tap card and the accessible list say about a place or a section. */
export type PlaceDetails =
  | {
      kind: 'seat'
      key: string
      sectionCode: string
      sectionName: string
      row: string
      seat: number
      state: VisualState
      restriction: SeatRestriction | null
      viewDirection: ViewDirection
    }
  | {
      kind: 'section'
      sectionCode: string
      sectionName: string
      numbered: boolean
      parking: boolean
      available: number
      capacity: number
      viewDirection: ViewDirection
    }

export function seatDetails(venue: Venue, states: PlaceStates, section: number, place: number): PlaceDetails {
  const s = venue.sections[section]
  if (!s) throw new RangeError(`no section ${section}`)
  const { row, seat } = seatAt(s, place)
  const r = s.restriction?.[place] ?? 0
  return {
    kind: 'seat',
    key: seatKeyOf(s.code, row, seat),
    sectionCode: s.code,
    sectionName: s.name,
    row,
    seat,
    state: VISUAL_STATES[states.visualAt(section, place)] ?? VISUAL_STATES[VISUAL.UNAVAILABLE],
    restriction: RESTRICTION_CODES[r] ?? null,
    viewDirection: s.viewDirection,
  }
}

export function sectionDetails(venue: Venue, states: PlaceStates, section: number): PlaceDetails {
  const s = venue.sections[section]
  if (!s) throw new RangeError(`no section ${section}`)
  return {
    kind: 'section',
    sectionCode: s.code,
    sectionName: s.name,
    numbered: s.numbered,
    parking: s.zoneType === 'PARKING',
    available: states.available[section] ?? 0,
    capacity: s.placeCount,
    viewDirection: s.viewDirection,
  }
}
