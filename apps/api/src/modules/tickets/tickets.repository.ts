import { MULTI_EVENT_TYPES } from '@palco/domain/catalog/vocabulary'
import type { Scope } from '@palco/domain/organisers/staff-access'
import { ISSUED_TICKET_STATUSES, TRANSFERABLE_OWNERSHIPS } from '@palco/domain/tickets/ownership-lifecycle'
import {
  assertTicketMove,
  assertTicketStart,
  LOCKED_TICKET_STATUS,
  type TicketStatus,
} from '@palco/domain/tickets/status-lifecycle'
import { type Insertable, sql } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { TicketsTable } from '../../db/schema.js'
import { inScope } from '../../db/scope.js'

/**
 * Ticket reads and writes for issue 7. Every fan-facing query is scoped by the caller's user id (and the
 * fan row that user completed, for tickets received while pre-registered): an id from the URL alone
 * never finds a row (DESIGN §9).
 */

const ticketColumns = [
  't.id',
  't.order_id',
  't.event_id',
  't.owner_user_id',
  't.owner_fan_id',
  't.section_code',
  't.row_label',
  't.seat_number',
  't.zone_name',
  't.holder_name',
  't.kind',
  't.ownership',
  't.status',
  't.secret_version',
  't.created_at',
] as const

const eventColumns = [
  'e.name as event_name',
  'e.slug as event_slug',
  'e.type as event_type',
  'e.country as event_country',
  'e.starts_at as event_starts_at',
  'e.ends_at as event_ends_at',
  'e.image_url as event_image_url',
  'e.tickets_transferable as event_transferable',
  // Issue 16 part 5: a cancelled event's tickets are shown refunded and refused at the gate, saying why.
  'e.status as event_status',
  // The seat map whose section names a ticket prints (seat-layout.service sectionNamesOfLayout), read here so
  // printing asks the database nothing more for them once the map is in memory.
  'e.layout_id as event_layout_id',
  'v.name as venue_name',
  'v.city as venue_city',
  'v.time_zone as venue_time_zone',
  'v.stadium_code as venue_stadium_code',
] as const

export async function fanIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('fans').select('id').where('user_id', '=', userId).execute()
  return rows.map((r) => r.id)
}

/**
 * The code a ticket carries: its own when it was printed on paper for an event whose code rotates (migration
 * 0021), else its event's. Read by the ticket page, the gate and the offline package alike.
 */
const ticketQrType = sql<string>`coalesce(t.qr_type, e.qr_type)`

const multiEventTypes = sql.join(MULTI_EVENT_TYPES.map((type) => sql.lit(type)))

function ticketsWithEvent(db: Db) {
  return (
    db
      .selectFrom('tickets as t')
      .innerJoin('events as e', 'e.id', 't.event_id')
      .innerJoin('venues as v', 'v.id', 'e.venue_id')
      // A pass has one entry per included event: the latest one and how many, so a ticket stays one row.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('ticket_checkins as tc')
            .select(['tc.checked_in_at', 'tc.gate', sql<number>`(count(*) over ())::int`.as('entries')])
            .whereRef('tc.ticket_id', '=', 't.id')
            .orderBy('tc.checked_in_at', 'desc')
            .limit(1)
            .as('c'),
        (join) => join.onTrue(),
      )
      .leftJoin('ticket_transfers as x', 'x.ticket_id', 't.id')
      .select(ticketColumns)
      .select(eventColumns)
      .select([
        ticketQrType.as('event_qr_type'),
        'e.type as event_type',
        'c.checked_in_at',
        'c.gate as checkin_gate',
        sql<number>`coalesce(c.entries, 0)`.as('checkin_count'),
        // How many events the ticket gets into: every event a pass includes, else its own.
        sql<number>`case when e.type in (${multiEventTypes})
          then (select count(*)::int from event_product_items i where i.product_id = t.event_id)
          else 1 end`.as('admits_count'),
        'x.from_user_id as transfer_from_user_id',
        'x.contact as transfer_contact',
        // The purchase code printed on the ticket, read with it rather than once more per order.
        (eb) =>
          eb.selectFrom('orders as o').select('o.code').whereRef('o.id', '=', 't.order_id').as('order_code'),
      ])
  )
}

