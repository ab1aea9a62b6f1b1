import type { Layout, LayoutRow, LayoutSection, LayoutShape, SeatTuple } from '@palco/domain/seating/layout'
import type { Draft } from 'immer'
import {
  boundsOfPoints,
  emptyBounds,
  growBounds,
  isEmptyBounds,
  unionBounds,
} from '../../../lib/seat-map/model/geometry'
import type { Bounds } from '../../../lib/seat-map/model/viewport'
import {
  allSectionCodes,
  allShapeIds,
  isWithin,
  nextRowLabel,
  outermostCodes,
  placesByRow,
  roundCoord,
  rowOffsets,
  type SectionPath,
  sectionAtPath,
  sectionPaths,
  uniqueCode,
} from './document'
import type { EditorSelection } from './selection'

/**
 * The geometric operations of the editor (move, rotate, mirror, duplicate, delete) as immer recipes over
 * the selection. They read the base document and write new arrays into the draft at the level they
 * change (a section, a row list, a shape), so a change to thousands of seats stays a few patches and no
 * seat is proxied.
 */

/** `x' = a·x + c·y + e`, `y' = b·x + d·y + f` (the canvas' own matrix order). */
export type Affine = readonly [number, number, number, number, number, number]

export const translation = (dx: number, dy: number): Affine => [1, 0, 0, 1, dx, dy]

/** Clockwise on screen for positive degrees (y grows downwards). */
export function rotationAbout(degrees: number, cx: number, cy: number): Affine {
  const r = (degrees * Math.PI) / 180
  const cos = Math.cos(r)
  const sin = Math.sin(r)
  return [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy]
}

/** Left and right swap around the vertical line x = cx. */
export const mirrorAbout = (cx: number): Affine => [-1, 0, 0, 1, 2 * cx, 0]

const apply = (m: Affine, x: number, y: number): [number, number] => [
  roundCoord(m[0] * x + m[2] * y + m[4]),
  roundCoord(m[1] * x + m[3] * y + m[5]),
]

export function mapPoints(points: readonly number[], m: Affine): number[] {
  const out = new Array<number>(points.length)
  for (let i = 0; i + 1 < points.length; i += 2) {
    const [x, y] = apply(m, points[i] as number, points[i + 1] as number)
    out[i] = x
    out[i + 1] = y
  }
  return out
}

/** A new seat array; only the seats at `only` (sorted indices) move when given, the others are shared. */
function mapSeats(seats: readonly SeatTuple[], m: Affine, only?: readonly number[]): SeatTuple[] {
  if (!only) return seats.map(([n, x, y]) => [n, ...apply(m, x, y)] as SeatTuple)
  const out = seats.slice()
  for (const k of only) {
    const seat = seats[k]
    if (seat) out[k] = [seat[0], ...apply(m, seat[1], seat[2])] as SeatTuple
  }
  return out
}

/** A section moved whole: its polygon, seats and nested sections; everything else is shared. */
export function transformedSection(s: LayoutSection, m: Affine): LayoutSection {
  return {
    ...s,
    shape: { type: 'path', points: mapPoints(s.shape.points, m) },
    ...(s.rows && { rows: s.rows.map((row) => ({ label: row.label, seats: mapSeats(row.seats, m) })) }),
    ...(s.sections && { sections: s.sections.map((n) => transformedSection(n, m)) }),
  }
}

export function transformedShape(shape: LayoutShape, m: Affine): LayoutShape {
  if (shape.points && shape.points.length >= 2) return { ...shape, points: mapPoints(shape.points, m) }
  const x = shape.x ?? 0
  const y = shape.y ?? 0
  if (shape.type === 'text') {
    const [nx, ny] = apply(m, x, y)
    return { ...shape, x: nx, y: ny }
  }
  // Rectangles and images have no rotation of their own: their centre follows, their size stays.
  const w = shape.width ?? 0
  const h = shape.height ?? 0
  const [cx, cy] = apply(m, x + w / 2, y + h / 2)
  return { ...shape, x: roundCoord(cx - w / 2), y: roundCoord(cy - h / 2) }
}

function draftSectionAt(draft: Draft<Layout>, path: SectionPath): Draft<LayoutSection> | undefined {
  return sectionAtPath(draft.sections as Draft<LayoutSection>[], path)
}

