import { z } from 'zod'

// Spec §3, seat layout.
export const SHAPE_TYPES = ['rect', 'text', 'path', 'image'] as const
export type ShapeType = (typeof SHAPE_TYPES)[number]
export const shapeTypeSchema = /* @__PURE__ */ z.enum(SHAPE_TYPES)

export const LAYOUT_KINDS = ['Classic', 'Tribune_selection'] as const
export type LayoutKind = (typeof LAYOUT_KINDS)[number]
export const layoutKindSchema = /* @__PURE__ */ z.enum(LAYOUT_KINDS)

export const STAGE_TYPES = ['DEFAULT_STAGE', 'UNNUMBERED_STAGE', 'NUMBERED_STAGE'] as const
export type StageType = (typeof STAGE_TYPES)[number]
export const stageTypeSchema = /* @__PURE__ */ z.enum(STAGE_TYPES)

export const SEAT_NUMBERINGS = ['LETTER', 'NUMBER'] as const
export type SeatNumbering = (typeof SEAT_NUMBERINGS)[number]
export const seatNumberingSchema = /* @__PURE__ */ z.enum(SEAT_NUMBERINGS)

export const SORT_ORDERS = ['ASC', 'DESC'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]
export const sortOrderSchema = /* @__PURE__ */ z.enum(SORT_ORDERS)

export const SEAT_ACCESSES = ['ACTIVE', 'RELEASED'] as const
export type SeatAccess = (typeof SEAT_ACCESSES)[number]
export const seatAccessSchema = /* @__PURE__ */ z.enum(SEAT_ACCESSES)

export const SEAT_RESTRICTIONS = ['PREFERENTIAL', 'EXCLUSIVE', 'BLOCKED'] as const
export type SeatRestriction = (typeof SEAT_RESTRICTIONS)[number]
export const seatRestrictionSchema = /* @__PURE__ */ z.enum(SEAT_RESTRICTIONS)

// Issue 18: marks a numbered seat as a wheelchair space or the companion seat beside one, so the editor can
// draw them and sales can keep them for the fans who need them.
export const SEAT_ACCESSIBILITY = ['WHEELCHAIR', 'COMPANION'] as const
export type SeatAccessibility = (typeof SEAT_ACCESSIBILITY)[number]
export const seatAccessibilitySchema = /* @__PURE__ */ z.enum(SEAT_ACCESSIBILITY)

// Spec §3 names "the four diagonals" without spelling them; we join the two words with an underscore.
export const VIEW_DIRECTIONS = [
  'NORTH',
  'SOUTH',
  'WEST',
  'EAST',
  'NORTH_EAST',
  'NORTH_WEST',
  'SOUTH_EAST',
  'SOUTH_WEST',
] as const
export type ViewDirection = (typeof VIEW_DIRECTIONS)[number]
export const viewDirectionSchema = /* @__PURE__ */ z.enum(VIEW_DIRECTIONS)

export const ZONE_TYPES = ['GRANDSTAND', 'PARKING'] as const
export type ZoneType = (typeof ZONE_TYPES)[number]
export const zoneTypeSchema = /* @__PURE__ */ z.enum(ZONE_TYPES)

// A row value meaning "general admission": the seat code's row part is this word (spec §3).
export const UNNUMBERED = 'UNNUMBERED'

export const HIGHLIGHT_ANIMATIONS = ['shadow', 'color', 'no_animation', 'opacity', 'border'] as const
export type HighlightAnimation = (typeof HIGHLIGHT_ANIMATIONS)[number]
export const highlightAnimationSchema = /* @__PURE__ */ z.enum(HIGHLIGHT_ANIMATIONS)
// Spec §3: a shape's animation defaults to none.
export const DEFAULT_SHAPE_ANIMATION: HighlightAnimation = 'no_animation'

export const DEFAULT_SECTION_NAME = 'Sin Sección'
export const LAYOUT_EXPORT_FILE_NAME = 'layout.json'

// Spec §9. The three margins are not named; we read them as top (room for the stage label), then the left
// and right sides, then the bottom.
export const CANVAS_DEFAULTS = {
  stage: { width: 800, height: 600 },
  alternative: { width: 720, height: 540 },
  tour: { width: 800, height: 600 },
  origin: { x: 0, y: 0 },
  margins: { top: 40, horizontal: 20, bottom: 20 },
} as const

// Spec §9 gives 10 without a unit; DESIGN §5 fixes it as minutes.
export const RESERVATION_TIME_LIMIT_MINUTES = 10