export type TicketRow = Awaited<ReturnType<typeof findTicketsOfUser>>[number]

/** Tickets the user holds (bought or received) and tickets they transferred away. */
export async function findTicketsOfUser(
  db: Db,
  userId: string,
  fanIds: readonly string[],
  filter: { eventId?: string; orderId?: string; ticketId?: string } = {},
) {
  let q = ticketsWithEvent(db).where((eb) =>
    eb.or([
      eb('t.owner_user_id', '=', userId),
      ...(fanIds.length > 0 ? [eb('t.owner_fan_id', 'in', fanIds)] : []),
      eb('x.from_user_id', '=', userId),
    ]),
  )
  if (filter.eventId) q = q.where('t.event_id', '=', filter.eventId)
  if (filter.orderId) q = q.where('t.order_id', '=', filter.orderId)
  if (filter.ticketId) q = q.where('t.id', '=', filter.ticketId)
  return (
    q
      // A paguitos ticket (PENDING until its plan is paid) is listed too, locked (issue 16 part 6).
      .where('t.status', 'in', [...ISSUED_TICKET_STATUSES, LOCKED_TICKET_STATUS])
      .orderBy('e.starts_at')
      .orderBy('t.section_code')
      .orderBy('t.row_label')
      .orderBy('t.seat_number')
      .execute()
  )
}

/** An order's tickets that still hold, with their event, in seat order (printing a counter sale). */
export async function findIssuedTicketsOfOrder(db: Db, orderId: string) {
  return ticketsWithEvent(db)
    .where('t.order_id', '=', orderId)
    .where('t.status', 'in', [...ISSUED_TICKET_STATUSES])
    .orderBy('t.section_code')
    .orderBy('t.row_label')
    .orderBy('t.seat_number')
    .execute()
}

export async function findTicketForGate(db: Db, ticketId: string) {
  return ticketsWithEvent(db).where('t.id', '=', ticketId).executeTakeFirst()
}

/** The secrets of several tickets at once (an order's PDF draws every code). */
export async function ticketSecrets(db: Db, ticketIds: readonly string[]) {
  if (ticketIds.length === 0) return []
  return db.selectFrom('tickets').select(['id', 'qr_secret']).where('id', 'in', ticketIds).execute()
}

export async function ticketSecret(db: Db, ticketId: string) {
  return db
    .selectFrom('tickets')
    .select(['qr_secret', 'secret_version'])
    .where('id', '=', ticketId)
    .executeTakeFirst()
}

export async function frameOfEvent(db: Db, eventId: string, country: string) {
  return db
    .selectFrom('ticket_frames')
    .select(['name', 'image_url', 'background_color', 'text_color', 'accent_color', 'event_id'])
    .where((eb) =>
      eb.or([
        eb('event_id', '=', eventId),
        eb.and([eb('event_id', 'is', null), eb('country', '=', country)]),
      ]),
    )
    .orderBy(sql`event_id is null`)
    .limit(1)
    .executeTakeFirst()
}

export async function maxPerFanOfEvent(db: Db, eventId: string): Promise<number | null> {
  const row = await db
    .selectFrom('price_zones')
    .select((eb) => eb.fn.max('per_fan_max').as('max'))
    .where('event_id', '=', eventId)
    .executeTakeFirst()
  return row?.max == null ? null : Number(row.max)
}

/** Locks the ticket row for a transfer or a check-in, so the two serialise on it. */
export async function lockTicket(db: Db, ticketId: string) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .select([
      't.id',
      't.event_id',
      't.order_id',
      't.owner_user_id',
      't.owner_fan_id',
      't.ownership',
      't.status',
      't.secret_version',
      't.qr_secret',
      ticketQrType.as('event_qr_type'),
      'e.tickets_transferable as event_transferable',
      // Issue 16 part 5: a cancelled event's tickets are shown refunded and refused at the gate, saying why.
      'e.status as event_status',
      'e.ends_at as event_ends_at',
    ])
    .where('t.id', '=', ticketId)
    .forUpdate('t')
    .executeTakeFirst()
}

