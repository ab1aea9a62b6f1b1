import {
  type BackofficeOperator,
  BOX_OFFICE_AUDIT_ACTIONS,
  type BoxOfficeAudit,
  type BoxOfficeAuditAction,
  type BoxOfficeEvent,
  type CollectBody,
  type CounterInstallmentBody,
  type CounterPlanBody,
  type CounterSale,
  type CounterSaleBody,
  type PayLaterBody,
  type ReserveBody,
  type ShiftReport,
  type ShiftView,
} from '@palco/domain/box-office/contract'
import { expectedCash } from '@palco/domain/box-office/tenders'
import type { SalesChannel } from '@palco/domain/catalog/vocabulary'
import { DomainError } from '@palco/domain/errors/domain-error'
import { type Country, type Currency, currencyOf, type Locale, localeOf } from '@palco/domain/locale/country'
import type { Scope } from '@palco/domain/organisers/staff-access'
import type { Db } from '../../db/dialect.js'
import { confirmedAccountByEmail, setAccountRole } from '../auth/auth.service.js'
import { type Actor, audit } from '../catalog-admin/audit.js'
import { fanAtCounter } from '../fans/fans.service.js'
import { orderView } from '../orders/order-view.service.js'
import { eventIdsInScope, reachesEvent } from '../organisers/organisers.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import type { TicketPdfLayout } from '../tickets/ticket-pdf.js'
import { counterSaleTicketsPdf } from '../tickets/tickets.service.js'
import {
  assignedEventIds,
  assignedEventsOfMany,
  auditEntriesOfActions,
  closeShiftRow,
  courtesyQuotaOf,
  courtesyReasons,
  findCourtesyReason,
  findOpenShift,
  giveBackCourtesyQuota,
  insertShift,
  lockOpenShift,
  operatorAccounts,
  printsOfOrder,
  recentShifts,
  replaceAssignedEvents,
  type ShiftRow,
  setCourtesyQuota,
  shareOpenShift,
  takeCourtesyQuota,
  tendersOfShift,
  upcomingEventsWithQuota,
  upsertCourtesyReason,
} from './box-office.repository.js'
import {
  type CounterBuyerDetails,
  collectReservation,
  counterSaleByCode,
  counterSaleOfCode,
  counterSaleView,
  payInstallmentAtCounter,
  planOfCountry,
  refundCounterSale,
  reserveAtCounter,
  saleOfSeller,
  sellAtCounter,
  sellForLaterAtCounter,
  sellPlanAtCounter,
  voidCounterSale,
} from './counter-sales.service.js'

/**
 * The box office (issue 15): an operator's shift, the sales made in it and its close. Every action is
 * written to the audit log with the operator and the address it came from, in the transaction of the action
 * where there is one.
 */

/** The operator at the counter, as the routes know them. */
export interface Operator extends Actor {
  channel: SalesChannel
  /** An admin at the counter: may give courtesies past the event's quota (that is the approval). */
  admin: boolean
  /** The organisers whose events they sell (issue 43 part 1). */
  scope: Scope
}

export async function openShift(db: Db, operator: Operator, country: Country, openingFloat: number) {
  return db.transaction().execute(async (trx) => {
    const row = await insertShift(trx, {
      operatorId: operator.userId,
      country,
      currency: currencyOf(country),
      openingFloat,
    })
    if (!row) throw new DomainError('SHIFT_ALREADY_OPEN')
    await audit(trx, operator, 'shift.open', 'box_office_shift', row.id, { openingFloat })
    return shiftView(trx, row)
  })
}

/** The operator's open shift with its running totals (the X report), or null. */
export async function currentShift(db: Db, operatorId: string): Promise<ShiftView | null> {
  const row = await findOpenShift(db, operatorId)
  return row ? shiftView(db, row) : null
}

/**
 * Closes the shift by a blind count (issue 15 part 5): the operator says what the drawer holds before
 * seeing what it should; the difference is recorded and shown only now. A closed shift takes no more sales.
 */
