import { describe, expect, it } from 'vitest'
import { cardBrandName } from './card-brand'

describe('cardBrandName', () => {
  it.each([
    ['visa', 'Visa'],
    ['VISA', 'Visa'],
    ['debvisa', 'Visa'],
    ['master', 'Mastercard'],
    ['MasterCard', 'Mastercard'],
    ['amex', 'American Express'],
    ['naranja', 'Naranja'],
    ['', ''],
  ])('%s → %s', (brand, name) => {
    expect(cardBrandName(brand)).toBe(name)
  })
})
