import {
  type EventInput,
  type EventPatch,
  eventRuleBreaks,
  type tourInputSchema,
  type venueInputSchema,
} from '@palco/domain/catalog/admin-commands'
import type { AdminEventList } from '@palco/domain/catalog/event-cancellation'
import { canEventTransition, isEventCancelled } from '@palco/domain/catalog/event-lifecycle'
import { type EventStatus, isMultiEventType } from '@palco/domain/catalog/vocabulary'
import { type PresaleRule, presaleRuleSchema } from '@palco/domain/checkout/presale'
import { DomainError } from '@palco/domain/errors/domain-error'
import { currencyOf } from '@palco/domain/locale/country'
import type { Scope } from '@palco/domain/organisers/staff-access'
import { flattenSections, type Layout, placesIn } from '@palco/domain/seating/layout'
import type { z } from 'zod'
import type { Db } from '../../db/dialect.js'
import { organiserForNew } from '../organisers/organisers.service.js'
import { materializeEvent } from '../seating/inventory.service.js'
import {
  adminEventRows,
  categoryBySlug,
  eventKinds,
  eventStatusOf,
  findAdminEventRow,
  includedEventIds,
  insertEvent,
  insertTour,
  insertVenue,
  layoutData,
  layoutVenue,
  lockEventForCancellation,
  lockEventSales,
  markEventCancelled,
  replaceIncludedEvents,
  replaceZones,
  setEventStatus,
  setZoneAgeRule,
  sportOrganizationByCode,
  tourCountry,
  updateEventRow,
  venueCountry,
  writeZonePresale,
  zonesOfEvent,
} from './admin.repository.js'
import { type Actor, audit } from './audit.js'

const UNIQUE_VIOLATION = '23505'

export function ruleBroken(breaks: { field: string; rule: string }[]): never {
  throw new DomainError('RULE_BROKEN', {
    message: `Check: ${breaks.map((b) => b.field).join(', ')}`,
    fields: Object.fromEntries(breaks.map((b) => [b.field, b.rule])),
  })
}

export async function createVenue(db: Db, actor: Actor, input: z.output<typeof venueInputSchema>) {
  return db.transaction().execute(async (trx) => {
    const venue = await insertVenue(trx, {
      country: input.country,
      name: input.name,
      city: input.city,
      address: input.address,
      time_zone: input.timeZone,
      stadium_code: input.stadiumCode,
    })
    await audit(trx, actor, 'create', 'venue', venue.id, input)
    return venue
  })
}

