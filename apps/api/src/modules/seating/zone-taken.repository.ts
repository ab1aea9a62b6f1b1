import type { Db } from '../../db/dialect.js'

/** The events the given price zones belong to. */
export async function eventsOfZones(db: Db, zoneIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('price_zones')
    .select('event_id')
    .distinct()
    .where('id', 'in', [...zoneIds])
    .execute()
  return rows.map((r) => r.event_id)
}

/**
 * Places sold, blocked or held by a hold whose time has not run out, per zone, among the places of
 * `eventIds`: going through the events' own rows (the primary key leads with event_id) rather than by
 * zone alone, which scanned every event's places.
 */
export async function takenPlacesOfZones(
  db: Db,
  eventIds: readonly string[],
  zoneIds: readonly string[],
  now: Date,
) {
  return db
    .selectFrom('event_seats')
    .select((eb) => ['price_zone_id', eb.fn.countAll<number>().as('n')])
    .where('event_id', 'in', [...eventIds])
    .where('price_zone_id', 'in', [...zoneIds])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'SOLD'),
        eb.and([eb('status', '=', 'HELD'), eb('hold_expires_at', '>', now)]),
        eb('status', '=', 'BLOCKED'),
      ]),
    )
    .groupBy('price_zone_id')
    .execute()
}
