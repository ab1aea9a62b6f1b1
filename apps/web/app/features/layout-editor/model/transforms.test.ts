import { flattenSections, type Layout, layoutSchema } from '@palco/domain/seating/layout'
import { describe, expect, it } from 'vitest'
import { smallLayout } from '../../../lib/seat-map/model/layout-fixtures'
import { nextRowLabel, sectionByCode, uniqueCode } from './document'
import { setSeatMark } from './edits'
import { edit, emptyHistory } from './history'
import { type EditorSelection, EMPTY_SELECTION } from './selection'
import {
  deleteSelection,
  duplicateOffset,
  duplicateSelection,
  mirrorAbout,
  rotationAbout,
  selectionBounds,
  transformSelection,
  translation,
} from './transforms'

const layout = smallLayout()

function run(doc: Layout, recipe: Parameters<typeof edit<Layout>>[3]): Layout {
  const step = edit(doc, emptyHistory(), 'test', recipe)
  if (!step) throw new Error('nothing changed')
  return step.doc
}

const seatsOf = (doc: Layout, code: string) =>
  (sectionByCode(doc, code)?.rows ?? []).flatMap((r) =>
    r.seats.map(([n, x, y]) => ({ row: r.label, n, x, y })),
  )

const select = (parts: Partial<EditorSelection>): EditorSelection => ({ ...EMPTY_SELECTION, ...parts })

describe('move', () => {
  it('moves a whole section: polygon, seats and nested sections', () => {
    const sel = select({ sections: new Set(['A']) })
    const doc = run(layout, (d) => transformSelection(d, layout, sel, translation(10, -5)))
    const before = sectionByCode(layout, 'A')
    const after = sectionByCode(doc, 'A')
    expect(after?.shape.points.slice(0, 2)).toEqual([
      (before?.shape.points[0] ?? 0) + 10,
      (before?.shape.points[1] ?? 0) - 5,
    ])
    expect(seatsOf(doc, 'A')[0]).toEqual({ row: 'A', n: 1, x: 110, y: 95 })
    expect(seatsOf(doc, 'A_BOX')[0]).toEqual({ row: 'A', n: 1, x: 310, y: 95 })
    // Untouched parts are shared, not copied.
    expect(sectionByCode(doc, 'B')).toBe(sectionByCode(layout, 'B'))
  })

  it('moves only the selected seats and keeps the rest of their rows in place', () => {
    const sel = select({ seats: new Map([['A', [1, 5]]]) })
    const doc = run(layout, (d) => transformSelection(d, layout, sel, translation(0, 3)))
    const seats = seatsOf(doc, 'A')
    expect(seats[1]).toEqual({ row: 'A', n: 2, x: 110, y: 103 })
    expect(seats[5]).toEqual({ row: 'B', n: 2, x: 110, y: 113 })
    expect(seats[0]).toEqual({ row: 'A', n: 1, x: 100, y: 100 })
    expect(sectionByCode(doc, 'A')?.shape).toBe(sectionByCode(layout, 'A')?.shape)
    // Row C had no selected seat: the very same array.
    expect(sectionByCode(doc, 'A')?.rows?.[2]).toBe(sectionByCode(layout, 'A')?.rows?.[2])
  })

  it('moves shapes and the stage', () => {
    const withShape: Layout = {
      ...layout,
      shapes: [
        {
          id: 'r',
          type: 'rect',
          name: '',
          fill: '#000',
          strokeWidth: 0,
          animation: 'no_animation',
          draggable: false,
          isDisabled: false,
          x: 0,
          y: 0,
          width: 10,
          height: 10,
        },
      ],
    }
    const sel = select({ shapes: new Set(['r']), stage: true })
    const doc = run(withShape, (d) => transformSelection(d, withShape, sel, translation(7, 8)))
    expect(doc.shapes?.[0]).toMatchObject({ x: 7, y: 8, width: 10, height: 10 })
    expect(doc.stage).toMatchObject({ x: 7, y: 8, width: 200, height: 20 })
  })
})

