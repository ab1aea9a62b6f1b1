import { encodeRuns, type PlaceState, type SeatAvailability } from '@palco/domain/seating/availability'
import { hasHoldLapsed } from '@palco/domain/seating/hold-rules'

/** One place as the database has it now; a change row and a full-load row look the same. */
export interface PlaceRow {
  section_code: string
  place_index: number
  status: string
  hold_expires_at: Date | string | null
  change_seq: number | string
}

/**
 * One section of an event read whole, aggregated by the database (availability.repository.ts
 * sectionStates): a letter per place in place_index order, and the places held with their expiry.
 */
export interface SectionRow {
  section_code: string
  /** How many places the section has, and its highest place_index: a gap shows as last_index ≥ places. */
  places: number
  last_index: number
  states: string
  version: number | string
  held_at: readonly number[] | null
  held_until: readonly (number | string)[] | null
}

interface Section {
  states: PlaceState[]
  encoded: string
  dirty: boolean
}

const timeOf = (t: Date | string | null): number | null => (t === null ? null : new Date(t).getTime())

/**
 * The availability of one event held in memory and patched with the rows that changed, so a read after
 * a write re-encodes a few sections instead of recomputing 100,000 places (issue 5 part 4, DESIGN §8:
 * ≤ 50 ms p99). Applying a row is idempotent (it carries the place's current state, not a delta), so
 * re-reading rows already seen is always safe; callers re-read a look-back window for that reason.
 *
 * A hold expires by the clock without a write (DESIGN §5), so held places keep their expiry here and
 * read as available once it passes, exactly as the seat query's `hold_expires_at > now()` does.
 */
export class AvailabilitySnapshot {
  /** The highest change_seq applied: the live feed's version this snapshot answers for. */
  version = 0
  /** Bumps whenever the encoded body changes, including by a hold running out (same version). */
  generation = 0
  private readonly sections = new Map<string, Section>()
  private readonly heldUntil = new Map<string, Map<number, number>>()
  private nextExpiry = Number.POSITIVE_INFINITY
  private ordered: string[] = []

  constructor(readonly eventId: string) {}

  apply(rows: readonly PlaceRow[], now: number): void {
    let changed = false
    for (const row of rows) {
      const seq = Number(row.change_seq)
      if (seq > this.version) this.version = seq
      let section = this.sections.get(row.section_code)
      if (!section) {
        section = { states: [], encoded: '', dirty: true }
        this.sections.set(row.section_code, section)
        this.ordered = []
      }
      const state = this.track(row, now)
      if (section.states[row.place_index] !== state) {
        section.states[row.place_index] = state
        section.dirty = true
        changed = true
      }
    }
    if (changed) this.generation++
  }

  /**
   * Loads a whole event from per-section letter strings, instead of one row per place: ~5× cheaper to read
   * than 40,000–100,000 rows (availability.service.ts, `readAll`). Sections with a gap in place_index
   * cannot be read this way; the caller reads those events row by row.
   */
  load(rows: readonly SectionRow[], now: number): void {
    for (const row of rows) {
      const states = [...row.states] as PlaceState[]
      const seq = Number(row.version)
      if (seq > this.version) this.version = seq
      this.heldUntil.delete(row.section_code)
      const heldAt = row.held_at ?? []
      heldAt.forEach((index, i) => {
        const until = Number(row.held_until?.[i])
        // Same rule as `track`: a hold whose time has passed is available, without a write (DESIGN §5).
        if (!(until > now)) {
          states[index] = 'A'
          return
        }
        const held = this.heldUntil.get(row.section_code)
        if (held) held.set(index, until)
        else this.heldUntil.set(row.section_code, new Map([[index, until]]))
        if (until < this.nextExpiry) this.nextExpiry = until
      })
      this.sections.set(row.section_code, { states, encoded: '', dirty: true })
    }
    this.ordered = []
    this.generation++
  }

  /** Places whose hold ran out read as available from now on; true when the body changed. */
  expireDue(now: number): boolean {
    if (now < this.nextExpiry) return false
    let changed = false
    let next = Number.POSITIVE_INFINITY
    for (const [code, held] of this.heldUntil) {
      const section = this.sections.get(code)
      for (const [index, until] of held) {
        if (until > now) {
          next = Math.min(next, until)
          continue
        }
        held.delete(index)
        if (section && section.states[index] === 'H') {
          section.states[index] = 'A'
          section.dirty = true
          changed = true
        }
      }
    }
    this.nextExpiry = next
    if (changed) this.generation++
    return changed
  }

  /**
   * The live states of a section, for reading in place without decoding the body (best available). Read it
   * synchronously: the next `apply` changes it. A place never seen is a hole, which reads as not available.
   */
  statesOf(code: string): readonly PlaceState[] | undefined {
    return this.sections.get(code)?.states
  }

  /** The body of GET /api/seats; sections in code order, only changed ones re-encoded. */
  encode(): SeatAvailability {
    if (this.ordered.length !== this.sections.size) this.ordered = [...this.sections.keys()].sort()
    const sections: Record<string, string> = {}
    for (const code of this.ordered) {
      const section = this.sections.get(code) as Section
      if (section.dirty) {
        // A place never seen (a gap in place_index) cannot happen for materialised events; treat as blocked.
        for (let i = 0; i < section.states.length; i++) section.states[i] ??= 'B'
        section.encoded = encodeRuns(section.states)
        section.dirty = false
      }
      sections[code] = section.encoded
    }
    return { eventId: this.eventId, version: this.version, sections }
  }

  private track(row: PlaceRow, now: number): PlaceState {
    const held = this.heldUntil.get(row.section_code)
    held?.delete(row.place_index)
    if (row.status === 'SOLD') return 'S'
    if (row.status === 'BLOCKED') return 'B'
    if (row.status !== 'HELD') return 'A'
    const until = timeOf(row.hold_expires_at)
    if (until === null || hasHoldLapsed(until, now)) return 'A'
    if (held) held.set(row.place_index, until)
    else this.heldUntil.set(row.section_code, new Map([[row.place_index, until]]))
    if (until < this.nextExpiry) this.nextExpiry = until
    return 'H'
  }
}
