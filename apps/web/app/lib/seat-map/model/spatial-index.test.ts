import type { Layout } from '@palco/domain/seating/layout'
import { describe, expect, it } from 'vitest'
import { gridSection, smallLayout } from './layout-fixtures'
import { SeatGrid } from './spatial-index'
import { buildVenue } from './venue-model'

// Section A (index 0): rows A-C, seats 1-4 at x = 100, 110, 120, 130 and y = 100, 110, 120; pitch 10, so
// each seat is drawn as an 8×8 square (half 4) with 2 units of gap. A_BOX (index 1): 2 seats 20 apart.
const venue = buildVenue(smallLayout())
const grid = new SeatGrid(venue)

describe('seat grid hit test', () => {
  it('finds the exact seat under a point', () => {
    expect(grid.hit(100, 100)).toEqual({ section: 0, place: 0 })
    expect(grid.hit(120, 110)).toEqual({ section: 0, place: 6 })
    expect(grid.hit(131, 118)).toEqual({ section: 0, place: 11 })
    expect(grid.hit(120, 210)).toEqual({ section: 2, place: 5 })
  })

  it('finds nothing in the gap between seats', () => {
    expect(grid.hit(105, 100)).toBeNull()
    expect(grid.hit(100, 105)).toBeNull()
    expect(grid.hit(115, 115)).toBeNull()
  })

  it('counts the square edge as inside, and not a hair beyond', () => {
    expect(grid.hit(104, 100)).toEqual({ section: 0, place: 0 })
    expect(grid.hit(96, 96)).toEqual({ section: 0, place: 0 })
    expect(grid.hit(104.01, 100)).toBeNull()
    expect(grid.hit(100, 95.99)).toBeNull()
  })

  it('uses each section its own seat size', () => {
    expect(grid.hit(327, 107)).toEqual({ section: 1, place: 1 })
    expect(grid.hit(329, 100)).toBeNull()
  })

  it('grows the target by a tolerance and picks the nearest seat', () => {
    expect(grid.hit(105.5, 100, 1.5)).toEqual({ section: 0, place: 1 })
    expect(grid.hit(104.5, 100, 1.5)).toEqual({ section: 0, place: 0 })
  })

  it('finds nothing outside the venue', () => {
    expect(grid.hit(-500, -500)).toBeNull()
    expect(grid.hit(10_000, 10_000)).toBeNull()
    expect(grid.hit(450, 350)).toBeNull()
  })

  it('agrees with a brute-force search on a large, dense venue', () => {
    const sections = Array.from({ length: 40 }, (_, i) =>
      gridSection(`S${i}`, { x: (i % 8) * 260, y: Math.floor(i / 8) * 230 }, 20, 25, 9 + (i % 3)),
    )
    const layout: Layout = { ...smallLayout(), sections }
    const big = buildVenue(layout)
    const index = new SeatGrid(big)
    let seed = 7
    const rand = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0
      return seed / 4294967296
    }
    let hits = 0
    for (let k = 0; k < 3000; k++) {
      const x = rand() * 2200 - 50
      const y = rand() * 1200 - 50
      let expected: { section: number; place: number } | null = null
      let bestD = Number.POSITIVE_INFINITY
      for (const s of big.sections) {
        for (let i = 0; i < s.xs.length; i++) {
          const dx = Math.abs(x - (s.xs[i] as number))
          const dy = Math.abs(y - (s.ys[i] as number))
          if (dx <= s.half && dy <= s.half && dx * dx + dy * dy < bestD) {
            bestD = dx * dx + dy * dy
            expected = { section: s.index, place: i }
          }
        }
      }
      expect(index.hit(x, y)).toEqual(expected)
      if (expected) hits++
    }
    expect(hits).toBeGreaterThan(300)
  })
})