export async function createTour(
  db: Db,
  actor: Actor,
  input: z.output<typeof tourInputSchema>,
  scope: Scope,
) {
  const organiserId = await organiserForNew(db, scope, input.organiserId, input.country)
  return db
    .transaction()
    .execute(async (trx) => {
      const tour = await insertTour(trx, {
        organiser_id: organiserId,
        country: input.country,
        slug: input.slug,
        name: input.name,
        description: input.description,
        image_url: input.imageUrl,
      })
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
  const row = await layoutData(trx, layoutId)
  if (!row) return null
  const layout = row.data as unknown as Layout
  return new Map(flattenSections(layout.sections).map((s) => [s.code, placesIn(s)]))
}

/**
 * References must exist and belong to the event's country (a Colombian event at a Mexican venue is wrong); its
 * tour and the events a bundle or season pass includes must be its organiser's too (issue 43).
 */
async function resolveReferences(trx: Db, e: EventInput, organiserId: string | null) {
  const breaks: { field: string; rule: string }[] = []
  const venue = await venueCountry(trx, e.venueId)
  if (!venue || venue.country !== e.country) breaks.push({ field: 'venueId', rule: 'unknownVenue' })
  if (e.layoutId) {
    const layout = await layoutVenue(trx, e.layoutId)
    if (!layout || layout.venue_id !== e.venueId) breaks.push({ field: 'layoutId', rule: 'layoutNotOfVenue' })
    // Issue 18: a draft may still change, and an event's seats are made from its layout.
    else if (layout.status !== 'PUBLISHED') breaks.push({ field: 'layoutId', rule: 'layoutNotPublished' })
  }
  let categoryId: string | null = null
  if (e.categorySlug) {
    const c = await categoryBySlug(trx, e.categorySlug)
    if (!c) breaks.push({ field: 'categorySlug', rule: 'unknownCategory' })
    categoryId = c?.id ?? null
  }
  let sportOrganizationId: string | null = null
  if (e.sportOrganizationCode) {
    const o = await sportOrganizationByCode(trx, e.sportOrganizationCode, e.country)
    if (!o) breaks.push({ field: 'sportOrganizationCode', rule: 'unknownOrganization' })
    sportOrganizationId = o?.id ?? null
  }
  if (e.tourId) {
    const t = await tourCountry(trx, e.tourId)
    if (t?.country !== e.country) breaks.push({ field: 'tourId', rule: 'unknownTour' })
    else if (t.organiser_id !== organiserId) breaks.push({ field: 'tourId', rule: 'otherOrganiser' })
  }
  if (e.includedEventIds.length > 0) {
    if (!isMultiEventType(e.type))
      breaks.push({ field: 'includedEventIds', rule: 'onlyForMultiEventProducts' })
    const found = await eventKinds(trx, e.includedEventIds)
    if (
      found.length !== new Set(e.includedEventIds).size ||
      found.some((f) => f.country !== e.country || isMultiEventType(f.type as never))
    ) {
      breaks.push({ field: 'includedEventIds', rule: 'unknownEvent' })
    } else if (found.some((f) => f.organiser_id !== organiserId)) {
      breaks.push({ field: 'includedEventIds', rule: 'otherOrganiser' })
    }
  }
  return { breaks, categoryId, sportOrganizationId }
}

const writeZones = (trx: Db, eventId: string, zones: EventInput['zones']) =>
  replaceZones(
    trx,
    eventId,
    zones.map((z, i) => ({
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
      presale: z.presale ? JSON.stringify(z.presale) : null,
    })),
  )

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
export async function createEvent(db: Db, actor: Actor, input: EventInput, scope: Scope) {
  const organiserId = await organiserForNew(db, scope, input.organiserId, input.country)
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const refs = await resolveReferences(trx, input, organiserId)
      const breaks = [...refs.breaks, ...eventRuleBreaks(input, await sectionPlacesOf(trx, input.layoutId))]
      if (breaks.length > 0) ruleBroken(breaks)
      const eventId = await insertEvent(trx, eventRow(input, refs), organiserId)
      await writeZones(trx, eventId, input.zones)
      await replaceIncludedEvents(trx, eventId, input.includedEventIds)
      await audit(trx, actor, 'create', 'event', eventId, input)
      return eventId
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
      const refs = await resolveReferences(trx, merged, current.organiserId)
      const breaks = [...refs.breaks, ...eventRuleBreaks(merged, await sectionPlacesOf(trx, merged.layoutId))]
      if (breaks.length > 0) ruleBroken(breaks)
      await updateEventRow(trx, eventId, eventRow(merged, refs))
      if (patch.zones !== undefined) await writeZones(trx, eventId, merged.zones)
      if (patch.includedEventIds !== undefined)
        await replaceIncludedEvents(trx, eventId, merged.includedEventIds)
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
  await moveEvent(db, actor, eventId, event.status as EventStatus, 'PUBLISHED', 'publish')
  return adminEvent(db, eventId)
}

/** Every status change of an event goes through the domain's table (DESIGN §4.5) and leaves its trace. */
async function moveEvent(
  db: Db,
  actor: Actor,
  eventId: string,
  from: EventStatus,
  to: EventStatus,
  action: 'publish' | 'disable',
) {
  if (from === to) return
  if (!canEventTransition(from, to)) {
    throw new DomainError('CONFLICT', {
      field: 'status',
      message: `An event cannot go from ${from} to ${to}.`,
    })
  }
  await db.transaction().execute(async (trx) => {
    // Another change got there first (two staff pressing at once): theirs stands, and this one is told.
    if (!(await setEventStatus(trx, eventId, from, to))) {
      throw new DomainError('CONFLICT', {
        field: 'status',
        message: 'The event changed meanwhile; reload it.',
      })
    }
    await audit(trx, actor, action, 'event', eventId, { from })
  })
}

/** A disabled event leaves listings and its page leads to /disabled-event; tickets already sold stay valid. */
export async function disableEvent(db: Db, actor: Actor, eventId: string) {
  const event = await adminEvent(db, eventId)
  await moveEvent(db, actor, eventId, event.status as EventStatus, 'DISABLED', 'disable')
  return adminEvent(db, eventId)
}

/**
 * Placing an order starts here (issue 16 part 5): under the event's sales lock, taken shared, a cancelled
 * event refuses it with EVENT_CANCELLED. A cancellation waits for the orders already past this point and then
 * settles them, so no order can slip in after it.
 */
export async function assertEventSells(trx: Db, eventId: string) {
  await lockEventSales(trx, eventId, 'shared')
  const event = await eventStatusOf(trx, eventId)
  if (event && isEventCancelled(event.status)) throw new DomainError('EVENT_CANCELLED')
}

/**
 * The event's part of a cancellation, in the caller's transaction (which then settles the event's orders):
 * the sales lock exclusive, the row locked, the status moved through the domain's table with the reason and
 * time kept, and the change audited. An event already cancelled is returned as it is (`already`): cancelling
 * twice is harmless. Another country's event is not found (the back office works per site).
 */
export async function cancelEventRow(
  trx: Db,
  actor: Actor,
  country: string,
  eventId: string,
  reason: string,
  now: Date,
) {
  await lockEventSales(trx, eventId, 'exclusive')
  const event = await lockEventForCancellation(trx, eventId)
  if (!event || event.country !== country) throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  if (isEventCancelled(event.status)) return { event, already: true }
  const from = event.status as EventStatus
  if (!canEventTransition(from, 'CANCELLED')) {
    throw new DomainError('CONFLICT', {
      field: 'status',
      message: `An event cannot go from ${from} to CANCELLED.`,
    })
  }
  if (!(await markEventCancelled(trx, eventId, from, reason, now)))
    throw new DomainError('CONFLICT', { field: 'status', message: 'The event changed meanwhile; reload it.' })
  await audit(trx, actor, 'cancel', 'event', eventId, { from, reason })
  return {
    event: { ...event, status: 'CANCELLED', cancelled_at: now, cancellation_reason: reason },
    already: false,
  }
}

/** The back office's events page: the site's events with their status (issue 16 part 5). */
/** The country's events within the asker's scope (issue 43 part 1). */
export async function adminEventList(db: Db, country: string, scope: Scope): Promise<AdminEventList> {
  const iso = (d: Date | string) => new Date(d).toISOString()
  const rows = await adminEventRows(db, country, scope)
  return {
    events: rows.map((e) => ({
      id: e.id,
      name: e.name,
      slug: e.slug,
      startsAt: iso(e.starts_at),
      timeZone: e.time_zone,
      venueName: e.venue_name,
      status: e.status as EventStatus,
      cancelledAt: e.cancelled_at ? iso(e.cancelled_at) : null,
    })),
  }
}

/** Everything staff see of an event, drafts included, plus the input it would re-validate as. */
export async function adminEvent(db: Db, eventId: string) {
  const e = await findAdminEventRow(db, eventId)
  if (!e) throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  const [zones, included] = await Promise.all([zonesOfEvent(db, eventId), includedEventIds(db, eventId)])
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
      presale: presaleRuleOfRow(z.presale),
    })),
    includedEventIds: included,
  }
  return {
    id: e.id,
    status: e.status,
    organiserId: e.organiser_id,
    ...input,
    zoneIds: zones.map((z) => z.id),
    input,
  }
}

