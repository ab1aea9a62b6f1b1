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

/**
 * The next refunds of a cancelled event still to make, after `after` in id order: the batch a refund job
 * works. A refund made meanwhile (by an earlier run of the same batch, or by reconciliation) is no longer
 * REQUESTED and drops out, so a batch started again never returns money twice.
 */
export async function refundsToMake(db: Db, eventId: string, after: string | null, limit: number) {
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select('p.id')
    .where('o.event_id', '=', eventId)
    .where('p.refund_reason', '=', 'EVENT_CANCELLED')
    .where('p.refund_state', '=', 'REQUESTED')
    .$if(after !== null, (q) => q.where('p.id', '>', after as string))
    .orderBy('p.id')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/** How far a cancelled event's refunds have come: every refund asked for, and those made. */
export async function refundCounts(db: Db, eventId: string) {
  const row = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('p.id').filterWhere('p.refund_state', '=', 'DONE').as('refunded'),
    ])
    .where('o.event_id', '=', eventId)
    .where('p.refund_reason', '=', 'EVENT_CANCELLED')
    .where('p.refund_state', 'is not', null)
    .executeTakeFirstOrThrow()
  return { total: Number(row.total), refunded: Number(row.refunded) }
}

/** The country an event is sold in, or undefined when there is no such event. */
export async function countryOfEvent(db: Db, eventId: string) {
  const row = await db.selectFrom('events').select('country').where('id', '=', eventId).executeTakeFirst()
  return row?.country
}
