import { OPEN_ORDER_STATUSES } from '@palco/domain/checkout/lifecycle'
import type { Db } from '../../db/dialect.js'

/**
 * The orders a cancellation settles: paid ones and those still waiting for a payment, in id order so
 * their row locks are always taken in the same order.
 */
export async function ordersToSettle(trx: Db, eventId: string) {
  const rows = await trx
    .selectFrom('orders')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', 'in', ['PAID', ...OPEN_ORDER_STATUSES])
    .orderBy('id')
    .execute()
  return rows.map((r) => r.id)
}

/** Reservations still holding places of the event (a fan choosing seats, nothing ordered yet), in id order. */
export async function liveHoldsOfEvent(trx: Db, eventId: string) {
  return trx
    .selectFrom('seat_holds')
    .select(['id', 'status'])
    .where('event_id', '=', eventId)
    .where('status', 'in', ['BOOKED', 'ACTIVE', 'STARTED_PAYMENT', 'WAITING_FOR_PAYMENT'])
    .orderBy('id')
    .forUpdate()
    .execute()
}
