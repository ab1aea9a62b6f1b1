import { describe, expect, it } from 'vitest'
import { areAllNumberedSeats } from './numbered-places.js'

describe('areAllNumberedSeats', () => {
  it.each<[string, { row: string }[], boolean]>([
    ['numbered seats', [{ row: 'B' }, { row: 'C' }], true],
    ['a general-admission place', [{ row: 'UNNUMBERED' }], false],
    ['seats with standing room', [{ row: 'B' }, { row: 'UNNUMBERED' }], false],
    ['nothing yet', [], false],
  ])('%s → %s', (_what, places, expected) => {
    expect(areAllNumberedSeats(places)).toBe(expected)
  })
})
