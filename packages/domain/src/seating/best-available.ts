import type { PlaceState } from './availability.js'
import { flattenSections, type LayoutRow, type LayoutSection } from './layout.js'
import { seatKeyOf } from './seat-key.js'
import type { BestAvailableProposal } from './seat-layout-contract.js'

export interface BestAvailableInput {
  section: LayoutSection
  /** State per place in layout order (decoded availability). */
  states: ArrayLike<PlaceState>
  quantity: number
  /** Where fans look: the stage or pitch centre, in layout coordinates. */
  focus: { x: number; y: number }
  /** Places the fan may not take (restricted seats they are not entitled to). */
  excluded?: ReadonlySet<number>
}

export interface BestAvailableResult {
  rowLabel: string
  /** Place indexes in layout order (the API turns them into seat keys). */
  indexes: number[]
  seatNumbers: number[]
}

/**
 * Best available (issue 5 part 5): `quantity` adjacent seats in one row, closest to the focus, never
 * leaving a single seat stranded between the block and a taken seat or the row's end. Adjacent means
 * consecutive in the row's seat list (rows are stored in seat order). Returns null when no row fits.
 */
export function bestAvailable(input: BestAvailableInput): BestAvailableResult | null {
  const { section, states, quantity, focus, excluded } = input
  if (!section.numbered || quantity < 1) return null
  let best: { score: number; row: LayoutRow; base: number; start: number } | null = null
  let base = 0
  // Free seats in a row from each seat on: a block fits where that reaches `quantity`. Counted once per
  // row so each seat's state is read once, not once per block covering it: a proposal looks at every seat
  // of a 35,000-seat stadium, and this halved its time.
  let run = new Uint32Array(0)
  for (const row of section.rows ?? []) {
    const n = row.seats.length
    if (run.length < n + 1) run = new Uint32Array(n + 1)
    run[n] = 0
    for (let i = n - 1; i >= 0; i--) {
      run[i] = states[base + i] === 'A' && !excluded?.has(base + i) ? (run[i + 1] as number) + 1 : 0
    }
    const free = (i: number) => i >= 0 && i < n && (run[i] as number) > 0
    for (let start = 0; start + quantity <= n; start++) {
      if ((run[start] as number) < quantity) continue
      // An orphan: exactly one free seat left between this block and a taken seat (or the row's end).
      const leftOrphan = free(start - 1) && !free(start - 2)
      const rightOrphan = free(start + quantity) && !free(start + quantity + 1)
      if (leftOrphan || rightOrphan) continue
      let cx = 0
      let cy = 0
      for (let k = 0; k < quantity; k++) {
        const seat = row.seats[start + k] as [number, number, number]
        cx += seat[1]
        cy += seat[2]
      }
      cx /= quantity
      cy /= quantity
      const score = Math.hypot(cx - focus.x, cy - focus.y)
      if (!best || score < best.score) best = { score, row, base, start }
    }
    base += n
  }
  if (!best) return null
  const { row, start } = best
  const first = best.base + start
  return {
    rowLabel: row.label,
    indexes: Array.from({ length: quantity }, (_, k) => first + k),
    seatNumbers: Array.from(
      { length: quantity },
      (_, k) => (row.seats[start + k] as [number, number, number])[0],
    ),
  }
}

/** A section best available may propose from, with the places no fan may be offered. */
export interface BestAvailableCandidate {
  section: LayoutSection
  /** Restricted places (any restriction but PREFERENTIAL), by index in layout order. */
  excluded: ReadonlySet<number>
}

/**
 * What best available needs of a layout, worked out once per event: the layout and its price zones do not
 * change once an event is on sale, so this is kept and only the availability is read per proposal.
 */
export interface BestAvailablePlan {
  /** Where fans look: the stage or pitch centre. */
  focus: { x: number; y: number }
  /** Numbered, enabled sections some price zone sells, in layout order. */
  candidates: readonly BestAvailableCandidate[]
}

export function planBestAvailable(
  layout: {
    stage: { x: number; y: number; width: number; height: number }
    sections: readonly LayoutSection[]
  },
  sells: (sectionCode: string) => boolean,
): BestAvailablePlan {
  const candidates: BestAvailableCandidate[] = []
  for (const section of flattenSections(layout.sections)) {
    if (!section.numbered || section.disabled || !sells(section.code)) continue
    const excluded = new Set<number>()
    let index = 0
    for (const row of section.rows ?? []) {
      for (const [n] of row.seats) {
        const restriction = section.restrictions?.[`${row.label}-${n}`]
        if (restriction && restriction !== 'PREFERENTIAL') excluded.add(index)
        index++
      }
    }
    candidates.push({ section, excluded })
  }
  return {
    focus: { x: layout.stage.x + layout.stage.width / 2, y: layout.stage.y + layout.stage.height / 2 },
    candidates,
  }
}

export interface BestAvailableAsk {
  quantity: number
  /** Only this section, when the fan picked one. */
  section?: string | undefined
  /** The fan's saved preferred sections (issue 5 part 7). */
  preferredSections?: readonly string[] | undefined
  /** Current state per place of a section, in layout order; undefined when the section has none. */
  statesOf: (sectionCode: string) => ArrayLike<PlaceState> | undefined
}

export interface BestAvailableChoice {
  section: string
  rowLabel: string
  seatNumbers: number[]
}

/**
 * The proposal across sections: the first of the fan's preferred sections (in layout order) where the
 * seats fit wins outright; otherwise the section whose block starts nearest the focus, the earlier section
 * on a tie. Within a section, `bestAvailable` picks the block. Null when no section has room.
 */
export function chooseBestAvailable(
  plan: BestAvailablePlan,
  ask: BestAvailableAsk,
): BestAvailableChoice | null {
  const preferred = ask.preferredSections ?? []
  const candidates = plan.candidates.filter((c) => !ask.section || c.section.code === ask.section)
  // Stable: preferred sections first, each group kept in layout order.
  candidates.sort(
    (a, b) => Number(preferred.includes(b.section.code)) - Number(preferred.includes(a.section.code)),
  )
  let best: (BestAvailableChoice & { score: number }) | null = null
  for (const { section, excluded } of candidates) {
    const states = ask.statesOf(section.code)
    if (!states) continue
    const found = bestAvailable({ section, states, quantity: ask.quantity, focus: plan.focus, excluded })
    if (!found) continue
    const row = section.rows?.find((r) => r.label === found.rowLabel)
    const first = row?.seats.find(([n]) => n === found.seatNumbers[0])
    const score = first ? Math.hypot(first[1] - plan.focus.x, first[2] - plan.focus.y) : Number.MAX_VALUE
    const isPreferred = preferred.includes(section.code)
    if (!best || isPreferred || score < best.score) {
      best = { section: section.code, rowLabel: found.rowLabel, seatNumbers: found.seatNumbers, score }
      if (isPreferred) break
    }
  }
  return best && { section: best.section, rowLabel: best.rowLabel, seatNumbers: best.seatNumbers }
}

/**
 * What best available answers a fan: the chosen block as seat keys to hold, or null when no section has
 * room. The API brings the plan and the current availability, and turns null into SEAT_UNAVAILABLE.
 */
export function proposeBestAvailable(
  plan: BestAvailablePlan,
  ask: BestAvailableAsk,
): BestAvailableProposal | null {
  const choice = chooseBestAvailable(plan, ask)
  if (!choice) return null
  const { section, rowLabel: row } = choice
  return { section, row, seats: choice.seatNumbers.map((seat) => seatKeyOf({ section, row, seat })) }
}
