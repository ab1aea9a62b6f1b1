import { z } from 'zod'
import {
  type Layout,
  type LayoutRow,
  type LayoutSection,
  type LayoutShape,
  layoutSchema,
  type SeatTuple,
} from './layout.js'
import { blockOutline } from './layout-blocks.js'
import { findLayoutTextProblem, type LayoutTextReason } from './layout-text.js'
import { DEFAULT_SECTION_NAME, DEFAULT_SHAPE_ANIMATION } from './layout-vocabulary.js'

/**
 * Reading a layout.json that comes from outside (issue 18): a file an operator picked, or a seating plan
 * exported from pretix. The file is untrusted. Its size and nesting are bounded before anything walks it,
 * and the names and images it carries are checked because the editor and the seat map draw them for
 * other people.
 */
export type LayoutImportResult =
  | { ok: true; layout: Layout }
  | {
      ok: false
      reason: 'TOO_LARGE' | 'NOT_JSON' | 'TOO_DEEP' | 'INVALID' | LayoutTextReason
      /** e.g. 'sections[2].rows[0].seats[4]', or '' for the whole document. */
      path: string
      /** English detail for logs; the UI translates reason + path. */
      message: string
    }
type ImportFailure = Extract<LayoutImportResult, { ok: false }>

export const LAYOUT_IMPORT_MAX_BYTES = 16 * 1024 * 1024
/**
 * A seat is 7 levels down (layout, sections, section, rows, row, seats, seat), 2 more per level of nesting:
 * 12 allows a section inside a section inside a top-level one, and refuses documents built to exhaust a
 * recursive reader.
 */
export const LAYOUT_IMPORT_MAX_DEPTH = 12

const fail = (reason: ImportFailure['reason'], path: string, message: string): ImportFailure => ({
  ok: false,
  reason,
  path,
  message,
})

/**
 * A string is measured (UTF-8 bytes) and parsed; an already parsed value is taken as is. Either way the
 * depth is checked without recursion, a pretix plan (an object with `zones` and `categories` arrays) is
 * converted, the result must pass layoutSchema, and its texts and image sources must be safe.
 */
export function readLayoutImport(
  input: string | unknown,
  opts: { maxBytes?: number } = {},
): LayoutImportResult {
  const maxBytes = opts.maxBytes ?? LAYOUT_IMPORT_MAX_BYTES
  let value: unknown = input
  if (typeof input === 'string') {
    if (!fitsInUtf8(input, maxBytes))
      return fail('TOO_LARGE', '', `the file is larger than ${maxBytes} bytes`)
    // Editors on Windows save JSON with a byte-order mark, which JSON.parse refuses.
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
    try {
      value = JSON.parse(text)
    } catch (e) {
      return fail('NOT_JSON', '', e instanceof Error ? e.message : 'not JSON')
    }
  }
  // Each value of a JSON text takes two bytes or so (itself and a comma), so this bounds a parsed object (which
  // may share sub-objects and so be far larger than any file) the same way the byte limit bounds a file.
  const shape = checkShape(value, Math.max(1, Math.floor(maxBytes / 2)))
  if (shape) return shape

  let candidate = value
  if (isPretixPlan(value)) {
    const plan = pretixPlanSchema.safeParse(value)
    if (!plan.success) return invalid(plan.error)
    try {
      candidate = convertPretixPlan(plan.data)
    } catch (e) {
      if (e instanceof PretixPlanError) return fail('INVALID', e.path, e.message)
      throw e
    }
  }
  const parsed = layoutSchema.safeParse(candidate)
  if (!parsed.success) return invalid(parsed.error)
  return findUnsafe(parsed.data) ?? { ok: true, layout: parsed.data }
}

function invalid(error: z.ZodError): ImportFailure {
  const issue = error.issues[0]
  return fail('INVALID', formatPath(issue?.path ?? []), issue?.message ?? 'invalid layout')
}

/** `sections[2].rows[0].seats[4]`; keys that are not identifiers are quoted, e.g. `restrictions["A-1"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key
    else out += `[${JSON.stringify(String(key))}]`
  }
  return out
}

/** UTF-8 length without TextEncoder (not in the domain's ES lib), stopping once past the limit. */
function fitsInUtf8(s: string, maxBytes: number): boolean {
  // Every UTF-16 unit is 1 to 3 bytes (a surrogate pair is 4 bytes for 2 units).
  if (s.length > maxBytes) return false
  if (s.length * 3 <= maxBytes) return true
  let bytes = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4
      i++
    } else bytes += 3
    if (bytes > maxBytes) return false
  }
  return true
}

interface Frame {
  value: object
  depth: number
  parent: Frame | null
  key: PropertyKey
}

