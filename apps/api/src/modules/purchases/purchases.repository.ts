import { UNSETTLED_PAYMENT_STATUSES } from '@palco/domain/checkout/order-balance'
import type { Db } from '../../db/dialect.js'

/**
 * My purchases (issue 7, part 1): orders this user bought, newest first — with their account, or before they
 * had one, as the pre-registered fan the box office sold to (issue 14 part 1). An order an operator placed for
 * someone else is the buyer's, not the operator's. The only SQL of this module.
 */
function ordersOf(db: Db, userId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .where((eb) =>
      eb.or([
        eb('o.user_id', '=', userId),
        eb(
          'o.buyer_fan_id',
          'in',
          eb.selectFrom('fans').select('fans.id').where('fans.user_id', '=', userId),
        ),
      ]),
    )
}

export async function countPurchases(db: Db, userId: string): Promise<number> {
  const row = await ordersOf(db, userId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function findPurchases(
  db: Db,
  userId: string,
  page: { offset: number; limit: number; orderId?: string },
) {
  let q = ordersOf(db, userId)
    .select([
      'o.id',
      'o.code',
      'o.status',
      'o.purchase_status',
      'o.method',
      'o.provider',
      'o.currency',
      'o.subtotal',
      'o.fees',
      'o.discount',
      'o.total',
      'o.lines',
      'o.created_at',
      'o.paid_at',
      'o.plan_opened_at',
      'o.event_id',
      'e.name as event_name',
      'e.slug as event_slug',
      'e.type as event_type',
      'e.country as event_country',
      'e.starts_at as event_starts_at',
      'e.ends_at as event_ends_at',
      'e.image_url as event_image_url',
      'e.qr_type as event_qr_type',
      'v.name as venue_name',
      'v.city as venue_city',
      'v.time_zone as venue_time_zone',
    ])
    .select((eb) =>
      eb
        .selectFrom('tickets as t')
        .whereRef('t.order_id', '=', 'o.id')
        .select((e2) => e2.fn.countAll().as('n'))
        .as('ticket_count'),
    )
    // The monthly parts a paid card payment was split into at the fan's bank (issue 16 part 7).
    .select((eb) =>
      eb
        .selectFrom('payments as p')
        .whereRef('p.order_id', '=', 'o.id')
        .where('p.status', '=', 'PAID')
        .select((e2) => e2.fn.max('p.card_installments').as('n'))
        .as('card_installments'),
    )
  if (page.orderId) q = q.where('o.id', '=', page.orderId)
  return q
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute()
}

/** The open payment of pending orders (a cash voucher or a bank transfer still to be paid). */
export async function pendingPaymentsOf(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return []
  return db
    .selectFrom('payments')
    .select(['order_id', 'method', 'amount', 'voucher', 'transfer', 'expires_at', 'created_at'])
    .where('order_id', 'in', orderIds)
    .where('status', 'in', [...UNSETTLED_PAYMENT_STATUSES])
    .orderBy('created_at', 'desc')
    .execute()
}
