import type { Layout, LayoutShape } from '@palco/domain/seating/layout'
import { boundsOfPoints, containsPoint, pointInPolygon } from '../../../lib/seat-map/model/geometry'
import type { Venue } from '../../../lib/seat-map/model/venue-model'
import type { Bounds } from '../../../lib/seat-map/model/viewport'
import { isWithin, outermostCodes, rowOffsets, sectionByCode, sectionPaths, shapeById } from './document'

/**
 * What the editor has selected. Whole sections (their seats, nested sections and polygon go together),
 * single seats by place index within their section (the seat map's numbering: rows front to back), shapes
 * by id, and the stage. Seats are kept as sorted index arrays, not objects, so a box around 10,000 seats
 * stays one small array per section.
 */
export interface EditorSelection {
  sections: ReadonlySet<string>
  seats: ReadonlyMap<string, readonly number[]>
  shapes: ReadonlySet<string>
  stage: boolean
}

export type EditorTarget =
  | { kind: 'section'; code: string }
  | { kind: 'seat'; code: string; place: number }
  | { kind: 'shape'; id: string }
  | { kind: 'stage' }

export const EMPTY_SELECTION: EditorSelection = Object.freeze({
  sections: new Set<string>(),
  seats: new Map<string, readonly number[]>(),
  shapes: new Set<string>(),
  stage: false,
})

export function seatSelectionCount(sel: EditorSelection): number {
  let n = 0
  for (const places of sel.seats.values()) n += places.length
  return n
}

export const isEmptySelection = (sel: EditorSelection): boolean =>
  sel.sections.size === 0 && sel.seats.size === 0 && sel.shapes.size === 0 && !sel.stage

export function selectionOf(target: EditorTarget | null): EditorSelection {
  if (!target) return EMPTY_SELECTION
  switch (target.kind) {
    case 'section':
      return { ...EMPTY_SELECTION, sections: new Set([target.code]) }
    case 'seat':
      return { ...EMPTY_SELECTION, seats: new Map([[target.code, [target.place]]]) }
    case 'shape':
      return { ...EMPTY_SELECTION, shapes: new Set([target.id]) }
    case 'stage':
      return { ...EMPTY_SELECTION, stage: true }
  }
}

export function hasTarget(sel: EditorSelection, target: EditorTarget): boolean {
  switch (target.kind) {
    case 'section':
      return sel.sections.has(target.code)
    case 'seat':
      return sel.sections.has(target.code) || (sel.seats.get(target.code)?.includes(target.place) ?? false)
    case 'shape':
      return sel.shapes.has(target.id)
    case 'stage':
      return sel.stage
  }
}

function mergePlaces(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y)
}

export function unionSelection(a: EditorSelection, b: EditorSelection): EditorSelection {
  const seats = new Map(a.seats)
  for (const [code, places] of b.seats) seats.set(code, mergePlaces(seats.get(code) ?? [], places))
  return {
    sections: new Set([...a.sections, ...b.sections]),
    seats,
    shapes: new Set([...a.shapes, ...b.shapes]),
    stage: a.stage || b.stage,
  }
}

/** Shift-click: adds the target, or takes it out when it was already selected. */
export function toggleTarget(sel: EditorSelection, target: EditorTarget): EditorSelection {
  if (!hasTarget(sel, target)) return unionSelection(sel, selectionOf(target))
  switch (target.kind) {
    case 'section': {
      const sections = new Set(sel.sections)
      sections.delete(target.code)
      return { ...sel, sections }
    }
    case 'seat': {
      // A seat of a wholly selected section: the click asks for "this section but not this seat".
      if (sel.sections.has(target.code)) return sel
      const seats = new Map(sel.seats)
      const rest = (seats.get(target.code) ?? []).filter((p) => p !== target.place)
      if (rest.length) seats.set(target.code, rest)
      else seats.delete(target.code)
      return { ...sel, seats }
    }
    case 'shape': {
      const shapes = new Set(sel.shapes)
      shapes.delete(target.id)
      return { ...sel, shapes }
    }
    case 'stage':
      return { ...sel, stage: false }
  }
}

