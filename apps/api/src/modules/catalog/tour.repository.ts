import { SELLING_EVENT_STATUS } from '@palco/domain/catalog/event-lifecycle'
import type { Country } from '@palco/domain/locale/country'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

/**
 * A tour is visible once one of its dates is public (published, visible to all), past dates included,
 * so an old link still finds the tour and can say it is over. A tour of drafts does not exist to fans.
 */
export async function findVisibleTour(db: Db, country: Country, slug: string) {
  return db
    .selectFrom('tours as t')
    .where('t.country', '=', country)
    .where('t.slug', '=', slug)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('events as e')
          .select(sql`1`.as('one'))
          .whereRef('e.tour_id', '=', 't.id')
          .where('e.status', '=', SELLING_EVENT_STATUS)
          .where('e.visibility', '=', 'ALL'),
      ),
    )
    .select(['t.id', 't.slug', 't.name', 't.description', 't.image_url'])
    .executeTakeFirst()
}

/** A tour's public dates that are not over yet, soonest first, each with its cheapest paid price. */
export async function findUpcomingTourDates(db: Db, country: Country, tourId: string, now: Date) {
  return db
    .selectFrom('events as e')
    .innerJoin('venues as v', 'v.id', 'e.venue_id')
    .where('e.country', '=', country)
    .where('e.tour_id', '=', tourId)
    .where('e.status', '=', SELLING_EVENT_STATUS)
    .where('e.visibility', '=', 'ALL')
    .where('e.ends_at', '>', now)
    .select([
      'e.id',
      'e.slug',
      'e.name',
      'e.currency',
      'e.status',
      'e.starts_at',
      'e.ends_at',
      'e.on_sale_at',
      'e.off_sale_at',
      'e.layout_id',
      'v.name as venue_name',
      'v.city',
      'v.time_zone',
    ])
    .select((eb) =>
      eb
        .selectFrom('price_zones as z')
        .whereRef('z.event_id', '=', 'e.id')
        .where('z.price_amount', '>', 0)
        .where('z.zone_type', '<>', 'PARKING')
        .select((sub) => sub.fn.min<number>('z.price_amount').as('m'))
        .as('price_from'),
    )
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .execute()
}