/** Replaces a section in its parent list, through the draft (one patch for the whole section). */
function replaceSection(draft: Draft<Layout>, path: SectionPath, next: LayoutSection): void {
  const index = path[path.length - 1] as number
  const list = path.length === 1 ? draft.sections : draftSectionAt(draft, path.slice(0, -1))?.sections
  if (list) list[index] = next as Draft<LayoutSection>
}

/** Sections whose seats are selected one by one, outside any section selected whole. */
function looseSeatSections(
  base: Layout,
  sel: EditorSelection,
): { code: string; path: SectionPath; places: readonly number[] }[] {
  const paths = sectionPaths(base)
  const wholePaths = outermostCodes(base, sel.sections).map((c) => paths.get(c) as SectionPath)
  const out: { code: string; path: SectionPath; places: readonly number[] }[] = []
  for (const [code, places] of sel.seats) {
    const path = paths.get(code)
    if (!path || places.length === 0) continue
    if (wholePaths.some((w) => isWithin(path, w))) continue
    out.push({ code, path, places })
  }
  return out
}

/** Moves, rotates or mirrors everything selected by one matrix. */
export function transformSelection(
  draft: Draft<Layout>,
  base: Layout,
  sel: EditorSelection,
  m: Affine,
): void {
  const paths = sectionPaths(base)
  for (const code of outermostCodes(base, sel.sections)) {
    const path = paths.get(code) as SectionPath
    const section = sectionAtPath(base.sections, path)
    if (section) replaceSection(draft, path, transformedSection(section, m))
  }
  for (const { path, places } of looseSeatSections(base, sel)) {
    const section = sectionAtPath(base.sections, path)
    const rows = section?.rows
    const target = draftSectionAt(draft, path)
    if (!rows || !target) continue
    const byRow = placesByRow(rows, places)
    target.rows = rows.map((row, r) => {
      const only = byRow.get(r)
      return only ? { label: row.label, seats: mapSeats(row.seats, m, only) } : row
    }) as Draft<LayoutRow>[]
  }
  if (sel.shapes.size && base.shapes && draft.shapes) {
    base.shapes.forEach((shape, i) => {
      if (sel.shapes.has(shape.id) && draft.shapes)
        draft.shapes[i] = transformedShape(shape, m) as Draft<LayoutShape>
    })
  }
  if (sel.stage) {
    const { x, y, width, height } = base.stage
    const [cx, cy] = apply(m, x + width / 2, y + height / 2)
    draft.stage = { ...base.stage, x: roundCoord(cx - width / 2), y: roundCoord(cy - height / 2) }
  }
}

function sectionBounds(s: LayoutSection): Bounds {
  let b = boundsOfPoints(s.shape.points)
  for (const row of s.rows ?? []) for (const [, x, y] of row.seats) growBounds(b, x, y)
  for (const n of s.sections ?? []) b = unionBounds(b, sectionBounds(n))
  return b
}

export function shapeBounds(shape: LayoutShape): Bounds {
  if (shape.points && shape.points.length >= 2) return boundsOfPoints(shape.points)
  const x = shape.x ?? 0
  const y = shape.y ?? 0
  // A text's box is unknown without measuring it; its font size stands in for both sides.
  const w =
    shape.type === 'text'
      ? Math.max(shape.width ?? 0, (shape.height || 14) * (shape.text?.length ?? 1) * 0.6)
      : (shape.width ?? 0)
  const h = shape.type === 'text' ? shape.height || 14 : (shape.height ?? 0)
  return { minX: x, minY: y, maxX: x + w, maxY: y + h }
}

/** The box around everything selected (the pivot of rotate and mirror is its centre); null when empty. */
export function selectionBounds(doc: Layout, sel: EditorSelection): Bounds | null {
  let b = emptyBounds()
  const paths = sectionPaths(doc)
  for (const code of sel.sections) {
    const s = sectionAtPath(doc.sections, paths.get(code) ?? [])
    if (s) b = unionBounds(b, sectionBounds(s))
  }
  for (const [code, places] of sel.seats) {
    const rows = sectionAtPath(doc.sections, paths.get(code) ?? [])?.rows
    if (!rows) continue
    for (const [r, seats] of placesByRow(rows, places)) {
      const row = rows[r] as LayoutRow
      for (const k of seats) {
        const seat = row.seats[k]
        if (seat) growBounds(b, seat[1], seat[2])
      }
    }
  }
  for (const shape of doc.shapes ?? []) if (sel.shapes.has(shape.id)) b = unionBounds(b, shapeBounds(shape))
  if (sel.stage) {
    const { x, y, width, height } = doc.stage
    b = unionBounds(b, { minX: x, minY: y, maxX: x + width, maxY: y + height })
  }
  return isEmptyBounds(b) ? null : b
}

