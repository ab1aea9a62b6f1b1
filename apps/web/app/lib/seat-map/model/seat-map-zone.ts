import type { Money } from '@palco/domain/money/money'
import type { Venue } from './venue-model'

/** What the page knows about the zone a section is sold as: its price and colour. */
export interface SeatMapZone {
  zoneId: string
  name: string
  price: Money
  color: string
}

export type SeatMapZones = Readonly<Record<string, SeatMapZone>>

/** The zone of a section, else of the nearest enclosing section that has one (nested boxes, blocks). */
export function zoneOf(venue: Venue, section: number, zones: SeatMapZones): SeatMapZone | undefined {
  let i = section
  while (i >= 0) {
    const s = venue.sections[i]
    if (!s) return undefined
    const zone = zones[s.code]
    if (zone) return zone
    i = s.parent
  }
  return undefined
}
