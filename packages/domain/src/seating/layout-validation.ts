import { flattenSections, type Layout, type LayoutSection } from './layout.js'
import { DEFAULT_SECTION_NAME } from './layout-vocabulary.js'
import { type Bounds, boundsOfPoints, containsPoint, growBounds, pointInPolygon } from './plane-geometry.js'

/**
 * What the back-office editor lists before a layout is published (issue 18). Errors block publishing
 * because events sell from a published layout's seats; warnings point at something that looks wrong but
 * can be meant (a section with seats still called "Sin Sección", a label drawn past the canvas).
 */
export type LayoutProblemCode =
  | 'DUPLICATE_SEAT'
  | 'DUPLICATE_SECTION'
  | 'SEAT_OUTSIDE_SECTION'
  | 'UNNAMED_SECTION'
  | 'EMPTY_SECTION'
  | 'OVERLAPPING_SEATS'
  | 'NO_SELLABLE_PLACES'
  | 'SHAPE_OUTSIDE_CANVAS'

export interface LayoutProblem {
  severity: 'error' | 'warning'
  code: LayoutProblemCode
  /** What the message is about, so the editor can select it. */
  target:
    | { kind: 'section'; section: string }
    | { kind: 'seat'; section: string; row: string; seat: number }
    | { kind: 'shape'; shape: string }
    | { kind: 'layout' }
  /** Values for the translated message (labels, counts). */
  params: Record<string, string | number>
}

/** Errors first, then warnings; the list keeps this order. */
export const LAYOUT_PROBLEM_SEVERITY = {
  NO_SELLABLE_PLACES: 'error',
  DUPLICATE_SECTION: 'error',
  EMPTY_SECTION: 'error',
  DUPLICATE_SEAT: 'error',
  SEAT_OUTSIDE_SECTION: 'error',
  UNNAMED_SECTION: 'warning',
  OVERLAPPING_SEATS: 'warning',
  SHAPE_OUTSIDE_CANVAS: 'warning',
} as const satisfies Record<LayoutProblemCode, LayoutProblem['severity']>

/** Problems listed per code; the rest are summed up in one more problem whose params.more is their count. */
export const LAYOUT_PROBLEMS_PER_CODE = 50

export const blocksPublishing = (problems: readonly LayoutProblem[]) =>
  problems.some((p) => p.severity === 'error')

class Problems {
  private readonly listed = new Map<LayoutProblemCode, LayoutProblem[]>()
  private readonly dropped = new Map<LayoutProblemCode, number>()

  add(code: LayoutProblemCode, target: LayoutProblem['target'], params: LayoutProblem['params']) {
    const list = this.listed.get(code) ?? []
    this.listed.set(code, list)
    if (list.length < LAYOUT_PROBLEMS_PER_CODE)
      list.push({ severity: LAYOUT_PROBLEM_SEVERITY[code], code, target, params })
    else this.dropped.set(code, (this.dropped.get(code) ?? 0) + 1)
  }

  all(): LayoutProblem[] {
    const out: LayoutProblem[] = []
    for (const code of Object.keys(LAYOUT_PROBLEM_SEVERITY) as LayoutProblemCode[]) {
      out.push(...(this.listed.get(code) ?? []))
      const more = this.dropped.get(code)
      if (more)
        out.push({
          severity: LAYOUT_PROBLEM_SEVERITY[code],
          code,
          target: { kind: 'layout' },
          params: { more },
        })
    }
    return out
  }
}

const sectionParams = (s: LayoutSection) => ({ section: s.code, name: s.name })

/**
 * The section every new layout starts with (spec §3: "The default section is named Sin Sección"), still as
 * it was made: unnumbered, no capacity, nothing nested. It is the canvas's placeholder, not something the
 * user drew, so the check says nothing about it and publishing leaves it out; once it is given places (or
 * seats, or sections) it is the user's section and is checked as any other.
 */
