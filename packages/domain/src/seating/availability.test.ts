import { describe, expect, it } from 'vitest'
import { countRuns, decodeRuns, encodeRuns, type PlaceState, seatStateFor } from './availability.js'

describe('availability runs', () => {
  it.each([
    ['', []],
    ['A', ['A']],
    ['A3', ['A', 'A', 'A']],
    ['A2HS3B', ['A', 'A', 'H', 'S', 'S', 'S', 'B']],
  ])('%s round-trips', (encoded, states) => {
    expect(decodeRuns(encoded)).toEqual(states)
    expect(encodeRuns(states as PlaceState[])).toBe(encoded)
  })

  it('stays small for a large section with few changes', () => {
    const states: PlaceState[] = Array.from({ length: 100_000 }, (_, i) => (i % 1000 === 0 ? 'S' : 'A'))
    const encoded = encodeRuns(states)
    expect(encoded.length).toBeLessThan(1000)
    expect(decodeRuns(encoded, 100_000)).toEqual(states)
    expect(countRuns(encoded)).toEqual({ A: 99_900, H: 0, S: 100, B: 0 })
  })

  it.each(['X', 'A2Z', '3A'])('refuses %s', (bad) => {
    expect(() => decodeRuns(bad)).toThrow()
  })

  it('refuses a length mismatch', () => {
    expect(() => decodeRuns('A3', 4)).toThrow()
  })

  it.each([
    ['A', false, false, 'AVAILABLE'],
    ['A', false, true, 'SELECTED'],
    ['H', true, false, 'RESERVED'],
    ['H', false, false, 'RESERVED_BY_ANOTHER'],
    ['S', false, false, 'UNAVAILABLE'],
    ['B', false, true, 'UNAVAILABLE'],
  ] as const)('%s mine=%s selected=%s → %s', (state, mine, selected, expected) => {
    expect(seatStateFor(state, mine, selected)).toBe(expected)
  })
})