const pathOfFrame = (frame: Frame | null, last?: PropertyKey): string => {
  const keys: PropertyKey[] = last === undefined ? [] : [last]
  for (let f = frame; f?.parent; f = f.parent) keys.push(f.key)
  return formatPath(keys.reverse())
}

/**
 * Depth and size of a parsed value, with an explicit stack: a recursive walk (zod's included) would
 * overflow on a document nested thousands deep, and a cycle in a passed object would never end — it
 * exceeds the depth instead.
 */
function checkShape(root: unknown, maxNodes: number): ImportFailure | null {
  if (root === null || typeof root !== 'object') return null
  const stack: Frame[] = [{ value: root, depth: 1, parent: null, key: '' }]
  let nodes = 0
  const visit = (frame: Frame, key: PropertyKey, child: unknown): ImportFailure | null => {
    if (child === null || typeof child !== 'object') return null
    if (frame.depth >= LAYOUT_IMPORT_MAX_DEPTH)
      return fail('TOO_DEEP', pathOfFrame(frame, key), `nested deeper than ${LAYOUT_IMPORT_MAX_DEPTH} levels`)
    // An array of plain values (a seat) is counted in place rather than stacked: no frame per seat.
    if (Array.isArray(child) && child.every((v) => v === null || typeof v !== 'object')) {
      nodes += child.length + 1
      return null
    }
    stack.push({ value: child, depth: frame.depth + 1, parent: frame, key })
    return null
  }
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const { value } = frame
    // Indexed loops, no [key, value] pair per element: files run to a few hundred thousand values.
    if (Array.isArray(value)) {
      nodes += value.length + 1
      if (nodes > maxNodes) return fail('TOO_LARGE', pathOfFrame(frame), `more than ${maxNodes} values`)
      for (let i = 0; i < value.length; i++) {
        const found = visit(frame, i, value[i])
        if (found) return found
      }
    } else {
      const keys = Object.keys(value)
      nodes += keys.length + 1
      if (nodes > maxNodes) return fail('TOO_LARGE', pathOfFrame(frame), `more than ${maxNodes} values`)
      for (const key of keys) {
        const found = visit(frame, key, (value as Record<string, unknown>)[key])
        if (found) return found
      }
    }
  }
  return nodes > maxNodes ? fail('TOO_LARGE', '', `more than ${maxNodes} values`) : null
}

/** The first unsafe or unstorable text or foreign image: the same rule the editor's save is held to. */
function findUnsafe(layout: Layout): ImportFailure | null {
  const found = findLayoutTextProblem(layout)
  return found ? fail(found.reason, formatPath(found.at), found.message) : null
}

// —— pretix ——————————————————————————————————————————————————————————————————————————————————————

const isPretixPlan = (v: unknown): v is Record<string, unknown> =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Array.isArray((v as Record<string, unknown>).zones) &&
  Array.isArray((v as Record<string, unknown>).categories)

/**
 * pretix's open seating-plan format (pretix/static/seating/seating-plan.schema.json): a seat's position
 * is relative to its row's, a row's and an area's to their zone's. Read leniently — fields pretix added
 * over time are optional, unknown ones ignored — since only what becomes the layout matters.
 */
const point = z.object({ x: z.number().finite(), y: z.number().finite() })
const label = z.union([z.string(), z.number()]).transform(String)
const pretixPlanSchema = z.object({
  name: z.string().optional(),
  size: z
    .object({ width: z.number().positive().finite(), height: z.number().positive().finite() })
    .optional(),
  categories: z.array(z.object({ name: z.string(), color: z.string().nullish() })),
  zones: z.array(
    z.object({
      name: z.string().nullish(),
      position: point.optional(),
      rows: z
        .array(
          z.object({
            row_number: label.nullish(),
            position: point.optional(),
            seats: z.array(
              z.object({
                seat_number: label.nullish(),
                position: point,
                category: z.string().nullish(),
                radius: z.number().positive().finite().optional(),
              }),
            ),
          }),
        )
        .default([]),
      areas: z
        .array(
          z.object({
            shape: z.enum(['polygon', 'rectangle', 'ellipse', 'circle', 'text']).optional(),
            color: z.string().nullish(),
            rotation: z.number().finite().nullish(),
            position: point.optional(),
            polygon: z.object({ points: z.array(point) }).optional(),
            rectangle: z.object({ width: z.number().finite(), height: z.number().finite() }).optional(),
            ellipse: z.object({ radius: point }).optional(),
            circle: z.object({ radius: z.number().finite() }).optional(),
            text: z
              .union([
                z.string(),
                z.object({
                  text: z.string(),
                  color: z.string().nullish(),
                  size: z.number().positive().finite().nullish(),
                  position: point.optional(),
                }),
              ])
              .nullish(),
            // Schema 0.0.1: every area was a rectangle sized by these.
            width: z.number().finite().optional(),
            height: z.number().finite().optional(),
          }),
        )
        .default([]),
    }),
  ),
})
type PretixPlan = z.infer<typeof pretixPlanSchema>
type PretixArea = PretixPlan['zones'][number]['areas'][number]

