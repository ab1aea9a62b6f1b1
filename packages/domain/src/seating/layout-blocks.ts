import type { LayoutRow, SeatTuple } from './layout.js'
import { type RowNumbering, rowLabels, type SeatNumbering, seatNumbers } from './layout-numbering.js'

/**
 * A block of rows the back-office editor generates from a few numbers (issue 18) instead of having seats
 * placed one by one. World coordinates are the layout's: x grows to the right, y grows downwards.
 */
export interface RowBlockSpec {
  /** 1..200 rows and 1..500 seats per row (more is refused with a RangeError). */
  rows: number
  seatsPerRow: number
  /** World units between seat centres along a row (GRID) and between rows. */
  seatSpacing: number
  rowSpacing: number
  /** GRID: the centre of the front row; ARC: the focal point (the centre of the stage). */
  origin: { x: number; y: number }
  /** Degrees clockwise; 0 = the block faces up (north, towards smaller y). */
  rotation: number
  /** stagger: odd rows (the 2nd, 4th…) are shifted half a seat to the right so heads do not line up. */
  layout:
    | { type: 'GRID'; stagger: boolean }
    | {
        type: 'ARC'
        /** Distance from the focal point to the front row. */
        radius: number
        /** Degrees of the arc the front row spans, 1..360. */
        angle: number
        stagger: boolean
      }
  rowNumbering: RowNumbering
  seatNumbering: SeatNumbering
}

export const ROW_BLOCK_MAX_ROWS = 200
export const ROW_BLOCK_MAX_SEATS_PER_ROW = 500

const DEG = Math.PI / 180

// One decimal keeps a 100,000-seat layout.json small and is finer than any seat pitch.
const round1 = (v: number) => Math.round(v * 10) / 10 + 0 // + 0 turns -0 into 0, which JSON would anyway

/**
 * The rows of a block, front row first, each with its seats left to right as seen facing the stage.
 * In an ARC every row keeps the front row's angle between neighbours, so the block is a wedge with straight
 * radial aisles on both sides and seat i of every row on the same ray; the pitch along a row follows from
 * radius and angle, and `seatSpacing` is not used. A 360° arc spreads the seats over the whole circle
 * without putting the first and the last on the same spot.
 */
export function generateRowBlock(spec: RowBlockSpec): LayoutRow[] {
  checkSpec(spec)
  const labels = rowLabels(spec.rowNumbering, spec.rows)
  const numbers = seatNumbers(spec.seatNumbering, spec.seatsPerRow)
  const n = spec.seatsPerRow
  const centre = (n - 1) / 2
  const cos = Math.cos(spec.rotation * DEG)
  const sin = Math.sin(spec.rotation * DEG)
  const ox = spec.origin.x
  const oy = spec.origin.y
  const { layout, rowSpacing, seatSpacing } = spec
  const arcStep =
    layout.type === 'ARC'
      ? layout.angle >= 360
        ? (2 * Math.PI) / n
        : n > 1
          ? (layout.angle * DEG) / (n - 1)
          : 0
      : 0

  const rows: LayoutRow[] = new Array(spec.rows)
  for (let r = 0; r < spec.rows; r++) {
    const shift = layout.stagger && r % 2 === 1 ? 0.5 : 0
    const seats: SeatTuple[] = new Array(n)
    // Local frame: the block faces -y, so rows further back have larger y and the left end has smaller x.
    if (layout.type === 'GRID') {
      const ly = r * rowSpacing
      for (let i = 0; i < n; i++) {
        const lx = (i - centre + shift) * seatSpacing
        seats[i] = [numbers[i] as number, round1(ox + lx * cos - ly * sin), round1(oy + lx * sin + ly * cos)]
      }
    } else {
      const radius = layout.radius + r * rowSpacing
      for (let i = 0; i < n; i++) {
        const a = (i - centre + shift) * arcStep
        const lx = radius * Math.sin(a)
        const ly = radius * Math.cos(a)
        seats[i] = [numbers[i] as number, round1(ox + lx * cos - ly * sin), round1(oy + lx * sin + ly * cos)]
      }
    }
    rows[r] = { label: labels[r] as string, seats }
  }
  return rows
}

