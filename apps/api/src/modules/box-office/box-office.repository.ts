import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

/** Shifts at the counter (migration 0017): one open per operator, closed once by a blind count. */

export type ShiftRow = NonNullable<Awaited<ReturnType<typeof findOpenShift>>>

export async function findOpenShift(db: Db, operatorId: string) {
  return db
    .selectFrom('box_office_shifts')
    .selectAll()
    .where('operator_user_id', '=', operatorId)
    .where('closed_at', 'is', null)
    .executeTakeFirst()
}

/** The open shift, locked: a close and a sale of the same operator take turns on it. */
export async function lockOpenShift(db: Db, operatorId: string) {
  return db
    .selectFrom('box_office_shifts')
    .selectAll()
    .where('operator_user_id', '=', operatorId)
    .where('closed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst()
}

/**
 * The shift, share-locked, while it is still open: every cash movement takes it inside its own transaction, so
 * movements run side by side while a close (which locks it for update) waits for them, and a movement that
 * waited for a close finds the shift closed (issue 40).
 */
export async function shareOpenShift(db: Db, shiftId: string) {
  return db
    .selectFrom('box_office_shifts')
    .select(['id', 'currency'])
    .where('id', '=', shiftId)
    .where('closed_at', 'is', null)
    .forShare()
    .executeTakeFirst()
}

export async function findShift(db: Db, shiftId: string, operatorId: string) {
  return db
    .selectFrom('box_office_shifts')
    .selectAll()
    .where('id', '=', shiftId)
    .where('operator_user_id', '=', operatorId)
    .executeTakeFirst()
}

/** Opens a shift; undefined when the operator already has one open (the partial unique index says so). */
export async function insertShift(
  db: Db,
  shift: { operatorId: string; country: string; currency: string; openingFloat: number },
) {
  return db
    .insertInto('box_office_shifts')
    .values({
      operator_user_id: shift.operatorId,
      country: shift.country,
      currency: shift.currency,
      opening_float: shift.openingFloat,
    })
    .onConflict((oc) => oc.column('operator_user_id').where('closed_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst()
}

export async function closeShiftRow(db: Db, shiftId: string, counted: number, expected: number) {
  return db
    .updateTable('box_office_shifts')
    .set({ closed_at: new Date(), counted_cash: counted, expected_cash: expected })
    .where('id', '=', shiftId)
    .where('closed_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
}

/** Courtesy reasons (migration 0018), in the admins' order; only active ones unless asked. */
export async function courtesyReasons(db: Db, opts: { activeOnly: boolean }) {
  let q = db.selectFrom('courtesy_reasons').selectAll()
  if (opts.activeOnly) q = q.where('active', '=', true)
  return q.orderBy('position').orderBy('code').execute()
}

export async function findCourtesyReason(db: Db, code: string) {
  return db.selectFrom('courtesy_reasons').selectAll().where('code', '=', code).executeTakeFirst()
}

/** Adds a reason or renames one (and switches it on or off): admins manage the list. */
export async function upsertCourtesyReason(
  db: Db,
  reason: { code: string; nameEs: string; nameEn: string; active: boolean },
) {
  return db
    .insertInto('courtesy_reasons')
    .values({ code: reason.code, name_es: reason.nameEs, name_en: reason.nameEn, active: reason.active })
    .onConflict((oc) =>
      oc
        .column('code')
        .doUpdateSet({ name_es: reason.nameEs, name_en: reason.nameEn, active: reason.active }),
    )
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function courtesyQuotaOf(db: Db, eventId: string) {
  return db.selectFrom('courtesy_quotas').selectAll().where('event_id', '=', eventId).executeTakeFirst()
}

export async function setCourtesyQuota(db: Db, eventId: string, quota: number) {
  return db
    .insertInto('courtesy_quotas')
    .values({ event_id: eventId, quota })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ quota }))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Takes `count` courtesies of the event's quota in one conditional update, so two counters giving the last
 * one cannot both have it. `overQuota` (an admin's approval) takes them even past the quota, or with none set.
 */
export async function takeCourtesyQuota(db: Db, eventId: string, count: number, overQuota: boolean) {
  if (overQuota) {
    await db
      .insertInto('courtesy_quotas')
      .values({ event_id: eventId, quota: 0, issued: count })
      .onConflict((oc) =>
        oc.column('event_id').doUpdateSet((eb) => ({ issued: eb('courtesy_quotas.issued', '+', count) })),
      )
      .execute()
    return true
  }
  const taken = await db
    .updateTable('courtesy_quotas')
    .set((eb) => ({ issued: eb('issued', '+', count) }))
    .where('event_id', '=', eventId)
    .where((eb) => eb(eb('issued', '+', count), '<=', eb.ref('quota')))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}

export async function giveBackCourtesyQuota(db: Db, eventId: string, count: number) {
  await db
    .updateTable('courtesy_quotas')
    .set((eb) => ({ issued: eb.fn('greatest', [eb.val(0), eb('issued', '-', count)]) }))
    .where('event_id', '=', eventId)
    .execute()
}

/** The events assigned to an operator (migration 0019); empty when none are. */
export async function assignedEventIds(db: Db, operatorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('operator_events')
    .select('event_id')
    .where('operator_user_id', '=', operatorId)
    .execute()
  return rows.map((r) => r.event_id)
}

/** Replaces an operator's assigned events with these. */
export async function replaceAssignedEvents(db: Db, operatorId: string, eventIds: readonly string[]) {
  await db.deleteFrom('operator_events').where('operator_user_id', '=', operatorId).execute()
  if (eventIds.length === 0) return
  await db
    .insertInto('operator_events')
    .values(eventIds.map((eventId) => ({ operator_user_id: operatorId, event_id: eventId })))
    .execute()
}

/** The latest shifts of a country, newest first, with their operator's name and email. */
export async function recentShifts(db: Db, country: string, limit: number) {
  return db
    .selectFrom('box_office_shifts as s')
    .innerJoin('auth_users as u', 'u.id', 's.operator_user_id')
    .selectAll('s')
    .select(['u.name as operator_name', 'u.email as operator_email'])
    .where('s.country', '=', country)
    .orderBy('s.opened_at', 'desc')
    .limit(limit)
    .execute()
}

/**
 * The latest audit entries of these actions about this country's orders, shifts and events (and the
 * country-less ones: courtesy reasons, operators' assignments), newest first, each with the currency its
 * amounts are in.
 */
/**
 * How many times a sale's tickets were printed: its `tickets.print` entries, found through the audit log's
 * (entity, entity_id) index — the whole log grows with every sale, and printing must not read it.
 */
export async function printsOfOrder(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('entity', '=', 'order')
    .where('entity_id', '=', orderId)
    .where('action', '=', 'tickets.print')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function auditEntriesOfActions(
  db: Db,
  country: string,
  actions: readonly string[],
  limit: number,
) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('orders as o', (j) => j.on('a.entity', '=', 'order').onRef('o.id', '=', 'a.entity_id'))
    .leftJoin('box_office_shifts as s', (j) =>
      j.on('a.entity', '=', 'box_office_shift').onRef('s.id', '=', 'a.entity_id'),
    )
    .leftJoin('events as e', (j) => j.on('a.entity', '=', 'event').onRef('e.id', '=', 'a.entity_id'))
    .select([
      'a.id',
      'a.at',
      'a.actor_email',
      'a.address',
      'a.action',
      'a.entity_id',
      'a.changes',
      sql<string | null>`coalesce(o.currency, s.currency, e.currency)`.as('currency'),
    ])
    .where('a.action', 'in', [...actions])
    .where(sql<boolean>`coalesce(o.country, s.country, e.country, ${country}) = ${country}`)
    .orderBy('a.at', 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute()
}

/** Every operator account (not admins: they sell everywhere), with whether a shift of theirs is open. */
export async function operatorAccounts(db: Db) {
  return db
    .selectFrom('auth_users as u')
    .select(['u.id', 'u.name', 'u.email'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('box_office_shifts as s')
            .select('s.id')
            .whereRef('s.operator_user_id', '=', 'u.id')
            .where('s.closed_at', 'is', null),
        )
        .as('shift_open'),
    )
    .where('u.role', '=', 'operator')
    .orderBy('u.name')
    .orderBy('u.email')
    .execute()
}

/** The events assigned to each of these operators. */
export async function assignedEventsOfMany(db: Db, operatorIds: readonly string[]) {
  if (operatorIds.length === 0) return []
  return db
    .selectFrom('operator_events')
    .select(['operator_user_id', 'event_id'])
    .where('operator_user_id', 'in', [...operatorIds])
    .execute()
}

/** The country's events that have not ended, soonest first, with their courtesy quota where one is set. */
export async function upcomingEventsWithQuota(db: Db, country: string, limit: number) {
  return db
    .selectFrom('events as e')
    .leftJoin('courtesy_quotas as q', 'q.event_id', 'e.id')
    .select(['e.id', 'e.name', 'e.starts_at', 'q.quota', 'q.issued'])
    .where('e.country', '=', country)
    .where('e.ends_at', '>', new Date())
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(limit)
    .execute()
}

/** Every counter tender of a shift's sales, with its order's event (issue 15 part 5: X report and close). */
export async function tendersOfShift(db: Db, shiftId: string) {
  return (
    db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .innerJoin('events as e', 'e.id', 'o.event_id')
      .select([
        'o.id as order_id',
        'o.status as order_status',
        'o.event_id',
        'e.name as event_name',
        'p.method',
        'p.amount',
        'p.change_given',
        'p.status',
      ])
      // A payment names its shift when it was taken in one other than its order's (a plan's installment).
      .where((eb) =>
        eb.or([
          eb('p.shift_id', '=', shiftId),
          eb.and([eb('p.shift_id', 'is', null), eb('o.shift_id', '=', shiftId)]),
        ]),
      )
      .where('p.provider_code', '=', 'staff')
      .orderBy('p.created_at')
      .execute()
  )
}
