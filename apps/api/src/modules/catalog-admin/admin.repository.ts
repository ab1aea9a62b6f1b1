import { assertEventMove } from '@palco/domain/catalog/event-lifecycle'
import type { EventStatus } from '@palco/domain/catalog/vocabulary'
import type { Scope } from '@palco/domain/organisers/staff-access'
import { type Insertable, sql, type Updateable } from 'kysely'
import type { Db } from '../../db/dialect.js'
import type { EventsTable, PriceZonesTable, ToursTable, VenuesTable } from '../../db/schema.js'
import { inScope } from '../../db/scope.js'

/** The back office's reads and writes of the catalogue; the rules are in admin.service.ts. */

export async function insertVenue(trx: Db, values: Insertable<VenuesTable>) {
  return trx.insertInto('venues').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function venueCountry(trx: Db, venueId: string) {
  return trx.selectFrom('venues').select(['id', 'country']).where('id', '=', venueId).executeTakeFirst()
}

export async function layoutData(trx: Db, layoutId: string) {
  return trx.selectFrom('layouts').select('data').where('id', '=', layoutId).executeTakeFirst()
}

export async function layoutVenue(trx: Db, layoutId: string) {
  return trx
    .selectFrom('layouts')
    .select(['venue_id', 'status'])
    .where('id', '=', layoutId)
    .executeTakeFirst()
}

export async function insertTour(trx: Db, values: Insertable<ToursTable>) {
  return trx.insertInto('tours').values(values).returningAll().executeTakeFirstOrThrow()
}

export async function tourCountry(trx: Db, tourId: string) {
  return trx
    .selectFrom('tours')
    .select(['country', 'organiser_id'])
    .where('id', '=', tourId)
    .executeTakeFirst()
}

export async function categoryBySlug(trx: Db, slug: string) {
  return trx.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirst()
}

export async function sportOrganizationByCode(trx: Db, code: string, country: string) {
  return trx
    .selectFrom('sport_organizations')
    .select('id')
    .where('code', '=', code)
    .where('country', '=', country)
    .executeTakeFirst()
}

export async function eventKinds(trx: Db, ids: readonly string[]) {
  return trx
    .selectFrom('events')
    .select(['id', 'country', 'type', 'organiser_id'])
    .where('id', 'in', ids)
    .execute()
}

type ZoneRow = Omit<Insertable<PriceZonesTable>, 'event_id'>

/** The event's price zones, replaced as a whole in the given order. */
export async function replaceZones(trx: Db, eventId: string, zones: readonly ZoneRow[]) {
  await trx.deleteFrom('price_zones').where('event_id', '=', eventId).execute()
  if (zones.length === 0) return
  await trx
    .insertInto('price_zones')
    .values(zones.map((z) => ({ ...z, event_id: eventId })))
    .execute()
}

/** The events a season pass or bundle includes, replaced as a whole in the given order. */
export async function replaceIncludedEvents(trx: Db, productId: string, ids: readonly string[]) {
  await trx.deleteFrom('event_product_items').where('product_id', '=', productId).execute()
  if (ids.length > 0) {
    await trx
      .insertInto('event_product_items')
      .values(ids.map((id, i) => ({ product_id: productId, event_id: id, position: i })))
      .execute()
  }
}

/** The event's own columns, which a form writes; its status and cancellation move only through the moves below. */
type EventFields = Omit<Insertable<EventsTable>, 'status' | 'cancelled_at' | 'cancellation_reason'>

/** A new event, always a draft (EVENT_INITIAL_STATUSES). */
export async function insertEvent(trx: Db, values: EventFields, organiserId: string | null): Promise<string> {
  const row = await trx
    .insertInto('events')
    .values({ ...values, organiser_id: organiserId, status: 'DRAFT' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function updateEventRow(
  trx: Db,
  eventId: string,
  set: Omit<Updateable<EventsTable>, 'status' | 'cancelled_at' | 'cancellation_reason'>,
) {
  await trx
    .updateTable('events')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', eventId)
    .execute()
}

/**
 * Moves an event from `from` to `to` only if it is still in `from`; false when another change got there
 * first.
 */
export async function setEventStatus(trx: Db, eventId: string, from: EventStatus, to: EventStatus) {
  assertEventMove(from, to)
  const row = await trx
    .updateTable('events')
    .set({ status: to, updated_at: new Date() })
    .where('id', '=', eventId)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The lock between selling an event and cancelling it (issue 16 part 5), transaction-scoped: placing an
 * order takes it shared, a cancellation exclusive. So an order is either placed before the cancellation
 * (which then finds and settles it) or sees the event cancelled; no row is written for it on the sales path.
 */
export async function lockEventSales(trx: Db, eventId: string, mode: 'shared' | 'exclusive') {
  const key = sql`hashtextextended(${`event-sales:${eventId}`}, 0)`
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(${key})`.execute(trx)
  else await sql`select pg_advisory_xact_lock(${key})`.execute(trx)
}

/** The event's status as of now (read after `lockEventSales`, so a cancellation is seen once committed). */
export async function eventStatusOf(trx: Db, eventId: string) {
  return trx.selectFrom('events').select(['status', 'country']).where('id', '=', eventId).executeTakeFirst()
}

/**
 * Locks the event's row for a cancellation. NO KEY UPDATE, not UPDATE: orders and tickets inserted by a
 * webhook hold the row's KEY SHARE lock (their foreign key) while the cancellation waits for their order.
 */
export async function lockEventForCancellation(trx: Db, eventId: string) {
  return trx
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .select([
      'e.id',
      'e.name',
      'e.country',
      'e.currency',
      'e.status',
      'e.starts_at',
      'e.cancelled_at',
      'e.cancellation_reason',
      'v.time_zone',
    ])
    .where('e.id', '=', eventId)
    .forNoKeyUpdate('e')
    .executeTakeFirst()
}

export async function markEventCancelled(
  trx: Db,
  eventId: string,
  from: EventStatus,
  reason: string,
  at: Date,
) {
  assertEventMove(from, 'CANCELLED')
  const row = await trx
    .updateTable('events')
    .set({ status: 'CANCELLED', cancelled_at: at, cancellation_reason: reason, updated_at: at })
    .where('id', '=', eventId)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** A country's events for the back office, drafts and cancelled ones too, soonest first. */
export async function adminEventRows(db: Db, country: string, scope: Scope) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .select([
      'e.id',
      'e.name',
      'e.slug',
      'e.starts_at',
      'e.status',
      'e.cancelled_at',
      'v.time_zone',
      'v.name as venue_name',
    ])
    .where('e.country', '=', country)
    .where((eb) => inScope(eb, 'e.organiser_id', scope))
    .orderBy('e.starts_at')
    .orderBy('e.name')
    .execute()
}

/** An event as staff see it, with its category slug and organisation code. */
export async function findAdminEventRow(db: Db, eventId: string) {
  return db
    .selectFrom('events as e')
    .leftJoin('categories as c', 'c.id', 'e.category_id')
    .leftJoin('sport_organizations as o', 'o.id', 'e.sport_organization_id')
    .selectAll('e')
    .select(['c.slug as category_slug', 'o.code as org_code'])
    .where('e.id', '=', eventId)
    .executeTakeFirst()
}

export async function zonesOfEvent(db: Db, eventId: string) {
  return db
    .selectFrom('price_zones')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .execute()
}

export async function includedEventIds(db: Db, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('event_product_items')
    .select('event_id')
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute()
  return rows.map((r) => r.event_id)
}

export async function insertAuditEntry(
  trx: Db,
  entry: {
    actorUserId: string
    actorEmail: string
    address?: string | null
    action: string
    entity: string
    entityId: string | null
    changes: Record<string, unknown>
  },
) {
  await trx
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      actor_email: entry.actorEmail,
      address: entry.address ?? null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      changes: JSON.stringify(entry.changes),
    })
    .execute()
}

export async function auditEntriesOf(db: Db, entityId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('id')
    .execute()
}

/** One tier's presale rule (JSON text or null); false when the event has no such tier. */
export async function writeZonePresale(
  db: Db,
  target: { eventId: string; zoneId: string },
  presale: string | null,
): Promise<boolean> {
  const row = await db
    .updateTable('price_zones')
    .set({ presale })
    .where('id', '=', target.zoneId)
    .where('event_id', '=', target.eventId)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** A category's age rule (an inscription's, issue 17): read from the participant's birth date. */
export async function setZoneAgeRule(
  db: Db,
  zoneId: string,
  rule: { minAge: number | null; maxAge: number | null },
) {
  await db
    .updateTable('price_zones')
    .set({ min_age: rule.minAge, max_age: rule.maxAge })
    .where('id', '=', zoneId)
    .execute()
}
