import type { Layout, LayoutSection } from '@palco/domain/seating/layout'
import { flattenSections } from '@palco/domain/seating/layout'
import { placeIndexOf, type Venue, type VenueSection } from '../../../lib/seat-map/model/venue-model'
import { type Bounds, type Viewport, visibleWorld } from '../../../lib/seat-map/model/viewport'
import type { EditorSelection, EditorTarget } from '../model/selection'
import { shapeBounds } from '../model/transforms'

/**
 * The editor's second canvas, above the venue: selection, hover, the rubber band or lasso, the polygon
 * being drawn, the drag preview (the selection's points translated, nothing rebuilt until the drop), the
 * canvas frame and the seat marks the fans' map does not draw. Redrawn whole on every change: it only
 * touches the selection and the marked seats, never every seat of the venue.
 */

export type Band =
  | { kind: 'box'; x0: number; y0: number; x1: number; y1: number }
  | { kind: 'lasso'; points: number[] }

export interface OverlayScene {
  venue: Venue
  doc: Layout
  selection: EditorSelection
  vp: Viewport
  width: number
  height: number
  dpr: number
  seatLevel: boolean
  drag: { dx: number; dy: number } | null
  band: Band | null
  polygon: { points: readonly number[]; cursor: readonly [number, number] | null } | null
  hover: EditorTarget | null
  colors: OverlayColors
}

export interface OverlayColors {
  selection: string
  halo: string
  band: string
  frame: string
  marks: Record<MarkKind, string>
}

export type MarkKind = 'PREFERENTIAL' | 'EXCLUSIVE' | 'BLOCKED' | 'WHEELCHAIR' | 'COMPANION' | 'RELEASED'
export const MARK_KINDS: readonly MarkKind[] = [
  'PREFERENTIAL',
  'EXCLUSIVE',
  'BLOCKED',
  'RELEASED',
  'WHEELCHAIR',
  'COMPANION',
]

export const OVERLAY_COLORS: Record<'light' | 'dark', OverlayColors> = {
  light: {
    // Black on a white halo (white on black in the dark theme) stands out on any section colour.
    selection: '#000000',
    halo: '#ffffff',
    band: '#1864ab',
    frame: '#868e96',
    marks: {
      PREFERENTIAL: '#f08c00',
      EXCLUSIVE: '#9c36b5',
      BLOCKED: '#212529',
      RELEASED: '#2f9e44',
      WHEELCHAIR: '#1864ab',
      COMPANION: '#1098ad',
    },
  },
  dark: {
    selection: '#ffffff',
    halo: '#000000',
    band: '#74c0fc',
    frame: '#909296',
    marks: {
      PREFERENTIAL: '#ffd43b',
      EXCLUSIVE: '#e599f7',
      BLOCKED: '#f8f9fa',
      RELEASED: '#8ce99a',
      WHEELCHAIR: '#74c0fc',
      COMPANION: '#66d9e8',
    },
  },
}

interface Marks {
  kinds: MarkKind[]
  xs: Float32Array
  ys: Float32Array
  half: Float32Array
  section: Uint32Array
}

/** Where the marked seats are, found once per venue (the marks live in the document by seat code). */
const marksCache = new WeakMap<Venue, Marks>()

function marksOf(venue: Venue, doc: Layout): Marks {
  const cached = marksCache.get(venue)
  if (cached) return cached
  const kinds: MarkKind[] = []
  const xs: number[] = []
  const ys: number[] = []
  const half: number[] = []
  const section: number[] = []
  for (const s of flattenSections(doc.sections)) {
    const index = venue.byCode.get(s.code)
    const vs = index === undefined ? undefined : venue.sections[index]
    if (!vs?.numbered) continue
    const maps: [Record<string, string> | undefined, (v: string) => MarkKind | null][] = [
      [s.restrictions, (v) => v as MarkKind],
      [s.access, (v) => (v === 'RELEASED' ? 'RELEASED' : null)],
      [(s as LayoutSection & { accessibility?: Record<string, string> }).accessibility, (v) => v as MarkKind],
    ]
    for (const [map, kindOf] of maps) {
      for (const [code, value] of Object.entries(map ?? {})) {
        const kind = kindOf(value)
        const dash = code.lastIndexOf('-')
        if (!kind || dash < 0) continue
        const place = placeIndexOf(vs, code.slice(0, dash), Number(code.slice(dash + 1)))
        if (place < 0) continue
        kinds.push(kind)
        xs.push(vs.xs[place] as number)
        ys.push(vs.ys[place] as number)
        half.push(vs.half)
        section.push(vs.index)
      }
    }
  }
  const marks: Marks = {
    kinds,
    xs: Float32Array.from(xs),
    ys: Float32Array.from(ys),
    half: Float32Array.from(half),
    section: Uint32Array.from(section),
  }
  marksCache.set(venue, marks)
  return marks
}

