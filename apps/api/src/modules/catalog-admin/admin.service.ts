import {
  type EventInput,
  type EventPatch,
  eventRuleBreaks,
  type tourInputSchema,
  type venueInputSchema,
} from '@palco/domain/catalog/admin-commands'
import { isMultiEventType } from '@palco/domain/catalog/vocabulary'
import { DomainError } from '@palco/domain/errors/domain-error'
import { currencyOf } from '@palco/domain/locale/country'
import {
  countSeats,
  flattenSections,
  type Layout,
  layoutSchema,
  placesIn,
} from '@palco/domain/seating/layout'
import type { z } from 'zod'
import type { Db } from '../../db/dialect.js'
import { materializeEvent } from '../seating/inventory.service.js'
import { type Actor, audit } from './audit.js'

const UNIQUE_VIOLATION = '23505'

function ruleBroken(breaks: { field: string; rule: string }[]): never {
  throw new DomainError('RULE_BROKEN', {
    message: `Check: ${breaks.map((b) => b.field).join(', ')}`,
    fields: Object.fromEntries(breaks.map((b) => [b.field, b.rule])),
  })
}

export async function createVenue(db: Db, actor: Actor, input: z.output<typeof venueInputSchema>) {
  return db.transaction().execute(async (trx) => {
    const venue = await trx
      .insertInto('venues')
      .values({
        country: input.country,
        name: input.name,
        city: input.city,
        address: input.address,
        time_zone: input.timeZone,
        stadium_code: input.stadiumCode,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await audit(trx, actor, 'create', 'venue', venue.id, input)
    return venue
  })
}

/** A layout is validated by the layout.json schema and versioned: the same name again is version n+1. */
export async function createLayout(
  db: Db,
  actor: Actor,
  input: { venueId: string; name: string; data: unknown },
) {
  const parsed = layoutSchema.safeParse(input.data)
  if (!parsed.success) {
    ruleBroken(
      parsed.error.issues
        .slice(0, 20)
        .map((i) => ({ field: ['data', ...i.path].join('.'), rule: i.message })),
    )
  }
  const layout = parsed.data
  return db.transaction().execute(async (trx) => {
    const venue = await trx
      .selectFrom('venues')
      .select('id')
      .where('id', '=', input.venueId)
      .executeTakeFirst()
    if (!venue) ruleBroken([{ field: 'venueId', rule: 'unknownVenue' }])
    const last = await trx
      .selectFrom('layouts')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('venue_id', '=', input.venueId)
      .where('name', '=', input.name)
      .executeTakeFirst()
    const row = await trx
      .insertInto('layouts')
      .values({
        venue_id: input.venueId,
        name: input.name,
        kind: layout.kind,
        version: Number(last?.v ?? 0) + 1,
        data: JSON.stringify(layout),
        seat_count: countSeats(layout).total,
      })
      .returning(['id', 'venue_id', 'name', 'kind', 'version', 'seat_count'])
      .executeTakeFirstOrThrow()
    await audit(trx, actor, 'create', 'layout', row.id, {
      venueId: input.venueId,
      name: input.name,
      version: row.version,
      seatCount: row.seat_count,
    })
    return row
  })
}

export async function createTour(db: Db, actor: Actor, input: z.output<typeof tourInputSchema>) {
  return db
    .transaction()
    .execute(async (trx) => {
      const tour = await trx
        .insertInto('tours')
        .values({
          country: input.country,
          slug: input.slug,
          name: input.name,
          description: input.description,
          image_url: input.imageUrl,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await audit(trx, actor, 'create', 'tour', tour.id, input)
      return tour
    })
    .catch((err: unknown) => {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION)
        throw new DomainError('CONFLICT', { field: 'slug' })
      throw err
    })
}

async function sectionPlacesOf(trx: Db, layoutId: string | null): Promise<Map<string, number> | null> {
  if (!layoutId) return null
  const row = await trx.selectFrom('layouts').select('data').where('id', '=', layoutId).executeTakeFirst()
  if (!row) return null
  const layout = row.data as unknown as Layout
  return new Map(flattenSections(layout.sections).map((s) => [s.code, placesIn(s)]))
}

/** References must exist and belong to the event's country (a Colombian event at a Mexican venue is wrong). */
async function resolveReferences(trx: Db, e: EventInput) {
  const breaks: { field: string; rule: string }[] = []
  const venue = await trx
    .selectFrom('venues')
    .select(['id', 'country'])
    .where('id', '=', e.venueId)
    .executeTakeFirst()
  if (!venue || venue.country !== e.country) breaks.push({ field: 'venueId', rule: 'unknownVenue' })
  if (e.layoutId) {
    const layout = await trx
      .selectFrom('layouts')
      .select(['venue_id'])
      .where('id', '=', e.layoutId)
      .executeTakeFirst()
    if (!layout || layout.venue_id !== e.venueId) breaks.push({ field: 'layoutId', rule: 'layoutNotOfVenue' })
  }
  let categoryId: string | null = null
  if (e.categorySlug) {
    const c = await trx
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', e.categorySlug)
      .executeTakeFirst()
    if (!c) breaks.push({ field: 'categorySlug', rule: 'unknownCategory' })
    categoryId = c?.id ?? null
  }
  let sportOrganizationId: string | null = null
  if (e.sportOrganizationCode) {
    const o = await trx
      .selectFrom('sport_organizations')
      .select('id')
      .where('code', '=', e.sportOrganizationCode)
      .where('country', '=', e.country)
      .executeTakeFirst()
    if (!o) breaks.push({ field: 'sportOrganizationCode', rule: 'unknownOrganization' })
    sportOrganizationId = o?.id ?? null
  }
  if (e.tourId) {
    const t = await trx.selectFrom('tours').select('country').where('id', '=', e.tourId).executeTakeFirst()
    if (t?.country !== e.country) breaks.push({ field: 'tourId', rule: 'unknownTour' })
  }
  if (e.includedEventIds.length > 0) {
    if (!isMultiEventType(e.type))
      breaks.push({ field: 'includedEventIds', rule: 'onlyForMultiEventProducts' })
    const found = await trx
      .selectFrom('events')
      .select(['id', 'country', 'type'])
      .where('id', 'in', e.includedEventIds)
      .execute()
    if (
      found.length !== new Set(e.includedEventIds).size ||
      found.some((f) => f.country !== e.country || isMultiEventType(f.type as never))
    ) {
      breaks.push({ field: 'includedEventIds', rule: 'unknownEvent' })
    }
  }
  return { breaks, categoryId, sportOrganizationId }
}

async function writeZones(trx: Db, eventId: string, zones: EventInput['zones']) {
  await trx.deleteFrom('price_zones').where('event_id', '=', eventId).execute()
  if (zones.length === 0) return
  await trx
    .insertInto('price_zones')
    .values(
      zones.map((z, i) => ({
        event_id: eventId,
        name: z.name,
        price_amount: z.price,
        courtesy: z.courtesy,
        capacity: z.capacity,
        section_codes: z.sectionCodes,
        per_fan_max: z.perFanMax,
        zone_type: z.zoneType,
        numbered: z.numbered,
        color: z.color,
        position: i,
      })),
    )
    .execute()
}

async function writeIncluded(trx: Db, productId: string, ids: string[]) {
  await trx.deleteFrom('event_product_items').where('product_id', '=', productId).execute()
  if (ids.length > 0) {
    await trx
      .insertInto('event_product_items')
      .values(ids.map((id, i) => ({ product_id: productId, event_id: id, position: i })))
      .execute()
  }
}

function eventRow(e: EventInput, refs: { categoryId: string | null; sportOrganizationId: string | null }) {
  return {
    country: e.country,
    currency: currencyOf(e.country),
    slug: e.slug,
    type: e.type,
    name: e.name,
    description: e.description,
    venue_id: e.venueId,
    layout_id: e.layoutId,
    tour_id: e.tourId,
    category_id: refs.categoryId,
    sport_organization_id: refs.sportOrganizationId,
    starts_at: e.startsAt,
    ends_at: e.endsAt,
    on_sale_at: e.onSaleAt,
    off_sale_at: e.offSaleAt,
    visibility: e.visibility,
    page_category: e.pageCategory,
    qr_type: e.qrType,
    image_url: e.imageUrl,
    installments_enabled: e.installmentsEnabled,
  }
}

/** New events start as drafts: nothing is public until publishEvent. */
export async function createEvent(db: Db, actor: Actor, input: EventInput) {
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const refs = await resolveReferences(trx, input)
      const breaks = [...refs.breaks, ...eventRuleBreaks(input, await sectionPlacesOf(trx, input.layoutId))]
      if (breaks.length > 0) ruleBroken(breaks)
      const row = await trx
        .insertInto('events')
        .values({ ...eventRow(input, refs), status: 'DRAFT' })
        .returning('id')
        .executeTakeFirstOrThrow()
      await writeZones(trx, row.id, input.zones)
      await writeIncluded(trx, row.id, input.includedEventIds)
      await audit(trx, actor, 'create', 'event', row.id, input)
      return row.id
    })
    .catch(translateUnique)
  return adminEvent(db, id)
}

function translateUnique(err: unknown): never {
  if ((err as { code?: string }).code === UNIQUE_VIOLATION)
    throw new DomainError('CONFLICT', { field: 'slug', message: 'That slug is taken in this country.' })
  throw err
}

/** Zones and layout cannot change once places exist (published): they are the inventory. */
export async function updateEvent(db: Db, actor: Actor, eventId: string, patch: EventPatch) {
  await db
    .transaction()
    .execute(async (trx) => {
      const current = await adminEvent(trx, eventId)
      if (
        current.status !== 'DRAFT' &&
        (patch.zones !== undefined || patch.layoutId !== undefined || patch.venueId !== undefined)
      ) {
        ruleBroken([{ field: patch.zones !== undefined ? 'zones' : 'layoutId', rule: 'fixedAfterPublish' }])
      }
      const merged: EventInput = { ...current.input, ...stripUndefined(patch) }
      const refs = await resolveReferences(trx, merged)
      const breaks = [...refs.breaks, ...eventRuleBreaks(merged, await sectionPlacesOf(trx, merged.layoutId))]
      if (breaks.length > 0) ruleBroken(breaks)
      await trx
        .updateTable('events')
        .set({ ...eventRow(merged, refs), updated_at: new Date() })
        .where('id', '=', eventId)
        .execute()
      if (patch.zones !== undefined) await writeZones(trx, eventId, merged.zones)
      if (patch.includedEventIds !== undefined) await writeIncluded(trx, eventId, merged.includedEventIds)
      await audit(trx, actor, 'update', 'event', eventId, patch)
    })
    .catch(translateUnique)
  return adminEvent(db, eventId)
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

/** Publishing makes the event public and materialises its places (issue 5 part 2). */
export async function publishEvent(db: Db, actor: Actor, eventId: string) {
  const event = await adminEvent(db, eventId)
  if (event.status === 'PUBLISHED') return event
  if (event.zones.length === 0 && !isMultiEventType(event.type as never))
    ruleBroken([{ field: 'zones', rule: 'zonesRequired' }])
  if (Date.parse(event.endsAt) <= Date.now()) ruleBroken([{ field: 'endsAt', rule: 'alreadyOver' }])
  await materializeEvent(db, eventId)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('events')
      .set({ status: 'PUBLISHED', updated_at: new Date() })
      .where('id', '=', eventId)
      .execute()
    await audit(trx, actor, 'publish', 'event', eventId, { from: event.status })
  })
  return adminEvent(db, eventId)
}

