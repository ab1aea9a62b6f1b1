import { describe, expect, it } from 'vitest'
import { seatKeyOf } from './seat-key.js'

describe('seatKeyOf', () => {
  it('prefixes spec §3 seat code with its section, a row label with a dash included', () => {
    expect(seatKeyOf({ section: 'NORTE', row: 'VIP-A', seat: 12 })).toBe('NORTE/VIP-A-12')
    expect(seatKeyOf({ section: 'GENERAL', row: 'UNNUMBERED', seat: 3 })).toBe('GENERAL/UNNUMBERED-3')
  })
})