export async function closeShift(db: Db, operator: Operator, countedCash: number): Promise<ShiftView> {
  return db.transaction().execute(async (trx) => {
    const open = await lockOpenShift(trx, operator.userId)
    if (!open) throw new DomainError('SHIFT_NOT_OPEN')
    // Read once under the shift's lock: the expected cash and the closed shift's report are the same tenders.
    const tenders = await tendersOfShift(trx, open.id)
    const expected = expectedCash(
      Number(open.opening_float),
      tenders.filter((t) => t.method === 'CASH').map((t) => ({ amount: Number(t.amount), status: t.status })),
    )
    const closed = await closeShiftRow(trx, open.id, countedCash, expected)
    if (!closed) throw new DomainError('SHIFT_NOT_OPEN')
    await audit(trx, operator, 'shift.close', 'box_office_shift', open.id, {
      countedCash,
      expectedCash: expected,
      difference: countedCash - expected,
    })
    return shiftView(trx, closed, tenders)
  })
}

type ShiftTenders = Awaited<ReturnType<typeof tendersOfShift>>

/**
 * The back office's shift reports (issue 15 part 7): the country's latest shifts with their operator. An
 * open shift stays blind here too, so a report read over a counter shows its operator nothing to count to.
 */
export async function shiftReports(db: Db, country: Country, limit = 30): Promise<ShiftReport[]> {
  const rows = await recentShifts(db, country, limit)
  return Promise.all(
    rows.map(async ({ operator_name, operator_email, ...row }) => ({
      ...(await shiftView(db, row)),
      operatorName: operator_name,
      operatorEmail: operator_email,
    })),
  )
}

/** The box office's latest audit entries: sales, voids, prints, shifts and what admins set for them. */
export async function boxOfficeAudit(
  db: Db,
  country: Country,
  limit = 100,
): Promise<BoxOfficeAudit['entries']> {
  const rows = await auditEntriesOfActions(db, country, BOX_OFFICE_AUDIT_ACTIONS, limit)
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    actorEmail: r.actor_email,
    address: r.address,
    action: r.action as BoxOfficeAuditAction,
    entityId: r.entity_id,
    changes: r.changes,
    currency: r.currency as Currency | null,
  }))
}

async function shiftView(db: Db, row: ShiftRow, known?: ShiftTenders): Promise<ShiftView> {
  const tenders = known ?? (await tendersOfShift(db, row.id))
  const paid = tenders.filter((t) => t.status === 'PAID')
  const sum = (method: string) =>
    paid.filter((t) => t.method === method).reduce((s, t) => s + Number(t.amount), 0)
  const orders = new Map<string, { status: string; eventId: string; eventName: string; amount: number }>()
  for (const t of tenders) {
    const o = orders.get(t.order_id) ?? {
      status: t.order_status,
      eventId: t.event_id,
      eventName: t.event_name,
      amount: 0,
    }
    if (t.status === 'PAID') o.amount += Number(t.amount)
    orders.set(t.order_id, o)
  }
  const byEvent = new Map<string, { eventId: string; eventName: string; sales: number; amount: number }>()
  for (const o of orders.values()) {
    if (o.status !== 'PAID') continue
    const e = byEvent.get(o.eventId) ?? { eventId: o.eventId, eventName: o.eventName, sales: 0, amount: 0 }
    e.sales += 1
    e.amount += o.amount
    byEvent.set(o.eventId, e)
  }
  const closed = row.closed_at !== null
  const expected = row.expected_cash === null ? null : Number(row.expected_cash)
  const counted = row.counted_cash === null ? null : Number(row.counted_cash)
  return {
    id: row.id,
    currency: row.currency as Currency,
    openingFloat: Number(row.opening_float),
    openedAt: new Date(row.opened_at).toISOString(),
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    totals: {
      sales: [...orders.values()].filter((o) => o.status === 'PAID').length,
      voids: [...orders.values()].filter((o) => o.status === 'REFUNDED').length,
      cash: sum('CASH'),
      terminal: sum('TPV'),
      courtesies: new Set(paid.filter((t) => t.method === 'COURTESY').map((t) => t.order_id)).size,
      change: paid.reduce((s, t) => s + Number(t.change_given ?? 0), 0),
      byEvent: [...byEvent.values()],
    },
    // Blind while open: what the drawer should hold is shown only after it has been counted.
    expectedCash: closed ? expected : null,
    countedCash: closed ? counted : null,
    difference: closed && expected !== null && counted !== null ? counted - expected : null,
  }
}

