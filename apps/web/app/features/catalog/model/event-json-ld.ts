import { checkoutPathOf } from '@palco/domain/catalog/checkout-path'
import type { EventDetail, PriceZone } from '@palco/domain/catalog/event-detail'
import { isoWithOffset } from '@palco/domain/catalog/event-time'
import { isSportEventType } from '@palco/domain/catalog/vocabulary'
import { type Country, countryShortOf } from '@palco/domain/locale/country-settings'
import { toMajorUnits } from '@palco/domain/money/minor-units'

const SCHEMA = 'https://schema.org/'

/** A path on this site as an absolute URL; an already absolute URL (a CDN image) is kept. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).toString()
}

function availabilityOf(event: EventDetail, zone: PriceZone): string {
  if (zone.soldOut) return `${SCHEMA}SoldOut`
  if (event.notYetOnSale) return `${SCHEMA}PreOrder`
  if (!event.onSale) return `${SCHEMA}OutOfStock`
  return `${SCHEMA}InStock`
}

/**
 * The schema.org Event search engines read for rich results: local start time with its offset, the venue
 * as a Place with its address, one Offer per zone with price, currency and availability.
 */
export function eventJsonLd(event: EventDetail, opts: { origin: string; country: Country }) {
  const url = absoluteUrl(opts.origin, `/events/${encodeURIComponent(event.slug)}`)
  const buyUrl = absoluteUrl(opts.origin, checkoutPathOf(event))
  const tz = event.venue.timeZone
  return {
    '@context': 'https://schema.org',
    '@type': isSportEventType(event.type) ? 'SportsEvent' : 'Event',
    name: event.name,
    description: event.description || undefined,
    url,
    image: event.imageUrl ? [absoluteUrl(opts.origin, event.imageUrl)] : undefined,
    startDate: isoWithOffset(event.startsAt, tz),
    endDate: isoWithOffset(event.endsAt, tz),
    eventStatus: `${SCHEMA}${event.disabled ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: {
      '@type': 'Place',
      name: event.venue.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.venue.address ?? undefined,
        addressLocality: event.venue.city,
        addressCountry: countryShortOf(opts.country).toUpperCase(),
      },
    },
    organizer: event.sportOrganization
      ? { '@type': 'SportsOrganization', name: event.sportOrganization.name }
      : { '@type': 'Organization', name: 'Palco', url: opts.origin },
    offers: event.zones.map((zone) => ({
      '@type': 'Offer',
      name: zone.name,
      price: toMajorUnits(zone.price),
      priceCurrency: zone.price.currency,
      availability: availabilityOf(event, zone),
      validFrom: isoWithOffset(event.onSaleAt, tz),
      url: buyUrl,
    })),
  }
}

/**
 * JSON for an inline <script>: `<` is escaped so text such as "</script>" in an event name cannot end the
 * element, and U+2028/2029 so older parsers do not break the line.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
