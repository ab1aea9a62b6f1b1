import { z } from 'zod'
import {
  DEFAULT_SECTION_NAME,
  DEFAULT_SHAPE_ANIMATION,
  highlightAnimationSchema,
  layoutKindSchema,
  seatAccessibilitySchema,
  seatAccessSchema,
  seatNumberingSchema,
  seatRestrictionSchema,
  shapeTypeSchema,
  sortOrderSchema,
  stageTypeSchema,
  UNNUMBERED,
  viewDirectionSchema,
  zoneTypeSchema,
} from './layout-vocabulary.js'

/**
 * The `layout.json` format (spec §3): what the back-office editor exports and imports and what the seat
 * map draws. Seats are `[seatNumber, x, y]` tuples so a 100,000-seat venue stays a few megabytes.
 */
const coordinate = z.number().finite()
export const seatTupleSchema = z.tuple([z.number().int().min(0), coordinate, coordinate])
export type SeatTuple = z.infer<typeof seatTupleSchema>

export const layoutRowSchema = z.object({
  label: z.string().min(1).max(8),
  seats: z.array(seatTupleSchema),
})
export type LayoutRow = z.infer<typeof layoutRowSchema>

/** Decorative and structural drawing (spec §3 shapes): the pitch, labels, images, aisles. */
export const layoutShapeSchema = z.object({
  id: z.string().min(1),
  type: shapeTypeSchema,
  name: z.string().default(''),
  fill: z.string().default('#dee2e6'),
  strokeWidth: z.number().min(0).default(0),
  animation: highlightAnimationSchema.default(DEFAULT_SHAPE_ANIMATION),
  draggable: z.boolean().default(false),
  isDisabled: z.boolean().default(false),
  /** rect/image: x, y, width, height; path: flat points; text: x, y and the text. */
  x: coordinate.optional(),
  y: coordinate.optional(),
  width: z.number().min(0).optional(),
  height: z.number().min(0).optional(),
  points: z.array(coordinate).optional(),
  text: z.string().optional(),
  src: z.string().optional(),
})
export type LayoutShape = z.infer<typeof layoutShapeSchema>

export interface LayoutSection {
  code: string
  name: string
  color: string
  disabled: boolean
  zoneType: z.infer<typeof zoneTypeSchema>
  numbered: boolean
  capacity?: number | undefined
  viewDirection: z.infer<typeof viewDirectionSchema>
  shape: { type: 'path'; points: number[] }
  numbering?:
    | { type: z.infer<typeof seatNumberingSchema>; order: z.infer<typeof sortOrderSchema> }
    | undefined
  /** Seat code (`row-seat`) → restriction; absent seats are unrestricted. */
  restrictions?: Record<string, z.infer<typeof seatRestrictionSchema>> | undefined
  /** Seat code → access; RELEASED seats are given back by their season-pass holder. */
  access?: Record<string, z.infer<typeof seatAccessSchema>> | undefined
  /** Seat code → wheelchair space or companion seat (issue 18); absent seats are ordinary seats. */
  accessibility?: Record<string, z.infer<typeof seatAccessibilitySchema>> | undefined
  highlight?: z.infer<typeof highlightAnimationSchema> | undefined
  rows?: LayoutRow[] | undefined
  sections?: LayoutSection[] | undefined
}

