import type { SeatAvailability, SeatChange } from '@palco/domain/seating/availability'
import { PLACE_CODE, VISUAL, visualCodeOf } from './place-codes'
import { parseSeatKey, seatKeyOf } from './seat-key'
import { placeIndexOf, seatAt, type Venue } from './venue-model'

const CODE_OF_LETTER: Record<string, number> = PLACE_CODE

/**
 * Decodes one section's run-length string (`A120H2S`, see domain `encodeRuns`) straight into `out`,
 * without the intermediate array of letters, and returns how many places the string described. Places the
 * string does not reach are left as they are, and places beyond `out` are ignored, so a layout and an
 * availability a version apart still draw; the caller decides what a short string means.
 */
export function decodeRunsInto(encoded: string, out: Uint8Array): number {
  let p = 0
  let i = 0
  const len = encoded.length
  while (i < len) {
    const code = CODE_OF_LETTER[encoded[i] as string]
    if (code === undefined) throw new Error(`bad state '${encoded[i]}' at ${i}`)
    let j = i + 1
    let n = 0
    while (j < len) {
      const c = encoded.charCodeAt(j)
      if (c < 48 || c > 57) break
      n = n * 10 + (c - 48)
      j++
    }
    if (j === i + 1) n = 1
    const end = Math.min(p + n, out.length)
    if (end > p) out.fill(code, p, end)
    p += n
    i = j
  }
  return p
}

export interface ChangeResult {
  /** Sections whose drawing changed. */
  sections: Set<number>
  /** Selected seats that someone else has just taken; the page should drop them from the selection. */
  taken: string[]
}

/**
 * Live state of every place, one byte each per section: the server's letter (A/H/S/B as 0-3), whether it
 * is in the fan's hold, whether it is selected, and the resulting visual code the renderer batches by.
 * Patched in place by live changes; nothing here allocates per seat after construction.
 */
export class PlaceStates {
  version = Number.NEGATIVE_INFINITY
  readonly place: Uint8Array[]
  readonly mine: Uint8Array[]
  readonly selected: Uint8Array[]
  readonly visual: Uint8Array[]
  /** Places per section the server reports free (A), mine excluded: what "n available" shows. */
  readonly available: Int32Array
  /** How many places per section have each visual code, so empty batches are skipped. */
  readonly visualCounts: Int32Array[]
  private mineKeys = new Set<string>()
  private selectedKeys = new Set<string>()

  constructor(readonly venue: Venue) {
    const n = venue.sections.length
    this.place = venue.sections.map((s) => new Uint8Array(s.placeCount).fill(PLACE_CODE.B))
    this.mine = venue.sections.map((s) => new Uint8Array(s.placeCount))
    this.selected = venue.sections.map((s) => new Uint8Array(s.placeCount))
    this.visual = venue.sections.map((s) => new Uint8Array(s.placeCount).fill(VISUAL.UNAVAILABLE))
    this.available = new Int32Array(n)
    this.visualCounts = venue.sections.map(() => new Int32Array(5))
  }

  /**
   * Replaces everything with a snapshot. A section missing from the snapshot, or places past the end of its
   * string, are drawn unavailable: when in doubt a seat is not offered. Disabled sections are never offered.
   */
  load(availability: SeatAvailability): Set<number> {
    const all = new Set<number>()
    for (const s of this.venue.sections) {
      const place = this.place[s.index] as Uint8Array
      place.fill(PLACE_CODE.B)
      const encoded = availability.sections[s.code]
      if (encoded && !s.disabled) decodeRunsInto(encoded, place)
      this.recompute(s.index)
      all.add(s.index)
    }
    this.version = availability.version
    return all
  }

