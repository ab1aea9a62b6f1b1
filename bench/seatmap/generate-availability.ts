import { seededRandom } from '@palco/domain/random/seeded'
import { encodeRuns, type PlaceState, type SeatAvailability } from '@palco/domain/seating/availability'
import { flattenSections, type Layout, placesIn } from '@palco/domain/seating/layout'

/** The domain's seeded generator (mulberry32), so every run draws the same "sold" pattern. */
export const prng = seededRandom

/**
 * Realistic mixed availability: sales come in groups (friends buy 2-8 adjacent seats), lower tiers sell
 * better than upper ones, ~2% of places are held by fans mid-checkout, one section is blocked for the
 * visiting team, and unnumbered zones are partly sold. Encoded exactly as GET /api/seats answers.
 */
export function generateBenchAvailability(layout: Layout, seed = 20_260_101): SeatAvailability {
  const rand = prng(seed)
  const sections: Record<string, string> = {}
  const flat = flattenSections(layout.sections)
  for (const [i, s] of flat.entries()) {
    const n = placesIn(s)
    const states: PlaceState[] = new Array(n)
    if (i === 7) {
      sections[s.code] = encodeRuns(states.fill('B'))
      continue
    }
    const tier = /_MEDIA_/.test(s.code) ? 1 : /_ALTA_/.test(s.code) ? 2 : 0
    const soldRatio = Math.min(0.95, Math.max(0.05, ([0.6, 0.42, 0.25][tier] ?? 0.4) + (rand() - 0.5) * 0.3))
    let p = 0
    while (p < n) {
      const sold = rand() < soldRatio
      const len = sold ? 2 + Math.floor(rand() * 7) : 1 + Math.floor(rand() * 6)
      for (let k = 0; k < len && p < n; k++, p++) states[p] = sold ? 'S' : 'A'
    }
    for (let k = 0; k < n; k++) if (rand() < 0.02) states[k] = 'H'
    sections[s.code] = encodeRuns(states)
  }
  return { eventId: 'bench-100k', version: 1, sections }
}
