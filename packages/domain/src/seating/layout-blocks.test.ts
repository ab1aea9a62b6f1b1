import { describe, expect, it } from 'vitest'
import type { LayoutRow } from './layout.js'
import { blockOutline, generateRowBlock, type RowBlockSpec } from './layout-blocks.js'

const spec = (over: Partial<RowBlockSpec> = {}): RowBlockSpec => ({
  rows: 3,
  seatsPerRow: 4,
  seatSpacing: 10,
  rowSpacing: 12,
  origin: { x: 100, y: 200 },
  rotation: 0,
  layout: { type: 'GRID', stagger: false },
  rowNumbering: { type: 'LETTER', order: 'ASC', start: 1, skip: ['I', 'O'] },
  seatNumbering: { order: 'ASC', start: 1, sides: 'ALL' },
  ...over,
})

const xy = (rows: LayoutRow[]) => rows.map((r) => r.seats.map(([, x, y]) => [x, y]))

describe('generateRowBlock, grid', () => {
  it('centres the front row on the origin and puts the rows behind it (facing north)', () => {
    const rows = generateRowBlock(spec())
    expect(rows.map((r) => r.label)).toEqual(['A', 'B', 'C'])
    expect(rows[0]?.seats).toEqual([
      [1, 85, 200],
      [2, 95, 200],
      [3, 105, 200],
      [4, 115, 200],
    ])
    expect(rows[2]?.seats.map(([, , y]) => y)).toEqual([224, 224, 224, 224])
  })

  it('rotates clockwise about the origin: at 90° the block faces east and seat 1 is at the north end', () => {
    const rows = generateRowBlock(spec({ rotation: 90 }))
    expect(xy(rows)[0]).toEqual([
      [100, 185],
      [100, 195],
      [100, 205],
      [100, 215],
    ])
    // The second row is behind the first, to the west.
    expect(xy(rows)[1]?.every(([x]) => x === 88)).toBe(true)
    const south = generateRowBlock(spec({ rotation: 180 }))
    expect(xy(south)[1]).toEqual([
      [115, 188],
      [105, 188],
      [95, 188],
      [85, 188],
    ])
  })

  it('rounds every coordinate to 0.1', () => {
    const rows = generateRowBlock(spec({ rotation: 33, origin: { x: 0.123, y: 7.77 } }))
    for (const [, x, y] of rows.flatMap((r) => r.seats)) {
      expect(Math.round(x * 10)).toBeCloseTo(x * 10, 9)
      expect(Math.round(y * 10)).toBeCloseTo(y * 10, 9)
    }
  })

  it('staggers odd rows by half a seat', () => {
    const rows = generateRowBlock(spec({ layout: { type: 'GRID', stagger: true } }))
    expect(rows[0]?.seats.map(([, x]) => x)).toEqual([85, 95, 105, 115])
    expect(rows[1]?.seats.map(([, x]) => x)).toEqual([90, 100, 110, 120])
    expect(rows[2]?.seats.map(([, x]) => x)).toEqual([85, 95, 105, 115])
  })

  it('numbers rows and seats with the block numbering', () => {
    const rows = generateRowBlock(
      spec({
        rows: 2,
        seatsPerRow: 6,
        rowNumbering: { type: 'NUMBER', order: 'DESC', start: 1, skip: [] },
        seatNumbering: { order: 'ASC', start: 1, sides: 'ODD_EVEN' },
      }),
    )
    expect(rows.map((r) => r.label)).toEqual(['2', '1'])
    expect(rows[0]?.seats.map(([n]) => n)).toEqual([5, 3, 1, 2, 4, 6])
    // Seat 1 and 2 are the two middle chairs, either side of the centre line.
    expect(rows[0]?.seats.find(([n]) => n === 1)?.[1]).toBe(95)
    expect(rows[0]?.seats.find(([n]) => n === 2)?.[1]).toBe(105)
  })

  it('generates a 10,000-seat block with unique seat codes', () => {
    const rows = generateRowBlock(spec({ rows: 100, seatsPerRow: 100, rotation: 17 }))
    const codes = rows.flatMap((r) => r.seats.map(([n]) => `${r.label}-${n}`))
    expect(codes).toHaveLength(10_000)
    expect(new Set(codes).size).toBe(10_000)
  })

  it.each([
    ['201 rows', { rows: 201 }],
    ['0 rows', { rows: 0 }],
    ['1.5 rows', { rows: 1.5 }],
    ['501 seats', { seatsPerRow: 501 }],
    ['0 seats', { seatsPerRow: 0 }],
    ['no seat spacing', { seatSpacing: 0 }],
    ['NaN rotation', { rotation: Number.NaN }],
    ['an arc of 0°', { layout: { type: 'ARC', radius: 50, angle: 0, stagger: false } }],
    ['an arc of 361°', { layout: { type: 'ARC', radius: 50, angle: 361, stagger: false } }],
    ['an arc of radius 0', { layout: { type: 'ARC', radius: 0, angle: 90, stagger: false } }],
  ] as [string, Partial<RowBlockSpec>][])('refuses %s with a RangeError', (_, over) => {
    expect(() => generateRowBlock(spec(over))).toThrow(RangeError)
  })

  it('accepts the limits themselves: 200 rows of 500 seats', () => {
    const rows = generateRowBlock(spec({ rows: 200, seatsPerRow: 500 }))
    expect(rows.reduce((n, r) => n + r.seats.length, 0)).toBe(100_000)
  })
})

