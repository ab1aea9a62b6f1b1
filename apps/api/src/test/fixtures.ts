import type { Db } from '../db/dialect.js'

const HOUR = 3_600_000

/** Minimal catalogue rows for API tests; every field a test doesn't care about gets a sane default. */
export async function insertVenue(db: Db, country: 'COL' | 'MEX' = 'COL') {
  return db
    .insertInto('venues')
    .values({
      country,
      name: country === 'COL' ? 'Estadio El Campín' : 'Estadio Azteca',
      city: country === 'COL' ? 'Bogotá' : 'Ciudad de México',
      time_zone: country === 'COL' ? 'America/Bogota' : 'America/Mexico_City',
      address: null,
      stadium_code: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function insertEvent(
  db: Db,
  venue: { id: string; country: string },
  overrides: Partial<{
    slug: string
    name: string
    type: string
    status: string
    visibility: string
    pageCategory: string
    startsAt: Date
    installments: boolean
    tourId: string | null
    prices: number[]
  }> = {},
) {
  const startsAt = overrides.startsAt ?? new Date(Date.now() + 7 * 24 * HOUR)
  const event = await db
    .insertInto('events')
    .values({
      country: venue.country,
      currency: venue.country === 'MEX' ? 'MXN' : 'COP',
      slug: overrides.slug ?? `event-${Math.random().toString(36).slice(2, 10)}`,
      type: overrides.type ?? 'FOOTBALL',
      name: overrides.name ?? 'Partido de prueba',
      description: '',
      venue_id: venue.id,
      layout_id: null,
      tour_id: overrides.tourId ?? null,
      category_id: null,
      sport_organization_id: null,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 2 * HOUR),
      on_sale_at: new Date(Math.min(Date.now(), startsAt.getTime()) - 24 * HOUR),
      off_sale_at: startsAt,
      status: overrides.status ?? 'PUBLISHED',
      visibility: overrides.visibility ?? 'ALL',
      page_category: overrides.pageCategory ?? 'HOME',
      qr_type: 'STATIC_DEFAULT',
      image_url: null,
      installments_enabled: overrides.installments ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  const prices = overrides.prices ?? [5_000_000]
  if (prices.length > 0) {
    await db
      .insertInto('price_zones')
      .values(
        prices.map((price, i) => ({
          event_id: event.id,
          name: `Zona ${i + 1}`,
          price_amount: price,
          capacity: 100,
          per_fan_max: 10,
          zone_type: 'GRANDSTAND',
          numbered: false,
          color: '#1c7ed6',
          position: i,
        })),
      )
      .execute()
  }
  return event
}