/** Drops what no longer exists (after undo, redo or a delete), so panels never point at nothing. */
export function pruneSelection(sel: EditorSelection, doc: Layout): EditorSelection {
  if (isEmptySelection(sel)) return sel
  const paths = sectionPaths(doc)
  const sections = new Set([...sel.sections].filter((c) => paths.has(c)))
  const seats = new Map<string, readonly number[]>()
  for (const [code, places] of sel.seats) {
    const section = sectionByCode(doc, code)
    if (!section?.numbered) continue
    const offsets = rowOffsets(section.rows ?? [])
    const total = offsets[offsets.length - 1] as number
    const kept = places.filter((p) => p < total)
    if (kept.length) seats.set(code, kept)
  }
  const shapes = new Set([...sel.shapes].filter((id) => shapeById(doc, id)))
  const same =
    sections.size === sel.sections.size &&
    shapes.size === sel.shapes.size &&
    seats.size === sel.seats.size &&
    [...seats].every(([code, places]) => places.length === sel.seats.get(code)?.length)
  return same ? sel : { sections, seats, shapes, stage: sel.stage }
}

/** A rubber band: a box dragged on empty canvas, or a freehand lasso (Alt-drag). World coordinates. */
export type Region = { kind: 'box'; bounds: Bounds } | { kind: 'lasso'; points: readonly number[] }

export function normaliseBox(x0: number, y0: number, x1: number, y1: number): Bounds {
  return { minX: Math.min(x0, x1), minY: Math.min(y0, y1), maxX: Math.max(x0, x1), maxY: Math.max(y0, y1) }
}

function regionTest(region: Region): { bounds: Bounds; inside: (x: number, y: number) => boolean } {
  if (region.kind === 'box') {
    const b = region.bounds
    return { bounds: b, inside: (x, y) => containsPoint(b, x, y) }
  }
  const bounds = boundsOfPoints(region.points)
  const pts = region.points
  return { bounds, inside: (x, y) => containsPoint(bounds, x, y) && pointInPolygon(pts, x, y) }
}

/** A shape's reference point for selection: its centre, or the anchor of a text. */
export function shapeCentre(shape: LayoutShape): [number, number] {
  if (shape.points && shape.points.length >= 2) {
    const b = boundsOfPoints(shape.points)
    return [(b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2]
  }
  const x = shape.x ?? 0
  const y = shape.y ?? 0
  return [x + (shape.width ?? 0) / 2, y + (shape.height ?? 0) / 2]
}

/**
 * What a rubber band takes: a section whose whole polygon is inside it is taken whole (with its seats and
 * nested sections); otherwise its seats whose centres are inside, one by one. An unnumbered section is
 * taken when its centre is inside; shapes and the stage by their centre. Seat coordinates come from the
 * venue model's typed arrays, which hold every seat in the order place indices count.
 */
export function selectRegion(venue: Venue, doc: Layout, region: Region): EditorSelection {
  const { bounds, inside } = regionTest(region)
  const sections = new Set<string>()
  const seats = new Map<string, readonly number[]>()
  const whole = (poly: ArrayLike<number>) => {
    for (let i = 0; i + 1 < poly.length; i += 2)
      if (!inside(poly[i] as number, poly[i + 1] as number)) return false
    return poly.length >= 6
  }
  for (const s of venue.sections) {
    const b = s.bounds
    if (b.maxX < bounds.minX || b.minX > bounds.maxX || b.maxY < bounds.minY || b.minY > bounds.maxY) continue
    if (whole(s.polygon)) {
      sections.add(s.code)
      continue
    }
    if (!s.numbered) {
      if (inside(s.centroid[0], s.centroid[1])) sections.add(s.code)
      continue
    }
    const picked: number[] = []
    const { xs, ys } = s
    for (let i = 0; i < xs.length; i++) if (inside(xs[i] as number, ys[i] as number)) picked.push(i)
    if (picked.length) seats.set(s.code, picked)
  }
  // A nested section inside a section taken whole goes with its parent already.
  const paths = sectionPaths(doc)
  const outer = new Set(outermostCodes(doc, sections))
  for (const code of [...sections]) if (!outer.has(code)) sections.delete(code)
  for (const code of seats.keys()) {
    const path = paths.get(code)
    if (path && [...sections].some((c) => isWithin(path, paths.get(c) ?? [-1]))) seats.delete(code)
  }
  const shapes = new Set<string>()
  for (const shape of doc.shapes ?? []) {
    const [cx, cy] = shapeCentre(shape)
    if (inside(cx, cy)) shapes.add(shape.id)
  }
  const st = doc.stage
  const stage = st.width > 0 && st.height > 0 && inside(st.x + st.width / 2, st.y + st.height / 2)
  return { sections, seats, shapes, stage }
}
