import { SELLING_EVENT_STATUS } from '@palco/domain/catalog/event-lifecycle'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { PlaceRow, SectionRow } from './availability-snapshot.js'

/** Every place of an event with what decides its letter; read once per process, then patched. */
export async function placeStates(db: Db, eventId: string): Promise<PlaceRow[]> {
  const { rows } = await sql<PlaceRow>`
    select section_code, place_index, status, hold_expires_at, change_seq
    from event_seats where event_id = ${eventId}`.execute(db)
  return rows
}

/**
 * Every place of an event as one letter string per section (A available, S sold, B blocked, H held, in
 * place_index order) with the section's held places and their expiry in epoch ms: the database does the
 * grouping, so a 43,000-place stadium comes back as ~40 rows instead of 43,000 (30–110 ms instead of
 * 300–500 ms on the embedded database, which is what a first read and each full reload cost).
 */
export async function sectionStates(db: Db, eventId: string): Promise<SectionRow[]> {
  const { rows } = await sql<SectionRow>`
    select section_code,
           count(*)::int as places,
           max(place_index) as last_index,
           string_agg(case status when 'SOLD' then 'S' when 'BLOCKED' then 'B' when 'HELD' then 'H' else 'A' end,
                      '' order by place_index) as states,
           max(change_seq) as version,
           array_agg(place_index order by place_index) filter (where status = 'HELD') as held_at,
           array_agg((extract(epoch from hold_expires_at) * 1000)::float8 order by place_index)
             filter (where status = 'HELD') as held_until
    from event_seats where event_id = ${eventId} group by section_code`.execute(db)
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

/**
 * Published events sold off a seat map whose sales are open now, soonest first: the maps a first visitor
 * after a start is likeliest to open (start-up warms them, warm-up.ts).
 */
export async function seatMapEventsOnSale(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('events')
    .select(['id', 'slug', 'country'])
    .where('status', '=', SELLING_EVENT_STATUS)
    .where('visibility', '!=', 'NONE')
    .where('layout_id', 'is not', null)
    .where('on_sale_at', '<=', now)
    .where('off_sale_at', '>', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** What decides whether an event's map may be shown on a host. */
export async function findEventShown(db: Db, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'country', 'status', 'visibility', 'on_sale_at', 'off_sale_at'])
    .where('id', '=', eventId)
    .executeTakeFirst()
}
