import { flattenSections, type Layout, type LayoutSection, placesIn } from '@palco/domain/seating/layout'
import {
  DEFAULT_SHAPE_ANIMATION,
  type HighlightAnimation,
  type ViewDirection,
  type ZoneType,
} from '@palco/domain/seating/layout-vocabulary'
import {
  boundsOfPoints,
  emptyBounds,
  growBounds,
  isEmptyBounds,
  polygonCentroid,
  unionBounds,
} from './geometry'
import { restrictionCodeOf } from './place-codes'
import type { Bounds } from './viewport'

/**
 * The layout flattened once into what drawing and hit testing need: per section its polygon, bounding box
 * and, for numbered sections, seat coordinates in typed arrays in layout order (the order availability is
 * encoded in, so place index = array index everywhere).
 */
export interface VenueSection {
  index: number
  code: string
  name: string
  /** What fits on the map at overview zoom: the part after "·" in names like "Norte Alta · Sección 221". */
  label: string
  color: string
  disabled: boolean
  zoneType: ZoneType
  numbered: boolean
  viewDirection: ViewDirection
  highlight: HighlightAnimation
  /** Nesting depth; nested sections draw after (above) their parents and win hit tests. */
  depth: number
  /** Index of the enclosing section, or -1. */
  parent: number
  polygon: Float64Array
  /** Polygon and seats together. */
  bounds: Bounds
  centroid: [number, number]
  placeCount: number
  xs: Float32Array
  ys: Float32Array
  seatNumbers: Uint32Array
  /** Row index of each place. */
  rowOf: Uint16Array
  rowLabels: string[]
  /** Place index of each row's first seat; length rows + 1. */
  rowStart: Uint32Array
  /** Restriction code per place (see RESTRICTION_CODES), or null when the section has none. */
  restriction: Uint8Array | null
  /** Half the side of a drawn seat, in world units: 40% of the seat pitch, so neighbours keep a gap. */
  half: number
  /** Index of this section's first seat among all numbered seats of the venue. */
  seatOffset: number
}

export interface Venue {
  kind: Layout['kind']
  sections: VenueSection[]
  byCode: Map<string, number>
  /** Everything drawn: stage, shapes, sections and seats. */
  bounds: Bounds
  numberedSeats: number
  /** Smallest and largest seat pitch, which bound sensible zoom levels. */
  minPitch: number
  maxPitch: number
  stage: Layout['stage']
  shapes: NonNullable<Layout['shapes']>
}

const DEFAULT_PITCH = 10

export function shortLabelOf(name: string): string {
  const dot = name.lastIndexOf('·')
  if (dot < 0) return name.trim()
  const tail = name.slice(dot + 1).trim()
  // "Sección 221" → "221", "P1" stays: at overview zoom the number is what a fan matches to the ticket.
  const last = tail.split(/\s+/).pop() ?? tail
  return /\d/.test(last) ? last : tail
}

function nesting(
  sections: readonly LayoutSection[],
): Map<LayoutSection, { depth: number; parent: string | null }> {
  const out = new Map<LayoutSection, { depth: number; parent: string | null }>()
  const visit = (list: readonly LayoutSection[], depth: number, parent: string | null) => {
    for (const s of list) {
      out.set(s, { depth, parent })
      if (s.sections) visit(s.sections, depth + 1, s.code)
    }
  }
  visit(sections, 0, null)
  return out
}

/** Restriction code per place, found row by row rather than through a map of every seat code. */
function restrictionsOf(
  s: LayoutSection,
  rowLabels: readonly string[],
  rowStart: Uint32Array,
  seatNumbers: Uint32Array,
): Uint8Array | null {
  const entries = Object.entries(s.restrictions ?? {})
  if (entries.length === 0 || seatNumbers.length === 0) return null
  const restriction = new Uint8Array(seatNumbers.length)
  const rowIndex = new Map(rowLabels.map((label, r) => [label, r]))
  for (const [code, r] of entries) {
    // Seat codes are `row-seat`; a row label may itself contain a dash, so split at the last one.
    const dash = code.lastIndexOf('-')
    const row = rowIndex.get(code.slice(0, dash))
    const n = Number(code.slice(dash + 1))
    if (dash < 0 || row === undefined || !Number.isInteger(n)) continue
    for (let i = rowStart[row] as number; i < (rowStart[row + 1] as number); i++) {
      if (seatNumbers[i] === n) {
        restriction[i] = restrictionCodeOf(r)
        break
      }
    }
  }
  return restriction
}