/**
 * The operator's open shift on this site, as the counter that sells into it: a shift belongs to the country
 * and currency of the site it was opened on (issue 40), so another country's site refuses to use it rather
 * than mix pesos in one drawer. The check is repeated, under the shift's lock, inside each cash movement's
 * own transaction (`confirmShift`): a close racing a sale, a void or a collection either counts it or the
 * movement is refused with SHIFT_NOT_OPEN.
 */
async function counterOf(db: Db, operator: Operator, country: Country) {
  const shift = await findOpenShift(db, operator.userId)
  if (!shift) throw new DomainError('SHIFT_NOT_OPEN')
  if (shift.country !== country) throw shiftOfOtherCountry(shift)
  const confirmShift = async (trx: Db, currency: string) => {
    const open = await shareOpenShift(trx, shift.id)
    if (!open) throw new DomainError('SHIFT_NOT_OPEN')
    if (open.currency !== currency) throw shiftOfOtherCountry(shift)
  }
  return {
    userId: operator.userId,
    channel: operator.channel,
    admin: operator.admin,
    country,
    shiftId: shift.id,
    confirmShift,
  }
}

const shiftOfOtherCountry = (shift: ShiftRow) =>
  new DomainError('SHIFT_OF_OTHER_COUNTRY', {
    details: { country: shift.country, currency: shift.currency },
  })

/** The buyer as the audit log names them: the fan's id, or WALK_IN. */
const auditedBuyer = (buyer: CounterSaleBody['buyer']) => (buyer.kind === 'WALK_IN' ? 'WALK_IN' : buyer.fanId)

/** The tenders as the audit log keeps them: what was handed over, the terminal's reference, the reason. */
const auditedTenders = (tenders: CounterSaleBody['tenders']) =>
  tenders.map((t) => (t.kind === 'CASH' ? { kind: t.kind, tendered: t.tendered } : { ...t }))

/** Who the order names: the fan picked (their account, or the pre-registration until they sign up), or a walk-in. */
async function buyerOf(
  db: Db,
  buyer: CounterSaleBody['buyer'],
  country: Country,
): Promise<CounterBuyerDetails> {
  if (buyer.kind === 'WALK_IN') {
    return { buyer, name: buyer.name, email: buyer.email ?? null, phone: buyer.phone ?? null }
  }
  const fan = await fanAtCounter(db, buyer.fanId, country)
  return {
    buyer: fan.userId
      ? { kind: 'ACCOUNT', userId: fan.userId }
      : { kind: 'PRE_REGISTERED', fanId: fan.fanId },
    name: fan.name,
    email: fan.email,
    phone: fan.phone,
  }
}

/**
 * Sells at the counter in the operator's open shift, confirmed again where the sale's payments are written
 * (`counterOf`), so a close racing the sale counts it or refuses it.
 */
export async function sell(
  deps: CheckoutDeps,
  operator: Operator,
  country: Country,
  body: CounterSaleBody,
): Promise<CounterSale> {
  const counter = await counterOf(deps.db, operator, country)
  const who = await buyerOf(deps.db, body.buyer, country)
  const courtesy = body.tenders.find((t) => t.kind === 'COURTESY')
  // A courtesy is already free: there is no price to lower.
  if (courtesy && body.priceOverride)
    throw new DomainError('PRICE_OVERRIDE_INVALID', { field: 'priceOverride' })
  if (courtesy) {
    const reason = courtesy.reason.trim()
      ? await findCourtesyReason(deps.db, courtesy.reason.trim())
      : undefined
    if (!reason?.active) throw new DomainError('COURTESY_REASON_REQUIRED', { field: 'tenders' })
  }
  return sellAtCounter(deps, counter, who, body, async (trx, sale) => {
    // Inside the sale's transaction, so a refusal sells nothing: an event not assigned to the operator, or
    // a courtesy past the quota (an admin's courtesy is their approval).
    if (!(await maySell(trx, operator, sale.eventId))) throw new DomainError('FORBIDDEN')
    if (courtesy && !(await takeCourtesyQuota(trx, sale.eventId, sale.places, operator.admin)))
      throw new DomainError('COURTESY_QUOTA_EXCEEDED')
    await audit(trx, operator, courtesy ? 'courtesy' : 'sale', 'order', sale.orderId, {
      buyer: auditedBuyer(body.buyer),
      total: sale.total,
      tenders: auditedTenders(body.tenders),
      change: sale.change,
      shiftId: counter.shiftId,
    })
    if (body.priceOverride)
      await audit(trx, operator, 'price.override', 'order', sale.orderId, {
        listTotal: body.expectedTotal,
        total: body.priceOverride.total,
        reason: body.priceOverride.reason,
      })
  })
}

