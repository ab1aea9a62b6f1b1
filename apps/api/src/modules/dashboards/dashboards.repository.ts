import type { Scope } from '@palco/domain/organisers/staff-access'
import type { ContributionKey, ContributionPart, RollupDelta } from '@palco/domain/reports/sales-dashboard'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'
import { inScope } from '../../db/scope.js'

// The dashboards module owns `sales_rollups`, `sales_contributions` and `sales_rollup_marks` (migration 0042);
// it reads orders, payments, seats, tickets and check-ins, and writes none of them.

/** Marks an order whose sale changed, in the transaction that changed it; a newer mark takes a new version. */
export async function markOrder(trx: Db, orderId: string) {
  await trx
    .insertInto('sales_rollup_marks')
    .values({ order_id: orderId })
    .onConflict((oc) =>
      oc
        .column('order_id')
        .doUpdateSet({ version: sql`nextval('sales_rollup_marks_version')`, marked_at: sql`now()` }),
    )
    .execute()
}

/** The oldest marks, up to `limit`. */
export function dueMarks(db: Db, limit: number) {
  return db
    .selectFrom('sales_rollup_marks')
    .select(['order_id', 'version'])
    .orderBy('marked_at')
    .limit(limit)
    .execute()
}

/** Deletes the marks worked, each only at the version read (an order marked again meanwhile keeps its mark). */
export async function clearMarks(trx: Db, marks: readonly { order_id: string; version: string }[]) {
  if (marks.length === 0) return
  await sql`delete from sales_rollup_marks m
    using unnest(${marks.map((m) => m.order_id)}::uuid[], ${marks.map((m) => m.version)}::bigint[]) as w(order_id, version)
    where m.order_id = w.order_id and m.version = w.version`.execute(trx)
}

/** Two jobs for one order wait for each other (transaction-scoped; decisions, "Advisory locks"), in id order. */
export async function lockOrderRollups(trx: Db, orderIds: readonly string[]) {
  await sql`select pg_advisory_xact_lock(hashtextextended('sales-rollup:' || id::text, 0))
    from unnest(${[...orderIds].sort()}::uuid[]) as id order by id`.execute(trx)
}

const HOUR_TEXT = `'YYYY-MM-DD"T"HH24:00:00"Z"'`

/** The orders' current sales: figures, lines, where each lands, and what its payments gave back. */
export function salesOfOrders(trx: Db, orderIds: readonly string[]) {
  return trx
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.event_id',
      'o.total',
      'o.fees',
      'o.lines',
      'o.method',
      'o.channel',
      'o.seller_user_id',
      sql<string | null>`to_char(date_trunc('hour', o.paid_at at time zone 'UTC'), ${sql.raw(HOUR_TEXT)})`.as(
        'hour',
      ),
      sql<string>`coalesce((select sum(p.amount) from payments p where p.order_id = o.id
        and p.refund_state in ('REQUESTED', 'DONE')), 0)`.as('refunded'),
    ])
    .where('o.id', 'in', [...orderIds])
    .execute()
}

/** What the orders last added to the rollups. */
export function contributionsOfOrders(trx: Db, orderIds: readonly string[]) {
  return trx
    .selectFrom('sales_contributions')
    .select([
      'order_id',
      'channel',
      'method',
      'parts',
      sql<string | null>`to_char(hour at time zone 'UTC', ${sql.raw(HOUR_TEXT)})`.as('hour'),
    ])
    .where('order_id', 'in', [...orderIds])
    .execute()
}

export interface ContributionRow {
  orderId: string
  eventId: string
  key: ContributionKey
  parts: readonly ContributionPart[]
}

/** Stores what each order now adds (one statement for the batch). */
export async function saveContributions(trx: Db, rows: readonly ContributionRow[]) {
  if (rows.length === 0) return
  await trx
    .insertInto('sales_contributions')
    .values(
      rows.map((r) => ({
        order_id: r.orderId,
        event_id: r.eventId,
        hour: r.key.hour === null ? null : new Date(r.key.hour),
        channel: r.key.channel,
        method: r.key.method,
        parts: JSON.stringify(r.parts),
      })),
    )
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet({
        hour: sql`excluded.hour`,
        channel: sql`excluded.channel`,
        method: sql`excluded.method`,
        parts: sql`excluded.parts`,
        updated_at: sql`now()`,
      }),
    )
    .execute()
}

/**
 * Adds deltas to the rollup rows (a row is created at its first sale), one statement for the batch: the
 * deltas come summed per row, and in a stable order so two writers lock rows alike.
 */
