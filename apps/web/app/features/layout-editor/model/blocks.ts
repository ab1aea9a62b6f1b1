import type { Layout, LayoutRow, LayoutSection, LayoutShape } from '@palco/domain/seating/layout'
import { blockOutline, generateRowBlock, type RowBlockSpec } from '@palco/domain/seating/layout-blocks'
import {
  type RowNumbering,
  rowLabels,
  type SeatNumbering,
  seatNumbers,
} from '@palco/domain/seating/layout-numbering'
import {
  CANVAS_DEFAULTS,
  DEFAULT_SECTION_NAME,
  DEFAULT_SHAPE_ANIMATION,
  type LayoutKind,
  type ZoneType,
} from '@palco/domain/seating/layout-vocabulary'
import type { Draft } from 'immer'
import { allSectionCodes, roundCoord, sectionAtPath, sectionPaths, uniqueCode } from './document'

/** The building blocks the add panel makes: generated row blocks, zones, shapes and new documents. */

export interface RowBlockForm {
  rows: number
  seatsPerRow: number
  seatSpacing: number
  rowSpacing: number
  arrangement: 'GRID' | 'ARC'
  radius: number
  angle: number
  stagger: boolean
  rotation: number
  rowNumbering: RowNumbering
  seatNumbering: SeatNumbering
}

export const DEFAULT_ROW_BLOCK: RowBlockForm = {
  rows: 10,
  seatsPerRow: 20,
  seatSpacing: 10,
  rowSpacing: 12,
  arrangement: 'GRID',
  radius: 200,
  angle: 60,
  stagger: false,
  rotation: 0,
  rowNumbering: { type: 'LETTER', order: 'ASC', start: 1, skip: [] },
  seatNumbering: { order: 'ASC', start: 1, sides: 'ALL' },
}

/** Letters venues commonly leave out of row names, offered in the form (I and O read as 1 and 0). */
export const SUGGESTED_SKIPS = ['I', 'O'] as const

export function rowBlockSpec(form: RowBlockForm, origin: { x: number; y: number }): RowBlockSpec {
  return {
    rows: form.rows,
    seatsPerRow: form.seatsPerRow,
    seatSpacing: form.seatSpacing,
    rowSpacing: form.rowSpacing,
    origin,
    rotation: form.rotation,
    layout:
      form.arrangement === 'ARC'
        ? { type: 'ARC', radius: form.radius, angle: form.angle, stagger: form.stagger }
        : { type: 'GRID', stagger: form.stagger },
    rowNumbering: form.rowNumbering,
    seatNumbering: form.seatNumbering,
  }
}

/**
 * Where a new grid block's front row is centred so the whole block lands on `centre`: the block grows
 * backwards (south when not rotated) from its front row.
 */
export function gridOriginFor(
  form: RowBlockForm,
  centre: { x: number; y: number },
): { x: number; y: number } {
  const depth = (form.rows - 1) * form.rowSpacing
  const r = (form.rotation * Math.PI) / 180
  // "Backwards" is +y before rotation; rotate that half-depth vector with the block.
  return {
    x: roundCoord(centre.x + Math.sin(r) * (depth / 2)),
    y: roundCoord(centre.y - Math.cos(r) * (depth / 2)),
  }
}

/** Colours new sections cycle through: distinct, and dark enough for the map's white labels. */
export const SECTION_COLORS = [
  '#1971c2',
  '#c2255c',
  '#2b8a3e',
  '#e8590c',
  '#6741d9',
  '#0c8599',
  '#5c940d',
  '#a61e4d',
] as const

export function nextSectionColor(doc: Pick<Layout, 'sections'>): string {
  return SECTION_COLORS[sectionPaths(doc).size % SECTION_COLORS.length] as string
}

export function rectPoints(x: number, y: number, width: number, height: number): number[] {
  return [x, y, x + width, y, x + width, y + height, x, y + height].map(roundCoord)
}

export interface NewSection {
  code: string
  name: string
  color: string
}

/** A numbered section around generated rows; its polygon is the rows' hull with half a row of margin. */
export function sectionFromRows(rows: LayoutRow[], meta: NewSection, form: RowBlockForm): LayoutSection {
  const padding = Math.max(form.seatSpacing, form.rowSpacing) * 0.75
  return {
    code: meta.code,
    name: meta.name,
    color: meta.color,
    disabled: false,
    zoneType: 'GRANDSTAND',
    numbered: true,
    viewDirection: 'NORTH',
    shape: { type: 'path', points: blockOutline(rows, padding).map(roundCoord) },
    numbering: { type: form.rowNumbering.type, order: form.rowNumbering.order },
    rows,
  }
}

export function generateBlockSection(
  form: RowBlockForm,
  origin: { x: number; y: number },
  meta: NewSection,
): LayoutSection {
  return sectionFromRows(generateRowBlock(rowBlockSpec(form, origin)), meta, form)
}

