import { describe, expect, it } from 'vitest'
import { majorOf, minorOf } from './money-input'

describe('money typed at the counter', () => {
  it('turns pesos into minor units and back', () => {
    expect(minorOf('100000', 'COP')).toBe(10_000_000)
    expect(minorOf(850.5, 'MXN')).toBe(85_050)
    expect(majorOf(10_000_000, 'COP')).toBe(100_000)
  })

  it('reads a blank or a negative as nothing entered', () => {
    expect(minorOf('', 'COP')).toBeNull()
    expect(minorOf(-1, 'COP')).toBeNull()
    expect(minorOf('abc', 'COP')).toBeNull()
  })
})
