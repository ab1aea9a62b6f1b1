import type { EventCard } from '@palco/domain/catalog/event-card'
import type { Currency } from '@palco/domain/locale/country'
import type { Money } from '@palco/domain/money/money'
import type { EventCardRow } from './catalog.repository.js'

// Rows (snake_case, Date or string timestamps depending on the driver) to the API's contracts.

export const iso = (d: Date | string): string => new Date(d).toISOString()

/** int8 aggregates come back as numbers or strings depending on the engine; null means "no price". */
export function moneyOrNull(amount: number | string | null | undefined, currency: string): Money | null {
  return amount == null ? null : { amount: Number(amount), currency: currency as Currency }
}

export function toEventCard(e: EventCardRow): EventCard {
  return {
    id: e.id,
    slug: e.slug,
    type: e.type,
    name: e.name,
    venueName: e.venue_name,
    city: e.city,
    timeZone: e.time_zone,
    startsAt: iso(e.starts_at),
    endsAt: iso(e.ends_at),
    imageUrl: e.image_url,
    priceFrom: moneyOrNull(e.price_from, e.currency),
    installmentsEnabled: e.installments_enabled,
    includedEvents: Number(e.included_events ?? 0),
  }
}