function buildSection(
  s: LayoutSection,
  index: number,
  depth: number,
  parent: number,
  seatOffset: number,
): VenueSection {
  const polygon = Float64Array.from(s.shape.points)
  const rows = s.numbered ? (s.rows ?? []) : []
  const count = s.numbered ? placesIn(s) : 0
  const xs = new Float32Array(count)
  const ys = new Float32Array(count)
  const seatNumbers = new Uint32Array(count)
  const rowOf = new Uint16Array(count)
  const rowStart = new Uint32Array(rows.length + 1)
  const rowLabels: string[] = []
  // Indexed loops and squared distances: this runs once per seat (100,000 times) before the first frame.
  let pitch2 = Number.POSITIVE_INFINITY
  const seatBox = emptyBounds()
  let p = 0
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as NonNullable<LayoutSection['rows']>[number]
    const seats = row.seats
    rowLabels.push(row.label)
    rowStart[r] = p
    for (let i = 0; i < seats.length; i++) {
      const seat = seats[i] as [number, number, number]
      const x = seat[1]
      const y = seat[2]
      xs[p] = x
      ys[p] = y
      seatNumbers[p] = seat[0]
      rowOf[p] = r
      if (x < seatBox.minX) seatBox.minX = x
      if (x > seatBox.maxX) seatBox.maxX = x
      if (y < seatBox.minY) seatBox.minY = y
      if (y > seatBox.maxY) seatBox.maxY = y
      if (i > 0) {
        const dx = x - (xs[p - 1] as number)
        const dy = y - (ys[p - 1] as number)
        const d2 = dx * dx + dy * dy
        if (d2 > 0 && d2 < pitch2) pitch2 = d2
      }
      p++
    }
  }
  rowStart[rows.length] = p
  const pitch = Number.isFinite(pitch2) ? Math.sqrt(pitch2) : DEFAULT_PITCH
  const half = pitch * 0.4

  let bounds = boundsOfPoints(polygon)
  if (count > 0) {
    bounds = unionBounds(bounds, {
      minX: seatBox.minX - half,
      minY: seatBox.minY - half,
      maxX: seatBox.maxX + half,
      maxY: seatBox.maxY + half,
    })
  }

  const restriction = restrictionsOf(s, rowLabels, rowStart, seatNumbers)

  return {
    index,
    code: s.code,
    name: s.name,
    label: shortLabelOf(s.name),
    color: s.color,
    disabled: s.disabled,
    zoneType: s.zoneType,
    numbered: s.numbered,
    viewDirection: s.viewDirection,
    highlight: s.highlight ?? DEFAULT_SHAPE_ANIMATION,
    depth,
    parent,
    polygon,
    bounds,
    centroid: polygonCentroid(polygon),
    placeCount: placesIn(s),
    xs,
    ys,
    seatNumbers,
    rowOf,
    rowLabels,
    rowStart,
    restriction,
    half,
    seatOffset,
  }
}

export function buildVenue(layout: Layout): Venue {
  const flat = flattenSections(layout.sections)
  const nest = nesting(layout.sections)
  const sections: VenueSection[] = []
  const byCode = new Map<string, number>()
  let seatOffset = 0
  let minPitch = Number.POSITIVE_INFINITY
  let maxPitch = 0
  let bounds = emptyBounds()
  for (const [i, s] of flat.entries()) {
    const { depth = 0, parent = null } = nest.get(s) ?? {}
    const section = buildSection(s, i, depth, parent === null ? -1 : (byCode.get(parent) ?? -1), seatOffset)
    if (section.numbered) {
      seatOffset += section.placeCount
      minPitch = Math.min(minPitch, section.half / 0.4)
      maxPitch = Math.max(maxPitch, section.half / 0.4)
    }
    sections.push(section)
    byCode.set(section.code, i)
    bounds = unionBounds(bounds, section.bounds)
  }
  const { stage } = layout
  if (stage.width > 0 && stage.height > 0) {
    bounds = unionBounds(bounds, {
      minX: stage.x,
      minY: stage.y,
      maxX: stage.x + stage.width,
      maxY: stage.y + stage.height,
    })
  }
  for (const shape of layout.shapes ?? []) {
    if (shape.points?.length) bounds = unionBounds(bounds, boundsOfPoints(shape.points))
    else if (shape.x !== undefined && shape.y !== undefined) {
      growBounds(bounds, shape.x, shape.y)
      growBounds(bounds, shape.x + (shape.width ?? 0), shape.y + (shape.height ?? 0))
    }
  }
  if (isEmptyBounds(bounds))
    bounds = { minX: 0, minY: 0, maxX: layout.canvas.width, maxY: layout.canvas.height }
  if (!Number.isFinite(minPitch)) {
    minPitch = DEFAULT_PITCH
    maxPitch = DEFAULT_PITCH
  }
  return {
    kind: layout.kind,
    sections,
    byCode,
    bounds,
    numberedSeats: seatOffset,
    minPitch,
    maxPitch,
    stage,
    shapes: layout.shapes ?? [],
  }
}

const placeMaps = new WeakMap<VenueSection, Map<string, number>>()

/** Place index of a seat, or -1. The code → index map is built on first use, per section. */
export function placeIndexOf(section: VenueSection, rowLabel: string, seatNumber: number): number {
  let map = placeMaps.get(section)
  if (!map) {
    map = new Map()
    for (let i = 0; i < section.xs.length; i++) {
      map.set(`${section.rowLabels[section.rowOf[i] as number]}-${section.seatNumbers[i]}`, i)
    }
    placeMaps.set(section, map)
  }
  return map.get(`${rowLabel}-${seatNumber}`) ?? -1
}

/** Row label and seat number of a place; for the key, details and the accessible list. */
export function seatAt(section: VenueSection, place: number): { row: string; seat: number } {
  return {
    row: section.rowLabels[section.rowOf[place] as number] ?? '',
    seat: section.seatNumbers[place] ?? 0,
  }
}