export const isUnusedDefaultSection = (s: LayoutSection): boolean =>
  s.name === DEFAULT_SECTION_NAME && !s.numbered && !s.capacity && !s.rows?.length && !s.sections?.length

/** The layout as it is published: without an unused default section (the same object when there is none). */
export function withoutUnusedDefaultSection(layout: Layout): Layout {
  const sections = layout.sections.filter((s) => !isUnusedDefaultSection(s))
  if (sections.length === layout.sections.length || sections.length === 0) return layout
  return { ...layout, sections }
}

/**
 * Every problem of the layout, errors first. Runs on the editor's working copy, which need not pass
 * layoutSchema yet: duplicate codes and seats, which the schema refuses, are reported here with a target.
 */
export function validateLayout(layout: Layout): LayoutProblem[] {
  const problems = new Problems()
  const sections = flattenSections(layout.sections)

  let sellable = 0
  const codes = new Set<string>()
  for (const s of sections) {
    if (codes.has(s.code))
      problems.add('DUPLICATE_SECTION', { kind: 'section', section: s.code }, sectionParams(s))
    codes.add(s.code)
    if (isUnusedDefaultSection(s)) continue
    const name = s.name.trim()
    if (name === '' || name === DEFAULT_SECTION_NAME)
      problems.add('UNNAMED_SECTION', { kind: 'section', section: s.code }, sectionParams(s))

    const seats = s.numbered ? (s.rows ?? []).reduce((n, r) => n + r.seats.length, 0) : 0
    const places = s.numbered ? seats : (s.capacity ?? 0)
    // A section that only groups nested ones needs no places of its own.
    if (places === 0 && !s.sections?.length)
      problems.add('EMPTY_SECTION', { kind: 'section', section: s.code }, sectionParams(s))
    // Parking spaces are sold too; a disabled section sells nothing.
    if (!s.disabled) sellable += places

    if (s.numbered) checkSeats(s, problems)
  }
  if (sellable === 0) problems.add('NO_SELLABLE_PLACES', { kind: 'layout' }, {})

  findOverlaps(sections, problems)
  checkCanvas(layout, sections, problems)
  return problems.all()
}

function checkSeats(s: LayoutSection, problems: Problems) {
  const seen = new Map<string, Set<number>>()
  const polygon = s.shape.points
  const box = boundsOfPoints(polygon)
  for (const row of s.rows ?? []) {
    let numbers = seen.get(row.label)
    if (!numbers) {
      numbers = new Set()
      seen.set(row.label, numbers)
    }
    for (const [n, x, y] of row.seats) {
      const target = { kind: 'seat', section: s.code, row: row.label, seat: n } as const
      if (numbers.has(n))
        problems.add('DUPLICATE_SEAT', target, { ...sectionParams(s), row: row.label, seat: n })
      numbers.add(n)
      // Nested sections are checked against their own polygon, not their parent's.
      const inside = containsPoint(box, x, y) && pointInPolygon(polygon, x, y)
      if (!inside)
        problems.add('SEAT_OUTSIDE_SECTION', target, { ...sectionParams(s), row: row.label, seat: n })
    }
  }
}

// Beyond this many cells from the origin a cell index loses integer precision; such seats are compared
// one by one instead.
const MAX_CELL_INDEX = 2 ** 30

/**
 * Seats closer than half the smaller seat pitch of their two sections: drawn seats are 0.8 of a pitch
 * wide (the seat map's rule), so these visibly overlap — usually a block pasted twice or dropped on
 * another. A section's pitch is the seat map's too: the shortest distance between neighbours in a row.
 * One problem per seat that overlaps an earlier one (layout order), so a pile of 10,000 seats on one spot
 * costs linear time. Candidates come from a hashed grid in typed arrays (no per-seat objects), which keeps
 * 100,000 seats well under 300 ms; two cells sharing a bucket only add candidates, never lose one.
 */
