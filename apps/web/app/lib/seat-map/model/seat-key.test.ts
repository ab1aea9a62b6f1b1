import { describe, expect, it } from 'vitest'
import { parseSeatKey, seatKeyOf } from './seat-key'

describe('seat keys', () => {
  it('formats section, row and seat', () => {
    expect(seatKeyOf('OCCIDENTAL_GENERAL_SECCION_201', '12', 7)).toBe('OCCIDENTAL_GENERAL_SECCION_201/12-7')
  })

  it.each([
    ['PLATEA_SECCION_CENTRO/A-1', { section: 'PLATEA_SECCION_CENTRO', row: 'A', seat: 1 }],
    ['S-1/VIP-A-12', { section: 'S-1', row: 'VIP-A', seat: 12 }],
    ['X/AA-030', { section: 'X', row: 'AA', seat: 30 }],
  ])('parses %s', (key, parts) => {
    expect(parseSeatKey(key)).toEqual(parts)
  })

  it('round-trips', () => {
    const key = seatKeyOf('NORTE_ALTA_SECCION_221', 'BB', 30)
    const parts = parseSeatKey(key)
    expect(parts && seatKeyOf(parts.section, parts.row, parts.seat)).toBe(key)
  })

  it.each(['', 'A-1', '/A-1', 'S/-1', 'S/A-', 'S/A-x', 'S/A1', 'S/A-1.5'])('rejects %j', (key) => {
    expect(parseSeatKey(key)).toBeNull()
  })
})
