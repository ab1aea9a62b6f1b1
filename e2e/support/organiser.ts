import { expect, type Page } from '@playwright/test'
import { api } from './api'
import type { Site } from './sites'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()

/** The demo's sports organisers' owners (issue 43): Liga Andina (Colombia), Liga del Valle (Mexico). */
export const LEAGUE_OWNER = { colombia: 'club@palco.co', mexico: 'club@palco.mx' } as const

const PLACES = {
  colombia: { country: 'COL', timeZone: 'America/Bogota', city: 'Medellín' },
  mexico: { country: 'MEX', timeZone: 'America/Mexico_City', city: 'Monterrey' },
} as const

/**
 * A published tennis exhibition of the owner's own, sold by zone (one general tier of 40), 150 days away. The venue
 * is the platform's, so an admin adds it; the owner makes and publishes the event, which is then their organiser's.
 * Tennis, because other journeys take the first or last listed football match and expect it to have a seat map.
 */
export async function ownersEvent(admin: Page, owner: Page, site: Site, stamp: string) {
  const place = PLACES[site.name]
  const venue = await api<{ id: string }>(admin, 'POST', '/api/admin/venues', {
    country: place.country,
    name: `Cancha ${stamp}`,
    city: place.city,
    timeZone: place.timeZone,
  })
  expect(venue.status, JSON.stringify(venue.data)).toBe(201)
  const start = Date.now() + 150 * DAY
  const slug = `exhibicion-${stamp}`
  const name = `Exhibición ${stamp}`
  const created = await api<{ id: string }>(owner, 'POST', '/api/admin/events', {
    country: place.country,
    type: 'TENNIS',
    slug,
    name,
    venueId: venue.data.id,
    startsAt: iso(start),
    endsAt: iso(start + 2 * HOUR),
    onSaleAt: iso(Date.now() - HOUR),
    offSaleAt: iso(start),
    zones: [{ name: 'General', price: 4_000_000, capacity: 40, numbered: false }],
  })
  expect(created.status, JSON.stringify(created.data)).toBe(201)
  expect((await api(owner, 'POST', `/api/admin/events/${created.data.id}/publish`)).status).toBe(200)
  return { id: created.data.id, slug, name }
}