function tracePolygon(ctx: CanvasRenderingContext2D, points: ArrayLike<number>, dx = 0, dy = 0): void {
  ctx.moveTo((points[0] as number) + dx, (points[1] as number) + dy)
  for (let i = 2; i + 1 < points.length; i += 2)
    ctx.lineTo((points[i] as number) + dx, (points[i + 1] as number) + dy)
  ctx.closePath()
}

/** A line of `px` CSS pixels drawn twice, wide halo under the colour, so it shows on any fill. */
function haloStroke(ctx: CanvasRenderingContext2D, scene: OverlayScene, color: string, px: number): void {
  const k = scene.vp.scale
  ctx.lineWidth = (px + 2) / k
  ctx.strokeStyle = scene.colors.halo
  ctx.stroke()
  ctx.lineWidth = px / k
  ctx.strokeStyle = color
  ctx.stroke()
}

const inView = (view: Bounds, x: number, y: number, pad: number) =>
  x >= view.minX - pad && x <= view.maxX + pad && y >= view.minY - pad && y <= view.maxY + pad

function sectionsOf(scene: OverlayScene, codes: Iterable<string>): VenueSection[] {
  const out: VenueSection[] = []
  for (const code of codes) {
    const i = scene.venue.byCode.get(code)
    const s = i === undefined ? undefined : scene.venue.sections[i]
    if (s) out.push(s)
  }
  return out
}

/** Seats (all of the section when `places` is null) as small squares, or rings at seat level. */
function traceSeats(
  ctx: CanvasRenderingContext2D,
  scene: OverlayScene,
  s: VenueSection,
  places: readonly number[] | null,
  dx: number,
  dy: number,
  view: Bounds,
): void {
  const k = scene.vp.scale
  const r = scene.seatLevel ? s.half * (scene.drag ? 0.9 : 1.25) : Math.max(s.half, 1.5 / k)
  const count = places ? places.length : s.xs.length
  // While dragging, squares: thousands of arcs per pointer move would cost more than a frame.
  const rings = scene.seatLevel && !scene.drag
  for (let i = 0; i < count; i++) {
    const p = places ? (places[i] as number) : i
    const x = (s.xs[p] as number) + dx
    const y = (s.ys[p] as number) + dy
    if (!inView(view, x, y, r)) continue
    if (rings) {
      ctx.moveTo(x + r, y)
      ctx.arc(x, y, r, 0, Math.PI * 2)
    } else ctx.rect(x - r, y - r, 2 * r, 2 * r)
  }
}

function paintMarks(ctx: CanvasRenderingContext2D, scene: OverlayScene, view: Bounds): void {
  if (!scene.seatLevel) return
  const marks = marksOf(scene.venue, scene.doc)
  if (marks.kinds.length === 0) return
  const k = scene.vp.scale
  ctx.lineWidth = 1.5 / k
  for (const kind of MARK_KINDS) {
    ctx.beginPath()
    for (let i = 0; i < marks.kinds.length; i++) {
      if (marks.kinds[i] !== kind) continue
      const x = marks.xs[i] as number
      const y = marks.ys[i] as number
      const h = marks.half[i] as number
      if (!inView(view, x, y, h)) continue
      // Each mark has its own form, not only its colour, so they read apart without colour vision.
      if (kind === 'BLOCKED') {
        ctx.moveTo(x - h, y - h)
        ctx.lineTo(x + h, y + h)
        ctx.moveTo(x + h, y - h)
        ctx.lineTo(x - h, y + h)
      } else if (kind === 'WHEELCHAIR' || kind === 'COMPANION') {
        const q = kind === 'WHEELCHAIR' ? h * 1.1 : h * 0.7
        ctx.rect(x - q, y - q, 2 * q, 2 * q)
      } else if (kind === 'RELEASED') {
        ctx.moveTo(x - h, y + h)
        ctx.lineTo(x + h, y + h)
      } else {
        const r = kind === 'PREFERENTIAL' ? h * 1.1 : h * 0.75
        ctx.moveTo(x + r, y)
        ctx.arc(x, y, r, 0, Math.PI * 2)
      }
    }
    ctx.strokeStyle = scene.colors.marks[kind]
    ctx.stroke()
  }
}

