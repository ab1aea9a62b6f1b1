import { countRuns, type SeatAvailability } from '@palco/domain/seating/availability'
import { flattenSections, type Layout, type LayoutSection, placesIn } from '@palco/domain/seating/layout'
import type { SeatMapZone, SeatMapZones } from './seat-map-zone'

/**
 * Sections by code with their parents, without touching seats: cheap enough for the server render of the
 * list, summary and tribune picker, where building the full venue model would cost tens of milliseconds.
 */
export interface SectionDirectory {
  order: LayoutSection[]
  byCode: Map<string, LayoutSection>
  parentOf: Map<string, string | null>
}

export function sectionDirectory(layout: Layout): SectionDirectory {
  const parentOf = new Map<string, string | null>()
  const visit = (list: readonly LayoutSection[], parent: string | null) => {
    for (const s of list) {
      parentOf.set(s.code, parent)
      if (s.sections) visit(s.sections, s.code)
    }
  }
  visit(layout.sections, null)
  const order = flattenSections(layout.sections)
  return { order, byCode: new Map(order.map((s) => [s.code, s])), parentOf }
}

/** The zone of a section, else of the nearest enclosing section that has one. */
export function zoneOfCode(
  dir: SectionDirectory,
  code: string,
  zones: SeatMapZones,
): SeatMapZone | undefined {
  let c: string | null | undefined = code
  while (c) {
    const zone = zones[c]
    if (zone) return zone
    c = dir.parentOf.get(c)
  }
  return undefined
}

/** Free places of a section per the snapshot; a disabled or missing section has none. */
export function availableIn(section: LayoutSection, availability: SeatAvailability): number {
  const encoded = availability.sections[section.code]
  if (!encoded || section.disabled) return 0
  return Math.min(countRuns(encoded).A, placesIn(section))
}
