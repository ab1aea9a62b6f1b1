/**
 * Compact seat availability (issue 5 part 4): per section, one state letter per place in layout order
 * (rows in order, seats in row order; unnumbered sections: one per slot), run-length encoded. A
 * 100,000-seat stadium where most seats share a state encodes in a few kilobytes.
 *
 * Letters: A available, H held by someone (the fan's own holds come separately and show as RESERVED),
 * S sold, B blocked (not for sale: restriction, disabled section, released access not yet on sale).
 */
export const PLACE_STATES = ['A', 'H', 'S', 'B'] as const
export type PlaceState = (typeof PLACE_STATES)[number]

const isPlaceState = (c: string): c is PlaceState => c === 'A' || c === 'H' || c === 'S' || c === 'B'

/** `AAAAHHS` → `A4H2S` (a count of 1 is left out). */
export function encodeRuns(states: ArrayLike<PlaceState>): string {
  let out = ''
  let i = 0
  while (i < states.length) {
    const s = states[i] as PlaceState
    let j = i + 1
    while (j < states.length && states[j] === s) j++
    const n = j - i
    out += n === 1 ? s : `${s}${n}`
    i = j
  }
  return out
}

/** The inverse of encodeRuns; throws on anything that is not a valid encoding. */
export function decodeRuns(encoded: string, expectedLength?: number): PlaceState[] {
  const out: PlaceState[] = []
  let i = 0
  while (i < encoded.length) {
    const s = encoded[i] as string
    if (!isPlaceState(s)) throw new Error(`bad state '${s}' at ${i}`)
    let j = i + 1
    while (j < encoded.length && encoded.charCodeAt(j) >= 48 && encoded.charCodeAt(j) <= 57) j++
    const n = j > i + 1 ? Number(encoded.slice(i + 1, j)) : 1
    for (let k = 0; k < n; k++) out.push(s)
    i = j
  }
  if (expectedLength !== undefined && out.length !== expectedLength) {
    throw new Error(`decoded ${out.length} places, expected ${expectedLength}`)
  }
  return out
}

/** Counts per state without expanding the runs. */
export function countRuns(encoded: string): Record<PlaceState, number> {
  const counts: Record<PlaceState, number> = { A: 0, H: 0, S: 0, B: 0 }
  for (const m of encoded.matchAll(/([AHSB])(\d*)/g)) {
    counts[m[1] as PlaceState] += m[2] ? Number(m[2]) : 1
  }
  return counts
}

/** What the fan sees for a place (spec §4 seat states), given whether it is in their own hold. */
export function seatStateFor(state: PlaceState, mine: boolean, selected: boolean) {
  if (mine) return 'RESERVED' as const
  if (selected && state === 'A') return 'SELECTED' as const
  switch (state) {
    case 'A':
      return 'AVAILABLE' as const
    case 'H':
      return 'RESERVED_BY_ANOTHER' as const
    case 'S':
      return 'UNAVAILABLE' as const
    case 'B':
      return 'UNAVAILABLE' as const
  }
}

/** The response of GET /api/seats. `version` grows with every change; the live feed carries the same. */
export interface SeatAvailability {
  eventId: string
  version: number
  sections: Record<string, string>
}

/** One live-feed message: places whose state changed, by section and index in layout order. */
export interface SeatChange {
  version: number
  changes: { section: string; index: number; state: PlaceState }[]
}
