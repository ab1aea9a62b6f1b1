import { describe, expect, it } from 'vitest'
import {
  allocate,
  discountOf,
  feeOf,
  lowerTotal,
  NO_FEE,
  type PricedSeat,
  priceCart,
  splitPayment,
} from './pricing.js'

const seat = (key: string, unitPrice: number, zoneId: string | null = 'z1'): PricedSeat => ({
  key,
  zoneId,
  zoneName: 'Zona',
  section: 'S',
  row: 'A',
  seat: 1,
  unitPrice,
})

describe('pricing', () => {
  it.each([
    [10_000, { percentBps: 800, fixedPerTicket: 0 }, 800],
    [12_345, { percentBps: 800, fixedPerTicket: 0 }, 988], // 987.6 → 988 (half up)
    [12_340, { percentBps: 250, fixedPerTicket: 0 }, 309], // 308.5 → 309
    [10_000, { percentBps: 0, fixedPerTicket: 150 }, 150],
    [10_000, { percentBps: 500, fixedPerTicket: 100 }, 600],
  ])('fee of %i with %j is %i', (price, rule, fee) => expect(feeOf(price, rule)).toBe(fee))

  it.each([
    [10, [1, 1, 1], [4, 3, 3]],
    [100, [1, 3], [25, 75]],
    [7, [0, 0], [0, 0]],
    [0, [5, 5], [0, 0]],
    [5, [3, 3, 3, 3], [2, 1, 1, 1]],
  ])('allocates %i over %j as %j', (total, weights, out) => {
    expect(allocate(total, weights)).toEqual(out)
    if (weights.some((w) => w > 0)) expect(out.reduce((a, b) => a + b, 0)).toBe(total)
  })

  it.each([
    [{ kind: 'PERCENT', percentBps: 1000 } as const, 8_000_000, 800_000],
    [{ kind: 'PERCENT', percentBps: 1500 } as const, 33_333, 4_999], // 4999.95 → down
    [{ kind: 'PERCENT', percentBps: 20_000 } as const, 1000, 1000], // never more than the subtotal
    [{ kind: 'FIXED', amount: 500 } as const, 1000, 500],
    [{ kind: 'FIXED', amount: 5000 } as const, 1000, 1000],
    [{ kind: 'FIXED', amount: 500 } as const, 0, 0],
  ])('discount %j on %i is %i', (rule, subtotal, d) => expect(discountOf(rule, subtotal)).toBe(d))

  it('prices a cart with fees and a scoped discount, to the minor unit', () => {
    const cart = priceCart(
      [seat('a', 8_000_000, 'z1'), seat('b', 8_000_000, 'z1'), seat('c', 3_000_000, 'z2')],
      { percentBps: 800, fixedPerTicket: 0 },
      { rule: { kind: 'PERCENT', percentBps: 1000 }, eligible: (s) => s.zoneId === 'z1' },
    )
    expect(cart.subtotal).toBe(19_000_000)
    expect(cart.fees).toBe(1_520_000)
    expect(cart.discount).toBe(1_600_000)
    expect(cart.total).toBe(19_000_000 + 1_520_000 - 1_600_000)
    expect(cart.lines.map((l) => l.discount)).toEqual([800_000, 800_000, 0])
    expect(cart.lines.reduce((a, l) => a + l.total, 0)).toBe(cart.total)
  })

  it('prices without fees or discount', () => {
    const cart = priceCart([seat('a', 100)], NO_FEE)
    expect(cart).toMatchObject({ subtotal: 100, fees: 0, discount: 0, total: 100 })
  })

  it.each([
    [1000, 'WALLET', 0, { wallet: 1000, provider: 0 }],
    [1000, 'CARD', 300, { wallet: 300, provider: 700 }],
    [1000, 'CARD', 0, { wallet: 0, provider: 1000 }],
    [1000, 'CASH', 1001, null],
    [1000, 'CARD', -1, null],
    [0, 'FREE', 0, { wallet: 0, provider: 0 }],
    [1, 'FREE', 0, null],
  ] as const)('splits %i paid by %s with %i from the wallet', (total, method, wallet, out) => {
    expect(splitPayment(total, method, wallet)).toEqual(out)
  })
})

describe('a total lowered at the counter', () => {
  it('is one more discount shared over the lines, which still add up', () => {
    const listed = priceCart([seat('a', 10_000), seat('b', 20_000)], { percentBps: 1000, fixedPerTicket: 0 })
    expect(listed.total).toBe(33_000)
    const lowered = lowerTotal(listed, 22_001)
    expect(lowered.total).toBe(22_001)
    expect(lowered.discount).toBe(10_999)
    expect(lowered.lines.map((l) => l.total)).toEqual([7_334, 14_667])
    expect(lowered.lines.reduce((sum, l) => sum + l.total, 0)).toBe(22_001)
    expect(lowered.subtotal + lowered.fees - lowered.discount).toBe(22_001)
  })
})
