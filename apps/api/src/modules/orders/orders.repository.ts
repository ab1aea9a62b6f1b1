import {
  canOrderTransition,
  canPurchaseTransition,
  OPEN_ORDER_STATUSES,
} from '@palco/domain/checkout/lifecycle'
import type { OrderStatus, PurchaseStatus } from '@palco/domain/orders/statuses'
import { type Insertable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { OrdersTable } from '../../db/schema.js'

export async function feeRuleOf(db: Db, eventId: string) {
  const row = await db
    .selectFrom('event_fees')
    .select(['percent_bps', 'fixed_amount'])
    .where('event_id', '=', eventId)
    .executeTakeFirst()
  return { percentBps: Number(row?.percent_bps ?? 0), fixedPerTicket: Number(row?.fixed_amount ?? 0) }
}

export type PromoRow = NonNullable<Awaited<ReturnType<typeof promoByCode>>>

export async function promoByCode(db: Db, country: string, code: string) {
  return db
    .selectFrom('promo_codes')
    .selectAll()
    .where('country', '=', country)
    .where('code', '=', code)
    .executeTakeFirst()
}

export async function promoById(db: Db, id: string) {
  return db.selectFrom('promo_codes').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function cartPromoOf(db: Db, holdId: string) {
  return db
    .selectFrom('cart_promos as cp')
    .innerJoin('promo_codes as p', 'p.id', 'cp.promo_id')
    .selectAll('p')
    .where('cp.hold_id', '=', holdId)
    .executeTakeFirst()
}

export async function setCartPromo(db: Db, holdId: string, promoId: string) {
  await db
    .insertInto('cart_promos')
    .values({ hold_id: holdId, promo_id: promoId })
    .onConflict((oc) => oc.column('hold_id').doUpdateSet({ promo_id: promoId, applied_at: sql`now()` }))
    .execute()
}

export async function clearCartPromo(db: Db, holdId: string) {
  await db.deleteFrom('cart_promos').where('hold_id', '=', holdId).execute()
}

export async function fanPromoUses(db: Db, promoId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('promo_fan_uses')
    .select('uses')
    .where('promo_id', '=', promoId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(row?.uses ?? 0)
}

/** One use of a code, only while uses < max: the statement is the check, so a code is never over-used. */
export async function redeemPromo(trx: Db, promoId: string): Promise<boolean> {
  const row = await trx
    .updateTable('promo_codes')
    .set({ uses: sql`uses + 1` })
    .where('id', '=', promoId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning('uses')
    .executeTakeFirst()
  return row !== undefined
}

/** The per-fan count, bumped under the row's lock only while below the limit. */
export async function redeemFanUse(trx: Db, promoId: string, userId: string, max: number | null) {
  await trx
    .insertInto('promo_fan_uses')
    .values({ promo_id: promoId, user_id: userId, uses: 0 })
    .onConflict((oc) => oc.columns(['promo_id', 'user_id']).doNothing())
    .execute()
  const row = await trx
    .updateTable('promo_fan_uses')
    .set({ uses: sql`uses + 1` })
    .where('promo_id', '=', promoId)
    .where('user_id', '=', userId)
    .where((eb) => (max === null ? eb.val(true) : eb('uses', '<', max)))
    .returning('uses')
    .executeTakeFirst()
  return row !== undefined
}

/** One use of the code's total count back (the fan's own count is untouched). */
export async function giveBackPromoUse(trx: Db, promoId: string) {
  await trx
    .updateTable('promo_codes')
    .set({ uses: sql`uses - 1` })
    .where('id', '=', promoId)
    .where('uses', '>', 0)
    .execute()
}

/** The code's use back, and the buyer's own count when the buyer has an account (a walk-in has none). */
export async function releasePromo(trx: Db, promoId: string, userId: string | null) {
  await giveBackPromoUse(trx, promoId)
  if (!userId) return
  await trx
    .updateTable('promo_fan_uses')
    .set({ uses: sql`uses - 1` })
    .where('promo_id', '=', promoId)
    .where('user_id', '=', userId)
    .where('uses', '>', 0)
    .execute()
}

/** An order by whoever placed it (the fan online, the operator at the counter) and their idempotency key. */
export async function findOrderByKey(db: Db, placedBy: string, key: string) {
  return db
    .selectFrom('orders')
    .select(['id'])
    .where('placed_by', '=', placedBy)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
}

/** A new order, in its first statuses (PENDING / STARTED). */
export async function insertOrder(
  trx: Db,
  values: Omit<Insertable<OrdersTable>, 'status' | 'purchase_status'> & { id: string },
) {
  await trx
    .insertInto('orders')
    .values({ ...values, status: 'PENDING', purchase_status: 'STARTED' })
    .execute()
}

export async function lockOrder(trx: Db, orderId: string) {
  return trx.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst()
}

/** The fields an order keeps beside its statuses; its statuses move only through `moveOrderRow`. */
export type OrderFields = Omit<Updateable<OrdersTable>, 'id' | 'status' | 'purchase_status'>

/**
 * Moves an order's statuses from the ones the caller saw under the order's lock, as the order and purchase
 * tables allow (DESIGN §4.5; an illegal move throws); false when the row was not in `from`, which is a bug.
 */
export async function moveOrderRow(
  trx: Db,
  id: string,
  from: { status: OrderStatus; purchase_status: PurchaseStatus },
  to: { status: OrderStatus; purchase_status: PurchaseStatus },
  fields: OrderFields = {},
) {
  const allowed =
    (from.status === to.status || canOrderTransition(from.status, to.status)) &&
    (from.purchase_status === to.purchase_status ||
      canPurchaseTransition(from.purchase_status, to.purchase_status))
  if (!allowed)
    throw new Error(
      `Illegal order move ${from.status}/${from.purchase_status} → ${to.status}/${to.purchase_status}`,
    )
  const r = await trx
    .updateTable('orders')
    .set({ ...fields, status: to.status, purchase_status: to.purchase_status, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', from.status)
    .where('purchase_status', '=', from.purchase_status)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Fields other than the statuses (who collected a counter sale, the plan's opening, a failure code). */
export async function setOrderFields(trx: Db, id: string, fields: OrderFields) {
  await trx
    .updateTable('orders')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

export async function findOrder(db: Db, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A sale made at a counter of this country, by the code on its receipt. */
export async function findCounterOrderByCode(db: Db, code: string, country: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('auth_users as u', 'u.id', 'o.seller_user_id')
    .select(['o.id', 'u.name as seller_name'])
    .where('o.code', '=', code)
    .where('o.country', '=', country)
    .executeTakeFirst()
}

/** The id of the country's order with this code (a paguitos plan looked up at a counter). */
export async function findOrderIdByCode(db: Db, code: string, country: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('code', '=', code)
    .where('country', '=', country)
    .executeTakeFirst()
  return row?.id
}

/** Another order of the same reservation that is open or paid: the seats belong to that one. */
export async function findOtherLiveOrder(trx: Db, holdId: string, orderId: string) {
  return trx
    .selectFrom('orders')
    .select('id')
    .where('hold_id', '=', holdId)
    .where('id', '!=', orderId)
    .where('status', 'in', [...OPEN_ORDER_STATUSES, 'PAID'])
    .executeTakeFirst()
}

/** A pre-registered buyer's orders become the account's that claimed the fan (the CHECK on buyer kinds holds). */
export async function moveOrdersOfFan(trx: Db, fromFanId: string, userId: string) {
  await trx
    .updateTable('orders')
    .set({ buyer_kind: 'ACCOUNT', user_id: userId, buyer_fan_id: null, updated_at: sql`now()` })
    .where('buyer_fan_id', '=', fromFanId)
    .execute()
}

/** Orders that named a saved card stop naming it (their plans are then paid by hand). */
export async function clearSavedCard(trx: Db, cardId: string) {
  await trx
    .updateTable('orders')
    .set({ saved_card_id: null, updated_at: sql`now()` })
    .where('saved_card_id', '=', cardId)
    .execute()
}