/** An unnumbered zone (general admission) or a car park: a polygon and a capacity. */
export function zoneSection(
  meta: NewSection,
  points: number[],
  capacity: number,
  zoneType: ZoneType,
): LayoutSection {
  return {
    code: meta.code,
    name: meta.name,
    color: meta.color,
    disabled: false,
    zoneType,
    numbered: false,
    capacity,
    viewDirection: 'NORTH',
    shape: { type: 'path', points: points.map(roundCoord) },
  }
}

export function newSectionCode(doc: Pick<Layout, 'sections'>, base: string): string {
  return uniqueCode(allSectionCodes(doc), base)
}

export function newShapeId(doc: Pick<Layout, 'shapes'>, type: LayoutShape['type']): string {
  const ids = new Set((doc.shapes ?? []).map((s) => s.id))
  return uniqueCode(ids, `${type}_${ids.size + 1}`)
}

export function newShape(
  doc: Pick<Layout, 'shapes'>,
  type: LayoutShape['type'],
  at: { x: number; y: number },
  extra: Partial<LayoutShape> = {},
): LayoutShape {
  const base: LayoutShape = {
    id: newShapeId(doc, type),
    type,
    name: '',
    fill: type === 'text' ? '#212529' : '#dee2e6',
    strokeWidth: 0,
    animation: DEFAULT_SHAPE_ANIMATION,
    draggable: false,
    isDisabled: false,
  }
  if (type === 'text') return { ...base, x: roundCoord(at.x), y: roundCoord(at.y), height: 16, ...extra }
  if (type === 'path') {
    const points = extra.points ?? rectPoints(at.x - 40, at.y - 25, 80, 50)
    return { ...base, ...extra, points }
  }
  const width = extra.width ?? 120
  const height = extra.height ?? 80
  return {
    ...base,
    x: roundCoord(at.x - width / 2),
    y: roundCoord(at.y - height / 2),
    width,
    height,
    ...extra,
  }
}

export type CanvasPreset = 'stage' | 'alternative' | 'tour'
export const CANVAS_PRESETS: readonly CanvasPreset[] = ['stage', 'alternative', 'tour']

/**
 * A new layout from the canvas defaults (spec §9): the stage centred at the top below the top margin,
 * and the default section "Sin Sección" filling the rest inside the margins, unnumbered and empty, so the
 * document is valid to save from the start. While it stays empty the check ignores it and publishing leaves
 * it out (isUnusedDefaultSection); the check asks only for something to sell.
 */
export function newLayoutDocument(kind: LayoutKind, preset: CanvasPreset, stageLabel: string): Layout {
  const { width, height } = CANVAS_DEFAULTS[preset]
  const { margins, origin } = CANVAS_DEFAULTS
  const stage = {
    type: 'DEFAULT_STAGE' as const,
    x: origin.x + Math.round(width * 0.25),
    y: origin.y + margins.top,
    width: Math.round(width * 0.5),
    height: Math.round(height * 0.12),
    label: stageLabel,
  }
  const top = stage.y + stage.height + margins.top
  return {
    format: 'palco.layout',
    version: 1,
    kind,
    stage,
    canvas: { width, height },
    sections: [
      zoneSection(
        { code: 'GENERAL', name: DEFAULT_SECTION_NAME, color: SECTION_COLORS[0] },
        rectPoints(
          origin.x + margins.horizontal,
          top,
          width - 2 * margins.horizontal,
          height - top - margins.bottom,
        ),
        0,
        'GRANDSTAND',
      ),
    ],
    shapes: [],
  }
}

/**
 * Renumbers a numbered section in place: rows front to back get the row scheme's labels, seats in each
 * row (left to right, the order they are stored in) the seat scheme's numbers. Restrictions and other
 * marks follow their seats to the new codes.
 */
export function renumberSection(
  draft: Draft<Layout>,
  base: Layout,
  code: string,
  rowNumbering: RowNumbering,
  seatNumbering: SeatNumbering,
): void {
  const path = sectionPaths(base).get(code)
  const section = path && sectionAtPath(base.sections, path)
  const target = path && sectionAtPath(draft.sections as Draft<LayoutSection>[], path)
  if (!section?.rows || !target) return
  const labels = rowLabels(rowNumbering, section.rows.length)
  const renamed = new Map<string, string>()
  const rows = section.rows.map((row, r) => {
    const label = labels[r] ?? row.label
    const numbers = seatNumbers(seatNumbering, row.seats.length)
    return {
      label,
      seats: row.seats.map(([n, x, y], k) => {
        const next = numbers[k] ?? n
        renamed.set(`${row.label}-${n}`, `${label}-${next}`)
        return [next, x, y] as [number, number, number]
      }),
    }
  })
  target.rows = rows
  target.numbering = { type: rowNumbering.type, order: rowNumbering.order }
  for (const mark of ['restrictions', 'access', 'accessibility'] as const) {
    const map = section[mark] as Record<string, string> | undefined
    if (!map) continue
    const next: Record<string, string> = {}
    for (const [seat, value] of Object.entries(map)) {
      const to = renamed.get(seat)
      if (to) next[to] = value
    }
    ;(target as Record<string, unknown>)[mark] = Object.keys(next).length ? next : undefined
  }
}
