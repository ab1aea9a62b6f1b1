import type { Db } from '../../db/dialect.js'
import { eventsOfZones, takenPlacesOfZones } from './zone-taken.repository.js'

/**
 * Places taken per price zone, for the catalogue's "available" and "sold out" (issue 4): sold, or held
 * by a hold whose time has not run out. Counted from rows, never a stored counter (DESIGN §5).
 * Counted within the zones' events: by zone alone the count scanned every event's places, 45–85 ms on the
 * embedded database once the demo's ~376,000 places exist from the seed, against 12–20 ms this way.
 */
export async function takenPlacesByZone(
  db: Db,
  zoneIds: readonly string[],
): Promise<ReadonlyMap<string, number>> {
  if (zoneIds.length === 0) return new Map()
  const events = await eventsOfZones(db, zoneIds)
  if (events.length === 0) return new Map()
  const rows = await takenPlacesOfZones(db, events, zoneIds, new Date())
  return new Map(rows.map((r) => [r.price_zone_id as string, Number(r.n)]))
}
