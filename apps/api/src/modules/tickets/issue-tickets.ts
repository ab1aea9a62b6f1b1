import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/dialect.js'

export interface TicketPlace {
  section: string
  placeIndex: number
  row: string
  seat: number
  zoneName: string | null
  /** What the fan paid for this place: nothing makes it a FREE ticket (spec §3 ticket kinds). */
  total: number
}

/**
 * Issues one PAID, OWNED ticket per place of a paid order (issue 6 part 6), inside the transaction that
 * marks the order paid. Exactly once: the (order, place) unique constraint makes a second call a no-op
 * rather than a second ticket, and the partial unique index on (event, place) refuses a place that already
 * has a valid ticket from another order. The QR secret (32 random bytes) is never returned by list APIs.
 */
export async function issueTickets(
  trx: Db,
  order: { id: string; eventId: string; userId: string },
  places: readonly TicketPlace[],
): Promise<number> {
  if (places.length === 0) return 0
  const rows = await trx
    .insertInto('tickets')
    .values(
      places.map((p) => ({
        order_id: order.id,
        event_id: order.eventId,
        owner_user_id: order.userId,
        section_code: p.section,
        place_index: p.placeIndex,
        row_label: p.row,
        seat_number: p.seat,
        zone_name: p.zoneName,
        kind: p.total === 0 ? 'FREE' : 'PAID',
        ownership: 'OWNED',
        status: 'PAID',
        qr_secret: randomBytes(32),
      })),
    )
    .onConflict((oc) => oc.columns(['order_id', 'section_code', 'place_index']).doNothing())
    .returning('id')
    .execute()
  return rows.length
}

export async function ticketsOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('tickets')
    .select(['id', 'section_code', 'row_label', 'seat_number', 'zone_name', 'place_index'])
    .where('order_id', '=', orderId)
    .orderBy('section_code')
    .orderBy('place_index')
    .execute()
}
