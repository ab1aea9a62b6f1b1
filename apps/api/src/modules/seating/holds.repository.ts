import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

export interface SeatRef {
  section: string
  row: string
  seat: number
}

export interface TakenPlace {
  section_code: string
  place_index: number
  row_label: string
  seat_number: number
  price_zone_id: string | null
  change_seq: number
}

/** A place just granted, with its zone name and price, so a new hold is answered without re-reading it. */
export interface GrantedPlace extends TakenPlace {
  zone_name: string | null
  price_amount: number | string | null
}

/** Holds in these statuses keep their seats; the rest have let go (mirrors reservation-lifecycle). */
const HOLDING = ['BOOKED', 'ACTIVE', 'STARTED_PAYMENT', 'WAITING_FOR_PAYMENT', 'BOOKED_FOREVER']

/** Serialises one fan's hold changes for one event (the per-fan maximum is checked under this lock). */
export async function lockFanEvent(trx: Db, eventId: string, userId: string) {
  await sql`insert into hold_locks (event_id, user_id) values (${eventId}, ${userId})
    on conflict (event_id, user_id) do update set touched_at = now()`.execute(trx)
}

export async function findLiveHold(trx: Db, eventId: string, userId: string) {
  return trx
    .selectFrom('seat_holds')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['BOOKED', 'ACTIVE'])
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function findHold(db: Db, holdId: string) {
  return db.selectFrom('seat_holds').selectAll().where('id', '=', holdId).executeTakeFirst()
}

