import { describe, expect, it } from 'vitest'
import type { Layout, LayoutRow, LayoutSection } from './layout.js'
import { blockOutline, generateRowBlock, type RowBlockSpec } from './layout-blocks.js'
import {
  blocksPublishing,
  type LayoutProblem,
  validateLayout,
  withoutUnusedDefaultSection,
} from './layout-validation.js'
import { DEFAULT_SECTION_NAME } from './layout-vocabulary.js'

const block = (over: Partial<RowBlockSpec> = {}): LayoutRow[] =>
  generateRowBlock({
    rows: 4,
    seatsPerRow: 10,
    seatSpacing: 10,
    rowSpacing: 12,
    origin: { x: 200, y: 100 },
    rotation: 0,
    layout: { type: 'GRID', stagger: false },
    rowNumbering: { type: 'LETTER', order: 'ASC', start: 1, skip: ['I', 'O'] },
    seatNumbering: { order: 'ASC', start: 1, sides: 'ALL' },
    ...over,
  })

const section = (code: string, rows: LayoutRow[], over: Partial<LayoutSection> = {}): LayoutSection => ({
  code,
  name: `Section ${code}`,
  color: '#336699',
  disabled: false,
  zoneType: 'GRANDSTAND',
  numbered: true,
  viewDirection: 'NORTH',
  shape: { type: 'path', points: blockOutline(rows, 8) },
  rows,
  ...over,
})

const box = (x0: number, y0: number, x1: number, y1: number) => ({
  type: 'path' as const,
  points: [x0, y0, x1, y0, x1, y1, x0, y1],
})

const layout = (sections: LayoutSection[], over: Partial<Layout> = {}): Layout => ({
  format: 'palco.layout',
  version: 1,
  kind: 'Classic',
  stage: { type: 'DEFAULT_STAGE', x: 300, y: 0, width: 200, height: 40, label: '' },
  canvas: { width: 800, height: 600 },
  sections,
  ...over,
})

const codes = (problems: LayoutProblem[]) => problems.map((p) => p.code)