export async function addToRollups(trx: Db, deltas: readonly (RollupDelta & { eventId: string })[]) {
  if (deltas.length === 0) return
  const key = (d: RollupDelta & { eventId: string }) =>
    `${d.eventId}|${d.hour}|${d.channel}|${d.method}|${d.zone}`
  const sorted = [...deltas].sort((a, b) => key(a).localeCompare(key(b)))
  const add = (column: string) =>
    sql<number>`${sql.ref(`sales_rollups.${column}`)} + ${sql.ref(`excluded.${column}`)}`
  await trx
    .insertInto('sales_rollups')
    .values(
      sorted.map((d) => ({
        event_id: d.eventId,
        hour: new Date(d.hour),
        channel: d.channel,
        method: d.method,
        zone: d.zone,
        orders: d.orders,
        tickets: d.tickets,
        refunded_tickets: d.refundedTickets,
        gross: d.gross,
        fees: d.fees,
        refunds: d.refunds,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['event_id', 'hour', 'channel', 'method', 'zone']).doUpdateSet({
        orders: add('orders'),
        tickets: add('tickets'),
        refunded_tickets: add('refunded_tickets'),
        gross: add('gross'),
        fees: add('fees'),
        refunds: add('refunds'),
      }),
    )
    .execute()
}

const SUMS = sql<string>`sum(gross)::text as gross, sum(fees)::text as fees, sum(refunds)::text as refunds,
  sum(orders)::text as orders, sum(tickets)::text as tickets, sum(refunded_tickets)::text as refunded_tickets`

export interface SumRow {
  key: string
  gross: string
  fees: string
  refunds: string
  orders: string
  tickets: string
  refunded_tickets: string
}

export type EventDimension = 'hour' | 'channel' | 'method' | 'zone'

/**
 * An event's rollups summed by each of their dimensions in one pass (grouping sets): `dim` says which, `key`
 * is its value (an hour as ISO text).
 */
export async function eventRollupsByEach(db: Db, eventId: string) {
  const { rows } = await sql<SumRow & { dim: EventDimension }>`
    select case when grouping(hour) = 0 then 'hour' when grouping(channel) = 0 then 'channel'
                when grouping(method) = 0 then 'method' else 'zone' end as dim,
           coalesce(to_char(hour at time zone 'UTC', ${sql.raw(HOUR_TEXT)}), channel, method, zone) as key, ${SUMS}
    from sales_rollups where event_id = ${eventId}
    group by grouping sets ((hour), (channel), (method), (zone)) order by 1, 2`.execute(db)
  return rows
}

/** The event as its dashboard heads it. */
export function eventHeading(db: Db, eventId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .select(['e.id', 'e.name', 'e.currency', 'e.starts_at', 'v.time_zone'])
    .where('e.id', '=', eventId)
    .executeTakeFirst()
}

/**
 * An event's places counted by section and status (every place is a row: numbered seats and general slots). A
 * hold whose time ran out no longer holds (holds end by time, the sweeper only tidies): its place counts as free.
 */
export function placesBySection(db: Db, eventId: string) {
  return db
    .selectFrom('event_seats')
    .select([
      'section_code',
      sql<string>`case when status = 'HELD' and hold_expires_at <= now() then 'AVAILABLE' else status end`.as(
        'status',
      ),
      sql<string>`count(*)::text`.as('n'),
    ])
    .where('event_id', '=', eventId)
    .groupBy(sql`1, 2`)
    .execute()
}

/** An event's courtesy tickets still standing, by section (a partial index keeps this small). */
export function courtesiesBySection(db: Db, eventId: string) {
  return db
    .selectFrom('tickets')
    .select(['section_code', sql<string>`count(*)::text`.as('n')])
    .where('event_id', '=', eventId)
    .where('kind', '=', 'COURTESY')
    .where('status', 'in', ['PAID', 'TRANSFERRED'])
    .groupBy('section_code')
    .execute()
}

/** An event's entries per hour (an index on the event and the time: read, not rolled up; decisions). */
export async function checkinsByHour(db: Db, eventId: string) {
  const { rows } = await sql<{ hour: string; n: string }>`
    select to_char(h at time zone 'UTC', ${sql.raw(HOUR_TEXT)}) as hour, n::text as n
    from (select date_trunc('hour', checked_in_at) as h, count(*) as n from ticket_checkins
          where event_id = ${eventId} group by 1) c
    order by h`.execute(db)
  return rows
}

/** The organisers a scope reaches, by name. */
export function organisersInScope(db: Db, scope: Scope) {
  return db
    .selectFrom('organisers')
    .select(['id', 'name', 'country'])
    .where((eb) => inScope(eb, 'organisers.id', scope))
    .orderBy('name')
    .execute()
}

/** An organiser's rollups summed by day of `timeZone`, channel, method or event. */
export async function organiserRollupsBy(
  db: Db,
  organiserId: string,
  by: 'day' | 'channel' | 'method' | 'event',
  timeZone: string,
) {
  const key =
    by === 'day'
      ? sql`to_char(r.hour at time zone ${timeZone}, 'YYYY-MM-DD')`
      : by === 'event'
        ? sql`r.event_id::text`
        : sql.ref(`r.${by}`)
  const { rows } = await sql<SumRow>`select ${key} as key, ${SUMS} from sales_rollups r
    join events e on e.id = r.event_id
    where e.organiser_id = ${organiserId} group by 1 order by 1`.execute(db)
  return rows
}

/** An organiser's events, newest first (the dashboard lists each with its figures). */
export function eventsOfOrganiser(db: Db, organiserId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'starts_at'])
    .where('organiser_id', '=', organiserId)
    .orderBy('starts_at', 'desc')
    .limit(200)
    .execute()
}