export async function insertHold(trx: Db, eventId: string, userId: string, minutes: number) {
  return trx
    .insertInto('seat_holds')
    .values({
      event_id: eventId,
      user_id: userId,
      status: 'BOOKED',
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * The fan's live hold for the event, or a new one, in one statement (run under the fan lock, so two
 * requests of one fan cannot both create one). `created` tells a new hold, which has no seats yet.
 */
export async function findOrInsertLiveHold(trx: Db, eventId: string, userId: string, minutes: number) {
  const { rows } = await sql<{
    id: string
    event_id: string
    user_id: string
    status: string
    created_at: Date
    expires_at: Date
    created: boolean
  }>`
    with found as (
      select id, event_id, user_id, status, created_at, expires_at from seat_holds
      where event_id = ${eventId} and user_id = ${userId} and status in ('BOOKED', 'ACTIVE') and expires_at > now()
      order by created_at desc
      limit 1
    ), made as (
      insert into seat_holds (event_id, user_id, status, expires_at)
      select ${eventId}, ${userId}, 'BOOKED', now() + make_interval(mins => ${minutes})
      where not exists (select 1 from found)
      returning id, event_id, user_id, status, created_at, expires_at
    )
    select *, false as created from found
    union all
    select *, true as created from made`.execute(trx)
  const hold = rows[0]
  if (!hold) throw new Error('find-or-insert of a hold returned nothing')
  return hold
}

export async function setHoldStatus(trx: Db, holdId: string, status: string) {
  await trx
    .updateTable('seat_holds')
    .set({ status, updated_at: new Date() })
    .where('id', '=', holdId)
    .execute()
}

/**
 * Takes named seats for a hold. Rows are locked in one stable order and NOWAIT, so racing buyers fail
 * fast instead of queueing (DESIGN §5); the final UPDATE re-checks that each seat is free (or its
 * hold expired) in the same statement that grants it. Returns only the seats actually taken.
 */
export async function takeSeats(
  trx: Db,
  eventId: string,
  hold: { id: string; expires_at: Date },
  refs: SeatRef[],
  allowExclusive: boolean,
): Promise<GrantedPlace[]> {
  const { rows } = await sql<GrantedPlace>`
    with wanted as (
      select * from unnest(${refs.map((r) => r.section)}::text[], ${refs.map((r) => r.row)}::text[], ${refs.map((r) => r.seat)}::int[]) as w(s, r, n)
    ), locked as (
      select es.section_code, es.place_index from event_seats es
      join wanted w on es.section_code = w.s and es.row_label = w.r and es.seat_number = w.n
      where es.event_id = ${eventId}
      order by es.section_code, es.place_index
      for update of es nowait
    )
    update event_seats es
    set status = 'HELD', hold_id = ${hold.id}, hold_expires_at = ${hold.expires_at}, change_seq = nextval('seat_change_seq')
    from locked l
    where es.event_id = ${eventId} and es.section_code = l.section_code and es.place_index = l.place_index
      and (es.status = 'AVAILABLE' or (es.status = 'HELD' and es.hold_expires_at <= now()))
      and (es.restriction is null or es.restriction = 'PREFERENTIAL' or ${allowExclusive})
    returning es.section_code, es.place_index, es.row_label, es.seat_number, es.price_zone_id, es.change_seq,
      (select pz.name from price_zones pz where pz.id = es.price_zone_id) as zone_name,
      (select pz.price_amount from price_zones pz where pz.id = es.price_zone_id) as price_amount`.execute(
    trx,
  )
  return rows
}

/** Takes `quantity` slots of an unnumbered section; SKIP LOCKED lets a crowd share one section. */
export async function takeSlots(
  trx: Db,
  eventId: string,
  hold: { id: string; expires_at: Date },
  section: string,
  quantity: number,
): Promise<GrantedPlace[]> {
  const { rows } = await sql<GrantedPlace>`
    with picked as (
      select section_code, place_index from event_seats
      where event_id = ${eventId} and section_code = ${section} and row_label = 'UNNUMBERED'
        and (status = 'AVAILABLE' or (status = 'HELD' and hold_expires_at <= now()))
      order by place_index
      limit ${quantity}
      for update skip locked
    )
    update event_seats es
    set status = 'HELD', hold_id = ${hold.id}, hold_expires_at = ${hold.expires_at}, change_seq = nextval('seat_change_seq')
    from picked p
    where es.event_id = ${eventId} and es.section_code = p.section_code and es.place_index = p.place_index
      and (es.status = 'AVAILABLE' or (es.status = 'HELD' and es.hold_expires_at <= now()))
    returning es.section_code, es.place_index, es.row_label, es.seat_number, es.price_zone_id, es.change_seq,
      (select pz.name from price_zones pz where pz.id = es.price_zone_id) as zone_name,
      (select pz.price_amount from price_zones pz where pz.id = es.price_zone_id) as price_amount`.execute(
    trx,
  )
  return rows
}

/** Which of these seats exist in the event, and whether they can ever be sold. */
export async function describeSeats(trx: Db, eventId: string, refs: SeatRef[]) {
  const { rows } = await sql<{
    section_code: string
    row_label: string
    seat_number: number
    status: string
    restriction: string | null
  }>`
    select es.section_code, es.row_label, es.seat_number, es.status, es.restriction from event_seats es
    join unnest(${refs.map((r) => r.section)}::text[], ${refs.map((r) => r.row)}::text[], ${refs.map((r) => r.seat)}::int[]) as w(s, r, n)
      on es.section_code = w.s and es.row_label = w.r and es.seat_number = w.n
    where es.event_id = ${eventId}`.execute(trx)
  return rows
}

/** Places this fan holds (in holding statuses) or bought, per price zone, for the per-fan maximum. */
export async function fanPlacesByZone(trx: Db, eventId: string, userId: string) {
  const { rows } = await sql<{ zone: string | null; n: number; per_fan_max: number | null }>`
    select es.price_zone_id as zone, count(*)::int as n, min(pz.per_fan_max) as per_fan_max
    from event_seats es
    join seat_holds h on h.id = es.hold_id
    left join price_zones pz on pz.id = es.price_zone_id
    where h.event_id = ${eventId} and h.user_id = ${userId}
      and ((es.status = 'HELD' and es.hold_expires_at > now() and h.status in (${sql.join(HOLDING)})) or es.status = 'SOLD')
    group by es.price_zone_id`.execute(trx)
  return rows
}

/** Frees some or all of a hold's seats; returns them for the live feed. */
export async function releaseSeats(trx: Db, holdId: string, refs?: SeatRef[]) {
  const base = sql`update event_seats es
    set status = 'AVAILABLE', hold_id = null, hold_expires_at = null, change_seq = nextval('seat_change_seq')
    where es.hold_id = ${holdId} and es.status = 'HELD'`
  const { rows } = refs
    ? await sql<TakenPlace & { event_id: string }>`${base}
        and (es.section_code, es.row_label, es.seat_number) in (
          select * from unnest(${refs.map((r) => r.section)}::text[], ${refs.map((r) => r.row)}::text[], ${refs.map((r) => r.seat)}::int[]))
        returning es.event_id, es.section_code, es.place_index, es.row_label, es.seat_number, es.price_zone_id, es.change_seq`.execute(
        trx,
      )
    : await sql<TakenPlace & { event_id: string }>`${base}
        returning es.event_id, es.section_code, es.place_index, es.row_label, es.seat_number, es.price_zone_id, es.change_seq`.execute(
        trx,
      )
  return rows
}

/** The seats of a hold with their zone and price, in a stable order. */
export async function seatsOfHold(db: Db, holdId: string) {
  return db
    .selectFrom('event_seats as es')
    .leftJoin('price_zones as pz', 'pz.id', 'es.price_zone_id')
    .select([
      'es.section_code',
      'es.place_index',
      'es.row_label',
      'es.seat_number',
      'es.price_zone_id',
      'pz.name as zone_name',
      'pz.price_amount',
    ])
    .where('es.hold_id', '=', holdId)
    .where('es.status', '=', 'HELD')
    .orderBy('es.section_code')
    .orderBy('es.place_index')
    .execute()
}

/**
 * The sweeper's step: frees places whose hold time ran out and marks those holds EXPIRED. Only tidies:
 * a new hold already treats an expired place as free (DESIGN §5).
 */
export async function sweepExpired(db: Db, limit: number) {
  const { rows } = await sql<{
    event_id: string
    section_code: string
    place_index: number
    change_seq: number
  }>`
    with gone as (
      select event_id, section_code, place_index from event_seats
      where status = 'HELD' and hold_expires_at <= now()
      order by hold_expires_at
      limit ${limit}
      for update skip locked
    )
    update event_seats es
    set status = 'AVAILABLE', hold_id = null, hold_expires_at = null, change_seq = nextval('seat_change_seq')
    from gone g
    where es.event_id = g.event_id and es.section_code = g.section_code and es.place_index = g.place_index
      and es.status = 'HELD' and es.hold_expires_at <= now()
    returning es.event_id, es.section_code, es.place_index, es.change_seq`.execute(db)
  await sql`update seat_holds set status = 'EXPIRED', updated_at = now()
    where status in ('BOOKED', 'ACTIVE') and expires_at <= now()`.execute(db)
  return rows
}

/** Sends changes to every process's live feed at commit (NOTIFY is transactional). */
export async function notifySeatChanges(trx: Db, payload: string) {
  await sql`select pg_notify('seat_changes', ${payload})`.execute(trx)
}
