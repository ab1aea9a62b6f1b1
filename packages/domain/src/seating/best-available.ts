import type { PlaceState } from './availability.js'
import type { LayoutSection } from './layout.js'

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
  const { section, states, quantity, focus } = input
  if (!section.numbered || quantity < 1) return null
  let best: (BestAvailableResult & { score: number }) | null = null
  let base = 0
  for (const row of section.rows ?? []) {
    const n = row.seats.length
    const free = (i: number) => i >= 0 && i < n && states[base + i] === 'A' && !input.excluded?.has(base + i)
    for (let start = 0; start + quantity <= n; start++) {
      let ok = true
      for (let k = 0; k < quantity; k++) if (!free(start + k)) ok = false
      if (!ok) continue
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
      if (!best || score < best.score) {
        best = {
          score,
          rowLabel: row.label,
          indexes: Array.from({ length: quantity }, (_, k) => base + start + k),
          seatNumbers: Array.from(
            { length: quantity },
            (_, k) => (row.seats[start + k] as [number, number, number])[0],
          ),
        }
      }
    }
    base += n
  }
  if (!best) return null
  return { rowLabel: best.rowLabel, indexes: best.indexes, seatNumbers: best.seatNumbers }
}