function findOverlaps(sections: readonly LayoutSection[], problems: Problems) {
  const seats = seatTableOf(sections)
  if (seats.count < 2) return
  const grid = seatGridOf(seats)
  const { xs, ys, radius } = seats
  const overlaps = (a: number, b: number) => {
    const dx = (xs[a] as number) - (xs[b] as number)
    const dy = (ys[a] as number) - (ys[b] as number)
    const d2 = dx * dx + dy * dy
    const limit = Math.min(radius[a] as number, radius[b] as number)
    return d2 === 0 || d2 < limit * limit
  }
  for (let a = 0; a < seats.count; a++) {
    const other = earlierOverlap(a, seats, grid, overlaps)
    if (other >= 0) addOverlap(problems, sections, seats, a, other)
  }
}

/** The numbered seats in layout order, one column per field (no per-seat objects). */
interface SeatTable {
  count: number
  xs: Float64Array
  ys: Float64Array
  /** Half the seat pitch of the seat's section; the venue's smallest when its own is unknown. */
  radius: Float64Array
  sectionOf: Int32Array
  rowOf: string[]
  numberOf: Float64Array
}

function seatTableOf(sections: readonly LayoutSection[]): SeatTable {
  const pitches = sections.map(rowPitch)
  const known = pitches.filter((p) => p > 0)
  const venuePitch = known.length ? Math.min(...known) : 0
  let count = 0
  for (const s of sections) if (s.numbered) for (const r of s.rows ?? []) count += r.seats.length
  const t: SeatTable = {
    count,
    xs: new Float64Array(count),
    ys: new Float64Array(count),
    radius: new Float64Array(count),
    sectionOf: new Int32Array(count),
    rowOf: new Array(count),
    numberOf: new Float64Array(count),
  }
  let p = 0
  sections.forEach((s, si) => {
    if (!s.numbered) return
    const r = 0.5 * ((pitches[si] as number) || venuePitch)
    for (const row of s.rows ?? []) {
      for (const seat of row.seats) {
        t.xs[p] = seat[1]
        t.ys[p] = seat[2]
        t.radius[p] = r
        t.sectionOf[p] = si
        t.rowOf[p] = row.label
        t.numberOf[p] = seat[0]
        p++
      }
    }
  })
  return t
}

/** Buckets of a hashed grid; each a linked list of the seats already placed in it. */
interface SeatGrid {
  cell: number
  /** The latest seat placed in each bucket, or -1. */
  head: Int32Array
  /** Per seat, the seat placed in its bucket before it, or -1. */
  next: Int32Array
  mask: number
}

function seatGridOf(seats: SeatTable): SeatGrid {
  // Cells one pitch wide: a seat's neighbourhood (± half its pitch) then spans at most 2 × 2 cells.
  const sorted = seats.radius.filter((r) => r > 0).sort()
  const cell = 2 * (sorted[sorted.length >> 1] ?? 0.5)
  let buckets = 1024
  while (buckets < 2 * seats.count) buckets *= 2
  return {
    cell,
    head: new Int32Array(buckets).fill(-1),
    next: new Int32Array(seats.count),
    mask: buckets - 1,
  }
}

const bucketOf = (mask: number, cx: number, cy: number) =>
  (Math.imul(cx | 0, 73856093) ^ Math.imul(cy | 0, 19349663)) & mask

/**
 * An earlier seat that seat `a` overlaps, or -1, from the grid's buckets around it (or every earlier seat,
 * see `scanEarlier`); then places `a` in the grid for the seats after it.
 */