/** A stored presale rule, read back through its schema (a row written by hand that breaks it reads as none). */
const presaleRuleOfRow = (value: unknown): PresaleRule | null => {
  const parsed = presaleRuleSchema.nullable().safeParse(value ?? null)
  return parsed.success ? parsed.data : null
}

/**
 * Sets or clears one tier's presale rule (issue 42 part 2) at any time, published events too: a presale's
 * sponsor may add a BIN range on the day. A tier of another event is not found; the change is audited.
 */
export async function setZonePresale(
  db: Db,
  actor: Actor,
  target: { eventId: string; zoneId: string },
  presale: PresaleRule | null,
) {
  return db.transaction().execute(async (trx) => {
    const updated = await writeZonePresale(trx, target, presale ? JSON.stringify(presale) : null)
    if (!updated) throw new DomainError('NOT_FOUND', { message: 'No such tier in this event.' })
    await audit(trx, actor, 'presale', 'event', target.eventId, { zoneId: target.zoneId, presale })
    return { zoneId: target.zoneId, presale }
  })
}

/**
 * The age rules of an event's categories (issue 17), written with its inscription form in the caller's
 * transaction; the caller has checked each zone is the event's.
 */
export async function setZoneAgeRules(
  trx: Db,
  rules: readonly { zoneId: string; minAge: number | null; maxAge: number | null }[],
) {
  for (const r of rules) await setZoneAgeRule(trx, r.zoneId, r)
}
