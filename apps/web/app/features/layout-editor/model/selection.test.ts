import { describe, expect, it } from 'vitest'
import { pointInPolygon } from '../../../lib/seat-map/model/geometry'
import { smallLayout } from '../../../lib/seat-map/model/layout-fixtures'
import { buildVenue } from '../../../lib/seat-map/model/venue-model'
import {
  EMPTY_SELECTION,
  normaliseBox,
  pruneSelection,
  selectionOf,
  selectRegion,
  toggleTarget,
  unionSelection,
} from './selection'

// smallLayout: section A is 3 rows × 4 seats at x 100…130, y 100…120 (pitch 10), with a nested A_BOX of
// 1 × 2 at x 300…320; B is 2 × 3 at x 100…120, y 200…210; GENERAL (unnumbered) 400…500; PARKING 600…700.
const layout = smallLayout()
const venue = buildVenue(layout)

const plain = (sel: ReturnType<typeof selectRegion>) => ({
  sections: [...sel.sections].sort(),
  seats: Object.fromEntries(sel.seats),
  shapes: [...sel.shapes],
  stage: sel.stage,
})

describe('box selection', () => {
  it('takes the seats whose centres are inside, by place index', () => {
    // Rows A and B (y 100, 110), seats 2 and 3 (x 110, 120).
    const sel = selectRegion(venue, layout, { kind: 'box', bounds: normaliseBox(125, 115, 105, 95) })
    expect(plain(sel)).toEqual({ sections: [], seats: { A: [1, 2, 5, 6] }, shapes: [], stage: false })
  })

  it('takes a section whole when its polygon is inside, without its nested sections separately', () => {
    const sel = selectRegion(venue, layout, { kind: 'box', bounds: normaliseBox(80, 80, 340, 140) })
    expect(plain(sel)).toEqual({ sections: ['A'], seats: {}, shapes: [], stage: false })
  })

  it('takes unnumbered sections by their centre and the stage by its centre', () => {
    const sel = selectRegion(venue, layout, { kind: 'box', bounds: normaliseBox(-10, -10, 460, 360) })
    expect(plain(sel).sections).toEqual(['A', 'B', 'GENERAL'])
    expect(sel.stage).toBe(true)
  })

  it('takes nothing from an empty area', () => {
    const sel = selectRegion(venue, layout, { kind: 'box', bounds: normaliseBox(700, 0, 790, 50) })
    expect(plain(sel)).toEqual({ sections: [], seats: {}, shapes: [], stage: false })
  })
})

describe('lasso selection', () => {
  it('takes only the seats inside the drawn polygon, not those in its bounding box', () => {
    // A triangle with corners left of A1, left of C1 and right of A4: inside are row A and the start of B.
    const lasso = [95, 95, 95, 125, 140, 95]
    const sel = selectRegion(venue, layout, { kind: 'lasso', points: lasso })
    const seats = sel.seats.get('A') ?? []
    const a = venue.sections[0]
    if (!a) throw new Error('no section')
    for (let i = 0; i < a.placeCount; i++) {
      expect(seats.includes(i), `place ${i}`).toBe(
        pointInPolygon(lasso, a.xs[i] as number, a.ys[i] as number),
      )
    }
    expect(seats).toContain(0)
    expect(seats).not.toContain(11)
  })

  it('handles a concave lasso (a U shape leaves its middle out)', () => {
    // A U around row A: the middle seats 2 and 3 sit in the notch.
    const u = [95, 95, 105, 95, 105, 105, 125, 105, 125, 95, 135, 95, 135, 115, 95, 115]
    const sel = selectRegion(venue, layout, { kind: 'lasso', points: u })
    expect(sel.seats.get('A')).toEqual([0, 3, 4, 5, 6, 7])
  })
})

describe('click selection', () => {
  it('toggles targets with shift and unions selections', () => {
    let sel = selectionOf({ kind: 'seat', code: 'A', place: 3 })
    sel = toggleTarget(sel, { kind: 'seat', code: 'A', place: 1 })
    expect(sel.seats.get('A')).toEqual([1, 3])
    sel = toggleTarget(sel, { kind: 'seat', code: 'A', place: 3 })
    expect(sel.seats.get('A')).toEqual([1])
    sel = toggleTarget(sel, { kind: 'section', code: 'B' })
    expect([...sel.sections]).toEqual(['B'])
    const both = unionSelection(sel, selectionOf({ kind: 'stage' }))
    expect(both.stage).toBe(true)
    expect(toggleTarget(both, { kind: 'stage' }).stage).toBe(false)
  })

  it('drops what no longer exists', () => {
    const sel = {
      ...EMPTY_SELECTION,
      sections: new Set(['A', 'GONE']),
      seats: new Map([['B', [0, 5, 6, 99]]]),
      shapes: new Set(['nope']),
    }
    const pruned = pruneSelection(sel, layout)
    expect([...pruned.sections]).toEqual(['A'])
    expect(pruned.seats.get('B')).toEqual([0, 5])
    expect(pruned.shapes.size).toBe(0)
  })
})
