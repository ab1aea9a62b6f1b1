import { sql, type Updateable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { WaitingRoomsTable } from '../../db/schema.js'
import type { RoomRow } from './waiting-room.repository.js'

/**
 * The room's row for one step of the queue (the draw, the cursor, the rate), locked until the transaction
 * ends, or nothing when another process is taking that step right now (SKIP LOCKED: nobody waits for it).
 * NO KEY UPDATE, not UPDATE: every join's insert key-share locks this row (the places' foreign key), and a
 * step, the draw of a whole pre-queue included, must not make the joins of that moment wait for it.
 */
export async function lockRoomForStep(
  trx: Db,
  eventId: string,
): Promise<(RoomRow & { db_now: Date }) | undefined> {
  const { rows } = await sql<RoomRow & { db_now: Date }>`
    select *, now() as db_now from waiting_rooms
    where event_id = ${eventId} and enabled
    for no key update skip locked`.execute(trx)
  return rows[0]
}

export async function updateRoom(trx: Db, eventId: string, set: Updateable<WaitingRoomsTable>) {
  await trx
    .updateTable('waiting_rooms')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .execute()
}

/** Pre-queue places not drawn yet, in arrival order (the draw's input, so a seed replays it). */
export async function undrawnPlaces(trx: Db, eventId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('waiting_room_places')
    .select('id')
    .where('event_id', '=', eventId)
    .where('queue_key', 'is', null)
    .orderBy('seq')
    .execute()
  return rows.map((r) => r.id)
}

/** Keys `first`, `first + 1`, … in the order given. */
export async function assignKeys(trx: Db, ids: readonly string[], first: number) {
  if (ids.length === 0) return
  await sql`
    update waiting_room_places p set queue_key = ${first - 1} + d.rank
    from unnest(${sql.val([...ids])}::uuid[]) with ordinality as d(id, rank)
    where p.id = d.id`.execute(trx)
}

/** The key of the `n`th place after `afterKey`, or the last place's when fewer wait. */
export async function keyAfter(trx: Db, eventId: string, afterKey: string, n: number) {
  const { rows } = await sql<{ queue_key: string }>`
    (select queue_key from waiting_room_places
     where event_id = ${eventId} and queue_key > ${afterKey}
     order by queue_key offset ${n - 1} limit 1)
    union all
    (select max(queue_key) from waiting_room_places where event_id = ${eventId} and queue_key > ${afterKey})
    limit 1`.execute(trx)
  return rows[0]?.queue_key ?? null
}

/** The median time from "your turn" to a purchase over the last hour, in seconds, or null with none. */
export async function medianCheckoutSeconds(trx: Db, eventId: string): Promise<number | null> {
  const { rows } = await sql<{ s: number | null }>`
    select percentile_cont(0.5) within group (order by extract(epoch from spent_at - admitted_at)) as s
    from waiting_room_places
    where event_id = ${eventId} and spent_at > now() - interval '1 hour' and admitted_at is not null`.execute(
    trx,
  )
  const s = rows[0]?.s
  return s === null || s === undefined ? null : Number(s)
}
