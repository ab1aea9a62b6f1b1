import { containsPattern, dateRangeBounds, type EventSearchQuery } from '@palco/domain/catalog/catalog-query'
import type { CategorizedEvents, EventPage } from '@palco/domain/catalog/event-card'
import { type EventPageCategory, SPORT_EVENT_TYPES } from '@palco/domain/catalog/vocabulary'
import { type Country, defaultTimeZoneOf } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import {
  countListedEvents,
  type EventListFilter,
  findListedEvents,
  findListedTours,
} from './catalog.repository.js'
import { iso, moneyOrNull, toEventCard } from './mappers.js'

const HOME_SECTION_LIMIT = 24
const HOME_PAGE_CATEGORY: EventPageCategory = 'HOME'

/** The query string as repository filters: sport split into type or club, text and dates made exact. */
export function toListFilter(country: Country, query: EventSearchQuery): EventListFilter {
  const sport = query.sport?.toUpperCase()
  const isSportType = sport !== undefined && (SPORT_EVENT_TYPES as readonly string[]).includes(sport)
  // Dates are calendar days of the site's country, the way a fan there reads them.
  const { start, end } = dateRangeBounds(query, defaultTimeZoneOf(country))
  return {
    type: query.type,
    pageCategory: query.pageCategory,
    categorySlug: query.category,
    sportType: isSportType ? sport : undefined,
    organizationCode: sport !== undefined && !isSportType ? sport : undefined,
    textPattern: query.q ? containsPattern(query.q) : undefined,
    from: start,
    to: end,
  }
}

/**
 * One page of what is on sale in a country, soonest first; pages start at 0 (spec §9). Tour dates are
 * included: each is an event of its own, and a search for a city or a band should find them.
 */
export async function listEvents(
  db: Db,
  country: Country,
  now: Date,
  query: EventSearchQuery,
): Promise<EventPage> {
  const filter = toListFilter(country, query)
  const [rows, total] = await Promise.all([
    findListedEvents(db, country, now, { ...filter, limit: query.size, offset: query.page * query.size }),
    countListedEvents(db, country, now, filter),
  ])
  return {
    content: rows.map(toEventCard),
    page: query.page,
    size: query.size,
    totalElements: total,
    totalPages: Math.ceil(total / query.size),
  }
}

export async function listTourCards(db: Db, country: Country, now: Date, limit: number) {
  const tours = await findListedTours(db, country, now, limit)
  return tours.map((t) => ({
    id: t.id,
    slug: t.slug,
    name: t.name,
    imageUrl: t.image_url,
    dates: Number(t.dates),
    firstStartsAt: iso(t.first_starts_at),
    lastStartsAt: iso(t.last_starts_at),
    timeZone: t.time_zone,
    cities: [...t.cities].sort(),
    priceFrom: moneyOrNull(t.price_from, t.currency),
  }))
}

/**
 * The home page's three sections for one country (spec §1): events, tour, paguitos. Only HOME events: races
 * and courses have `/inscriptions` (spec §2 event page categories).
 */
export async function categorizedEvents(db: Db, country: Country, now: Date): Promise<CategorizedEvents> {
  const [events, tour] = await Promise.all([
    findListedEvents(db, country, now, {
      excludeTourDates: true,
      pageCategory: HOME_PAGE_CATEGORY,
      limit: HOME_SECTION_LIMIT,
      offset: 0,
    }),
    listTourCards(db, country, now, HOME_SECTION_LIMIT),
  ])
  const cards = events.map(toEventCard)
  return { events: cards, tour, paguitos: cards.filter((c) => c.installmentsEnabled) }
}