/** A disabled event leaves listings and its page leads to /disabled-event; tickets already sold stay valid. */
export async function disableEvent(db: Db, actor: Actor, eventId: string) {
  const event = await adminEvent(db, eventId)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('events')
      .set({ status: 'DISABLED', updated_at: new Date() })
      .where('id', '=', eventId)
      .execute()
    await audit(trx, actor, 'disable', 'event', eventId, { from: event.status })
  })
  return adminEvent(db, eventId)
}

/** Everything staff see of an event, drafts included, plus the input it would re-validate as. */
export async function adminEvent(db: Db, eventId: string) {
  const e = await db
    .selectFrom('events as e')
    .leftJoin('categories as c', 'c.id', 'e.category_id')
    .leftJoin('sport_organizations as o', 'o.id', 'e.sport_organization_id')
    .selectAll('e')
    .select(['c.slug as category_slug', 'o.code as org_code'])
    .where('e.id', '=', eventId)
    .executeTakeFirst()
  if (!e) throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  const zones = await db
    .selectFrom('price_zones')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .execute()
  const included = await db
    .selectFrom('event_product_items')
    .select('event_id')
    .where('product_id', '=', eventId)
    .orderBy('position')
    .execute()
  const iso = (d: Date | string) => new Date(d).toISOString()
  const input: EventInput = {
    country: e.country as EventInput['country'],
    type: e.type as EventInput['type'],
    slug: e.slug,
    name: e.name,
    description: e.description,
    venueId: e.venue_id,
    layoutId: e.layout_id,
    tourId: e.tour_id,
    categorySlug: e.category_slug ?? null,
    sportOrganizationCode: e.org_code ?? null,
    startsAt: iso(e.starts_at),
    endsAt: iso(e.ends_at),
    onSaleAt: iso(e.on_sale_at),
    offSaleAt: iso(e.off_sale_at),
    visibility: e.visibility as EventInput['visibility'],
    pageCategory: e.page_category as EventInput['pageCategory'],
    qrType: e.qr_type as EventInput['qrType'],
    imageUrl: e.image_url,
    installmentsEnabled: e.installments_enabled,
    zones: zones.map((z) => ({
      name: z.name,
      price: Number(z.price_amount),
      courtesy: z.courtesy,
      capacity: z.capacity,
      sectionCodes: z.section_codes,
      perFanMax: z.per_fan_max,
      zoneType: z.zone_type as 'GRANDSTAND' | 'PARKING',
      numbered: z.numbered,
      color: z.color,
    })),
    includedEventIds: included.map((i) => i.event_id),
  }
  return { id: e.id, status: e.status, ...input, zoneIds: zones.map((z) => z.id), input }
}
