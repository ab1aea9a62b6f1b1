import { containsPoint, pointInPolygon } from './geometry'
import type { Venue, VenueSection } from './venue-model'

/** Sections in the order they are drawn: parents before their nested sections, then layout order. */
export function drawOrderOf(venue: Venue): VenueSection[] {
  return [...venue.sections].sort((a, b) => a.depth - b.depth || a.index - b.index)
}

/** The topmost section whose polygon contains the point (nested sections win over their parents). */
export function sectionAt(order: readonly VenueSection[], x: number, y: number): VenueSection | null {
  for (let i = order.length - 1; i >= 0; i--) {
    const s = order[i] as VenueSection
    if (containsPoint(s.bounds, x, y) && pointInPolygon(s.polygon, x, y)) return s
  }
  return null
}