const SEAT_MAPS = ['restrictions', 'access', 'accessibility'] as const
type SeatMapKey = (typeof SEAT_MAPS)[number]
type SeatMaps = Pick<LayoutSection, SeatMapKey>

/** A copy of a per-seat map without the given codes; undefined when nothing would be left. */
function withoutCodes<V>(
  map: Record<string, V> | undefined,
  codes: ReadonlySet<string>,
): Record<string, V> | undefined {
  if (!map) return undefined
  const out: Record<string, V> = {}
  let n = 0
  for (const [code, v] of Object.entries(map)) {
    if (codes.has(code)) continue
    out[code] = v
    n++
  }
  return n ? out : undefined
}

/** Parent list → indices to drop, so each list is rewritten once. */
function groupByParent(
  paths: readonly SectionPath[],
): Map<string, { parent: SectionPath; drop: Set<number> }> {
  const out = new Map<string, { parent: SectionPath; drop: Set<number> }>()
  for (const path of paths) {
    const parent = path.slice(0, -1)
    const key = parent.join('/')
    const entry = out.get(key) ?? { parent, drop: new Set<number>() }
    entry.drop.add(path[path.length - 1] as number)
    out.set(key, entry)
  }
  return out
}

/**
 * Deletes the selection. A numbered section that loses its last seat stays, as an empty unnumbered zone
 * (capacity 0) the check reports, so the draft can still be saved and the manager decides. The stage is
 * part of every layout and cannot be deleted.
 */
export function deleteSelection(draft: Draft<Layout>, base: Layout, sel: EditorSelection): void {
  // Seats first, through paths that the section deletions below would otherwise shift.
  for (const { path, places } of looseSeatSections(base, sel)) {
    const section = sectionAtPath(base.sections, path)
    const target = draftSectionAt(draft, path)
    const rows = section?.rows
    if (!section || !rows || !target) continue
    if (sel.sections.has(section.code)) continue
    const byRow = placesByRow(rows, places)
    const gone = new Set<string>()
    const nextRows: LayoutRow[] = []
    rows.forEach((row, r) => {
      const drop = byRow.get(r)
      if (!drop) {
        nextRows.push(row)
        return
      }
      const dropSet = new Set(drop)
      const kept = row.seats.filter((seat, k) => {
        if (!dropSet.has(k)) return true
        gone.add(`${row.label}-${seat[0]}`)
        return false
      })
      if (kept.length) nextRows.push({ label: row.label, seats: kept })
    })
    for (const key of SEAT_MAPS) {
      if (section[key]) (target as SeatMaps)[key] = withoutCodes(section[key], gone) as never
    }
    if (nextRows.length) target.rows = nextRows as Draft<LayoutRow>[]
    else {
      target.rows = undefined
      target.numbered = false
      target.capacity = 0
    }
  }
  const paths = sectionPaths(base)
  const doomed = outermostCodes(base, sel.sections).map((c) => paths.get(c) as SectionPath)
  for (const { parent, drop } of groupByParent(doomed).values()) {
    if (parent.length === 0) draft.sections = draft.sections.filter((_, i) => !drop.has(i))
    else {
      const owner = draftSectionAt(draft, parent)
      if (owner?.sections) {
        const rest = owner.sections.filter((_, i) => !drop.has(i))
        owner.sections = rest.length ? rest : undefined
      }
    }
  }
  if (sel.shapes.size && draft.shapes) {
    const rest = (base.shapes ?? []).filter((s) => !sel.shapes.has(s.id))
    draft.shapes = rest as Draft<LayoutShape>[]
  }
}

/** A copy of a section (nested ones too) under new codes, moved by `m`. */
function clonedSection(s: LayoutSection, taken: Set<string>, m: Affine, codes: string[]): LayoutSection {
  const code = uniqueCode(taken, s.code)
  taken.add(code)
  codes.push(code)
  const moved = transformedSection({ ...s, sections: undefined }, m)
  const copy: LayoutSection = { ...moved, code }
  if (!s.sections) delete copy.sections
  else copy.sections = s.sections.map((n) => clonedSection(n, taken, m, []))
  for (const key of SEAT_MAPS) if (s[key]) (copy as SeatMaps)[key] = { ...s[key] } as never
  return copy
}

