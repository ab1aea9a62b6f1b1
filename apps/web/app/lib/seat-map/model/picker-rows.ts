import { decodeRuns, type PlaceState, seatStateFor } from '@palco/domain/seating/availability'
import type { LayoutSection } from '@palco/domain/seating/layout'
import type { SeatRestriction } from '@palco/domain/seating/layout-vocabulary'
import type { SeatState } from '@palco/domain/seating/seat-states'
import { canToggle } from './seat-colors'
import { seatKeyOf } from './seat-key'

export interface PickerSeat {
  key: string
  seat: number
  state: SeatState
  restriction: SeatRestriction | null
  selectable: boolean
}

export interface PickerRow {
  label: string
  seats: PickerSeat[]
  /** Seats the fan could still add. */
  available: number
}

/**
 * The rows and seats of one numbered section as the accessible list shows them, from the section's
 * run-length availability. A string shorter than the section (layout and availability a version apart)
 * leaves the rest unavailable, as the map does.
 */
export function pickerRows(
  section: LayoutSection,
  encoded: string | undefined,
  mine: ReadonlySet<string>,
  selected: ReadonlySet<string>,
): PickerRow[] {
  const places: PlaceState[] = encoded && !section.disabled ? decodeRuns(encoded) : []
  let p = 0
  return (section.rows ?? []).map((row) => {
    let available = 0
    const seats = row.seats.map(([n]) => {
      const key = seatKeyOf(section.code, row.label, n)
      const state = seatStateFor(places[p++] ?? 'B', mine.has(key), selected.has(key))
      if (state === 'AVAILABLE') available++
      return {
        key,
        seat: n,
        state,
        restriction: section.restrictions?.[`${row.label}-${n}`] ?? null,
        selectable: canToggle(state),
      }
    })
    return { label: row.label, seats, available }
  })
}