class PretixPlanError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A pretix seating plan as a Classic layout: one numbered section per zone that has seats, its outline
 * drawn around them; rows keep their row_number (cut to 8 characters); seat numbers are read as whole
 * numbers, and a seat whose number is not one (e.g. "12a") gets its place in the row instead; areas
 * become shapes. Throws when the plan is malformed or the result is not a valid layout (a ZodError
 * then), or when no zone has seats.
 */
export function fromPretixPlan(plan: unknown): Layout {
  return layoutSchema.parse(convertPretixPlan(pretixPlanSchema.parse(plan)))
}

const DEFAULT_ZONE_COLOR = '#4c6ef5'
const DEFAULT_SEAT_RADIUS = 10 // pretix's default
const round1 = (v: number) => Math.round(v * 10) / 10 + 0

/** How far the drawing reaches: right and bottom edges, and its top (for the stage above it). */
interface Extent {
  maxX: number
  maxY: number
  minY: number
}

const reach = (extent: Extent, x: number, y: number) => {
  if (x > extent.maxX) extent.maxX = x
  if (y > extent.maxY) extent.maxY = y
  if (y < extent.minY) extent.minY = y
}

/**
 * A zone's rows at their place on the plan (zone, row and seat offsets added), with the largest seat radius
 * and how many seats each category sells.
 */
function zoneRows(zone: PretixPlan['zones'][number], extent: Extent) {
  const zx = zone.position?.x ?? 0
  const zy = zone.position?.y ?? 0
  const categories = new Map<string, number>()
  let radius = 0
  const rows: LayoutRow[] = zone.rows.map((row, ri) => {
    const rx = zx + (row.position?.x ?? 0)
    const ry = zy + (row.position?.y ?? 0)
    const seats = row.seats.map((seat, si): SeatTuple => {
      const x = round1(rx + seat.position.x)
      const y = round1(ry + seat.position.y)
      radius = Math.max(radius, seat.radius ?? DEFAULT_SEAT_RADIUS)
      reach(extent, x, y)
      if (seat.category) categories.set(seat.category, (categories.get(seat.category) ?? 0) + 1)
      return [seatNumberOf(seat.seat_number, si), x, y]
    })
    return { label: (row.row_number ?? '').trim().slice(0, 8) || String(ri + 1), seats }
  })
  return { rows, radius, categories }
}

function convertPretixPlan(plan: PretixPlan): Layout {
  const colors = new Map(plan.categories.map((c) => [c.name, c.color || DEFAULT_ZONE_COLOR]))
  const codes = new Set<string>()
  const sections: LayoutSection[] = []
  const shapes: LayoutShape[] = []
  const extent: Extent = { maxX: 0, maxY: 0, minY: Number.POSITIVE_INFINITY }

  plan.zones.forEach((zone, zi) => {
    const { rows, radius, categories } = zoneRows(zone, extent)
    zone.areas.forEach((area, ai) => {
      const at = `pretix-${zi + 1}-${ai + 1}`
      for (const shape of areaShapes(area, zone.position?.x ?? 0, zone.position?.y ?? 0, at)) {
        shapes.push(shape)
        for (const [x, y] of shapeCorners(shape)) reach(extent, x, y)
      }
    })
    if (!rows.some((r) => r.seats.length > 0)) return
    // The zone takes the colour most of its seats are sold in.
    const main = [...categories].sort((a, b) => b[1] - a[1])[0]?.[0]
    const name = zone.name?.trim() || DEFAULT_SECTION_NAME
    sections.push({
      code: uniqueCode(name, codes, zi),
      name,
      color: (main && colors.get(main)) || DEFAULT_ZONE_COLOR,
      disabled: false,
      zoneType: 'GRANDSTAND',
      numbered: true,
      viewDirection: 'NORTH',
      // Seat circles are `radius` around their centre; a little more keeps them clear of the edge.
      shape: { type: 'path', points: blockOutline(rows, radius + 2) },
      rows: rows.filter((r) => r.seats.length > 0),
    })
  })
  if (sections.length === 0) throw new PretixPlanError('zones', 'no zone of the plan has seats')

  // pretix's size when given, else the drawing plus a margin.
  const canvas = plan.size ?? { width: Math.ceil(extent.maxX) + 40, height: Math.ceil(extent.maxY) + 40 }
  // pretix plans draw their own stage as an area: ours takes the free band above the drawing, if any, so
  // the two never overlap.
  const stageHeight = Math.max(0, Math.min(40, Math.floor(extent.minY) - 20))
  const stageWidth = Math.round(canvas.width * 0.4)
  return {
    format: 'palco.layout',
    version: 1,
    kind: 'Classic',
    stage: {
      type: 'DEFAULT_STAGE',
      x: Math.round((canvas.width - stageWidth) / 2),
      y: 0,
      width: stageWidth,
      height: stageHeight,
      label: '',
    },
    canvas,
    sections,
    ...(shapes.length ? { shapes } : {}),
  }
}