describe('rotate', () => {
  it('turns seats about the centre of the selection, keeping their numbers', () => {
    // Row A of section A: four seats from x 100 to 130 at y 100, centre (115, 100).
    const sel = select({ seats: new Map([['A', [0, 1, 2, 3]]]) })
    const b = selectionBounds(layout, sel)
    expect(b).toEqual({ minX: 100, minY: 100, maxX: 130, maxY: 100 })
    const doc = run(layout, (d) => transformSelection(d, layout, sel, rotationAbout(90, 115, 100)))
    const row = seatsOf(doc, 'A').slice(0, 4)
    // Clockwise on screen: the left end goes up, the right end down.
    expect(row.map((s) => [s.n, s.x, s.y])).toEqual([
      [1, 115, 85],
      [2, 115, 95],
      [3, 115, 105],
      [4, 115, 115],
    ])
  })

  it('comes back to the start after four quarter turns', () => {
    const sel = select({ sections: new Set(['B']) })
    let doc = layout
    for (let i = 0; i < 4; i++) {
      const base = doc
      doc = run(base, (d) => transformSelection(d, base, sel, rotationAbout(90, 110, 205)))
    }
    expect(sectionByCode(doc, 'B')).toEqual(sectionByCode(layout, 'B'))
  })
})

describe('mirror', () => {
  it('swaps left and right about the selection centre', () => {
    const sel = select({ sections: new Set(['B']) })
    const b = selectionBounds(layout, sel)
    if (!b) throw new Error('empty selection')
    const doc = run(layout, (d) => transformSelection(d, layout, sel, mirrorAbout((b.minX + b.maxX) / 2)))
    const before = seatsOf(layout, 'B')
    const after = seatsOf(doc, 'B')
    // Seat 1 (leftmost) now sits where seat 3 (rightmost) was, and the other way round.
    expect(after[0]).toEqual({ ...before[0], x: before[2]?.x })
    expect(after[2]).toEqual({ ...before[2], x: before[0]?.x })
    expect(selectionBounds(doc, sel)).toEqual(b)
  })
})

describe('duplicate', () => {
  it('copies a section with new unique codes for it and its nested sections', () => {
    const sel = select({ sections: new Set(['A']) })
    let next: EditorSelection = EMPTY_SELECTION
    const doc = run(layout, (d) => {
      next = duplicateSelection(d, layout, sel, duplicateOffset(layout, sel))
    })
    const codes = flattenSections(doc.sections).map((s) => s.code)
    expect(codes).toEqual(['A', 'A_BOX', 'B', 'GENERAL', 'PARKING', 'A_2', 'A_BOX_2'])
    expect(new Set(codes).size).toBe(codes.length)
    expect([...next.sections]).toEqual(['A_2'])
    const copy = sectionByCode(doc, 'A_2')
    expect(copy?.restrictions).toEqual(sectionByCode(layout, 'A')?.restrictions)
    // Placed beside the original, not on top of it.
    const original = selectionBounds(layout, sel)
    const placed = selectionBounds(doc, next)
    expect(placed && original && placed.minX > original.maxX).toBe(true)
    expect(layoutSchema.safeParse(doc).success).toBe(true)
  })

  it('copies loose seats as new rows with labels the section does not use, keeping their marks', () => {
    // Seats A-1 (PREFERENTIAL) and A-2, and B-2 (EXCLUSIVE) of section A.
    const sel = select({ seats: new Map([['A', [0, 1, 5]]]) })
    let next: EditorSelection = EMPTY_SELECTION
    const doc = run(layout, (d) => {
      next = duplicateSelection(d, layout, sel, { dx: 0, dy: 30 })
    })
    const rows = sectionByCode(doc, 'A')?.rows ?? []
    expect(rows.map((r) => r.label)).toEqual(['A', 'B', 'C', 'D', 'E'])
    expect(rows[3]?.seats).toEqual([
      [1, 100, 130],
      [2, 110, 130],
    ])
    expect(rows[4]?.seats).toEqual([[2, 110, 140]])
    expect(next.seats.get('A')).toEqual([12, 13, 14])
    expect(sectionByCode(doc, 'A')?.restrictions).toMatchObject({ 'D-1': 'PREFERENTIAL', 'E-2': 'EXCLUSIVE' })
    expect(layoutSchema.safeParse(doc).success).toBe(true)
  })

  it('gives copied shapes new ids', () => {
    const withShape: Layout = {
      ...layout,
      shapes: [
        {
          id: 'label',
          type: 'text',
          name: '',
          fill: '#000',
          strokeWidth: 0,
          animation: 'no_animation',
          draggable: false,
          isDisabled: false,
          x: 5,
          y: 5,
          text: 'Norte',
        },
      ],
    }
    const sel = select({ shapes: new Set(['label']) })
    const doc = run(withShape, (d) => void duplicateSelection(d, withShape, sel, { dx: 10, dy: 0 }))
    expect(doc.shapes?.map((s) => s.id)).toEqual(['label', 'label_2'])
    expect(doc.shapes?.[1]).toMatchObject({ x: 15, y: 5, text: 'Norte' })
  })
})

