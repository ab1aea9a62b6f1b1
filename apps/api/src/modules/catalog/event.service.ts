import { type EventLookupQuery, isUuid } from '@palco/domain/catalog/catalog-query'
import type { EventCheck, EventDetail, PriceZone, SponsorBanner } from '@palco/domain/catalog/event-detail'
import { eventPathOf } from '@palco/domain/catalog/event-path'
import { saleFlagsOf, saleStateOf } from '@palco/domain/catalog/sale-state'
import { isMultiEventType } from '@palco/domain/catalog/vocabulary'
import { zoneAvailability, zoneCapacity } from '@palco/domain/catalog/zone-capacity'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, Currency, Locale } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import {
  type EventKey,
  eventSummaryOf,
  findIncludedEventCards,
  findPriceZones,
  findSponsorBanners,
  findViewableEvent,
  type ViewableEventRow,
} from './event.repository.js'
import type { LayoutCapacities } from './layout-capacity.js'
import { iso, toEventCard } from './mappers.js'
import { upcomingTourDates } from './tour.service.js'
import type { TakenPlacesCounter } from './zone-sales.js'

export interface EventDeps {
  layouts: LayoutCapacities
  takenPlaces: TakenPlacesCounter
}

export interface RequestScope {
  country: Country
  locale: Locale
  now: Date
}

const notFound = () => new DomainError('NOT_FOUND', { message: 'No such event.' })

/** An id that is not a UUID cannot name an event: answer 404 without asking the database. */
export function eventKeyOf(lookup: EventLookupQuery): EventKey {
  if (lookup.id !== undefined) {
    if (!isUuid(lookup.id)) throw notFound()
    return { id: lookup.id.toLowerCase() }
  }
  return { slug: lookup.slug ?? '' }
}

/** The event a fan may open in this country, or 404 (also for another country's event: no hint it exists). */
export async function requireViewableEvent(
  db: Db,
  country: Country,
  key: EventKey,
): Promise<ViewableEventRow> {
  const row = await findViewableEvent(db, country, key)
  if (!row) throw notFound()
  return row
}

async function zonesOf(db: Db, event: ViewableEventRow, deps: EventDeps): Promise<PriceZone[]> {
  const zones = await findPriceZones(db, event.id)
  const mapped = zones.some((z) => z.section_codes.length > 0)
  const [sections, taken] = await Promise.all([
    event.layout_id && mapped ? deps.layouts.get(db, event.layout_id) : Promise.resolve(null),
    deps.takenPlaces(
      db,
      zones.map((z) => z.id),
    ),
  ])
  return zones.map((z) => {
    const capacity = zoneCapacity({ capacity: z.capacity, sectionCodes: z.section_codes }, sections)
    return {
      id: z.id,
      name: z.name,
      price: { amount: Number(z.price_amount), currency: event.currency as Currency },
      ...zoneAvailability(capacity, taken.get(z.id) ?? 0),
      perFanMax: z.per_fan_max,
      zoneType: z.zone_type,
      numbered: z.numbered,
      color: z.color,
      ageRule: z.min_age === null && z.max_age === null ? null : { minAge: z.min_age, maxAge: z.max_age },
    }
  })
}

const allSoldOut = (zones: PriceZone[]) => zones.length > 0 && zones.every((z) => z.soldOut)

function toBanner(b: Awaited<ReturnType<typeof findSponsorBanners>>[number]): SponsorBanner {
  return { id: b.id, name: b.name, imageUrl: b.image_url, linkUrl: b.link_url, position: b.position }
}

function saleFlags(e: ViewableEventRow, now: Date) {
  return saleFlagsOf(
    saleStateOf(
      { status: e.status, onSaleAt: e.on_sale_at, offSaleAt: e.off_sale_at, endsAt: e.ends_at },
      now,
    ),
  )
}