function checkSpec(spec: RowBlockSpec) {
  const whole = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max
  if (!whole(spec.rows, ROW_BLOCK_MAX_ROWS)) throw new RangeError(`rows must be 1..${ROW_BLOCK_MAX_ROWS}`)
  if (!whole(spec.seatsPerRow, ROW_BLOCK_MAX_SEATS_PER_ROW))
    throw new RangeError(`seats per row must be 1..${ROW_BLOCK_MAX_SEATS_PER_ROW}`)
  const positive = (v: number) => Number.isFinite(v) && v > 0
  if (!positive(spec.seatSpacing) || !positive(spec.rowSpacing)) throw new RangeError('spacings must be > 0')
  if (![spec.origin.x, spec.origin.y, spec.rotation].every(Number.isFinite))
    throw new RangeError('origin and rotation must be finite')
  if (spec.layout.type === 'ARC') {
    if (!positive(spec.layout.radius)) throw new RangeError('the arc radius must be > 0')
    const { angle } = spec.layout
    if (!(Number.isFinite(angle) && angle >= 1 && angle <= 360))
      throw new RangeError('the arc angle must be 1..360')
  }
}

/**
 * A polygon around the seats, as flat points for a section shape: the convex hull of the seat centres,
 * grown by `padding` so every centre lies at least ~0.9 × padding inside it (the hull of an octagon around
 * each hull vertex; a single seat or a straight row still gets an area). Empty when there are no seats.
 */
export function blockOutline(rows: readonly LayoutRow[], padding: number): number[] {
  if (!(Number.isFinite(padding) && padding >= 0)) throw new RangeError('padding must be >= 0')
  let count = 0
  for (const row of rows) count += row.seats.length
  const xs = new Float64Array(count)
  const ys = new Float64Array(count)
  let p = 0
  for (const row of rows) {
    for (const seat of row.seats) {
      xs[p] = seat[1]
      ys[p] = seat[2]
      p++
    }
  }
  let hull = convexHull(xs, ys)
  if (padding > 0 && hull.length > 0) {
    const k = 8
    const m = hull.length / 2
    const gx = new Float64Array(m * k)
    const gy = new Float64Array(m * k)
    for (let v = 0; v < m; v++) {
      for (let j = 0; j < k; j++) {
        const a = (j * 2 * Math.PI) / k
        gx[v * k + j] = (hull[2 * v] as number) + padding * Math.cos(a)
        gy[v * k + j] = (hull[2 * v + 1] as number) + padding * Math.sin(a)
      }
    }
    hull = convexHull(gx, gy)
  }
  return hull.map(round1)
}

/** Andrew's monotone chain; flat points, collinear points dropped. */
function convexHull(xs: Float64Array, ys: Float64Array): number[] {
  const n = xs.length
  if (n === 0) return []
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (xs[a] as number) - (xs[b] as number) || (ys[a] as number) - (ys[b] as number),
  )
  const cross = (o: number, a: number, b: number) =>
    ((xs[a] as number) - (xs[o] as number)) * ((ys[b] as number) - (ys[o] as number)) -
    ((ys[a] as number) - (ys[o] as number)) * ((xs[b] as number) - (xs[o] as number))
  const chain = (indices: number[]) => {
    const out: number[] = []
    for (const i of indices) {
      while (out.length >= 2 && cross(out[out.length - 2] as number, out[out.length - 1] as number, i) <= 0)
        out.pop()
      out.push(i)
    }
    out.pop()
    return out
  }
  const lower = chain(order)
  const upper = chain(order.reverse())
  let hull = lower.concat(upper)
  // All seats on one spot: the chains pop everything.
  if (hull.length === 0) hull = [order[0] as number]
  const flat: number[] = []
  for (const i of hull) flat.push(xs[i] as number, ys[i] as number)
  return flat
}
