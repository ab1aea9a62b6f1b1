import { describe, expect, it } from 'vitest'
import { sandboxCardInstallments, sandboxOffers } from './card-installments.js'

describe('the sandbox bank’s card installments', () => {
  it('always offers one payment of the whole amount, and nothing more to a debit card', () => {
    expect(sandboxCardInstallments('601234', { amount: 900_000_00, currency: 'COP' })).toEqual([
      { count: 1, amount: 900_000_00, total: 900_000_00, interestFree: true },
    ])
  })

  it('offers 3 and 6 interest-free, 9 and 12 with interest, while each part is large enough', () => {
    const options = sandboxCardInstallments('450995', { amount: 3_000_00, currency: 'MXN' })
    expect(options.map((o) => [o.count, o.interestFree])).toEqual([
      [1, true],
      [3, true],
      [6, true],
      [9, false],
      [12, false],
    ])
    // 300 pesos: 6 parts of 50 would be under the bank's 100-peso minimum… for 6 and more.
    expect(
      sandboxCardInstallments('450995', { amount: 300_00, currency: 'MXN' }).map((o) => o.count),
    ).toEqual([1, 3])
    expect(sandboxOffers('450995', { amount: 300_00, currency: 'MXN' }, 6)).toBe(false)
  })

  it('never asks less than the amount, and its parts cover the total', () => {
    // A small deterministic generator instead of a property-testing dependency, as in tenders.test.ts.
    let seed = 11
    const next = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return 1 + (seed % max)
    }
    for (let run = 0; run < 3_000; run++) {
      const amount = next(5_000_000_000)
      const currency = run % 2 ? ('COP' as const) : ('MXN' as const)
      const bin = `${['3711', '4509', '5031'][run % 3]}95`
      for (const o of sandboxCardInstallments(bin, { amount, currency })) {
        expect(o.total).toBeGreaterThanOrEqual(amount)
        expect(o.interestFree).toBe(o.total === amount)
        expect(o.amount * o.count).toBeGreaterThanOrEqual(o.total)
        expect(o.amount * o.count - o.total).toBeLessThan(o.count)
      }
    }
  })
})
