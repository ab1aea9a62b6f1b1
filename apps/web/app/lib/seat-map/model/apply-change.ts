import {
  decodeRuns,
  encodeRuns,
  type SeatAvailability,
  type SeatChange,
} from '@palco/domain/seating/availability'

/**
 * A snapshot with a live change applied, re-encoding only the sections it touches. For the React parts
 * (list, tribune picker) that render from a snapshot; the canvas patches its typed arrays instead.
 * Changes no newer than the snapshot are ignored, as are places outside a section's string.
 */
export function applyChangeToSnapshot(snapshot: SeatAvailability, change: SeatChange): SeatAvailability {
  if (change.version <= snapshot.version) return snapshot
  const touched = new Map<string, ReturnType<typeof decodeRuns>>()
  for (const c of change.changes) {
    const encoded = snapshot.sections[c.section]
    if (encoded === undefined) continue
    let places = touched.get(c.section)
    if (!places) {
      places = decodeRuns(encoded)
      touched.set(c.section, places)
    }
    if (c.index >= 0 && c.index < places.length) places[c.index] = c.state
  }
  const sections = { ...snapshot.sections }
  for (const [code, places] of touched) sections[code] = encodeRuns(places)
  return { ...snapshot, version: change.version, sections }
}
