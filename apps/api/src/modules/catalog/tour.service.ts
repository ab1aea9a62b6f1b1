import type { TourCard } from '@palco/domain/catalog/event-card'
import type { TourDate, TourDetail } from '@palco/domain/catalog/event-detail'
import { saleStateOf } from '@palco/domain/catalog/sale-state'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import { listTourCards } from './catalog.service.js'
import { iso, moneyOrNull } from './mappers.js'
import { findUpcomingTourDates, findVisibleTour } from './tour.repository.js'

// A tour has no page of its own beyond its dates: /tours lists tours, /checkout/tour/select one tour's dates.

const TOURS_LIMIT = 100

export async function upcomingTourDates(
  db: Db,
  scope: { country: Country; now: Date },
  tourId: string,
): Promise<TourDate[]> {
  const rows = await findUpcomingTourDates(db, scope.country, tourId, scope.now)
  return rows.map((d) => ({
    id: d.id,
    slug: d.slug,
    name: d.name,
    venueName: d.venue_name,
    city: d.city,
    timeZone: d.time_zone,
    startsAt: iso(d.starts_at),
    endsAt: iso(d.ends_at),
    priceFrom: moneyOrNull(d.price_from, d.currency),
    hasLayout: d.layout_id !== null,
    saleState: saleStateOf(
      { status: d.status, onSaleAt: d.on_sale_at, offSaleAt: d.off_sale_at, endsAt: d.ends_at },
      scope.now,
    ),
  }))
}

/** Tours with at least one upcoming public date, the soonest first. */
export function listTours(db: Db, country: Country, now: Date): Promise<TourCard[]> {
  return listTourCards(db, country, now, TOURS_LIMIT)
}

export async function getTour(
  db: Db,
  scope: { country: Country; now: Date },
  slug: string,
): Promise<TourDetail> {
  const tour = await findVisibleTour(db, scope.country, slug)
  if (!tour) throw new DomainError('NOT_FOUND', { message: 'No such tour.' })
  const dates = await upcomingTourDates(db, scope, tour.id)
  const prices = dates.flatMap((d) => (d.priceFrom ? [d.priceFrom] : []))
  const cheapest = prices.reduce<(typeof prices)[number] | null>(
    (min, p) => (min === null || p.amount < min.amount ? p : min),
    null,
  )
  return {
    id: tour.id,
    slug: tour.slug,
    name: tour.name,
    description: tour.description,
    imageUrl: tour.image_url,
    priceFrom: cheapest ? moneyOrNull(cheapest.amount, cheapest.currency) : null,
    dates,
  }
}
