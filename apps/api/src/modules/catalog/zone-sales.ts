import type { Db } from '../../db/dialect.js'

/**
 * How many places of each price zone are taken (sold, or held by a live reservation). The catalogue only
 * reads it; the seating/checkout module that owns orders and holds provides the real count by passing its
 * own function to `catalogRoutes` (DESIGN §5: availability is derived from rows, never a stored counter).
 * Zones missing from the map have nothing taken.
 */
export type TakenPlacesCounter = (db: Db, zoneIds: readonly string[]) => Promise<ReadonlyMap<string, number>>

/** Until orders exist nothing is taken: availability is the zone's capacity. */
export const nothingTaken: TakenPlacesCounter = async () => new Map()