describe('unique names', () => {
  it('finds the next free section code', () => {
    expect(uniqueCode(new Set(['A']), 'B')).toBe('B')
    expect(uniqueCode(new Set(['A', 'A_2']), 'A')).toBe('A_3')
    expect(uniqueCode(new Set(['A', 'A_2']), 'A_2')).toBe('A_3')
    expect(uniqueCode(new Set(), 'Sección 1')).toBe('Secci_n_1')
  })

  it('continues row labels in their own scheme', () => {
    expect(nextRowLabel(new Set(['A', 'B', 'C']), 'B')).toBe('D')
    expect(nextRowLabel(new Set(['Y', 'Z']), 'Z')).toBe('AA')
    expect(nextRowLabel(new Set(['1', '2', '10']), '2')).toBe('11')
    // A section that skips I and O keeps skipping them.
    expect(nextRowLabel(new Set(['G', 'H', 'J', 'K', 'L', 'M', 'N', 'P']), 'P')).toBe('Q')
    expect(nextRowLabel(new Set(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']), 'H')).toBe('I')
    expect(nextRowLabel(new Set(['PALCO1']), 'PALCO1')).toBe('PALCO12')
  })
})

describe('delete', () => {
  it('removes selected seats and their marks, keeping the rest of the section', () => {
    const sel = select({ seats: new Map([['A', [0, 1, 2, 3]]]) })
    const doc = run(layout, (d) => deleteSelection(d, layout, sel))
    const a = sectionByCode(doc, 'A')
    expect(a?.rows?.map((r) => r.label)).toEqual(['B', 'C'])
    expect(a?.restrictions).toEqual({ 'B-2': 'EXCLUSIVE' })
  })

  it('turns a section that lost all its seats into an empty unnumbered zone, still valid to save', () => {
    const sel = select({ seats: new Map([['B', [0, 1, 2, 3, 4, 5]]]) })
    const doc = run(layout, (d) => deleteSelection(d, layout, sel))
    expect(sectionByCode(doc, 'B')).toMatchObject({ numbered: false, capacity: 0 })
    expect(layoutSchema.safeParse(doc).success).toBe(true)
  })

  it('removes whole sections with their nested sections', () => {
    const sel = select({ sections: new Set(['A', 'A_BOX', 'PARKING']) })
    const doc = run(layout, (d) => deleteSelection(d, layout, sel))
    expect(flattenSections(doc.sections).map((s) => s.code)).toEqual(['B', 'GENERAL'])
  })
})

describe('seat marks', () => {
  it('sets and clears a mark on every selected seat in one change per section', () => {
    const sel = select({ seats: new Map([['B', [0, 1]]]), sections: new Set(['A_BOX']) })
    const step = edit(layout, emptyHistory(), 'mark', (d) =>
      setSeatMark(d, layout, sel, 'accessibility', 'WHEELCHAIR'),
    )
    if (!step) throw new Error('nothing changed')
    expect(step.change.patches).toHaveLength(2)
    expect(sectionByCode(step.doc, 'B')?.accessibility).toEqual({ 'A-1': 'WHEELCHAIR', 'A-2': 'WHEELCHAIR' })
    expect(sectionByCode(step.doc, 'A_BOX')?.accessibility).toEqual({
      'A-1': 'WHEELCHAIR',
      'A-2': 'WHEELCHAIR',
    })
    const cleared = run(step.doc, (d) => setSeatMark(d, step.doc, sel, 'accessibility', null))
    expect(sectionByCode(cleared, 'B')?.accessibility).toBeUndefined()
  })
})
