import { describe, expect, it } from 'vitest'
import { shiftCashOf } from './shift-cash'

describe('the shift’s cash as the counter shows it', () => {
  it('says what buyers handed over, not the net sale, beside the change given back', () => {
    // A 151.200 sale paid with 210.000: 58.800 back, 151.200 stays in the drawer.
    expect(shiftCashOf({ cash: 15_120_000, change: 5_880_000 })).toEqual({
      received: 21_000_000,
      change: 5_880_000,
      net: 15_120_000,
    })
  })

  it('is all zero before any cash sale', () => {
    expect(shiftCashOf({ cash: 0, change: 0 })).toEqual({ received: 0, change: 0, net: 0 })
  })
})
