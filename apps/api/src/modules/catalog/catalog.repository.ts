import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '@palco/domain/catalog/catalog-query'
import { SELLING_EVENT_STATUS } from '@palco/domain/catalog/event-lifecycle'
import { UNLISTED_PAGE_CATEGORY } from '@palco/domain/catalog/vocabulary'
import type { Country } from '@palco/domain/locale/country'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

// Listing queries: the home sections, search results and tour cards. What a fan may find in a list is
// published, visible to all (spec §3 visibility), not sold from the organiser's own website (WEB_ODE) and not
// over yet; PRIVATE and WEB_ODE events are reachable by their exact link only (event.repository.ts), NONE never.

/** Events joined to their venue, selecting what an event card shows. */
export function eventCards(db: Db) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .select([
      'e.id',
      'e.slug',
      'e.type',
      'e.name',
      'e.starts_at',
      'e.ends_at',
      'e.image_url',
      'e.currency',
      'e.installments_enabled',
      'v.name as venue_name',
      'v.city',
      'v.time_zone',
    ])
    .select((eb) => [
      // Free zones (courtesy, kids) do not make an event "from $0", nor does a parking space.
      eb
        .selectFrom('price_zones as z')
        .whereRef('z.event_id', '=', 'e.id')
        .where('z.price_amount', '>', 0)
        .where('z.zone_type', '<>', 'PARKING')
        .select((sub) => sub.fn.min<number>('z.price_amount').as('m'))
        .as('price_from'),
      eb
        .selectFrom('event_product_items as i')
        .whereRef('i.product_id', '=', 'e.id')
        .select((sub) => sub.fn.countAll<number>().as('c'))
        .as('included_events'),
    ])
}
export type EventCardRow = Awaited<ReturnType<ReturnType<typeof eventCards>['execute']>>[number]

export interface EventListFilter {
  type?: string | undefined
  categorySlug?: string | undefined
  /** A sport event type: that type, or any event of an organisation playing it (season passes too). */
  sportType?: string | undefined
  /** A sport organisation's code in the host's country. */
  organizationCode?: string | undefined
  /** A LIKE pattern over the folded name, venue and city (see `containsPattern`). */
  textPattern?: string | undefined
  /** Events still running at or after this instant. */
  from?: Date | undefined
  /** Events starting before this instant. */
  to?: Date | undefined
  /** The home's events section leaves tour dates to the tour section. */
  excludeTourDates?: boolean | undefined
  /** Where the event is listed (spec §2 event page categories). */
  pageCategory?: string | undefined
}

function listed(db: Db, country: Country, now: Date, f: EventListFilter) {
  return (
    db
      .selectFrom('events as e')
      .innerJoin('venues as v', 'v.id', 'e.venue_id')
      .where('e.country', '=', country)
      .where('e.status', '=', SELLING_EVENT_STATUS)
      .where('e.visibility', '=', 'ALL')
      .where('e.ends_at', '>', now)
      // The organiser's website is where a WEB_ODE event is found, never a list of ours.
      .where('e.page_category', '<>', UNLISTED_PAGE_CATEGORY)
      .$if(f.excludeTourDates === true, (q) => q.where('e.tour_id', 'is', null))
      .$if(f.pageCategory !== undefined, (q) => q.where('e.page_category', '=', f.pageCategory as string))
      .$if(f.type !== undefined, (q) => q.where('e.type', '=', f.type as string))
      .$if(f.categorySlug !== undefined, (q) =>
        q.where('e.category_id', 'in', (eb) =>
          eb
            .selectFrom('categories')
            .select('id')
            .where('slug', '=', f.categorySlug as string),
        ),
      )
      .$if(f.sportType !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('e.type', '=', f.sportType as string),
            eb(
              'e.sport_organization_id',
              'in',
              eb
                .selectFrom('sport_organizations')
                .select('id')
                .where('sport', '=', f.sportType as string),
            ),
          ]),
        ),
      )
      .$if(f.organizationCode !== undefined, (q) =>
        q.where('e.sport_organization_id', 'in', (eb) =>
          eb
            .selectFrom('sport_organizations')
            .select('id')
            .where('country', '=', country)
            .where('code', '=', f.organizationCode as string),
        ),
      )
      .$if(f.textPattern !== undefined, (q) =>
        q.where(
          sql<boolean>`lower(translate(e.name || ' ' || v.name || ' ' || v.city, ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})) like ${f.textPattern}`,
        ),
      )
      .$if(f.from !== undefined, (q) => q.where('e.ends_at', '>=', f.from as Date))
      .$if(f.to !== undefined, (q) => q.where('e.starts_at', '<', f.to as Date))
  )
}

export async function countListedEvents(db: Db, country: Country, now: Date, filter: EventListFilter) {
  const row = await listed(db, country, now, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findListedEvents(
  db: Db,
  country: Country,
  now: Date,
  filter: EventListFilter & { limit: number; offset: number },
) {
  const ids = listed(db, country, now, filter).select('e.id')
  return eventCards(db)
    .where('e.id', 'in', ids)
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute()
}

export async function findListedTours(db: Db, country: Country, now: Date, limit: number) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .innerJoin('tours as t', 't.id', 'e.tour_id')
    .where('e.country', '=', country)
    .where('e.status', '=', SELLING_EVENT_STATUS)
    .where('e.visibility', '=', 'ALL')
    .where('e.page_category', '<>', UNLISTED_PAGE_CATEGORY)
    .where('e.ends_at', '>', now)
    .groupBy(['t.id', 't.slug', 't.name', 't.image_url'])
    .select([
      't.id',
      't.slug',
      't.name',
      't.image_url',
      sql<number>`count(e.id)::int`.as('dates'),
      sql<Date>`min(e.starts_at)`.as('first_starts_at'),
      sql<Date>`max(e.starts_at)`.as('last_starts_at'),
      sql<string>`min(v.time_zone)`.as('time_zone'),
      sql<string[]>`array_agg(distinct v.city)`.as('cities'),
      sql<string>`min(e.currency)`.as('currency'),
      sql<number | null>`min((select min(z.price_amount) from price_zones z
        where z.event_id = e.id and z.price_amount > 0 and z.zone_type <> 'PARKING'))`.as('price_from'),
    ])
    .orderBy(sql`min(e.starts_at)`)
    .limit(limit)
    .execute()
}