/**
 * Starts a sale the buyer pays later (a voucher or a SPEI transfer) in the operator's open shift, for a fan
 * with an account or a pre-registration and an email (docs/decisions.md, Box office).
 */
export async function sellForLater(
  deps: CheckoutDeps,
  operator: Operator,
  country: Country,
  body: PayLaterBody,
) {
  const counter = await counterOf(deps.db, operator, country)
  // The tickets of a sale paid later appear in the buyer's account, and the instructions go to their email:
  // a walk-in, known by name only, pays at the counter instead.
  if (body.buyer.kind === 'WALK_IN') throw new DomainError('PAY_LATER_NEEDS_FAN', { field: 'buyer' })
  const who = await buyerOf(deps.db, body.buyer, country)
  if (!who.email) throw new DomainError('PAY_LATER_NEEDS_FAN', { field: 'buyer' })
  const onRecorded = async (trx: Db, order: { id: string; eventId: string }) => {
    if (!(await maySell(trx, operator, order.eventId))) throw new DomainError('FORBIDDEN')
    await audit(trx, operator, 'sale.pay_later', 'order', order.id, {
      buyer: auditedBuyer(body.buyer),
      total: body.expectedTotal,
      method:
        body.payment.method === 'CASH'
          ? body.payment.network
          : body.payment.method === 'TRANSFER'
            ? body.payment.kind
            : 'LINK',
      shiftId: counter.shiftId,
    })
  }
  return sellForLaterAtCounter(deps, counter, who, body, onRecorded, localeOf(country))
}

/**
 * Keeps the operator's held seats for the buyer until a deadline, to be paid at a counter (issue 15 part 3,
 * RESERVATION): a walk-in may reserve too, since they come back in person with the receipt's code.
 */
export async function reserve(deps: CheckoutDeps, operator: Operator, country: Country, body: ReserveBody) {
  const counter = await counterOf(deps.db, operator, country)
  const who = await buyerOf(deps.db, body.buyer, country)
  return reserveAtCounter(deps, counter, who, body, async (trx, order) => {
    if (!(await maySell(trx, operator, order.eventId))) throw new DomainError('FORBIDDEN')
    await audit(trx, operator, 'sale.reserve', 'order', order.id, {
      buyer: auditedBuyer(body.buyer),
      total: body.expectedTotal,
      until: body.until,
      shiftId: counter.shiftId,
    })
  })
}

/**
 * Sells on the event's paguitos plan at the counter (issues 15 and 16, `/assistant/installment`): the deposit
 * goes into the operator's open shift. As for a sale paid later, the buyer is a fan with an email: the plan's
 * reminders reach them, and they pay the rest from their account or at a counter.
 */
export async function sellPlan(
  deps: CheckoutDeps,
  operator: Operator,
  country: Country,
  body: CounterPlanBody,
) {
  const counter = await counterOf(deps.db, operator, country)
  if (body.buyer.kind === 'WALK_IN') throw new DomainError('PAY_LATER_NEEDS_FAN', { field: 'buyer' })
  const who = await buyerOf(deps.db, body.buyer, country)
  if (!who.email) throw new DomainError('PAY_LATER_NEEDS_FAN', { field: 'buyer' })
  return sellPlanAtCounter(deps, counter, who, body, async (trx, order) => {
    if (!(await maySell(trx, operator, order.eventId))) throw new DomainError('FORBIDDEN')
    await audit(trx, operator, 'sale.plan', 'order', order.id, {
      buyer: auditedBuyer(body.buyer),
      total: body.expectedTotal,
      deposit: body.expectedDeposit,
      tenders: auditedTenders(body.tenders),
      shiftId: counter.shiftId,
    })
  })
}

