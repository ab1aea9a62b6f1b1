import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

export interface RoomSettingsRow {
  enabled: boolean
  opensAt: Date
  targetCheckouts: number
  manualRate: number | null
}

/** Turns an event's room on (or changes it); a new room draws with a fresh seed. */
export async function upsertRoom(db: Db, eventId: string, s: RoomSettingsRow, seed: number) {
  await db
    .insertInto('waiting_rooms')
    .values({
      event_id: eventId,
      enabled: s.enabled,
      opens_at: s.opensAt,
      target_checkouts: s.targetCheckouts,
      manual_rate_per_minute: s.manualRate,
      shuffle_seed: seed,
    })
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet({
        enabled: s.enabled,
        opens_at: s.opensAt,
        target_checkouts: s.targetCheckouts,
        manual_rate_per_minute: s.manualRate,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute()
}

/** Waiting and admitted places of a room, for the admin and for /metrics. */
export async function roomCounts(db: Db, eventId: string) {
  const { rows } = await sql<{ waiting: string; admitted: string }>`
    select count(*) filter (where p.queue_key is null or p.queue_key > r.admitted_key) as waiting,
           count(*) filter (where p.queue_key <= r.admitted_key) as admitted
    from waiting_rooms r join waiting_room_places p on p.event_id = r.event_id
    where r.event_id = ${eventId}`.execute(db)
  return { waiting: Number(rows[0]?.waiting ?? 0), admitted: Number(rows[0]?.admitted ?? 0) }
}

/** Every room that is on (or opening within a day): its waiting fans and its rates, for /metrics. */
export async function activeRooms(db: Db) {
  const { rows } = await sql<{
    waiting: string
    rate_per_minute: number
    manual_rate_per_minute: number | null
    paused: boolean
  }>`
    select w.n as waiting, r.rate_per_minute, r.manual_rate_per_minute,
           (r.admin_paused or r.health_paused_because is not null) as paused
    from waiting_rooms r
    cross join lateral (select count(*) as n from waiting_room_places p
                        where p.event_id = r.event_id
                          and (p.queue_key is null or p.queue_key > r.admitted_key)) w
    where r.enabled and r.opens_at < now() + interval '1 day'`.execute(db)
  return rows
}

/** Which events have a room on, and the passes spent there lately, for each process's gate cache. */
export async function gateSnapshot(db: Db) {
  const rooms = await db.selectFrom('waiting_rooms').select('event_id').where('enabled', '=', true).execute()
  const spent = await sql<{ id: string }>`
    select p.id from waiting_room_places p join waiting_rooms r on r.event_id = p.event_id
    where r.enabled and p.spent_at > now() - interval '11 minutes'`.execute(db)
  return { events: rooms.map((r) => r.event_id), spent: spent.rows.map((r) => r.id) }
}

export async function setAdminPaused(db: Db, eventId: string, paused: boolean) {
  return db
    .updateTable('waiting_rooms')
    .set({ admin_paused: paused, updated_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .returning('event_id')
    .executeTakeFirst()
}

export async function setManualRate(db: Db, eventId: string, rate: number | null) {
  return db
    .updateTable('waiting_rooms')
    .set({ manual_rate_per_minute: rate, updated_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .returning('event_id')
    .executeTakeFirst()
}

/** The event's sale opening, the default opening of its room (the events table is catalog-admin's; read only). */
export async function eventOnSaleAt(db: Db, eventId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('events').select('on_sale_at').where('id', '=', eventId).executeTakeFirst()
  return row?.on_sale_at
}

/** The event a room belongs to, as the waiting page names it and links back to its sale. */
export async function eventSummary(db: Db, eventId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .select(['e.name', 'e.slug', 'e.layout_id', 'v.time_zone'])
    .where('e.id', '=', eventId)
    .executeTakeFirst()
}