  /** Applies one live-feed message; null when it is older than what is shown (already applied). */
  apply(change: SeatChange): ChangeResult | null {
    if (change.version <= this.version) return null
    this.version = change.version
    const result: ChangeResult = { sections: new Set(), taken: [] }
    for (const c of change.changes) {
      const index = this.venue.byCode.get(c.section)
      if (index === undefined) continue
      const section = this.venue.sections[index]
      const place = this.place[index] as Uint8Array
      if (!section || c.index < 0 || c.index >= place.length || section.disabled) continue
      const code = CODE_OF_LETTER[c.state]
      const before = place[c.index]
      if (code === undefined || before === code) continue
      place[c.index] = code
      const wasSelected = (this.selected[index] as Uint8Array)[c.index] === 1
      this.updateVisual(index, c.index)
      if ((this.mine[index] as Uint8Array)[c.index] === 0) {
        const delta = (code === PLACE_CODE.A ? 1 : 0) - (before === PLACE_CODE.A ? 1 : 0)
        this.available[index] = (this.available[index] ?? 0) + delta
      }
      if (wasSelected && code !== PLACE_CODE.A && section.numbered) {
        const { row, seat } = seatAt(section, c.index)
        result.taken.push(seatKeyOf(section.code, row, seat))
      }
      result.sections.add(index)
    }
    return result
  }

  setMine(keys: ReadonlySet<string>): Set<number> {
    const changed = this.setFlags(this.mine, this.mineKeys, keys)
    this.mineKeys = new Set(keys)
    return changed
  }

  setSelected(keys: ReadonlySet<string>): Set<number> {
    const changed = this.setFlags(this.selected, this.selectedKeys, keys)
    this.selectedKeys = new Set(keys)
    return changed
  }

  visualAt(section: number, place: number): number {
    return (this.visual[section] as Uint8Array)[place] ?? VISUAL.UNAVAILABLE
  }

  /** Where a key points, or null for keys of other layouts. */
  locate(key: string): { section: number; place: number } | null {
    const parts = parseSeatKey(key)
    if (!parts) return null
    const index = this.venue.byCode.get(parts.section)
    const section = index === undefined ? undefined : this.venue.sections[index]
    if (!section?.numbered) return null
    const place = placeIndexOf(section, parts.row, parts.seat)
    return place < 0 ? null : { section: section.index, place }
  }

  /** Only the keys that were added or removed are touched, so toggling one seat costs one seat. */
  private setFlags(
    flags: Uint8Array[],
    before: ReadonlySet<string>,
    after: ReadonlySet<string>,
  ): Set<number> {
    const changed = new Set<number>()
    const set = (key: string, value: 0 | 1) => {
      const at = this.locate(key)
      if (!at) return
      ;(flags[at.section] as Uint8Array)[at.place] = value
      this.updateVisual(at.section, at.place)
      changed.add(at.section)
    }
    for (const key of before) if (!after.has(key)) set(key, 0)
    for (const key of after) if (!before.has(key)) set(key, 1)
    for (const s of changed) this.available[s] = this.countAvailable(s)
    return changed
  }

  private updateVisual(section: number, place: number): void {
    const visual = this.visual[section] as Uint8Array
    const counts = this.visualCounts[section] as Int32Array
    const before = visual[place] as number
    const after = visualCodeOf(
      (this.place[section] as Uint8Array)[place] as number,
      (this.mine[section] as Uint8Array)[place] === 1,
      (this.selected[section] as Uint8Array)[place] === 1,
    )
    if (before === after) return
    visual[place] = after
    counts[before] = (counts[before] ?? 0) - 1
    counts[after] = (counts[after] ?? 0) + 1
  }

  private recompute(section: number): void {
    const place = this.place[section] as Uint8Array
    const mine = this.mine[section] as Uint8Array
    const selected = this.selected[section] as Uint8Array
    const visual = this.visual[section] as Uint8Array
    const counts = this.visualCounts[section] as Int32Array
    counts.fill(0)
    for (let i = 0; i < place.length; i++) {
      const v = visualCodeOf(place[i] as number, mine[i] === 1, selected[i] === 1)
      visual[i] = v
      counts[v] = (counts[v] ?? 0) + 1
    }
    this.available[section] = this.countAvailable(section)
  }

  private countAvailable(section: number): number {
    const place = this.place[section] as Uint8Array
    const mine = this.mine[section] as Uint8Array
    let n = 0
    for (let i = 0; i < place.length; i++) if (place[i] === PLACE_CODE.A && mine[i] === 0) n++
    return n
  }
}
