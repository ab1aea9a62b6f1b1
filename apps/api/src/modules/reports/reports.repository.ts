import {
  type AttendeeExportStatus,
  assertExportMoveTo,
  UNDERWAY_EXPORT_STATUSES,
} from '@palco/domain/reports/attendees'
import { type SqlBool, sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

/**
 * Reports (issue 43 part 4): an event's attendees, read from the tickets, orders and check-ins of other modules
 * (reads are free; DESIGN §4.7), and the attendee exports, the one table this module writes.
 */

/** The event as an attendee list heads it, and whether it exists. */
export async function eventOfReport(db: Db, eventId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .select(['e.id', 'e.name', 'e.starts_at', 'v.time_zone'])
    .where('e.id', '=', eventId)
    .executeTakeFirst()
}

/**
 * The events whose tickets get into this one: the event itself and every season pass or bundle including it
 * (`ticketsAdmittedAt` in tickets.repository reads the same rule; a pass's own page lists its holders).
 */
export async function ticketSourcesOf(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('event_product_items')
    .select('product_id')
    .where('event_id', '=', eventId)
    .execute()
  return [eventId, ...rows.map((r) => r.product_id)]
}

// Who holds a ticket: the receiver of a transfer, else the name on the ticket (a participant, a walk-in), else
// the buyer's contact name, else the owner's account.
const fanName = sql`nullif(trim(concat_ws(' ', f.first_name, f.last_name)), '')`
const holderName = sql<string | null>`coalesce(
  case when t.ownership = 'RECEIVED' then coalesce(${fanName}, u.name) end,
  t.holder_name,
  nullif(trim(concat_ws(' ', o.contact->>'firstName', o.contact->>'lastName')), ''),
  o.buyer_name,
  ${fanName},
  u.name)`
const buyerEmail = sql<
  string | null
>`coalesce(nullif(o.buyer_email, ''), nullif(o.contact->>'email', ''), b.email)`
// The document the gate admits it by, else the one the buyer billed with, else the holder's profile's.
const documentNumber = sql<
  string | null
>`coalesce(t.entry_document_number, nullif(o.billing->>'documentNumber', ''), f.document_number)`
const documentType = sql<string | null>`case
  when t.entry_document_number is not null then t.entry_document_type
  when nullif(o.billing->>'documentNumber', '') is not null then o.billing->>'documentType'
  else f.document_type end`

/** The tickets of these events with everything a row shows; `eventId` is whose check-ins count. */
function attendeesOf(db: Db, eventId: string, sources: readonly string[]) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .leftJoin('fans as f', 'f.id', 't.owner_fan_id')
    .leftJoin('auth_users as u', 'u.id', 't.owner_user_id')
    .leftJoin('auth_users as b', 'b.id', 'o.user_id')
    .leftJoin('ticket_checkins as c', (join) =>
      join.onRef('c.ticket_id', '=', 't.id').on('c.event_id', '=', eventId),
    )
    .where('t.event_id', 'in', [...sources])
}

type AttendeeQuery = ReturnType<typeof attendeesOf>

const withColumns = (q: AttendeeQuery) =>
  q.select([
    't.id',
    holderName.as('holder_name'),
    buyerEmail.as('buyer_email'),
    'o.code as order_code',
    documentType.as('document_type'),
    documentNumber.as('document_number'),
    't.zone_name',
    't.section_code',
    't.row_label',
    't.seat_number',
    't.kind',
    't.status',
    'c.checked_in_at',
    'c.gate',
    // The keyset's position exactly as stored (a Date would drop the microseconds).
    sql<string>`t.created_at::text`.as('cursor_at'),
  ])

export type AttendeeDbRow = Awaited<ReturnType<typeof attendeePage>>[number]

/** `%text%` for ILIKE, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/** Rows matching the search: holder, buyer e-mail, document number or order code containing it. */
function matching(q: AttendeeQuery, search: string | undefined): AttendeeQuery {
  if (!search) return q
  const p = containing(search)
  return q.where(
    sql<SqlBool>`(${holderName} ilike ${p} or ${buyerEmail} ilike ${p} or ${documentNumber} ilike ${p}
      or o.code ilike ${p})`,
  )
}

/** One page of the list, in order of purchase. */
export async function attendeePage(
  db: Db,
  p: { eventId: string; sources: readonly string[]; search?: string; offset: number; limit: number },
) {
  return withColumns(matching(attendeesOf(db, p.eventId, p.sources), p.search))
    .orderBy('t.created_at')
    .orderBy('t.id')
    .offset(p.offset)
    .limit(p.limit)
    .execute()
}

/** How many rows match the search. */
export async function countMatching(db: Db, eventId: string, sources: readonly string[], search?: string) {
  const row = await matching(attendeesOf(db, eventId, sources), search)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  return row.n
}

