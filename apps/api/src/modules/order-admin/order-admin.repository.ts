import type { Scope } from '@palco/domain/organisers/staff-access'
import { type SqlBool, sql } from 'kysely'
import type { Db } from '../../db/dialect.js'
import { inScope } from '../../db/scope.js'

/** The organiser console's reads of orders (issue 43 part 3); writes go through settlement and orders. */

const SEARCH_LIMIT = 50

/** Four digits are the last of a paying card's: no code, phone or document is that short. */
export const isCardLastFour = (q: string) => /^\d{4}$/.test(q)

/**
 * Orders of the country within the scope whose code, buyer e-mail, phone or document is exactly `q`, or that a
 * card ending in `q` paid, newest first. Each key has its own index (migrations 0039, 0043), so the OR is a
 * union of index scans; the card's digits are a query of their own, found through the payments' index.
 */
export async function searchOrders(
  db: Db,
  where: { country: string; scope: Scope; q: string; eventId?: string | undefined },
) {
  const q = where.q.trim()
  let query = db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .select([
      'o.id',
      'o.code',
      'o.status',
      'o.total',
      'o.currency',
      'o.created_at',
      'o.contact',
      'e.name as event_name',
    ])
    .where('o.country', '=', where.country)
    .where((eb) => inScope(eb, 'e.organiser_id', where.scope))
    .where(
      isCardLastFour(q)
        ? sql<SqlBool>`o.id in (select p.order_id from payments p where p.card_last4 = ${q})`
        : sql<SqlBool>`(o.code = ${q.toUpperCase()} or lower(o.contact->>'email') = ${q.toLowerCase()}
        or o.contact->>'phone' = ${q} or o.billing->>'documentNumber' = ${q})`,
    )
  if (where.eventId) query = query.where('o.event_id', '=', where.eventId)
  return query.orderBy('o.created_at', 'desc').orderBy('o.id').limit(SEARCH_LIMIT).execute()
}

/** An order with its event, or undefined. */
export async function orderWithEvent(db: Db, orderId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .selectAll('o')
    .select(['e.name as event_name', 'e.starts_at as event_starts_at', 'e.organiser_id'])
    .where('o.id', '=', orderId)
    .executeTakeFirst()
}

export async function paymentsForStaff(db: Db, orderId: string) {
  return db
    .selectFrom('payments')
    .select([
      'id',
      'method',
      'provider_code',
      'amount',
      'currency',
      'status',
      'refund_state',
      'refund_method',
      'card_last4',
      'created_at',
    ])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The order's tickets with their first entry at a gate, if any. */
export async function ticketsForStaff(db: Db, orderId: string) {
  return (
    db
      .selectFrom('tickets as t')
      // A season pass's ticket enters several events; its own event's entry is the one shown.
      .leftJoin('ticket_checkins as c', (j) =>
        j.onRef('c.ticket_id', '=', 't.id').onRef('c.event_id', '=', 't.event_id'),
      )
      .select([
        't.id',
        't.section_code',
        't.row_label',
        't.seat_number',
        't.zone_name',
        't.holder_name',
        't.status',
        'c.checked_in_at',
        'c.gate',
      ])
      .where('t.order_id', '=', orderId)
      .orderBy('t.section_code')
      .orderBy('t.place_index')
      .execute()
  )
}

/** What the back office did to the order (audit_log), oldest first. */
export async function orderAudit(db: Db, orderId: string) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'actor_email', 'at'])
    .where('entity', '=', 'order')
    .where('entity_id', '=', orderId)
    .orderBy('at')
    .execute()
}