/** Everything the event page needs, in one answer. */
export async function getEventDetail(
  db: Db,
  scope: RequestScope,
  lookup: EventLookupQuery,
  deps: EventDeps,
): Promise<EventDetail> {
  const e = await requireViewableEvent(db, scope.country, eventKeyOf(lookup))
  const [zones, banners, included, tourDates] = await Promise.all([
    zonesOf(db, e, deps),
    findSponsorBanners(db, e.id),
    isMultiEventType(e.type as never) ? findIncludedEventCards(db, e.id) : Promise.resolve([]),
    e.tour_id ? upcomingTourDates(db, scope, e.tour_id) : Promise.resolve([]),
  ])
  // Same rule as the cards: the cheapest paid ticket, not a free courtesy zone or a parking space.
  const paid = zones.filter((z) => z.price.amount > 0 && z.zoneType !== 'PARKING').map((z) => z.price.amount)
  const spanish = scope.locale === 'es-CO'
  return {
    id: e.id,
    slug: e.slug,
    type: e.type as EventDetail['type'],
    name: e.name,
    description: e.description,
    imageUrl: e.image_url,
    currency: e.currency as Currency,
    startsAt: iso(e.starts_at),
    endsAt: iso(e.ends_at),
    onSaleAt: iso(e.on_sale_at),
    offSaleAt: iso(e.off_sale_at),
    visibility: e.visibility as EventDetail['visibility'],
    pageCategory: e.page_category as EventDetail['pageCategory'],
    installmentsEnabled: e.installments_enabled,
    hasLayout: e.layout_id !== null,
    ...saleFlags(e, scope.now),
    soldOut: allSoldOut(zones),
    priceFrom: paid.length > 0 ? { amount: Math.min(...paid), currency: e.currency as Currency } : null,
    venue: {
      id: e.venue_id,
      name: e.venue_name,
      city: e.venue_city,
      address: e.venue_address,
      timeZone: e.venue_time_zone,
      stadiumCode: e.venue_stadium_code,
    },
    category:
      e.category_id && e.category_slug
        ? {
            id: e.category_id,
            slug: e.category_slug,
            name: (spanish ? e.category_name_es : e.category_name_en) ?? e.category_slug,
          }
        : null,
    sportOrganization:
      e.org_id && e.org_code
        ? {
            id: e.org_id,
            code: e.org_code,
            name: e.org_name ?? e.org_code,
            sport: e.org_sport ?? '',
            logoUrl: e.org_logo_url,
          }
        : null,
    zones,
    sponsorBanners: banners.map(toBanner),
    includedEvents: included.map(toEventCard),
    tour:
      e.tour_id && e.tour_slug
        ? { id: e.tour_id, slug: e.tour_slug, name: e.tour_name ?? e.tour_slug, dates: tourDates }
        : null,
  }
}

/**
 * `/api/event/check` (spec §7, for ODE products): what an organiser's own website needs to show or hide its
 * buy button (on sale, not yet, over, disabled, sold out) and where that button leads on this site.
 */
export async function checkEvent(
  db: Db,
  scope: RequestScope,
  lookup: EventLookupQuery,
  deps: EventDeps,
): Promise<EventCheck> {
  const e = await requireViewableEvent(db, scope.country, eventKeyOf(lookup))
  const zones = await zonesOf(db, e, deps)
  return {
    id: e.id,
    slug: e.slug,
    type: e.type as EventCheck['type'],
    pageCategory: e.page_category as EventCheck['pageCategory'],
    ...saleFlags(e, scope.now),
    soldOut: allSoldOut(zones),
    path: eventPathOf(e),
  }
}

export async function getSponsorBanners(db: Db, country: Country, eventId: string): Promise<SponsorBanner[]> {
  const e = await requireViewableEvent(db, country, eventKeyOf({ id: eventId }))
  return (await findSponsorBanners(db, e.id)).map(toBanner)
}

/**
 * An event as orders, carts and messages show it (read by checkout, orders, settlement, plans and
 * inscriptions).
 */
export interface EventSummary {
  id: string
  slug: string
  name: string
  startsAt: Date
  imageUrl: string | null
  country: Country
  currency: Currency
  /** The venue's IANA zone, which the event's times are shown in. */
  timeZone: string
  venueName: string
  /** The seat layout it is sold on (null: capacity-only zones), for the sections' display names. */
  layoutId: string | null
}

/** The event's summary, or undefined when there is no such event. */
export async function eventSummary(db: Db, eventId: string): Promise<EventSummary | undefined> {
  const row = await eventSummaryOf(db, eventId)
  return (
    row && {
      id: row.id,
      slug: row.slug,
      name: row.name,
      startsAt: new Date(row.starts_at),
      imageUrl: row.image_url,
      country: row.country as Country,
      currency: row.currency as Currency,
      timeZone: row.time_zone,
      venueName: row.venue_name,
      layoutId: row.layout_id,
    }
  )
}