/** The ticket's entry at one event (a pass has one per included event). */
export async function findCheckin(db: Db, ticketId: string, eventId: string) {
  return db
    .selectFrom('ticket_checkins')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .where('event_id', '=', eventId)
    .executeTakeFirst()
}

/** Whether the ticket has been used at any event (a used pass no longer changes owner). */
export async function hasCheckin(db: Db, ticketId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ticket_checkins')
    .select('ticket_id')
    .where('ticket_id', '=', ticketId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The events a ticket of `event` gets into: each event a season pass or bundle includes, else the event
 * itself. `ticketsAdmittedAt` is the same rule read the other way round; keep them in step.
 */
export async function eventsAdmittedBy(db: Db, event: { id: string; type: string }): Promise<string[]> {
  if (!(MULTI_EVENT_TYPES as readonly string[]).includes(event.type)) return [event.id]
  const rows = await db
    .selectFrom('event_product_items')
    .select('event_id')
    .where('product_id', '=', event.id)
    .execute()
  return rows.map((r) => r.event_id)
}

export async function findTransfer(db: Db, ticketId: string) {
  return db.selectFrom('ticket_transfers').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst()
}

/** Moves the ticket to its receiver with a new secret; the version bump makes every older code superseded. */
export async function moveTicket(
  db: Db,
  ticketId: string,
  to: { userId: string | null; fanId: string },
  secret: Uint8Array,
  expectedVersion: number,
): Promise<boolean> {
  const r = await db
    .updateTable('tickets')
    .set((eb) => ({
      owner_user_id: to.userId,
      owner_fan_id: to.fanId,
      ownership: 'RECEIVED',
      qr_secret: secret,
      secret_version: eb('secret_version', '+', 1),
      // The receiver shows their own document, not the sender's: entry by document ends with the transfer.
      entry_document_type: null,
      entry_document_number: null,
    }))
    .where('id', '=', ticketId)
    .where('secret_version', '=', expectedVersion)
    .where('status', '=', 'PAID')
    // Only as the ownership table allows (packages/domain/src/tickets/ownership-lifecycle.ts).
    .where('ownership', 'in', [...TRANSFERABLE_OWNERSHIPS])
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export async function insertTransfer(
  db: Db,
  t: { ticketId: string; fromUserId: string; toFanId: string; toUserId: string | null; contact: string },
) {
  return db
    .insertInto('ticket_transfers')
    .values({
      ticket_id: t.ticketId,
      from_user_id: t.fromUserId,
      to_fan_id: t.toFanId,
      to_user_id: t.toUserId,
      contact: t.contact,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow()
}

/**
 * Admits a ticket once per event: the (ticket, event) primary key makes a second insert (from any gate, at
 * any moment) a no-op. `at` is when an offline gate scanned it; otherwise the database's clock.
 */
/**
 * The valid tickets of this event bound to a holder's document (IDENTIFICATION), oldest first, each with
 * whether it already got someone in here: the gate admits the first unused one.
 */
export async function ticketsOfDocument(
  db: Db,
  eventId: string,
  documentType: string,
  documentNumber: string,
) {
  return db
    .selectFrom('tickets as t')
    .leftJoin('ticket_checkins as c', (j) =>
      j.onRef('c.ticket_id', '=', 't.id').on('c.event_id', '=', eventId),
    )
    .select(['t.id', 'c.checked_in_at', 'c.gate'])
    .where('t.event_id', '=', eventId)
    .where('t.entry_document_number', '=', documentNumber)
    .where('t.entry_document_type', '=', documentType)
    .where('t.status', '=', 'PAID')
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute()
}

export async function insertCheckin(
  db: Db,
  c: { ticketId: string; eventId: string; gate: string; operatorUserId: string; version: number; at?: Date },
) {
  return db
    .insertInto('ticket_checkins')
    .values({
      ticket_id: c.ticketId,
      event_id: c.eventId,
      gate: c.gate,
      operator_user_id: c.operatorUserId,
      secret_version: c.version,
      ...(c.at ? { checked_in_at: c.at } : {}),
    })
    .onConflict((oc) => oc.columns(['ticket_id', 'event_id']).doNothing())
    .returning(['checked_in_at', 'gate'])
    .executeTakeFirst()
}

/**
 * Every valid ticket that gets into `eventId` — its own tickets and those of the season passes and bundles
 * that include it — with its entry at this event, if any. The rule of `eventsAdmittedBy`, read backwards.
 */
export async function ticketsAdmittedAt(db: Db, eventId: string) {
  return db
    .selectFrom('tickets as t')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .leftJoin('ticket_checkins as c', (join) =>
      join.onRef('c.ticket_id', '=', 't.id').on('c.event_id', '=', eventId),
    )
    .select([
      't.id',
      't.event_id',
      't.secret_version',
      't.qr_secret',
      ticketQrType.as('qr_type'),
      'c.checked_in_at',
      'c.gate',
    ])
    .where('t.status', '=', 'PAID')
    .where((eb) =>
      eb.or([
        eb.and([eb('t.event_id', '=', eventId), eb('e.type', 'not in', MULTI_EVENT_TYPES)]),
        eb.and([
          eb('e.type', 'in', MULTI_EVENT_TYPES),
          eb(
            't.event_id',
            'in',
            eb
              .selectFrom('event_product_items as i')
              .select('i.product_id')
              .where('i.event_id', '=', eventId),
          ),
        ]),
      ]),
    )
    .orderBy('t.id')
    .execute()
}

export async function eventForGate(db: Db, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'qr_type', 'status'])
    .where('id', '=', eventId)
    .executeTakeFirst()
}

/**
 * Who receives a ticket sent to this email or phone: an account that has *proven* that contact, or else
 * the fan pre-registered for it. An account that merely typed the contact at sign-up does not get it
 * (issue 12: a code proves only the channel it went to).
 */
export async function findFanByContact(
  db: Db,
  contact: { email?: string; e164?: string; prefix?: string; phone?: string },
) {
  let q = db
    .selectFrom('fans as f')
    .leftJoin('auth_users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.user_id', 'f.email', 'f.phone_prefix', 'f.phone_number', 'f.registration_status'])
    .where('f.deleted_at', 'is', null)
  const proven = (channel: 'u.emailVerified' | 'u.phoneNumberVerified') =>
    q.where((eb) =>
      eb.or([
        eb.and([eb('f.registration_status', '=', 'PRE_REGISTERED'), eb('f.user_id', 'is', null)]),
        eb(channel, '=', true),
      ]),
    )
  if (contact.email)
    q = proven('u.emailVerified').where(sql`lower(f.email)`, '=', contact.email.toLowerCase())
  else if (contact.prefix && contact.phone)
    q = proven('u.phoneNumberVerified')
      .where('f.phone_prefix', '=', contact.prefix)
      .where('f.phone_number', '=', contact.phone)
  else return undefined
  // An account that proved the contact wins over a pre-registration still waiting for it.
  return q.orderBy(sql`f.user_id is null`).executeTakeFirst()
}

/** Every ticket held by one fan passes to another fan and their account. */
export async function reassignFanTickets(db: Db, fromFanId: string, to: { fanId: string; userId: string }) {
  await db
    .updateTable('tickets')
    .set({ owner_fan_id: to.fanId, owner_user_id: to.userId })
    .where('owner_fan_id', '=', fromFanId)
    .execute()
}

/** Every transfer sent to one fan is addressed to another fan and their account instead. */
export async function readdressFanTransfers(
  db: Db,
  fromFanId: string,
  to: { fanId: string; userId: string },
) {
  await db
    .updateTable('ticket_transfers')
    .set({ to_fan_id: to.fanId, to_user_id: to.userId })
    .where('to_fan_id', '=', fromFanId)
    .execute()
}

export async function userEmailOf(db: Db, userId: string) {
  const row = await db
    .selectFrom('fans')
    .select(['email', 'first_name', 'phone_prefix', 'phone_number'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row
}

/** Events a gate may be checking in now: this country's, not ended more than `since` ago, soonest first. */
export async function gateEvents(db: Db, country: string, since: Date, scope: Scope) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .select(['e.id', 'e.name', 'e.starts_at', 'v.name as venue_name', 'v.time_zone'])
    .where('e.country', '=', country)
    .where((eb) => inScope(eb, 'e.organiser_id', scope))
    .where('e.ends_at', '>', since)
    .where('e.type', 'not in', ['SEASON_PASS', 'EVENT_BUNDLE', 'TOUR_BUNDLE'])
    .orderBy('e.starts_at')
    .limit(100)
    .execute()
}

/** New tickets of an order; a place the order already ticketed is skipped (the (order, place) constraint). */
export async function insertTickets(trx: Db, rows: readonly Insertable<TicketsTable>[]): Promise<number> {
  if (rows.length === 0) return 0
  // Issued PAID, or locked for a plan: never born refunded (packages/domain/src/tickets/status-lifecycle.ts).
  for (const row of rows) assertTicketStart(row.status)
  const inserted = await trx
    .insertInto('tickets')
    .values([...rows])
    .onConflict((oc) => oc.columns(['order_id', 'section_code', 'place_index']).doNothing())
    .returning('id')
    .execute()
  return inserted.length
}

export async function findTicketsOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('tickets')
    .select(['id', 'section_code', 'row_label', 'seat_number', 'zone_name', 'place_index', 'status'])
    .where('order_id', '=', orderId)
    .orderBy('section_code')
    .orderBy('place_index')
    .execute()
}

/** Whether this user already passed this ticket on (so a second try says so rather than "not found"). */
export async function hasSentTicket(trx: Db, ticketId: string, fromUserId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('ticket_transfers')
    .select('id')
    .where('ticket_id', '=', ticketId)
    .where('from_user_id', '=', fromUserId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Moves an order's tickets that are in `from` to `to`, as the ticket status table allows (DESIGN §4.5); the
 * rest of its tickets stay as they are. Answers how many moved.
 */
async function moveTicketsOfOrder(
  trx: Db,
  orderId: string,
  from: TicketStatus,
  to: TicketStatus,
  also: { kind?: string } = {},
): Promise<number> {
  assertTicketMove(from, to)
  const moved = await trx
    .updateTable('tickets')
    .set({ ...also, status: to })
    .where('order_id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst()
  return Number(moved.numUpdatedRows)
}

/** The plan is paid: its tickets become PAID ones, with a code, in the transaction that records it. */
export async function unlockTicketsOfOrder(trx: Db, orderId: string) {
  await moveTicketsOfOrder(trx, orderId, LOCKED_TICKET_STATUS, 'PAID', { kind: 'PAID' })
}

/** The plan lapsed: its locked tickets are cancelled (none can have been used: they never had a code). */
export async function cancelLockedTicketsOfOrder(trx: Db, orderId: string) {
  await moveTicketsOfOrder(trx, orderId, LOCKED_TICKET_STATUS, 'CANCELED')
}

/**
 * Revokes every ticket of an order still valid (a voided sale, issue 15): PAID → `to`, so the gate refuses it
 * (check-in admits PAID only) and its place may be ticketed again. Locks them first, so a check-in in flight
 * either lands before (and the caller sees it) or finds the ticket revoked.
 */
export async function revokeTicketsOfOrder(
  trx: Db,
  orderId: string,
  to: TicketStatus,
  opts: { evenAdmitted?: boolean } = {},
) {
  assertTicketMove('PAID', to)
  const locked = await trx
    .selectFrom('tickets')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'PAID')
    .forUpdate()
    .execute()
  if (locked.length === 0) return { revoked: 0, admitted: false }
  const admitted = await trx
    .selectFrom('ticket_checkins')
    .select('ticket_id')
    .where(
      'ticket_id',
      'in',
      locked.map((t) => t.id),
    )
    .limit(1)
    .executeTakeFirst()
  if (admitted && !opts.evenAdmitted) return { revoked: 0, admitted: true }
  return { revoked: await moveTicketsOfOrder(trx, orderId, 'PAID', to), admitted: false }
}
