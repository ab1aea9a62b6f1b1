import { VIEWABLE_EVENT_STATUSES } from '@palco/domain/catalog/event-lifecycle'
import type { Country } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import { eventCards } from './catalog.repository.js'

// One event and what its page shows. "Viewable" is wider than "listed": an event reached by its exact
// id or slug may also be PRIVATE (an unlisted link the organiser shares), DISABLED (so the page can say
// so) or over (so it can say that). DRAFT and visibility NONE are never returned.
const VIEWABLE_STATUSES: readonly string[] = VIEWABLE_EVENT_STATUSES
const VIEWABLE_VISIBILITIES = ['ALL', 'PRIVATE']

export type EventKey = { id: string } | { slug: string }

export async function findViewableEvent(db: Db, country: Country, key: EventKey) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .leftJoin('categories as c', 'c.id', 'e.category_id')
    .leftJoin('sport_organizations as o', 'o.id', 'e.sport_organization_id')
    .leftJoin('tours as t', 't.id', 'e.tour_id')
    .where('e.country', '=', country)
    .where('e.status', 'in', VIEWABLE_STATUSES)
    .where('e.visibility', 'in', VIEWABLE_VISIBILITIES)
    .$if('id' in key, (q) => q.where('e.id', '=', (key as { id: string }).id))
    .$if('slug' in key, (q) => q.where('e.slug', '=', (key as { slug: string }).slug))
    .select([
      'e.id',
      'e.slug',
      'e.type',
      'e.name',
      'e.description',
      'e.image_url',
      'e.currency',
      'e.starts_at',
      'e.ends_at',
      'e.on_sale_at',
      'e.off_sale_at',
      'e.status',
      'e.visibility',
      'e.page_category',
      'e.installments_enabled',
      'e.layout_id',
      'e.tour_id',
      'v.id as venue_id',
      'v.name as venue_name',
      'v.city as venue_city',
      'v.address as venue_address',
      'v.time_zone as venue_time_zone',
      'v.stadium_code as venue_stadium_code',
      'c.id as category_id',
      'c.slug as category_slug',
      'c.name_es as category_name_es',
      'c.name_en as category_name_en',
      'o.id as org_id',
      'o.code as org_code',
      'o.name as org_name',
      'o.sport as org_sport',
      'o.logo_url as org_logo_url',
      't.slug as tour_slug',
      't.name as tour_name',
    ])
    .executeTakeFirst()
}
export type ViewableEventRow = NonNullable<Awaited<ReturnType<typeof findViewableEvent>>>

export async function findPriceZones(db: Db, eventId: string) {
  return db
    .selectFrom('price_zones')
    .where('event_id', '=', eventId)
    .select([
      'id',
      'name',
      'price_amount',
      'capacity',
      'section_codes',
      'per_fan_max',
      'zone_type',
      'numbered',
      'color',
      'min_age',
      'max_age',
    ])
    .orderBy('position')
    .orderBy('price_amount', 'desc')
    .execute()
}

/** The seat map document; large (a stadium is ~0.5 MB), so callers cache what they derive from it. */
export async function findLayoutData(db: Db, layoutId: string) {
  const row = await db.selectFrom('layouts').where('id', '=', layoutId).select('data').executeTakeFirst()
  return row?.data ?? null
}

/** What a season pass or bundle admits to, in the product's order; hidden events are left out. */
export async function findIncludedEventCards(db: Db, productId: string) {
  return eventCards(db)
    .innerJoin('event_product_items as i', 'i.event_id', 'e.id')
    .where('i.product_id', '=', productId)
    .where('e.status', 'in', VIEWABLE_STATUSES)
    .where('e.visibility', 'in', VIEWABLE_VISIBILITIES)
    .orderBy('i.position')
    .orderBy('e.starts_at')
    .execute()
}

export async function findSponsorBanners(db: Db, eventId: string) {
  return db
    .selectFrom('sponsor_banners')
    .where('event_id', '=', eventId)
    .select(['id', 'name', 'image_url', 'link_url', 'position'])
    .orderBy('position')
    .orderBy('name')
    .execute()
}

/** An event as an order, its cart and its messages show it: name, venue, time zone, image, currency. */
export async function eventSummaryOf(db: Db, eventId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .select([
      'e.id',
      'e.slug',
      'e.name',
      'e.starts_at',
      'e.image_url',
      'e.country',
      'e.currency',
      'e.layout_id',
      'v.time_zone',
      'v.name as venue_name',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst()
}
