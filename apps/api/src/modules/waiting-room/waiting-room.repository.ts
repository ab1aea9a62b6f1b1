import { ARRIVAL_KEY_OFFSET } from '@palco/domain/waiting-room/queue-rules'
import { type Selectable, sql } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { WaitingRoomPlacesTable, WaitingRoomsTable } from '../../db/schema.js'

export type RoomRow = Selectable<WaitingRoomsTable>
export type PlaceRow = Selectable<WaitingRoomPlacesTable>

export async function findRoom(db: Db, eventId: string): Promise<RoomRow | undefined> {
  return db.selectFrom('waiting_rooms').selectAll().where('event_id', '=', eventId).executeTakeFirst()
}

/**
 * A new place in one statement: before `opens_at` (the database's clock, the same for every process) it
 * joins the pre-queue without a key; after, it is keyed behind every drawn place by arrival. An existing
 * place of the holder stays as it is (no row returned), so a second join never moves anyone.
 */
export async function insertPlace(
  db: Db,
  p: { id: string; eventId: string; holder: string; userId: string | null },
): Promise<PlaceRow | undefined> {
  const { rows } = await sql<PlaceRow>`
    insert into waiting_room_places (id, event_id, holder, user_id, seq, pre_queue, queue_key)
    select ${p.id}, r.event_id, ${p.holder}, ${p.userId}, s.n, now() < r.opens_at,
           case when now() < r.opens_at then null else ${ARRIVAL_KEY_OFFSET} + s.n end
    from waiting_rooms r cross join (select nextval('waiting_room_arrivals') as n) s
    where r.event_id = ${p.eventId} and r.enabled
    on conflict (event_id, holder) do nothing
    returning *`.execute(db)
  return rows[0]
}

/** The holder's place among these (an account's and its device's), the account's first. */
export async function placesOfHolders(db: Db, eventId: string, holders: readonly string[]) {
  return db
    .selectFrom('waiting_room_places')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('holder', 'in', [...holders])
    .execute()
}

/** A visitor's place becomes their account's when they log in (the account had none). */
export async function movePlaceToAccount(db: Db, placeId: string, holder: string, userId: string) {
  return db
    .updateTable('waiting_room_places')
    .set({ holder, user_id: userId })
    .where('id', '=', placeId)
    .returningAll()
    .executeTakeFirst()
}

/**
 * A used or lapsed turn queues again at the back, as a new arrival (same row: still one place), under a new
 * id: the pass names the place's id, and every process remembers spent ids (admission-gate.ts), so the next
 * turn's pass must not carry the spent one, or it would be refused.
 */
export async function requeuePlace(db: Db, placeId: string, newId: string): Promise<PlaceRow | undefined> {
  const { rows } = await sql<PlaceRow>`
    update waiting_room_places p
    set id = ${newId}, seq = s.n, pre_queue = false, queue_key = ${ARRIVAL_KEY_OFFSET} + s.n,
        admitted_at = null, spent_at = null, joined_at = now()
    from (select nextval('waiting_room_arrivals') as n) s
    where p.id = ${placeId}
    returning p.*`.execute(db)
  return rows[0]
}

/** The first time a fan is told it is their turn starts their pass's ten minutes. */
export async function markAdmitted(db: Db, placeId: string): Promise<Date | undefined> {
  const { rows } = await sql<{ admitted_at: Date }>`
    update waiting_room_places set admitted_at = coalesce(admitted_at, now())
    where id = ${placeId} returning admitted_at`.execute(db)
  return rows[0]?.admitted_at
}

export async function spendPlace(db: Db, placeId: string): Promise<number> {
  const result = await db
    .updateTable('waiting_room_places')
    .set({ spent_at: sql<Date>`now()` })
    .where('id', '=', placeId)
    .where('spent_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Places between the cursor and this key, counted up to `cap`: a count walks the index, so a fan far back
 * gets an estimate instead (`placesAhead`).
 */
export async function countAhead(db: Db, eventId: string, fromKey: string, toKey: string, cap: number) {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from (
      select 1 from waiting_room_places
      where event_id = ${eventId} and queue_key > ${fromKey} and queue_key < ${toKey}
      limit ${cap}) ahead`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** The first key given to an arrival after opening (one probe of the queue's index), or null. */
export async function firstArrivalKey(db: Db, eventId: string): Promise<number | null> {
  const { rows } = await sql<{ k: string | null }>`
    select min(queue_key) as k from waiting_room_places
    where event_id = ${eventId} and queue_key >= ${ARRIVAL_KEY_OFFSET}`.execute(db)
  return rows[0]?.k == null ? null : Number(rows[0].k)
}

export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db)
  return new Date((rows[0] as { now: Date }).now)
}
