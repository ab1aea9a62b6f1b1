import { assertSeatMove } from '@palco/domain/seating/seat-lifecycle'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

// A reservation's seats on their way to an order: kept through a payment, sold, or put back on sale.
// Seating owns seat_holds and event_seats (DESIGN §4.7); checkout moves them only through seat-sales.service.
// A reservation's status moves through the one writer, holds.repository.ts `moveHold`.

export async function lockHold(trx: Db, holdId: string) {
  return trx.selectFrom('seat_holds').selectAll().where('id', '=', holdId).forUpdate().executeTakeFirst()
}

export async function findHoldRow(db: Db, holdId: string) {
  return db.selectFrom('seat_holds').selectAll().where('id', '=', holdId).executeTakeFirst()
}

/** Keeps the hold's seats from the sweeper while a payment runs (a hold may end mid-payment otherwise). */
export async function protectSeats(trx: Db, holdId: string, until: Date) {
  await sql`update event_seats set hold_expires_at = greatest(hold_expires_at, ${until})
    where hold_id = ${holdId} and status = 'HELD'`.execute(trx)
}

/** Sets the seats' hold end exactly (a voucher's expiry, or back to the hold's own clock after a decline). */
export async function setSeatsHoldEnd(trx: Db, holdId: string, until: Date) {
  await sql`update event_seats set hold_expires_at = ${until}
    where hold_id = ${holdId} and status = 'HELD'`.execute(trx)
}

export interface SoldPlace {
  event_id: string
  section_code: string
  place_index: number
  row_label: string
  seat_number: number
  change_seq: number
}

/**
 * Sells an order's places (HELD or AVAILABLE → SOLD). Each must still be this hold's, or free (a late payment
 * whose hold lapsed but whose seats nobody took); the final UPDATE re-checks that per row (DESIGN §5), rows
 * locked in a stable order. Returns the rows sold; fewer than asked means someone else has some of them.
 */
export async function sellPlaces(
  trx: Db,
  eventId: string,
  holdId: string,
  places: readonly { section: string; placeIndex: number }[],
): Promise<SoldPlace[]> {
  if (places.length === 0) return []
  assertSeatMove(['HELD', 'AVAILABLE'], 'SOLD')
  const { rows } = await sql<SoldPlace>`
    with wanted as (
      select * from unnest(${places.map((p) => p.section)}::text[], ${places.map((p) => p.placeIndex)}::int[]) as w(s, i)
    ), locked as (
      select es.section_code, es.place_index from event_seats es
      join wanted w on es.section_code = w.s and es.place_index = w.i
      where es.event_id = ${eventId}
      order by es.section_code, es.place_index
      for update of es
    )
    update event_seats es
    set status = 'SOLD', hold_id = ${holdId}, hold_expires_at = null, change_seq = nextval('seat_change_seq')
    from locked l
    where es.event_id = ${eventId} and es.section_code = l.section_code and es.place_index = l.place_index
      and ((es.status = 'HELD' and es.hold_id = ${holdId})
        or es.status = 'AVAILABLE'
        or (es.status = 'HELD' and es.hold_expires_at <= now()))
    returning es.event_id, es.section_code, es.place_index, es.row_label, es.seat_number, es.change_seq`.execute(
    trx,
  )
  return rows
}

/**
 * Locks the places and says of each whether this order may still take it: its own hold's, or any place a new
 * hold could take (packages/domain/src/seating/hold-rules.ts).
 */
export async function lockTakeablePlaces(
  trx: Db,
  eventId: string,
  holdId: string,
  places: readonly { section: string; placeIndex: number }[],
) {
  const { rows } = await sql<{ section_code: string; ok: boolean }>`
    select es.section_code,
      ((es.status = 'HELD' and es.hold_id = ${holdId}) or es.status = 'AVAILABLE'
        or (es.status = 'HELD' and es.hold_expires_at <= now())) as ok
    from event_seats es
    join unnest(${places.map((p) => p.section)}::text[], ${places.map((p) => p.placeIndex)}::int[]) as w(s, i)
      on es.section_code = w.s and es.place_index = w.i
    where es.event_id = ${eventId}
    order by es.section_code, es.place_index
    for update of es`.execute(trx)
  return rows
}

/** Puts a sold order's places back on sale (SOLD → AVAILABLE: a voided sale, a refund); returns them for the feed. */
export async function unsellPlaces(trx: Db, eventId: string, holdId: string) {
  assertSeatMove(['SOLD'], 'AVAILABLE')
  const { rows } = await sql<{
    event_id: string
    section_code: string
    place_index: number
    change_seq: number
  }>`
    update event_seats
    set status = 'AVAILABLE', hold_id = null, hold_expires_at = null, change_seq = nextval('seat_change_seq')
    where event_id = ${eventId} and hold_id = ${holdId} and status = 'SOLD'
    returning event_id, section_code, place_index, change_seq`.execute(trx)
  return rows
}