function seatNumberOf(value: string | null | undefined, index: number): number {
  const s = (value ?? '').trim()
  return /^\d{1,9}$/.test(s) ? Number.parseInt(s, 10) : index + 1
}

/** Section codes are printed on tickets: upper-case ASCII words joined by '_', like the seeded venues'. */
function uniqueCode(name: string, used: Set<string>, index: number): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 72)
  const base = slug && name !== DEFAULT_SECTION_NAME ? slug : `ZONE_${index + 1}`
  let code = base
  for (let k = 2; used.has(code); k++) code = `${base}_${k}`
  used.add(code)
  return code
}

const shapeBase = (id: string, fill: string) => ({
  id,
  name: '',
  fill,
  strokeWidth: 0,
  animation: DEFAULT_SHAPE_ANIMATION,
  draggable: false,
  isDisabled: false,
})

/** Points of an area, rotated clockwise (pretix's sense) about its position, as flat world points. */
function placed(points: readonly [number, number][], px: number, py: number, degrees: number): number[] {
  const a = (degrees * Math.PI) / 180
  const cos = Math.cos(a)
  const sin = Math.sin(a)
  return points.flatMap(([x, y]) => [round1(px + x * cos - y * sin), round1(py + x * sin + y * cos)])
}

const ellipse = (rx: number, ry: number): [number, number][] =>
  Array.from({ length: 32 }, (_, i) => [rx * Math.cos((i * Math.PI) / 16), ry * Math.sin((i * Math.PI) / 16)])

function areaShapes(area: PretixArea, zx: number, zy: number, id: string): LayoutShape[] {
  const px = zx + (area.position?.x ?? 0)
  const py = zy + (area.position?.y ?? 0)
  const rotation = area.rotation ?? 0
  const fill = area.color || '#dee2e6'
  const out: LayoutShape[] = []
  const kind = area.shape ?? (area.width !== undefined && area.height !== undefined ? 'rectangle' : undefined)
  if (kind === 'rectangle') {
    const width = area.rectangle?.width ?? area.width ?? 0
    const height = area.rectangle?.height ?? area.height ?? 0
    if (rotation % 360 === 0) {
      out.push({
        ...shapeBase(id, fill),
        type: 'rect',
        x: round1(Math.min(px, px + width)),
        y: round1(Math.min(py, py + height)),
        width: Math.abs(width),
        height: Math.abs(height),
      })
    } else {
      const corners: [number, number][] = [
        [0, 0],
        [width, 0],
        [width, height],
        [0, height],
      ]
      out.push({ ...shapeBase(id, fill), type: 'path', points: placed(corners, px, py, rotation) })
    }
  } else if (kind === 'circle' && area.circle) {
    const r = area.circle.radius
    out.push({ ...shapeBase(id, fill), type: 'path', points: placed(ellipse(r, r), px, py, 0) })
  } else if (kind === 'ellipse' && area.ellipse) {
    const { x, y } = area.ellipse.radius
    out.push({ ...shapeBase(id, fill), type: 'path', points: placed(ellipse(x, y), px, py, rotation) })
  } else if (kind === 'polygon' && area.polygon && area.polygon.points.length >= 3) {
    const points = area.polygon.points.map((p): [number, number] => [p.x, p.y])
    out.push({ ...shapeBase(id, fill), type: 'path', points: placed(points, px, py, rotation) })
  }
  // A text area, or the label drawn on another area.
  const text = typeof area.text === 'string' ? { text: area.text } : area.text
  if (text?.text.trim()) {
    out.push({
      ...shapeBase(out.length ? `${id}-text` : id, ('color' in text && text.color) || '#212529'),
      type: 'text',
      x: round1(px + (('position' in text && text.position?.x) || 0)),
      y: round1(py + (('position' in text && text.position?.y) || 0)),
      // The seat map draws a text shape's height as its font size.
      height: ('size' in text && text.size) || 16,
      text: text.text,
    })
  }
  return out
}

function shapeCorners(shape: LayoutShape): [number, number][] {
  const out: [number, number][] = []
  const points = shape.points ?? []
  for (let i = 0; i + 1 < points.length; i += 2) out.push([points[i] as number, points[i + 1] as number])
  if (shape.x !== undefined && shape.y !== undefined)
    out.push([shape.x, shape.y], [shape.x + (shape.width ?? 0), shape.y + (shape.height ?? 0)])
  return out
}
