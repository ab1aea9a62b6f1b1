import { describe, expect, it } from 'vitest'
import { type CapacitySection, sectionCapacities, zoneAvailability, zoneCapacity } from './zone-capacity.js'

const seats = (n: number) => Array.from({ length: n }, (_, i) => [i + 1, 0, 0])

const LAYOUT: CapacitySection[] = [
  { code: 'A', numbered: true, rows: [{ seats: seats(10) }, { seats: seats(12) }] },
  { code: 'B', numbered: false, capacity: 500 },
  {
    code: 'P',
    numbered: false,
    capacity: 80,
    sections: [{ code: 'P1', numbered: true, rows: [{ seats: seats(3) }] }],
  },
  { code: 'X', numbered: false },
  { code: 'NEG', numbered: false, capacity: -4 },
]

describe('sectionCapacities', () => {
  it('counts seats of numbered sections and the capacity of unnumbered ones, nested included', () => {
    expect(Object.fromEntries(sectionCapacities(LAYOUT))).toEqual({
      A: 22,
      B: 500,
      P: 80,
      P1: 3,
      X: 0,
      NEG: 0,
    })
  })
})

describe('zoneCapacity', () => {
  const caps = sectionCapacities(LAYOUT)
  it.each<[string, { capacity: number | null; sectionCodes: string[] }, number | null]>([
    ['mapped zone: sum of its sections', { capacity: null, sectionCodes: ['A', 'B'] }, 522],
    ['mapped zone ignores a stale stored capacity', { capacity: 9, sectionCodes: ['A'] }, 22],
    ['unknown section counts 0', { capacity: null, sectionCodes: ['A', 'ZZ'] }, 22],
    ['unmapped zone: its capacity', { capacity: 300, sectionCodes: [] }, 300],
    ['no capacity, no map: unlimited', { capacity: null, sectionCodes: [] }, null],
  ])('%s', (_label, zone, expected) => {
    expect(zoneCapacity(zone, caps)).toBe(expected)
  })

  it('falls back to the stored capacity when the layout is unknown', () => {
    expect(zoneCapacity({ capacity: 40, sectionCodes: ['A'] }, null)).toBe(40)
  })
})

describe('zoneAvailability', () => {
  it.each<[number | null, number, { capacity: number | null; available: number | null; soldOut: boolean }]>([
    [100, 0, { capacity: 100, available: 100, soldOut: false }],
    [100, 99, { capacity: 100, available: 1, soldOut: false }],
    [100, 100, { capacity: 100, available: 0, soldOut: true }],
    [100, 130, { capacity: 100, available: 0, soldOut: true }],
    [0, 0, { capacity: 0, available: 0, soldOut: true }],
    [100, -5, { capacity: 100, available: 100, soldOut: false }],
    [null, 50, { capacity: null, available: null, soldOut: false }],
  ])('capacity %j, taken %j', (capacity, taken, expected) => {
    expect(zoneAvailability(capacity, taken)).toEqual(expected)
  })
})