/** Every ticket, the valid ones and how many of those came in. */
export async function attendeeCounts(db: Db, eventId: string, sources: readonly string[]) {
  return db
    .selectFrom('tickets as t')
    .leftJoin('ticket_checkins as c', (join) =>
      join.onRef('c.ticket_id', '=', 't.id').on('c.event_id', '=', eventId),
    )
    .where('t.event_id', 'in', [...sources])
    .select([
      sql<number>`count(*)::int`.as('tickets'),
      sql<number>`(count(*) filter (where t.status = 'PAID'))::int`.as('valid'),
      sql<number>`(count(c.ticket_id) filter (where t.status = 'PAID'))::int`.as('checked_in'),
    ])
    .executeTakeFirstOrThrow()
}

/** The next batch after `after` (purchase time as stored, ticket id), in order of purchase. */
export async function attendeeBatch(
  db: Db,
  p: { eventId: string; sources: readonly string[]; after: { at: string; id: string } | null; limit: number },
) {
  const after = p.after
  return withColumns(attendeesOf(db, p.eventId, p.sources))
    .$if(after !== null, (q) =>
      q.where(sql<SqlBool>`(t.created_at, t.id) > (${after?.at}::timestamptz, ${after?.id}::uuid)`),
    )
    .orderBy('t.created_at')
    .orderBy('t.id')
    .limit(p.limit)
    .execute()
}

const exportColumns = [
  'x.id',
  'x.event_id',
  'x.format',
  'x.status',
  'x.locale',
  'x.rows_total',
  'x.rows_written',
  'x.file_key',
  'x.created_at',
  'x.finished_at',
  'x.file_expires_at',
] as const

export async function findExport(db: Db, exportId: string) {
  return db
    .selectFrom('attendee_exports as x')
    .select(exportColumns)
    .where('x.id', '=', exportId)
    .executeTakeFirst()
}

export type ExportRow = NonNullable<Awaited<ReturnType<typeof findExport>>>

/** An event's latest exports, newest first. */
export async function exportsOfEvent(db: Db, eventId: string, limit: number) {
  return db
    .selectFrom('attendee_exports as x')
    .select(exportColumns)
    .where('x.event_id', '=', eventId)
    .orderBy('x.created_at', 'desc')
    .limit(limit)
    .execute()
}

/**
 * A new export, or nothing when one of this event and format is already underway (the partial unique index
 * decides, so two requests at once make one export).
 */
export async function insertExport(
  db: Db,
  x: { eventId: string; format: string; locale: string; requestedBy: string },
) {
  return db
    .insertInto('attendee_exports')
    .values({ event_id: x.eventId, format: x.format, locale: x.locale, requested_by: x.requestedBy })
    .onConflict((oc) =>
      oc
        .columns(['event_id', 'format'])
        .where('status', 'in', [...UNDERWAY_EXPORT_STATUSES])
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst()
}

export async function underwayExport(db: Db, eventId: string, format: string) {
  return db
    .selectFrom('attendee_exports as x')
    .select(exportColumns)
    .where('x.event_id', '=', eventId)
    .where('x.format', '=', format)
    .where('x.status', 'in', [...UNDERWAY_EXPORT_STATUSES])
    .executeTakeFirst()
}

/**
 * Moves an export to `to` from any status the transition table allows (and only from those), with the
 * columns that go with it. Answers whether it moved.
 */
export async function moveExport(
  db: Db,
  exportId: string,
  to: AttendeeExportStatus,
  set: {
    rowsTotal?: number
    rowsWritten?: number
    fileKey?: string
    byteSize?: number
    at?: Date
    fileExpiresAt?: Date
  } = {},
): Promise<boolean> {
  const r = await db
    .updateTable('attendee_exports')
    .set({
      status: to,
      ...(set.rowsTotal !== undefined ? { rows_total: set.rowsTotal } : {}),
      ...(set.rowsWritten !== undefined ? { rows_written: set.rowsWritten } : {}),
      ...(set.fileKey !== undefined ? { file_key: set.fileKey } : {}),
      ...(set.byteSize !== undefined ? { byte_size: set.byteSize } : {}),
      ...(to === 'RUNNING' && set.at ? { started_at: set.at, finished_at: null } : {}),
      ...((to === 'READY' || to === 'FAILED') && set.at ? { finished_at: set.at } : {}),
      ...(set.fileExpiresAt ? { file_expires_at: set.fileExpiresAt } : {}),
    })
    .where('id', '=', exportId)
    .where('status', 'in', assertExportMoveTo(to))
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** How far a running export has come (the page's progress). */
export async function recordProgress(db: Db, exportId: string, rowsWritten: number) {
  await db
    .updateTable('attendee_exports')
    .set({ rows_written: rowsWritten })
    .where('id', '=', exportId)
    .where('status', '=', 'RUNNING')
    .execute()
}

/** READY exports whose file's time is up. */
export async function exportsToExpire(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('attendee_exports as x')
    .select(['x.id', 'x.file_key'])
    .where('x.status', '=', 'READY')
    .where('x.file_expires_at', '<=', now)
    .orderBy('x.file_expires_at')
    .limit(limit)
    .execute()
}
