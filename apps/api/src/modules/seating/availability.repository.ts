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

/**
 * The change_seq of every place of the event changed in (from, to], as one array: cheap to read even after
 * a burst of thousands of changes, so the look-back can tell a late commit from rows it already applied.
 */
export async function changeSeqsBetween(
  db: Db,
  eventId: string,
  from: number,
  to: number,
): Promise<number[]> {
  const { rows } = await sql<{ seqs: (number | string | bigint)[] | null }>`
    select array_agg(change_seq) as seqs
    from event_seats where event_id = ${eventId} and change_seq > ${from} and change_seq <= ${to}`.execute(db)
  return (rows[0]?.seqs ?? []).map(Number)
}

/** The places whose change_seq is one of `seqs` (a late commit's rows). */
export async function placesWithSeqs(db: Db, eventId: string, seqs: readonly number[]): Promise<PlaceRow[]> {
  const { rows } = await sql<PlaceRow>`
    select section_code, place_index, status, hold_expires_at, change_seq
    from event_seats where event_id = ${eventId} and change_seq = any(${seqs}::bigint[])`.execute(db)
  return rows
}