export const layoutSectionSchema: z.ZodType<LayoutSection> = z.lazy(() =>
  z
    .object({
      code: z
        .string()
        .min(1)
        .max(80)
        .regex(/^[A-Za-z0-9_-]+$/, 'section codes are letters, digits, _ and -'),
      name: z.string().min(1).default(DEFAULT_SECTION_NAME),
      color: z.string().min(1),
      disabled: z.boolean().default(false),
      zoneType: zoneTypeSchema.default('GRANDSTAND'),
      numbered: z.boolean(),
      capacity: z.number().int().min(0).optional(),
      viewDirection: viewDirectionSchema.default('NORTH'),
      shape: z.object({ type: z.literal('path'), points: z.array(coordinate).min(6) }),
      numbering: z.object({ type: seatNumberingSchema, order: sortOrderSchema }).optional(),
      restrictions: z.record(z.string(), seatRestrictionSchema).optional(),
      access: z.record(z.string(), seatAccessSchema).optional(),
      accessibility: z.record(z.string(), seatAccessibilitySchema).optional(),
      highlight: highlightAnimationSchema.optional(),
      rows: z.array(layoutRowSchema).optional(),
      sections: z.array(layoutSectionSchema).optional(),
    })
    .superRefine((s, ctx) => {
      if (s.numbered && !s.rows?.length)
        ctx.addIssue({ code: 'custom', path: ['rows'], message: 'a numbered section needs rows' })
      if (!s.numbered && s.capacity === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['capacity'],
          message: 'an unnumbered section needs a capacity',
        })
      }
      const seen = new Set<string>()
      for (const row of s.rows ?? []) {
        if (row.label === UNNUMBERED)
          ctx.addIssue({ code: 'custom', path: ['rows'], message: 'reserved row label' })
        for (const [n] of row.seats) {
          const code = `${row.label}-${n}`
          if (seen.has(code))
            ctx.addIssue({ code: 'custom', path: ['rows'], message: `seat ${code} appears twice` })
          seen.add(code)
        }
      }
    }),
)

/**
 * A plan or photo of the venue that the back-office editor draws under the layout to trace seats over
 * (issue 18). Only the editor draws it; the seat map fans see ignores it.
 */
export const layoutBackgroundSchema = z.object({
  src: z.string().min(1),
  x: coordinate,
  y: coordinate,
  width: z.number().min(0),
  height: z.number().min(0),
  opacity: z.number().min(0).max(1),
})
export type LayoutBackground = z.infer<typeof layoutBackgroundSchema>

export const layoutSchema = z
  .object({
    format: z.literal('palco.layout'),
    version: z.literal(1),
    kind: layoutKindSchema,
    stage: z.object({
      type: stageTypeSchema,
      x: coordinate,
      y: coordinate,
      width: z.number().min(0),
      height: z.number().min(0),
      label: z.string().default(''),
    }),
    canvas: z.object({ width: z.number().positive(), height: z.number().positive() }),
    sections: z.array(layoutSectionSchema).min(1),
    shapes: z.array(layoutShapeSchema).optional(),
    background: layoutBackgroundSchema.optional(),
  })
  .superRefine((layout, ctx) => {
    const codes = new Set<string>()
    for (const s of flattenSections(layout.sections)) {
      if (codes.has(s.code))
        ctx.addIssue({ code: 'custom', path: ['sections'], message: `section ${s.code} appears twice` })
      codes.add(s.code)
    }
  })
export type Layout = z.infer<typeof layoutSchema>

/** Every section, nested ones included, depth first: the order availability is encoded in. */
export function flattenSections(sections: readonly LayoutSection[]): LayoutSection[] {
  const out: LayoutSection[] = []
  const visit = (list: readonly LayoutSection[]) => {
    for (const s of list) {
      out.push(s)
      if (s.sections) visit(s.sections)
    }
  }
  visit(sections)
  return out
}

export const seatCodeOf = (rowLabel: string, seatNumber: number | string) => `${rowLabel}-${seatNumber}`

/** Sellable places of a section: its numbered seats, or its capacity when unnumbered. */
export function placesIn(section: LayoutSection): number {
  if (!section.numbered) return section.capacity ?? 0
  return (section.rows ?? []).reduce((n, r) => n + r.seats.length, 0)
}

export interface SeatCounts {
  numbered: number
  unnumbered: number
  total: number
  /** Vehicles; kept apart so a parking lot never inflates the seat count. */
  parking: number
}

export function countSeats(layout: { sections: readonly LayoutSection[] }): SeatCounts {
  const counts: SeatCounts = { numbered: 0, unnumbered: 0, total: 0, parking: 0 }
  for (const s of flattenSections(layout.sections)) {
    if (s.zoneType === 'PARKING') counts.parking += s.capacity ?? 0
    else if (s.numbered) counts.numbered += placesIn(s)
    else counts.unnumbered += s.capacity ?? 0
  }
  counts.total = counts.numbered + counts.unnumbered
  return counts
}