/**
 * A paguitos plan of the country, by its id or its purchase code, as the counter shows it to take a payment:
 * any counter may, for an event its operator sells; anything else is not found.
 */
export async function planAtCounter(
  db: Db,
  operator: Operator,
  country: Country,
  ref: { id: string } | { code: string },
) {
  const order = await planOfCountry(db, ref, country)
  if (!order || !(await maySell(db, operator, order.event_id)))
    throw new DomainError('NOT_FOUND', { message: 'No such plan.' })
  // Read as the one who placed it: the counter sees what the fan sees of their plan.
  return orderView(db, order.id, order.placed_by)
}

/** Takes a plan's next installment, or its balance, in the operator's open shift (checks in counter-sales). */
export async function payPlanAtCounter(
  deps: CheckoutDeps,
  operator: Operator,
  country: Country,
  orderId: string,
  body: CounterInstallmentBody,
) {
  const counter = await counterOf(deps.db, operator, country)
  await planAtCounter(deps.db, operator, country, { id: orderId })
  const paid = await payInstallmentAtCounter(deps, counter, orderId, body)
  await audit(deps.db, operator, 'plan.instalment', 'order', orderId, {
    part: body.part,
    amount: body.expectedAmount,
    tenders: auditedTenders(body.tenders),
    change: paid.change,
    shiftId: counter.shiftId,
  })
  return paid
}

/** Collects a reservation in the operator's open shift, for an event they sell (checks in counter-sales). */
export async function collect(
  deps: CheckoutDeps,
  operator: Operator,
  country: Country,
  orderId: string,
  body: CollectBody,
) {
  const counter = await counterOf(deps.db, operator, country)
  return collectReservation(deps, counter, orderId, body, async (trx, sale) => {
    if (!(await maySell(trx, operator, sale.eventId))) throw new DomainError('FORBIDDEN')
    await audit(trx, operator, 'sale.collect', 'order', orderId, {
      total: sale.total,
      tenders: auditedTenders(body.tenders),
      change: sale.change,
      shiftId: counter.shiftId,
    })
  })
}

export const saleOf = (db: Db, operatorId: string, orderId: string, country: Country) =>
  counterSaleView(db, orderId, operatorId, country)

/** The operator's own sale, or a reservation of the country still waiting, by its receipt's code. */
export const saleOfCode = (db: Db, operatorId: string, code: string, country: Country) =>
  counterSaleOfCode(db, code, country, operatorId)

/** A counter sale of the country by its receipt's code, for an admin to refund. */
export const saleForRefund = (db: Db, country: Country, code: string) => counterSaleByCode(db, code, country)

/**
 * An admin refunds a counter sale (issue 15 part 6): a card-terminal sale, or any other past its operator's
 * 30-minute void, once the money went back by hand. Written to the audit log with the reason.
 */
export async function refundSale(
  deps: CheckoutDeps,
  admin: Actor,
  country: Country,
  orderId: string,
  reason: string,
) {
  const code = await refundCounterSale(deps, orderId, country, async (trx, sale) => {
    if (sale.courtesy) await giveBackCourtesyQuota(trx, sale.eventId, sale.places)
    await audit(trx, admin, 'sale.refund', 'order', orderId, { reason, total: sale.total })
  })
  return counterSaleByCode(deps.db, code, country)
}

/** Voids one of the operator's cash sales of this shift within its window (checks in counter-sales). */
export async function voidSale(
  deps: CheckoutDeps,
  operator: Operator,
  country: Country,
  orderId: string,
): Promise<CounterSale> {
  const counter = await counterOf(deps.db, operator, country)
  await voidCounterSale(deps, counter, orderId, async (trx, sale) => {
    if (sale.courtesy) await giveBackCourtesyQuota(trx, sale.eventId, sale.places)
    await audit(trx, operator, 'sale.void', 'order', orderId, { shiftId: counter.shiftId })
  })
  return counterSaleView(deps.db, orderId, operator.userId, country)
}

