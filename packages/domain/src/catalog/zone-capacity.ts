/**
 * The part of a stored seat layout (layout.json, spec §3) that capacity depends on. Numbered sections hold
 * one place per seat; unnumbered ones (standing, parking) state a capacity. Sections may nest.
 */
export interface CapacitySection {
  code: string
  numbered?: boolean
  capacity?: number | null
  rows?: readonly { seats: readonly unknown[] }[]
  sections?: readonly CapacitySection[]
}

/** Places per section code, nested sections included (each counted on its own code). */
export function sectionCapacities(sections: readonly CapacitySection[]): Map<string, number> {
  const out = new Map<string, number>()
  const visit = (list: readonly CapacitySection[]) => {
    for (const s of list) {
      const places = s.numbered
        ? (s.rows ?? []).reduce((n, row) => n + row.seats.length, 0)
        : Math.max(0, s.capacity ?? 0)
      out.set(s.code, places)
      if (s.sections) visit(s.sections)
    }
  }
  visit(sections)
  return out
}

/**
 * How many places a price zone sells. A zone mapped onto layout sections sells exactly their places (a
 * stored capacity would drift from the map); an unmapped zone sells its stated capacity; a zone with
 * neither is unlimited (null), e.g. a free sign-up with no cap.
 */
export function zoneCapacity(
  zone: { capacity: number | null; sectionCodes: readonly string[] },
  sections: ReadonlyMap<string, number> | null,
): number | null {
  if (zone.sectionCodes.length > 0 && sections) {
    return zone.sectionCodes.reduce((n, code) => n + (sections.get(code) ?? 0), 0)
  }
  return zone.capacity
}

/**
 * Places left: capacity minus what is sold or held. Never negative, so an oversold zone (a bug elsewhere)
 * reads as sold out rather than as a negative count. Unlimited stays unlimited.
 */
export function zoneAvailability(capacity: number | null, taken: number) {
  if (capacity === null) return { capacity: null, available: null, soldOut: false }
  const available = Math.max(0, capacity - Math.max(0, taken))
  return { capacity, available, soldOut: available === 0 }
}
