import { describe, expect, it } from 'vitest'
import { gridSection } from './layout-fixtures'
import { pickerRows } from './picker-rows'

const section = gridSection('A', { x: 0, y: 0 }, 2, 3, 10, { restrictions: { 'B-3': 'EXCLUSIVE' } })

describe('pickerRows', () => {
  it('lists every seat by row with its state, restriction and whether it can be chosen', () => {
    const rows = pickerRows(section, 'AHSA2B', new Set(['A/B-1']), new Set(['A/A-1']))
    expect(rows.map((r) => r.label)).toEqual(['A', 'B'])
    expect(rows[0]?.seats.map((s) => [s.key, s.state, s.selectable])).toEqual([
      ['A/A-1', 'SELECTED', true],
      ['A/A-2', 'RESERVED_BY_ANOTHER', false],
      ['A/A-3', 'UNAVAILABLE', false],
    ])
    expect(rows[1]?.seats.map((s) => [s.state, s.restriction])).toEqual([
      ['RESERVED', null],
      ['AVAILABLE', null],
      ['UNAVAILABLE', 'EXCLUSIVE'],
    ])
    expect(rows.map((r) => r.available)).toEqual([0, 1])
  })

  it('treats missing availability as unavailable', () => {
    const rows = pickerRows(section, 'A2', new Set(), new Set())
    expect(rows.flatMap((r) => r.seats.map((s) => s.state))).toEqual([
      'AVAILABLE',
      'AVAILABLE',
      'UNAVAILABLE',
      'UNAVAILABLE',
      'UNAVAILABLE',
      'UNAVAILABLE',
    ])
    expect(pickerRows({ ...section, disabled: true }, 'A6', new Set(), new Set())[0]?.available).toBe(0)
  })
})
