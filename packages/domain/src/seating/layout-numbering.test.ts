import { describe, expect, it } from 'vitest'
import { type RowNumbering, rowLabels, type SeatNumbering, seatNumbers } from './layout-numbering.js'

const letters = (over: Partial<RowNumbering> = {}): RowNumbering => ({
  type: 'LETTER',
  order: 'ASC',
  start: 1,
  skip: [],
  ...over,
})

describe('rowLabels', () => {
  it('letters run A…Z then AA, AB like spreadsheet columns', () => {
    const labels = rowLabels(letters(), 28)
    expect(labels.slice(0, 3)).toEqual(['A', 'B', 'C'])
    expect(labels.slice(24)).toEqual(['Y', 'Z', 'AA', 'AB'])
    expect(rowLabels(letters({ start: 52 }), 2)).toEqual(['AZ', 'BA'])
    expect(rowLabels(letters({ start: 702 }), 2)).toEqual(['ZZ', 'AAA'])
  })

  it('skipped letters (I and O) appear in no label, single or double', () => {
    const labels = rowLabels(letters({ skip: ['I', 'o'] }), 60)
    expect(labels.slice(7, 10)).toEqual(['H', 'J', 'K'])
    expect(labels.slice(12, 14)).toEqual(['N', 'P'])
    expect(labels.slice(22, 26)).toEqual(['Y', 'Z', 'AA', 'AB'])
    expect(labels.some((l) => l.includes('I') || l.includes('O'))).toBe(false)
    expect(new Set(labels).size).toBe(60)
  })

  it('start counts letters after the skips: 1 is A, 9 is J without I', () => {
    expect(rowLabels(letters({ start: 9, skip: ['I', 'O'] }), 2)).toEqual(['J', 'K'])
    expect(rowLabels(letters({ start: 1, skip: ['A'] }), 1)).toEqual(['B'])
  })

  it('DESC gives the front row the highest label', () => {
    expect(rowLabels(letters({ order: 'DESC' }), 3)).toEqual(['C', 'B', 'A'])
    expect(rowLabels({ type: 'NUMBER', order: 'DESC', start: 5, skip: [] }, 3)).toEqual(['7', '6', '5'])
  })

  it.each([
    [{ start: 1, skip: [] }, 4, ['1', '2', '3', '4']],
    [{ start: 10, skip: [] }, 3, ['10', '11', '12']],
    [{ start: 11, skip: ['13'] }, 4, ['11', '12', '14', '15']],
  ])('numbers %o × %i → %o', (over, count, expected) => {
    expect(rowLabels({ type: 'NUMBER', order: 'ASC', ...over }, count)).toEqual(expected)
  })

  it('refuses what cannot be a row label', () => {
    expect(() => rowLabels(letters({ start: 0 }), 1)).toThrow(RangeError)
    expect(() => rowLabels(letters({ skip: [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'] }), 1)).toThrow(RangeError)
    expect(() => rowLabels({ type: 'NUMBER', order: 'ASC', start: 99_999_999, skip: [] }, 2)).toThrow(
      RangeError,
    )
    expect(() => rowLabels(letters(), -1)).toThrow(RangeError)
    expect(rowLabels(letters(), 0)).toEqual([])
  })
})

const seats = (over: Partial<SeatNumbering> = {}): SeatNumbering => ({
  order: 'ASC',
  start: 1,
  sides: 'ALL',
  ...over,
})

describe('seatNumbers (left to right, facing the stage)', () => {
  it.each([
    [seats(), 5, [1, 2, 3, 4, 5]],
    [seats({ order: 'DESC' }), 5, [5, 4, 3, 2, 1]],
    [seats({ start: 101 }), 3, [101, 102, 103]],
    [seats({ start: 0 }), 3, [0, 1, 2]],
    [seats({ sides: 'ODD' }), 4, [1, 3, 5, 7]],
    [seats({ sides: 'ODD', start: 4 }), 3, [5, 7, 9]],
    [seats({ sides: 'EVEN' }), 4, [2, 4, 6, 8]],
    [seats({ sides: 'EVEN', order: 'DESC' }), 4, [8, 6, 4, 2]],
    [seats({ sides: 'ODD_EVEN' }), 6, [5, 3, 1, 2, 4, 6]],
    [seats({ sides: 'ODD_EVEN' }), 5, [5, 3, 1, 2, 4]],
    [seats({ sides: 'ODD_EVEN', order: 'DESC' }), 6, [6, 4, 2, 1, 3, 5]],
    [seats({ sides: 'ODD_EVEN', start: 11 }), 4, [13, 11, 12, 14]],
    [seats({ sides: 'ODD_EVEN' }), 1, [1]],
  ])('%o × %i → %o', (n, count, expected) => {
    expect(seatNumbers(n, count)).toEqual(expected)
  })

  it('never repeats a number within a row', () => {
    for (const sides of ['ALL', 'ODD', 'EVEN', 'ODD_EVEN'] as const) {
      expect(new Set(seatNumbers(seats({ sides }), 500)).size).toBe(500)
    }
  })

  it('refuses a negative or fractional start', () => {
    expect(() => seatNumbers(seats({ start: -1 }), 2)).toThrow(RangeError)
    expect(() => seatNumbers(seats({ start: 1.5 }), 2)).toThrow(RangeError)
  })
})