describe('generateRowBlock, arc', () => {
  const arc = (over: Partial<RowBlockSpec> = {}) =>
    generateRowBlock(
      spec({
        rows: 4,
        seatsPerRow: 7,
        rowSpacing: 10,
        origin: { x: 400, y: 100 },
        layout: { type: 'ARC', radius: 50, angle: 90, stagger: false },
        ...over,
      }),
    )
  const dist = (x: number, y: number) => Math.hypot(x - 400, y - 100)

  it('puts every seat of row r at radius + r × rowSpacing from the focal point', () => {
    for (const rotation of [0, 45, 200]) {
      arc({ rotation }).forEach((row, r) => {
        for (const [, x, y] of row.seats) expect(Math.abs(dist(x, y) - (50 + r * 10))).toBeLessThan(0.08)
      })
    }
  })

  it('faces the focal point: the arc spans the angle below it, seat 1 on the left', () => {
    const front = arc()[0]?.seats ?? []
    expect(front[3]).toEqual([4, 400, 150])
    // ±45° for a 90° arc.
    expect(front[0]).toEqual([1, 364.6, 135.4])
    expect(front[6]).toEqual([7, 435.4, 135.4])
  })

  it('keeps seat i of every row on the same ray (a wedge with straight aisles)', () => {
    const rows = arc()
    const angleOf = ([, x, y]: readonly number[]) => Math.atan2((y as number) - 100, (x as number) - 400)
    for (let i = 0; i < 7; i++) {
      const first = angleOf(rows[0]?.seats[i] ?? [])
      for (const row of rows) expect(angleOf(row.seats[i] ?? [])).toBeCloseTo(first, 2)
    }
  })

  it('staggers odd rows by half a seat along the arc', () => {
    const rows = arc({ layout: { type: 'ARC', radius: 50, angle: 90, stagger: true } })
    const centre = rows[1]?.seats[3] ?? [0, 0, 0]
    // Half of the 15° step, to the right of the centre line.
    expect(Math.atan2(centre[1] - 400, centre[2] - 100) / (Math.PI / 180)).toBeCloseTo(7.5, 0)
    expect(rows[2]?.seats[3]?.[1]).toBe(400)
  })

  it('spreads a 360° arc over the whole circle without two seats on one spot', () => {
    const row = arc({
      rows: 1,
      seatsPerRow: 8,
      layout: { type: 'ARC', radius: 50, angle: 360, stagger: false },
    })[0]
    const spots = new Set(row?.seats.map(([, x, y]) => `${x},${y}`))
    expect(spots.size).toBe(8)
    // Evenly: the last seat is as far from the first as any two neighbours (2 × 50 × sin 22.5°).
    const seats = row?.seats ?? []
    for (let i = 0; i < 8; i++) {
      const [, x1, y1] = seats[i] ?? [0, 0, 0]
      const [, x2, y2] = seats[(i + 1) % 8] ?? [0, 0, 0]
      expect(Math.hypot(x2 - x1, y2 - y1)).toBeCloseTo(38.27, 0)
    }
  })
})

/** Distance from (x, y) to the polygon's boundary, negative when outside. */
function insideBy(points: number[], x: number, y: number): number {
  let inside = false
  let nearest = Number.POSITIVE_INFINITY
  const n = points.length / 2
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi, xj, yj] = [points[2 * i], points[2 * i + 1], points[2 * j], points[2 * j + 1]] as [
      number,
      number,
      number,
      number,
    ]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
    const dx = xj - xi
    const dy = yj - yi
    const t = Math.max(0, Math.min(1, ((x - xi) * dx + (y - yi) * dy) / (dx * dx + dy * dy || 1)))
    nearest = Math.min(nearest, Math.hypot(x - (xi + t * dx), y - (yi + t * dy)))
  }
  return inside ? nearest : -nearest
}

describe('blockOutline', () => {
  it.each([
    ['a grid', spec({ rows: 10, seatsPerRow: 20 })],
    [
      'a rotated, staggered grid',
      spec({ rows: 7, seatsPerRow: 9, rotation: 30, layout: { type: 'GRID', stagger: true } }),
    ],
    [
      'an arc',
      spec({ rows: 5, seatsPerRow: 15, layout: { type: 'ARC', radius: 80, angle: 120, stagger: false } }),
    ],
  ])('encloses every seat of %s with most of the padding to spare', (_, s) => {
    const rows = generateRowBlock(s)
    const outline = blockOutline(rows, 8)
    expect(outline.length).toBeGreaterThanOrEqual(6)
    for (const [, x, y] of rows.flatMap((r) => r.seats))
      expect(insideBy(outline, x, y)).toBeGreaterThan(0.9 * 8 - 0.1)
  })

  it('hugs the block: a 3 × 4 grid with padding 5 spans 30 + 10 by 24 + 10', () => {
    const outline = blockOutline(generateRowBlock(spec()), 5)
    const xs = outline.filter((_, i) => i % 2 === 0)
    const ys = outline.filter((_, i) => i % 2 === 1)
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([80, 120, 195, 229])
  })

  it('still gives one seat or one straight row an area', () => {
    expect(blockOutline([{ label: 'A', seats: [[1, 0, 0]] }], 4).length).toBe(16)
    const row = blockOutline(generateRowBlock(spec({ rows: 1 })), 4)
    expect(row.length).toBeGreaterThanOrEqual(6)
    expect(insideBy(row, 100, 200)).toBeGreaterThan(3)
  })

  it('is empty without seats and refuses a negative padding', () => {
    expect(blockOutline([], 5)).toEqual([])
    expect(() => blockOutline([], -1)).toThrow(RangeError)
  })
})
