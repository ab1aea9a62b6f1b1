import { type Layout, layoutSchema } from '@palco/domain/seating/layout'
import { isUnusedDefaultSection, validateLayout } from '@palco/domain/seating/layout-validation'
import { CANVAS_DEFAULTS } from '@palco/domain/seating/layout-vocabulary'
import { describe, expect, it } from 'vitest'
import { smallLayout } from '../../../lib/seat-map/model/layout-fixtures'
import {
  DEFAULT_ROW_BLOCK,
  generateBlockSection,
  gridOriginFor,
  newLayoutDocument,
  renumberSection,
} from './blocks'
import { sectionByCode } from './document'
import { addSection } from './edits'
import { edit, emptyHistory } from './history'
import { selectionForProblem } from './problem-target'
import { commandOf } from './shortcuts'

const run = (doc: Layout, recipe: (d: Parameters<Parameters<typeof edit<Layout>>[3]>[0]) => void) => {
  const step = edit(doc, emptyHistory(), 'test', recipe)
  if (!step) throw new Error('nothing changed')
  return step.doc
}

describe('a new layout', () => {
  it.each(['stage', 'alternative', 'tour'] as const)(
    'from the %s canvas is valid to save and asks only for something to sell',
    (preset) => {
      const doc = newLayoutDocument('Tribune_selection', preset, 'Tarima')
      expect(layoutSchema.safeParse(doc).success).toBe(true)
      expect(doc.canvas).toEqual({
        width: CANVAS_DEFAULTS[preset].width,
        height: CANVAS_DEFAULTS[preset].height,
      })
      expect(doc.kind).toBe('Tribune_selection')
      // Everything inside the canvas margins, the stage at the top.
      const { x, y, width, height } = doc.stage
      expect(y).toBe(CANVAS_DEFAULTS.margins.top)
      expect(x + width / 2).toBe(doc.canvas.width / 2)
      expect(y + height).toBeLessThan(doc.canvas.height / 2)
      // The default section is the canvas's, not a mistake of the user's: the check asks only for
      // something to sell, and publishing leaves the section out while it stays unused.
      expect(validateLayout(doc).map((p) => p.code)).toEqual(['NO_SELLABLE_PLACES'])
      expect(doc.sections.every(isUnusedDefaultSection)).toBe(true)
    },
  )
})

describe('a generated row block', () => {
  it('becomes a numbered section whose outline holds all its seats, centred where asked', () => {
    const form = { ...DEFAULT_ROW_BLOCK, rows: 4, seatsPerRow: 6 }
    const centre = { x: 400, y: 300 }
    const section = generateBlockSection(form, gridOriginFor(form, centre), {
      code: 'S1',
      name: 'Norte',
      color: '#1971c2',
    })
    const doc = run(newLayoutDocument('Classic', 'stage', 'Tarima'), (d) =>
      addSection(d, newLayoutDocument('Classic', 'stage', 'Tarima'), section, null),
    )
    expect(layoutSchema.safeParse(doc).success).toBe(true)
    expect(section.rows?.map((r) => r.seats.length)).toEqual([6, 6, 6, 6])
    const ys = (section.rows ?? []).flatMap((r) => r.seats.map((s) => s[2]))
    const xs = (section.rows ?? []).flatMap((r) => r.seats.map((s) => s[1]))
    expect((Math.min(...ys) + Math.max(...ys)) / 2).toBeCloseTo(centre.y, 0)
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(centre.x, 0)
    expect(validateLayout(doc).filter((p) => p.code === 'SEAT_OUTSIDE_SECTION')).toEqual([])
  })
})

describe('renumbering a section', () => {
  it('renames rows and seats in place and keeps each mark on its seat', () => {
    const layout = smallLayout()
    // Section A: rows A, B, C of seats 1-4; A-1 is PREFERENTIAL and B-2 EXCLUSIVE.
    const doc = run(layout, (d) =>
      renumberSection(
        d,
        layout,
        'A',
        { type: 'NUMBER', order: 'ASC', start: 10, skip: [] },
        { order: 'DESC', start: 1, sides: 'ALL' },
      ),
    )
    const a = sectionByCode(doc, 'A')
    expect(a?.rows?.map((r) => r.label)).toEqual(['10', '11', '12'])
    expect(a?.rows?.[0]?.seats.map((s) => s[0])).toEqual([4, 3, 2, 1])
    // Positions do not move.
    expect(a?.rows?.[0]?.seats.map((s) => s[1])).toEqual(
      sectionByCode(layout, 'A')?.rows?.[0]?.seats.map((s) => s[1]),
    )
    expect(a?.restrictions).toEqual({ '10-4': 'PREFERENTIAL', '11-3': 'EXCLUSIVE' })
    expect(a?.numbering).toEqual({ type: 'NUMBER', order: 'ASC' })
  })
})

describe('a problem of the check', () => {
  it('selects the seats it names, both copies of a duplicate', () => {
    const layout = smallLayout()
    const seats = selectionForProblem(layout, {
      severity: 'error',
      code: 'DUPLICATE_SEAT',
      target: { kind: 'seat', section: 'A', row: 'B', seat: 2 },
      params: {},
    })
    expect(seats?.seats.get('A')).toEqual([5])
    expect(
      selectionForProblem(layout, {
        severity: 'warning',
        code: 'UNNAMED_SECTION',
        target: { kind: 'section', section: 'B' },
        params: {},
      })?.sections,
    ).toEqual(new Set(['B']))
    expect(
      selectionForProblem(layout, {
        severity: 'error',
        code: 'NO_SELLABLE_PLACES',
        target: { kind: 'layout' },
        params: {},
      }),
    ).toBeNull()
  })
})

describe('keyboard shortcuts', () => {
  const key = (
    k: string,
    mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
  ) => commandOf({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods })

  it('maps the documented keys', () => {
    expect(key('z', { ctrlKey: true })).toEqual({ type: 'undo' })
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toEqual({ type: 'redo' })
    expect(key('y', { metaKey: true })).toEqual({ type: 'redo' })
    expect(key('d', { ctrlKey: true })).toEqual({ type: 'duplicate' })
    expect(key('R', { shiftKey: true })).toEqual({ type: 'rotate', degrees: -15 })
    expect(key('r')).toEqual({ type: 'rotate', degrees: 15 })
    expect(key('m')).toEqual({ type: 'mirror' })
    expect(key('Backspace')).toEqual({ type: 'delete' })
    expect(key('ArrowLeft', { shiftKey: true })).toEqual({ type: 'nudge', dx: -10, dy: 0 })
    expect(key('ArrowDown')).toEqual({ type: 'nudge', dx: 0, dy: 1 })
    expect(key('x')).toBeNull()
    expect(key('r', { altKey: true })).toBeNull()
  })
})