export function paintOverlay(ctx: CanvasRenderingContext2D, scene: OverlayScene): void {
  const { vp, dpr, colors } = scene
  const k = vp.scale
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height)
  ctx.setTransform(dpr * k, 0, 0, dpr * k, dpr * vp.x, dpr * vp.y)
  ctx.lineJoin = 'round'
  const view = visibleWorld(vp, scene.width, scene.height)

  // The canvas area of the document: what SHAPE_OUTSIDE_CANVAS measures against.
  ctx.setLineDash([6 / k, 4 / k])
  ctx.lineWidth = 1 / k
  ctx.strokeStyle = colors.frame
  ctx.strokeRect(0, 0, scene.doc.canvas.width, scene.doc.canvas.height)
  ctx.setLineDash([])

  paintMarks(ctx, scene, view)

  const sel = scene.selection
  const drag = scene.drag ?? { dx: 0, dy: 0 }
  const dragging = scene.drag !== null

  // Hovered section or seat: a thin outline, the cue that a click selects it.
  const hover = scene.hover
  if (hover && !dragging && (hover.kind === 'section' || hover.kind === 'seat')) {
    const [s] = sectionsOf(scene, [hover.code])
    if (s) {
      ctx.beginPath()
      if (hover.kind === 'section') tracePolygon(ctx, s.polygon)
      else traceSeats(ctx, scene, s, [hover.place], 0, 0, view)
      ctx.lineWidth = 1.5 / k
      ctx.strokeStyle = colors.band
      ctx.stroke()
    }
  }

  const selected = sectionsOf(scene, sel.sections)
  if (selected.length) {
    ctx.beginPath()
    for (const s of selected) tracePolygon(ctx, s.polygon, drag.dx, drag.dy)
    if (dragging) {
      ctx.globalAlpha = 0.25
      ctx.fillStyle = colors.selection
      ctx.fill()
      ctx.globalAlpha = 1
    }
    haloStroke(ctx, scene, colors.selection, 2)
    // Nested sections move with their parent.
    if (dragging) {
      ctx.beginPath()
      for (const s of scene.venue.sections) {
        let p = s.parent
        while (p >= 0 && !sel.sections.has(scene.venue.sections[p]?.code ?? ''))
          p = scene.venue.sections[p]?.parent ?? -1
        if (p >= 0) tracePolygon(ctx, s.polygon, drag.dx, drag.dy)
      }
      ctx.lineWidth = 1 / k
      ctx.strokeStyle = colors.selection
      ctx.stroke()
    }
  }

  // Seats: those selected one by one, and while dragging those of whole sections too.
  ctx.beginPath()
  for (const [code, places] of sel.seats) {
    const [s] = sectionsOf(scene, [code])
    if (s) traceSeats(ctx, scene, s, places, drag.dx, drag.dy, view)
  }
  if (dragging && scene.seatLevel) {
    for (const s of scene.venue.sections) {
      let p = s.index
      while (p >= 0 && !sel.sections.has(scene.venue.sections[p]?.code ?? ''))
        p = scene.venue.sections[p]?.parent ?? -1
      if (p >= 0 && s.numbered) traceSeats(ctx, scene, s, null, drag.dx, drag.dy, view)
    }
  }
  if (scene.seatLevel && !dragging) haloStroke(ctx, scene, colors.selection, 2)
  else {
    // The preview lets the seats underneath show through, so the drop point can be judged.
    ctx.globalAlpha = dragging ? 0.6 : 1
    ctx.fillStyle = colors.selection
    ctx.fill()
    ctx.globalAlpha = 1
  }

  // Shapes and the stage: a dashed box.
  const boxes: Bounds[] = []
  for (const shape of scene.doc.shapes ?? []) if (sel.shapes.has(shape.id)) boxes.push(shapeBounds(shape))
  if (sel.stage) {
    const { x, y, width, height } = scene.doc.stage
    boxes.push({ minX: x, minY: y, maxX: x + width, maxY: y + height })
  }
  if (boxes.length) {
    ctx.beginPath()
    const pad = 3 / k
    for (const b of boxes)
      ctx.rect(
        b.minX - pad + drag.dx,
        b.minY - pad + drag.dy,
        b.maxX - b.minX + 2 * pad,
        b.maxY - b.minY + 2 * pad,
      )
    ctx.setLineDash([5 / k, 3 / k])
    haloStroke(ctx, scene, colors.selection, 1.5)
    ctx.setLineDash([])
  }

  const band = scene.band
  if (band) {
    ctx.beginPath()
    if (band.kind === 'box') ctx.rect(band.x0, band.y0, band.x1 - band.x0, band.y1 - band.y0)
    else if (band.points.length >= 4) tracePolygon(ctx, band.points)
    ctx.globalAlpha = 0.12
    ctx.fillStyle = colors.band
    ctx.fill()
    ctx.globalAlpha = 1
    ctx.setLineDash([4 / k, 3 / k])
    ctx.lineWidth = 1 / k
    ctx.strokeStyle = colors.band
    ctx.stroke()
    ctx.setLineDash([])
  }

  const poly = scene.polygon
  if (poly && poly.points.length >= 2) {
    ctx.beginPath()
    ctx.moveTo(poly.points[0] as number, poly.points[1] as number)
    for (let i = 2; i + 1 < poly.points.length; i += 2)
      ctx.lineTo(poly.points[i] as number, poly.points[i + 1] as number)
    if (poly.cursor) ctx.lineTo(poly.cursor[0], poly.cursor[1])
    haloStroke(ctx, scene, colors.band, 2)
    ctx.beginPath()
    const r = 4 / k
    for (let i = 0; i + 1 < poly.points.length; i += 2) {
      ctx.moveTo((poly.points[i] as number) + r, poly.points[i + 1] as number)
      ctx.arc(poly.points[i] as number, poly.points[i + 1] as number, r, 0, Math.PI * 2)
    }
    ctx.fillStyle = colors.band
    ctx.fill()
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0)
}
