import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { PlaceRow } from './availability-snapshot.js'

/** Every place of an event with what decides its letter; read once per process, then patched. */
export async function placeStates(db: Db, eventId: string): Promise<PlaceRow[]> {
  const { rows } = await sql<PlaceRow>`
    select section_code, place_index, status, hold_expires_at, change_seq
    from event_seats where event_id = ${eventId}`.execute(db)
  return rows
}

/** Places changed after `seq`, through event_seats_change_idx (event_id, change_seq). */
export async function placeChangesSince(db: Db, eventId: string, seq: number): Promise<PlaceRow[]> {
  const { rows } = await sql<PlaceRow>`
    select section_code, place_index, status, hold_expires_at, change_seq
    from event_seats where event_id = ${eventId} and change_seq > ${seq}`.execute(db)
  return rows
}
