import { describe, expect, it } from 'vitest'
import { bankNameOfClabe, clabeCheckDigit, isValidClabe, makeClabe } from './clabe.js'

describe('CLABE', () => {
  // Published examples: Banxico's sample CLABE and a common STP one.
  it.each([
    ['03218000011835971', 9], // 032180000118359719
    ['00201007777777777', 1], // 002010077777777771
  ])('check digit of %s is %i', (first17, digit) => expect(clabeCheckDigit(first17)).toBe(digit))

  it.each([
    ['032180000118359719', true],
    ['032180000118359718', false],
    ['03218000011835971', false],
    ['03218000011835971a', false],
  ])('%s valid: %s', (clabe, ok) => expect(isValidClabe(clabe)).toBe(ok))

  it('builds valid CLABEs from parts and names the bank', () => {
    const c = makeClabe('646', '180', '1234567')
    expect(c).toHaveLength(18)
    expect(isValidClabe(c)).toBe(true)
    expect(bankNameOfClabe(c)).toBe('STP')
    expect(bankNameOfClabe('999000000000000000')).toBeNull()
    expect(() => makeClabe('64', '180', '1')).toThrow(RangeError)
    expect(() => clabeCheckDigit('123')).toThrow(RangeError)
  })
})