describe('validateLayout', () => {
  it('finds nothing wrong with a generated block and its outline', () => {
    const problems = validateLayout(layout([section('PLATEA', block())]))
    expect(problems).toEqual([])
    expect(blocksPublishing(problems)).toBe(false)
  })

  it('DUPLICATE_SEAT: the second seat with the same row and number, as an error on that seat', () => {
    const rows = block()
    // Two row objects with one label are one row: their seat numbers must differ too.
    rows.push({ label: 'A', seats: [[2, 240, 130]] })
    const problems = validateLayout(layout([section('PLATEA', rows)]))
    expect(problems).toEqual([
      {
        severity: 'error',
        code: 'DUPLICATE_SEAT',
        target: { kind: 'seat', section: 'PLATEA', row: 'A', seat: 2 },
        params: { section: 'PLATEA', name: 'Section PLATEA', row: 'A', seat: 2 },
      },
    ])
    expect(blocksPublishing(problems)).toBe(true)
  })

  it('DUPLICATE_SECTION: a code used twice, nested sections included', () => {
    const a = section('A', block())
    const nested = section('A', block({ origin: { x: 200, y: 400 } }))
    const problems = validateLayout(layout([{ ...a, sections: [nested] }]))
    expect(problems).toEqual([
      {
        severity: 'error',
        code: 'DUPLICATE_SECTION',
        target: { kind: 'section', section: 'A' },
        params: { section: 'A', name: 'Section A' },
      },
    ])
  })

  it('SEAT_OUTSIDE_SECTION: a seat beyond its polygon, as an error on that seat', () => {
    const rows = block()
    rows[0]?.seats.push([11, 500, 100])
    const problems = validateLayout(layout([section('PLATEA', rows, { shape: box(130, 80, 270, 160) })]))
    expect(problems.map((p) => [p.code, p.target])).toEqual([
      ['SEAT_OUTSIDE_SECTION', { kind: 'seat', section: 'PLATEA', row: 'A', seat: 11 }],
    ])
  })

  it('checks a nested section against its own polygon, not its parent’s', () => {
    const inner = section('BOX', [{ label: 'A', seats: [[1, 150, 150]] }], { shape: box(100, 100, 200, 200) })
    const outer = section('HALL', [], {
      numbered: false,
      capacity: 100,
      rows: undefined,
      shape: box(0, 0, 300, 300),
      sections: [inner],
    })
    expect(validateLayout(layout([outer]))).toEqual([])
    const stray = { ...inner, rows: [{ label: 'A', seats: [[1, 250, 250]] as [number, number, number][] }] }
    expect(validateLayout(layout([{ ...outer, sections: [stray] }])).map((p) => [p.code, p.target])).toEqual([
      ['SEAT_OUTSIDE_SECTION', { kind: 'seat', section: 'BOX', row: 'A', seat: 1 }],
    ])
  })

  it.each([DEFAULT_SECTION_NAME, '', '   '])('UNNAMED_SECTION: a section named %j, as a warning', (name) => {
    const problems = validateLayout(layout([section('S1', block(), { name })]))
    expect(problems).toEqual([
      {
        severity: 'warning',
        code: 'UNNAMED_SECTION',
        target: { kind: 'section', section: 'S1' },
        params: { section: 'S1', name },
      },
    ])
    expect(blocksPublishing(problems)).toBe(false)
  })

  it.each([
    ['a numbered section whose rows have no seats', { rows: [{ label: 'A', seats: [] }] }],
    ['a numbered section without rows', { rows: undefined }],
    ['an unnumbered section of capacity 0', { numbered: false, capacity: 0, rows: undefined }],
    [
      'a parking zone of capacity 0',
      { numbered: false, capacity: 0, rows: undefined, zoneType: 'PARKING' as const },
    ],
  ])('EMPTY_SECTION: %s, as an error on the section', (_, over) => {
    const full = section('FULL', block())
    const problems = validateLayout(
      layout([full, section('EMPTY', [], { shape: box(0, 300, 100, 400), ...over })]),
    )
    expect(problems.map((p) => [p.severity, p.code, p.target])).toEqual([
      ['error', 'EMPTY_SECTION', { kind: 'section', section: 'EMPTY' }],
    ])
  })

  describe('the default section a new layout starts with', () => {
    const fresh = () =>
      section('GENERAL', [], {
        name: DEFAULT_SECTION_NAME,
        numbered: false,
        capacity: 0,
        rows: undefined,
        shape: box(20, 120, 780, 580),
      })

    it('is no problem of the user’s: a fresh layout publishes once it has something to sell', () => {
      expect(codes(validateLayout(layout([fresh()])))).toEqual(['NO_SELLABLE_PLACES'])
      const drawn = layout([fresh(), section('PLATEA', block())])
      expect(validateLayout(drawn)).toEqual([])
      expect(withoutUnusedDefaultSection(drawn).sections.map((s) => s.code)).toEqual(['PLATEA'])
    })

    it('is the user’s section once it has places, and is checked as one', () => {
      const used = layout([{ ...fresh(), capacity: 50 }])
      expect(codes(validateLayout(used))).toEqual(['UNNAMED_SECTION'])
      expect(withoutUnusedDefaultSection(used)).toBe(used)
      const renamed = layout([{ ...fresh(), name: 'Palcos' }, section('PLATEA', block())])
      expect(codes(validateLayout(renamed))).toEqual(['EMPTY_SECTION'])
    })
  })

  it('does not call a section that only groups nested ones empty', () => {
    const group = section('GROUP', [], {
      numbered: false,
      capacity: 0,
      rows: undefined,
      shape: box(0, 0, 800, 600),
      sections: [section('INNER', block())],
    })
    expect(validateLayout(layout([group]))).toEqual([])
  })

  describe('OVERLAPPING_SEATS', () => {
    it('flags each seat closer than half a pitch to an earlier one, with the seat it overlaps', () => {
      const a = section('A', block())
      const b = section('B', block({ origin: { x: 202, y: 101 }, rows: 1, seatsPerRow: 2 }))
      const problems = validateLayout(layout([a, b]))
      expect(problems.filter((p) => p.code === 'OVERLAPPING_SEATS')).toEqual([
        {
          severity: 'warning',
          code: 'OVERLAPPING_SEATS',
          target: { kind: 'seat', section: 'B', row: 'A', seat: 1 },
          params: {
            section: 'B',
            name: 'Section B',
            row: 'A',
            seat: 1,
            otherSection: 'A',
            otherRow: 'A',
            otherSeat: 5,
          },
        },
        {
          severity: 'warning',
          code: 'OVERLAPPING_SEATS',
          target: { kind: 'seat', section: 'B', row: 'A', seat: 2 },
          params: {
            section: 'B',
            name: 'Section B',
            row: 'A',
            seat: 2,
            otherSection: 'A',
            otherRow: 'A',
            otherSeat: 6,
          },
        },
      ])
    })

    it('leaves seats half a pitch apart or more alone', () => {
      const a = section('A', block())
      const b = section('B', block({ origin: { x: 205, y: 100 }, rows: 1, seatsPerRow: 2 }))
      expect(codes(validateLayout(layout([a, b])))).not.toContain('OVERLAPPING_SEATS')
    })

    it('uses the smaller pitch of the two sections', () => {
      // Pitch 10 beside pitch 4: the limit is 2, so 3 units apart is fine and 1.5 is not.
      const wide = section(
        'WIDE',
        [
          {
            label: 'A',
            seats: [
              [1, 100, 100],
              [2, 110, 100],
            ],
          },
        ],
        { shape: box(0, 0, 300, 300) },
      )
      const narrow = (x: number) =>
        section(
          'NARROW',
          [
            {
              label: 'A',
              seats: [
                [1, x, 100],
                [2, x + 4, 100],
              ],
            },
          ],
          { shape: box(0, 0, 300, 300) },
        )
      expect(codes(validateLayout(layout([wide, narrow(113)])))).not.toContain('OVERLAPPING_SEATS')
      expect(codes(validateLayout(layout([wide, narrow(111.5)])))).toContain('OVERLAPPING_SEATS')
    })

    it('reports a block pasted onto itself once per seat, capped at 50 plus the count of the rest', () => {
      const rows = block({ rows: 100, seatsPerRow: 100 })
      const pasted = layout([section('A', rows), section('B', rows)])
      const overlaps = validateLayout(pasted).filter((p) => p.code === 'OVERLAPPING_SEATS')
      expect(overlaps).toHaveLength(51)
      expect(overlaps[50]).toEqual({
        severity: 'warning',
        code: 'OVERLAPPING_SEATS',
        target: { kind: 'layout' },
        params: { more: 10_000 - 50 },
      })
    })
  })

  it.each([
    ['no seats and no capacity', [section('GA', [], { numbered: false, capacity: 0, rows: undefined })]],
    ['only disabled sections', [section('A', block(), { disabled: true })]],
  ])('NO_SELLABLE_PLACES: %s, as an error on the layout', (_, sections) => {
    const problems = validateLayout(layout(sections))
    expect(problems).toContainEqual({
      severity: 'error',
      code: 'NO_SELLABLE_PLACES',
      target: { kind: 'layout' },
      params: {},
    })
  })

  it('counts unnumbered and parking capacity as sellable', () => {
    const ga = section('GA', [], {
      numbered: false,
      capacity: 500,
      rows: undefined,
      shape: box(0, 0, 100, 100),
    })
    const parking = { ...ga, code: 'P', zoneType: 'PARKING' as const, capacity: 40 }
    expect(validateLayout(layout([ga]))).toEqual([])
    expect(validateLayout(layout([parking]))).toEqual([])
  })

  it('SHAPE_OUTSIDE_CANVAS: shapes and section outlines past the canvas, as warnings', () => {
    const shape = (id: string, over: object) => ({
      id,
      type: 'rect' as const,
      name: id,
      fill: '#ccc',
      strokeWidth: 0,
      animation: 'no_animation' as const,
      draggable: false,
      isDisabled: false,
      ...over,
    })
    const problems = validateLayout(
      layout(
        [
          section('A', block()),
          section('FAR', [], { numbered: false, capacity: 10, shape: box(700, 500, 900, 650) }),
        ],
        {
          shapes: [
            shape('inside', { x: 10, y: 10, width: 100, height: 50 }),
            shape('wide', { x: 750, y: 10, width: 100, height: 50 }),
            shape('path', { type: 'path', points: [10, 10, 20, -30, 30, 10] }),
            shape('label', { type: 'text', x: 400, y: 620, text: 'Salida' }),
          ],
        },
      ),
    )
    expect(problems.map((p) => [p.severity, p.code, p.target])).toEqual([
      ['warning', 'SHAPE_OUTSIDE_CANVAS', { kind: 'section', section: 'FAR' }],
      ['warning', 'SHAPE_OUTSIDE_CANVAS', { kind: 'shape', shape: 'wide' }],
      ['warning', 'SHAPE_OUTSIDE_CANVAS', { kind: 'shape', shape: 'path' }],
      ['warning', 'SHAPE_OUTSIDE_CANVAS', { kind: 'shape', shape: 'label' }],
    ])
  })

  it('caps each code at 50 problems plus one with params.more, errors before warnings', () => {
    const rows: LayoutRow[] = [{ label: 'A', seats: [] }]
    // 121 seats numbered 1: 120 duplicates, all inside the outline and a pitch apart.
    for (let i = 0; i < 121; i++) rows[0]?.seats.push([1, 100 + i * 10, 100])
    const sections = Array.from({ length: 60 }, (_, i) =>
      section(`S${i}`, i === 0 ? rows : [], {
        name: DEFAULT_SECTION_NAME,
        numbered: i === 0,
        capacity: i === 0 ? undefined : 1,
        rows: i === 0 ? rows : undefined,
        shape: i === 0 ? { type: 'path', points: blockOutline(rows, 8) } : box(0, 0, 10, 10),
      }),
    )
    const problems = validateLayout(layout(sections, { canvas: { width: 2000, height: 600 } }))
    const duplicates = problems.filter((p) => p.code === 'DUPLICATE_SEAT')
    expect(duplicates).toHaveLength(51)
    expect(duplicates[50]).toEqual({
      severity: 'error',
      code: 'DUPLICATE_SEAT',
      target: { kind: 'layout' },
      params: { more: 70 },
    })
    const unnamed = problems.filter((p) => p.code === 'UNNAMED_SECTION')
    expect(unnamed).toHaveLength(51)
    expect(unnamed[50]?.params).toEqual({ more: 10 })
    const severities = problems.map((p) => p.severity)
    expect(severities.lastIndexOf('error')).toBeLessThan(severities.indexOf('warning'))
  })

  it('checks a 100,000-seat venue without false overlaps', () => {
    const rows = block({
      rows: 200,
      seatsPerRow: 500,
      seatSpacing: 1,
      rowSpacing: 1.2,
      origin: { x: 400, y: 100 },
    })
    const problems = validateLayout(layout([section('BIG', rows)], { canvas: { width: 1000, height: 400 } }))
    expect(problems).toEqual([])
  })
})