/** Where a duplicate goes: beside the original (loose seats: as new rows below it), never on top of it. */
export function duplicateOffset(doc: Layout, sel: EditorSelection): { dx: number; dy: number } {
  const b = selectionBounds(doc, sel)
  if (!b) return { dx: 20, dy: 20 }
  const w = b.maxX - b.minX
  const h = b.maxY - b.minY
  const onlySeats = sel.sections.size === 0 && sel.shapes.size === 0 && !sel.stage
  if (onlySeats) return { dx: 0, dy: roundCoord(h + pitchOf(doc, sel)) }
  return { dx: roundCoord(w + Math.max(10, w * 0.05)), dy: 0 }
}

/** The seat spacing of the selected seats' first row, or 10 units when unknown. */
function pitchOf(doc: Layout, sel: EditorSelection): number {
  const paths = sectionPaths(doc)
  for (const code of sel.seats.keys()) {
    const rows = sectionAtPath(doc.sections, paths.get(code) ?? [])?.rows ?? []
    for (const row of rows) {
      const [a, b] = row.seats
      if (a && b) return Math.hypot(b[1] - a[1], b[2] - a[2]) || 10
    }
  }
  return 10
}

/**
 * Duplicates the selection and returns what to select next (the copies). Sections get new unique codes
 * (nested ones too); loose seats become new rows of their section under row labels it does not use yet,
 * keeping their seat numbers and marks; shapes get new ids. The stage is never duplicated.
 */
export function duplicateSelection(
  draft: Draft<Layout>,
  base: Layout,
  sel: EditorSelection,
  offset: { dx: number; dy: number },
): EditorSelection {
  const m = translation(offset.dx, offset.dy)
  const paths = sectionPaths(base)
  const taken = allSectionCodes(base)
  const sections = new Set<string>()
  const seats = new Map<string, readonly number[]>()
  const shapes = new Set<string>()

  for (const { code, path, places } of looseSeatSections(base, sel)) {
    const section = sectionAtPath(base.sections, path)
    const target = draftSectionAt(draft, path)
    const rows = section?.rows
    if (!section || !rows || !target) continue
    const labels = new Set(rows.map((r) => r.label))
    const offsets = rowOffsets(rows)
    let place = offsets[rows.length] as number
    const added: LayoutRow[] = []
    const newPlaces: number[] = []
    const maps: Partial<Record<SeatMapKey, Record<string, string>>> = {}
    for (const [r, ks] of placesByRow(rows, places)) {
      const row = rows[r] as LayoutRow
      const label = nextRowLabel(labels, row.label)
      labels.add(label)
      const copied: SeatTuple[] = []
      for (const k of ks) {
        const seat = row.seats[k] as SeatTuple
        copied.push([seat[0], ...apply(m, seat[1], seat[2])] as SeatTuple)
        newPlaces.push(place++)
        for (const key of SEAT_MAPS) {
          const value = section[key]?.[`${row.label}-${seat[0]}`]
          if (value) {
            maps[key] ??= { ...(section[key] as Record<string, string>) }
            ;(maps[key] as Record<string, string>)[`${label}-${seat[0]}`] = value
          }
        }
      }
      added.push({ label, seats: copied })
    }
    target.rows = [...rows, ...added] as Draft<LayoutRow>[]
    for (const [key, map] of Object.entries(maps)) (target as SeatMaps)[key as SeatMapKey] = map as never
    seats.set(code, newPlaces)
  }

  for (const code of outermostCodes(base, sel.sections)) {
    const path = paths.get(code) as SectionPath
    const section = sectionAtPath(base.sections, path)
    if (!section) continue
    const codes: string[] = []
    const copy = clonedSection(section, taken, m, codes)
    sections.add(codes[0] as string)
    if (path.length === 1) draft.sections.push(copy as Draft<LayoutSection>)
    else {
      const owner = draftSectionAt(draft, path.slice(0, -1))
      if (owner) {
        owner.sections ??= []
        owner.sections.push(copy as Draft<LayoutSection>)
      }
    }
  }

  if (sel.shapes.size) {
    const ids = allShapeIds(base)
    for (const shape of base.shapes ?? []) {
      if (!sel.shapes.has(shape.id)) continue
      const id = uniqueCode(ids, shape.id)
      ids.add(id)
      draft.shapes ??= []
      draft.shapes.push({ ...transformedShape(shape, m), id } as Draft<LayoutShape>)
      shapes.add(id)
    }
  }
  return { sections, seats, shapes, stage: false }
}
