import type { CartLine } from '@palco/domain/checkout/contract'
import { type Country, localeOf } from '@palco/domain/locale/country'
import type { OrderStatus, PurchaseStatus } from '@palco/domain/orders/statuses'
import type { Insertable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { OrdersTable } from '../../db/schema.js'
import { eventSummary } from '../catalog/event.service.js'
import { noteOrderMove } from '../dashboards/dashboards.service.js'
import {
  clearSavedCard,
  findCounterOrderByCode,
  findOrder,
  findOrderByKey,
  findOrderIdByCode,
  findOtherLiveOrder,
  giveBackPromoUse,
  insertOrder,
  lockOrder,
  moveOrderRow,
  moveOrdersOfFan,
  type OrderFields,
  promoById,
  redeemFanUse,
  redeemPromo,
  releasePromo,
  setOrderFields,
} from './orders.repository.js'

// The orders module owns `orders` and the promo tables (DESIGN §4.7): settlement, plans, the checkout flow
// and the box office read and move an order through these functions, never with SQL of their own.

export type OrderRow = NonNullable<Awaited<ReturnType<typeof lockOrder>>>

/** A line as stored on the order: the contract's line plus the place it sells, and its holder when named. */
export type OrderLine = CartLine & { placeIndex: number; holderName?: string | null }
export type { OrderFields }

/**
 * Whether an id from a request can name an order at all: one that is no UUID names none, and is answered so
 * without asking the database (whose uuid column would refuse the text).
 */
const isOrderId = (id: string) => /^[0-9a-f-]{36}$/i.test(id)

/** An order's code as its receipt prints it: typed at a counter, it may come with spaces or in lower case. */
const printedCode = (code: string) => code.trim().toUpperCase()

/**
 * The order under its row lock: every move of an order or its payments happens while holding it. None for
 * an id that names no order.
 */
export async function lockOrderRow(trx: Db, orderId: string) {
  return isOrderId(orderId) ? lockOrder(trx, orderId) : undefined
}

/** An order read without a lock (views, lookups before a locked step); none for an id that names no order. */
export async function orderById(db: Db, orderId: string) {
  return isOrderId(orderId) ? findOrder(db, orderId) : undefined
}

/**
 * The id of the order whoever placed it made with this idempotency key: a replay finds it instead of placing
 * again.
 */
export async function orderIdOfKey(db: Db, placedBy: string, key: string) {
  return (await findOrderByKey(db, placedBy, key))?.id
}

/** A counter sale of this country by the code on its receipt, as typed, with its seller's name. */
export async function counterOrderOfCode(db: Db, code: string, country: string) {
  const found = await findCounterOrderByCode(db, printedCode(code), country)
  return found && { id: found.id, sellerName: found.seller_name }
}

/** The id of the country's order with this code, as typed (a paguitos plan looked up at a counter). */
export const orderIdOfCode = (db: Db, code: string, country: string) =>
  findOrderIdByCode(db, printedCode(code), country)

/** Whether another order of the reservation is open or paid: the seats then belong to that one. */
export async function hasOtherLiveOrder(trx: Db, holdId: string, orderId: string) {
  return (await findOtherLiveOrder(trx, holdId, orderId)) !== undefined
}

/** The event as an order, its cart and its messages show it (name, venue, time zone, image). */
export const eventOfOrder = (db: Db, eventId: string) => eventSummary(db, eventId)

/**
 * A new order, born PENDING / STARTED (its first statuses), speaking its country's language in its messages
 * (spec §1); the checkout flow writes it under the reservation's lock.
 */
export async function recordOrder(
  trx: Db,
  values: Omit<Insertable<OrdersTable>, 'status' | 'purchase_status' | 'locale'> & {
    id: string
    country: Country
  },
) {
  await insertOrder(trx, { ...values, locale: localeOf(values.country) })
}

/**
 * Moves an order's statuses, checked against the order and purchase tables (DESIGN §4.5); staying where it
 * is counts as allowed (a phase may repeat one of the two). An illegal move is a bug, and throws.
 */
export async function moveOrder(
  trx: Db,
  order: Pick<OrderRow, 'id' | 'status' | 'purchase_status'>,
  to: { status: OrderStatus; purchase?: PurchaseStatus },
  fields: OrderFields = {},
) {
  const from = {
    status: order.status as OrderStatus,
    purchase_status: order.purchase_status as PurchaseStatus,
  }
  const next = { status: to.status, purchase_status: to.purchase ?? from.purchase_status }
  if (!(await moveOrderRow(trx, order.id, from, next, fields)))
    throw new Error(`order ${order.id} was not ${from.status}/${from.purchase_status} any more`)
  // A sale made or undone is marked for the dashboards' rollups in this same transaction (issue 43 part 6).
  await noteOrderMove(trx, order.id, from.status, next.status)
}

/**
 * A reservation collected at a counter is the collector's sale from then on: its seller, the drawer its cash
 * went into, and how it was paid. Answers the order as it now stands.
 */
export async function handSaleToCollector(
  trx: Db,
  order: OrderRow,
  collector: { userId: string; shiftId: string; method: string },
): Promise<OrderRow> {
  const fields = { seller_user_id: collector.userId, shift_id: collector.shiftId, method: collector.method }
  await setOrderFields(trx, order.id, fields)
  return { ...order, ...fields }
}

/**
 * Takes one use of a promo code for an order: the code's total, then the buyer's own count (a walk-in has
 * none). Null when taken; otherwise why not, with nothing taken (the total is given back).
 */
export async function takePromoUse(
  trx: Db,
  promo: { id: string; max_uses_per_fan?: number | null },
  userId: string | null,
): Promise<null | 'PROMO_CODE_EXHAUSTED' | 'PROMO_CODE_ALREADY_USED'> {
  if (!(await redeemPromo(trx, promo.id))) return 'PROMO_CODE_EXHAUSTED'
  if (!userId) return null
  const perFan =
    promo.max_uses_per_fan !== undefined
      ? promo.max_uses_per_fan
      : ((await promoById(trx, promo.id))?.max_uses_per_fan ?? null)
  if (await redeemFanUse(trx, promo.id, userId, perFan)) return null
  await giveBackPromoUse(trx, promo.id)
  return 'PROMO_CODE_ALREADY_USED'
}

/** The order's promo use back, when it took one: the code's total and the buyer's own count. */
export async function givePromoUseBack(trx: Db, order: Pick<OrderRow, 'promo_id' | 'user_id'>) {
  if (order.promo_id) await releasePromo(trx, order.promo_id, order.user_id)
}

/** Orders bought for a pre-registered fan follow them into the account that proved their contact. */
export const takeOverOrdersOfFan = (trx: Db, fromFanId: string, to: { userId: string }) =>
  moveOrdersOfFan(trx, fromFanId, to.userId)

/** A saved card the fan removed: no open plan charges it from now on (the plan pass then sends reminders). */
export const stopChargingCard = (trx: Db, card: { id: string }) => clearSavedCard(trx, card.id)