/**
 * The sale's tickets as a PDF to hand over (issue 15 part 4), for the operator who sold it. Every print is
 * written to the audit log with its copy number, so a reprint is on record.
 */
export async function printSaleTickets(
  db: Db,
  operator: Operator,
  country: Country,
  orderId: string,
  locale: Locale,
  layout: TicketPdfLayout,
) {
  await saleOfSeller(db, orderId, operator.userId, country)
  const copy = (await printsOfOrder(db, orderId)) + 1
  const pdf = await counterSaleTicketsPdf(db, orderId, locale, { layout, copy })
  await audit(db, operator, 'tickets.print', 'order', orderId, { copy, reprint: copy > 1, layout })
  return { pdf, copy }
}

/** Courtesy reasons in the request's language (spec §7 courtesy reason types). */
export async function courtesyReasonList(db: Db, locale: Locale, opts: { activeOnly: boolean }) {
  const rows = await courtesyReasons(db, opts)
  return rows.map((r) => ({
    code: r.code,
    name: locale === 'es-CO' ? r.name_es : r.name_en,
    active: r.active,
  }))
}

/** The reasons as admins edit them: both names, switched-off ones too. */
export async function courtesyReasonsToEdit(db: Db) {
  const rows = await courtesyReasons(db, { activeOnly: false })
  return rows.map((r) => ({ code: r.code, nameEs: r.name_es, nameEn: r.name_en, active: r.active }))
}

/** An admin adds or edits a reason; every change is in the audit log. */
export async function saveCourtesyReason(
  db: Db,
  admin: Actor,
  reason: { code: string; nameEs: string; nameEn: string; active: boolean },
) {
  return db.transaction().execute(async (trx) => {
    const row = await upsertCourtesyReason(trx, reason)
    await audit(trx, admin, 'courtesy_reason.save', 'courtesy_reason', null, { ...reason })
    return { code: row.code, nameEs: row.name_es, nameEn: row.name_en, active: row.active }
  })
}

/** An event's quota as read: none set is a quota of zero (courtesies then need an admin). */
const quotaView = (eventId: string, quota?: number | null, issued?: number | null) => ({
  eventId,
  quota: quota ?? 0,
  issued: issued ?? 0,
  left: Math.max((quota ?? 0) - (issued ?? 0), 0),
})

export async function courtesyQuota(db: Db, eventId: string) {
  const row = await courtesyQuotaOf(db, eventId)
  return quotaView(eventId, row?.quota, row?.issued)
}

/** An admin sets how many courtesies an event may give (a quota below what was given leaves none left). */
export async function saveCourtesyQuota(db: Db, admin: Actor, eventId: string, quota: number) {
  await db
    .transaction()
    .execute(async (trx) => {
      await setCourtesyQuota(trx, eventId, quota)
      await audit(trx, admin, 'courtesy_quota.set', 'event', eventId, { quota })
    })
    .catch((err: unknown) => {
      // The quota's event must exist (its foreign key): an unknown one is a 404, not a crash.
      if ((err as { code?: string }).code === '23503')
        throw new DomainError('NOT_FOUND', { message: 'No such event.' })
      throw err
    })
  return courtesyQuota(db, eventId)
}

/**
 * Whether the operator sells this event: an admin sells every event; an operator only their organisers' events
 * (issue 43; a platform operator's scope is every organiser), and of those the events assigned to them, or every
 * one when none are (docs/decisions.md, Box office).
 */
async function maySell(db: Db, operator: Operator, eventId: string) {
  if (operator.admin) return true
  if (!(await reachesEvent(db, operator.scope, eventId))) return false
  const assigned = await assignedEventIds(db, operator.userId)
  return assigned.length === 0 || assigned.includes(eventId)
}

/**
 * The events an operator sells: those assigned within their scope, or all (`all`) when none are assigned and
 * their scope is the whole platform; an organiser's box office sells its organiser's events.
 */
