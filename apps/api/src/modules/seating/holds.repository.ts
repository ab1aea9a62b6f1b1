import type { ReservationStatus } from '@palco/domain/orders/statuses'
import type { HoldRefusal, SeatRef } from '@palco/domain/seating/hold-rules'
import {
  assertReservationMove,
  EDITABLE_STATUSES,
  EXPIRES_BY_CLOCK,
  HOLDING_STATUSES,
} from '@palco/domain/seating/reservation-lifecycle'
import { assertSeatMove } from '@palco/domain/seating/seat-lifecycle'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

// The rule's own vocabulary (packages/domain/src/seating/hold-rules.ts), as this file's callers name it.
export type { HoldRefusal, MissedSeat, SeatRef } from '@palco/domain/seating/hold-rules'

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

/**
 * Serialises one fan's hold changes for one event until the transaction ends (the per-fan maximum is
 * checked under this lock). An advisory lock, defined once in the database (migration 0009).
 */
export async function lockFanEvent(trx: Db, eventId: string, userId: string) {
  await sql`select lock_fan_event(${eventId}::uuid, ${userId}::uuid)`.execute(trx)
}

export async function findLiveHold(trx: Db, eventId: string, userId: string) {
  return trx
    .selectFrom('seat_holds')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', 'in', [...EDITABLE_STATUSES])
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Every live, editable hold of the fan for the event (one, unless something raced), with its status. */
export async function findLiveHolds(trx: Db, eventId: string, userId: string) {
  return trx
    .selectFrom('seat_holds')
    .select(['id', 'status'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', 'in', [...EDITABLE_STATUSES])
    .where('expires_at', '>', sql<Date>`now()`)
    .execute()
}

export async function findHold(db: Db, holdId: string) {
  return db.selectFrom('seat_holds').selectAll().where('id', '=', holdId).executeTakeFirst()
}

/**
 * The one writer of a reservation's status (`seat_holds.status`), for seating's own changes and checkout's:
 * a move of the domain's table (reservation-lifecycle.ts), checked before it runs (an illegal move is a bug,
 * and throws), made only from the status the caller saw (a stale writer changes nothing: false). A payment
 * may move the hold's own end with it (`expiresAt`).
 */
export async function moveHold(
  trx: Db,
  holdId: string,
  from: string,
  to: string,
  expiresAt?: Date,
): Promise<boolean> {
  assertReservationMove(from as ReservationStatus, to as ReservationStatus, holdId)
  const r = await trx
    .updateTable('seat_holds')
    .set({ status: to, updated_at: sql`now()`, ...(expiresAt ? { expires_at: expiresAt } : {}) })
    .where('id', '=', holdId)
    .where('status', '=', from)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export interface HoldRow {
  id: string
  event_id: string
  status: string
  created_at: Date | string
  expires_at: Date | string
}

/** What `hold_places` refused, with what the API needs to say why (db/sql/hold-places.ts). */
export class HoldRefused extends Error {
  constructor(readonly refusal: HoldRefusal) {
    super(refusal.kind)
  }
}

const REFUSALS = new Set(['PLACES_NOT_TAKEN', 'SLOTS_SHORT', 'MAX_PER_FAN_EXCEEDED'])

/**
 * Adds places to the fan's live hold for the event, creating it if needed, in one statement and so one
 * transaction (the `hold_places` function, db/sql/hold-places.ts). Named seats are locked NOWAIT in a stable
 * order and granted only if free or lapsed (AVAILABLE or HELD → HELD); slots of an unnumbered section are
 * taken SKIP LOCKED; the per-fan maximum is checked last. Any refusal rolls everything back and throws
 * `HoldRefused`; a seat locked by a racing request throws the driver's 55P03.
 */
export async function holdPlacesAtomically(
  db: Db,
  eventId: string,
  userId: string,
  minutes: number,
  allowExclusive: boolean,
  want: { seats: SeatRef[] } | { section: string; quantity: number },
): Promise<{ hold: HoldRow & { created: boolean }; taken: GrantedPlace[] }> {
  const seats = 'seats' in want ? want.seats : null
  assertSeatMove(['AVAILABLE', 'HELD'], 'HELD')
  try {
    const { rows } = await sql<{ result: { hold: HoldRow & { created: boolean }; taken: GrantedPlace[] } }>`
      select hold_places(${eventId}::uuid, ${userId}::uuid, ${minutes}::int, ${allowExclusive}::boolean,
        ${[...HOLDING_STATUSES]}::text[],
        ${seats?.map((r) => r.section) ?? null}::text[], ${seats?.map((r) => r.row) ?? null}::text[],
        ${seats?.map((r) => r.seat) ?? null}::int[],
        ${'section' in want ? want.section : null}::text, ${'quantity' in want ? want.quantity : null}::int
      ) as result`.execute(db)
    const result = rows[0]?.result
    if (!result) throw new Error('hold_places returned nothing')
    return result
  } catch (err) {
    const e = err as { code?: string; message?: string; detail?: string }
    if (e.code === 'P0001' && e.message && REFUSALS.has(e.message)) {
      const detail = JSON.parse(e.detail ?? 'null')
      throw new HoldRefused(
        e.message === 'PLACES_NOT_TAKEN'
          ? { kind: 'PLACES_NOT_TAKEN', missed: detail }
          : { kind: e.message, ...detail },
      )
    }
    throw err
  }
}

/** Frees some or all of a hold's seats (HELD → AVAILABLE); returns them for the live feed. */
export async function releaseSeats(trx: Db, holdId: string, refs?: SeatRef[]) {
  assertSeatMove(['HELD'], 'AVAILABLE')
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
      'pz.presale',
    ])
    .where('es.hold_id', '=', holdId)
    .where('es.status', '=', 'HELD')
    .orderBy('es.section_code')
    .orderBy('es.place_index')
    .execute()
}

/**
 * The sweeper's step for places: frees those whose hold time ran out (HELD → AVAILABLE). Only tidies: a new
 * hold already treats a lapsed place as free (DESIGN §5).
 */
export async function freeLapsedPlaces(db: Db, limit: number) {
  assertSeatMove(['HELD'], 'AVAILABLE')
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
  return rows
}

/** The sweeper's step for holds: the ones the clock ends (EXPIRES_BY_CLOCK) and whose time ran out → EXPIRED. */
export async function expireLapsedHolds(db: Db) {
  for (const from of EXPIRES_BY_CLOCK) assertReservationMove(from, 'EXPIRED')
  await sql`update seat_holds set status = 'EXPIRED', updated_at = now()
    where status in (${sql.join([...EXPIRES_BY_CLOCK])}) and expires_at <= now()`.execute(db)
}

/** Sends changes to every process's live feed at commit (NOTIFY is transactional). */
export async function notifySeatChanges(trx: Db, payload: string) {
  await sql`select pg_notify('seat_changes', ${payload})`.execute(trx)
}

interface PendingNotify {
  payloads: string[]
  done: () => void
  failed: (err: unknown) => void
}

/**
 * NOTIFYs sent after commit by one process share round trips: the first goes at once, and those that
 * come while it is on its way go together in one statement when it returns. In an on-sale rush that is
 * one statement for many holds instead of one each; when idle it adds nothing. Each payload stays its own
 * message, so listeners see exactly what separate NOTIFYs would have sent.
 */
class NotifyBatcher {
  private queue: PendingNotify[] = []
  private sending = false

  constructor(private readonly db: Db) {}

  send(payloads: string[]): Promise<void> {
    if (payloads.length === 0) return Promise.resolve()
    return new Promise((done, failed) => {
      this.queue.push({ payloads, done, failed })
      if (!this.sending) void this.flush()
    })
  }

  private async flush() {
    this.sending = true
    while (this.queue.length > 0) {
      const batch = this.queue
      this.queue = []
      try {
        await sql`select pg_notify('seat_changes', p) from unnest(${batch.flatMap((b) => b.payloads)}::text[]) as p`.execute(
          this.db,
        )
        for (const b of batch) b.done()
      } catch (err) {
        for (const b of batch) b.failed(err)
      }
    }
    this.sending = false
  }
}

const batchers = new WeakMap<Db, NotifyBatcher>()

/** Sends changes to every process's live feed, outside any transaction, batched with concurrent ones. */
export function notifySeatChangesSoon(db: Db, payloads: string[]): Promise<void> {
  let batcher = batchers.get(db)
  if (!batcher) {
    batcher = new NotifyBatcher(db)
    batchers.set(db, batcher)
  }
  return batcher.send(payloads)
}

/** What decides whether an event sells now. */
export async function findSellingEvent(db: Db, eventId: string) {
  return db
    .selectFrom('events')
    .select(['status', 'on_sale_at', 'off_sale_at'])
    .where('id', '=', eventId)
    .executeTakeFirst()
}