function earlierOverlap(
  a: number,
  seats: SeatTable,
  grid: SeatGrid,
  overlaps: (a: number, b: number) => boolean,
): number {
  const { cell, head, next, mask } = grid
  const x = seats.xs[a] as number
  const y = seats.ys[a] as number
  const r = seats.radius[a] as number
  if (!(Math.abs(x / cell) < MAX_CELL_INDEX && Math.abs(y / cell) < MAX_CELL_INDEX))
    return Number.isFinite(x) && Number.isFinite(y) ? scanEarlier(a, overlaps) : -1
  let other = -1
  const cx0 = Math.floor((x - r) / cell)
  const cx1 = Math.floor((x + r) / cell)
  const cy0 = Math.floor((y - r) / cell)
  const cy1 = Math.floor((y + r) / cell)
  if ((cx1 - cx0 + 1) * (cy1 - cy0 + 1) <= a) {
    for (let cx = cx0; cx <= cx1 && other < 0; cx++) {
      for (let cy = cy0; cy <= cy1 && other < 0; cy++) {
        for (let b = head[bucketOf(mask, cx, cy)] as number; b >= 0; b = next[b] as number) {
          if (overlaps(a, b)) {
            other = b
            break
          }
        }
      }
    }
  } else {
    other = scanEarlier(a, overlaps)
  }
  const bucket = bucketOf(mask, Math.floor(x / cell), Math.floor(y / cell))
  next[a] = head[bucket] as number
  head[bucket] = a
  return other
}

function addOverlap(
  problems: Problems,
  sections: readonly LayoutSection[],
  seats: SeatTable,
  a: number,
  other: number,
) {
  const s = sections[seats.sectionOf[a] as number] as LayoutSection
  const o = sections[seats.sectionOf[other] as number] as LayoutSection
  const row = seats.rowOf[a] as string
  const seat = seats.numberOf[a] as number
  problems.add(
    'OVERLAPPING_SEATS',
    { kind: 'seat', section: s.code, row, seat },
    {
      ...sectionParams(s),
      row,
      seat,
      otherSection: o.code,
      otherRow: seats.rowOf[other] as string,
      otherSeat: seats.numberOf[other] as number,
    },
  )
}

// Seats too far from the origin for the grid, or whose neighbourhood spans more cells than there are
// earlier seats, are compared with every earlier seat.
function scanEarlier(a: number, overlaps: (a: number, b: number) => boolean): number {
  for (let b = 0; b < a; b++) if (overlaps(a, b)) return b
  return -1
}

/** The shortest positive distance between neighbours in a row; 0 when no row has two seats apart. */
function rowPitch(s: LayoutSection): number {
  let best = Infinity
  for (const row of s.numbered ? (s.rows ?? []) : []) {
    const seats = row.seats
    for (let i = 1; i < seats.length; i++) {
      const [, x0, y0] = seats[i - 1] as [number, number, number]
      const [, x1, y1] = seats[i] as [number, number, number]
      const d2 = (x1 - x0) ** 2 + (y1 - y0) ** 2
      if (d2 > 0 && d2 < best) best = d2
    }
  }
  return Number.isFinite(best) ? Math.sqrt(best) : 0
}

/**
 * Drawing past the canvas: the editor's page ends there, so whatever lies beyond is easy to miss. Section
 * outlines count as shapes too (targeted as their section).
 */
function checkCanvas(layout: Layout, sections: readonly LayoutSection[], problems: Problems) {
  const { width, height } = layout.canvas
  // Half a unit of slack: generated outlines are rounded to 0.1.
  const eps = 0.5
  const outside = (b: Bounds) =>
    b.minX < -eps || b.minY < -eps || b.maxX > width + eps || b.maxY > height + eps
  for (const s of sections) {
    if (s.shape.points.length >= 2 && outside(boundsOfPoints(s.shape.points)))
      problems.add('SHAPE_OUTSIDE_CANVAS', { kind: 'section', section: s.code }, sectionParams(s))
  }
  for (const shape of layout.shapes ?? []) {
    const b = boundsOfPoints(shape.points ?? [])
    if (shape.x !== undefined && shape.y !== undefined) {
      growBounds(b, shape.x, shape.y)
      growBounds(b, shape.x + (shape.width ?? 0), shape.y + (shape.height ?? 0))
    }
    if (b.minX <= b.maxX && outside(b))
      problems.add(
        'SHAPE_OUTSIDE_CANVAS',
        { kind: 'shape', shape: shape.id },
        { shape: shape.id, name: shape.name },
      )
  }
}