export async function eventsOfOperator(db: Db, operatorId: string, scope: Scope = { all: true }) {
  const assigned = await assignedEventIds(db, operatorId)
  if (scope.all) return { all: assigned.length === 0, eventIds: assigned }
  const reachable = await eventIdsInScope(db, scope)
  const eventIds = assigned.length === 0 ? reachable : assigned.filter((id) => reachable.includes(id))
  return { all: false, eventIds }
}

/** An admin assigns events to an operator (none: every event of the country again). */
export async function assignEvents(db: Db, admin: Actor, operatorId: string, eventIds: readonly string[]) {
  const unique = [...new Set(eventIds)]
  await db
    .transaction()
    .execute(async (trx) => {
      await replaceAssignedEvents(trx, operatorId, unique)
      await audit(trx, admin, 'operator.events', 'operator', operatorId, { eventIds: unique })
    })
    .catch((err: unknown) => {
      if ((err as { code?: string }).code === '23503')
        throw new DomainError('NOT_FOUND', { message: 'No such event.' })
      throw err
    })
  return eventsOfOperator(db, operatorId)
}

/** The operators admins manage (issue 15 part 7), each with the events they sell and whether a shift is open. */
export async function operatorList(db: Db): Promise<BackofficeOperator[]> {
  const accounts = await operatorAccounts(db)
  const assigned = await assignedEventsOfMany(
    db,
    accounts.map((a) => a.id),
  )
  return accounts.map((a) => {
    const eventIds = assigned.filter((r) => r.operator_user_id === a.id).map((r) => r.event_id)
    return {
      userId: a.id,
      name: a.name,
      email: a.email,
      shiftOpen: Boolean(a.shift_open),
      all: eventIds.length === 0,
      eventIds,
    }
  })
}

/**
 * An admin makes a confirmed account an operator (the email comes trimmed and in lower case, as accounts
 * keep it). The person signs up and confirms their email first, so
 * they choose their own password and no admin ever handles one (docs/decisions.md, Box office). An admin's
 * account is left as it is: admins already sell at the counter.
 */
export async function grantOperator(db: Db, admin: Actor, email: string): Promise<BackofficeOperator> {
  const account = await confirmedAccountByEmail(db, email)
  if (!account)
    throw new DomainError('AUTH0003', { field: 'email', message: 'No confirmed account uses this email.' })
  if (account.role === 'admin')
    throw new DomainError('InvalidAccountTypeException', {
      field: 'email',
      message: 'An admin already sells at the counter.',
    })
  if (account.role !== 'operator')
    await db.transaction().execute(async (trx) => {
      await setAccountRole(trx, account.userId, 'operator')
      await audit(trx, admin, 'operator.grant', 'operator', account.userId, { email: account.email })
    })
  const granted = (await operatorList(db)).find((o) => o.userId === account.userId)
  if (!granted) throw new Error('the operator just granted is not listed')
  return granted
}

/**
 * An admin takes the box office away from an operator: back to a fan, with no events assigned. Refused while
 * their shift is open, so every drawer is counted by the person who opened it.
 */
export async function revokeOperator(db: Db, admin: Actor, operatorId: string) {
  const operator = (await operatorList(db)).find((o) => o.userId === operatorId)
  if (!operator) throw new DomainError('NOT_FOUND', { message: 'No such operator.' })
  if (operator.shiftOpen) throw new DomainError('OPERATOR_SHIFT_OPEN')
  await db.transaction().execute(async (trx) => {
    await setAccountRole(trx, operatorId, 'fan')
    await replaceAssignedEvents(trx, operatorId, [])
    await audit(trx, admin, 'operator.revoke', 'operator', operatorId, { email: operator.email })
  })
}

/** The country's upcoming events as the back office assigns them and sets their courtesy quotas. */
export async function boxOfficeEvents(db: Db, country: Country, limit = 300): Promise<BoxOfficeEvent[]> {
  const rows = await upcomingEventsWithQuota(db, country, limit)
  return rows.map((r) => ({
    ...quotaView(r.id, r.quota, r.issued),
    name: r.name,
    startsAt: new Date(r.starts_at).toISOString(),
  }))
}
