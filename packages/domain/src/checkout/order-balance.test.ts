import { describe, expect, it } from 'vitest'
import { canRequestPayment, orderBalance } from './order-balance.js'

describe('orderBalance', () => {
  it('is paid when the settled payments reach the total, whatever came last', () => {
    // A wallet part settled at once, then the card part declined and a second card approved.
    const b = orderBalance(100_000, [
      { amount: 30_000, status: 'PAID' },
      { amount: 70_000, status: 'REJECTED' },
      { amount: 70_000, status: 'PAID' },
    ])
    expect(b).toEqual({ settled: 100_000, inFlight: 0, unrequested: 0, outstanding: 0, fullyPaid: true })
  })

  it('is not paid by a deposit alone, and counts the balance in flight separately', () => {
    const deposit = orderBalance(100_000, [{ amount: 20_000, status: 'PAID' }])
    expect(deposit).toMatchObject({
      settled: 20_000,
      outstanding: 80_000,
      unrequested: 80_000,
      fullyPaid: false,
    })
    const asked = orderBalance(100_000, [
      { amount: 20_000, status: 'PAID' },
      { amount: 80_000, status: 'PENDING' },
    ])
    expect(asked).toMatchObject({ inFlight: 80_000, unrequested: 0, outstanding: 80_000, fullyPaid: false })
  })

  it('stops counting a payment that was refunded', () => {
    const b = orderBalance(50_000, [{ amount: 50_000, status: 'REFUNDED' }])
    expect(b).toMatchObject({ settled: 0, outstanding: 50_000, fullyPaid: false })
  })

  it('treats a free order as paid with no payment at all', () => {
    expect(orderBalance(0, []).fullyPaid).toBe(true)
  })

  it('never lets the payments asked for pass the total, for any sequence of parts', () => {
    let seed = 7
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    const statuses = ['CREATED', 'PENDING', 'PAID', 'REJECTED', 'CANCELLED', 'REFUNDED'] as const
    for (let run = 0; run < 500; run++) {
      const total = next() % 1_000_000
      const parts: { amount: number; status: (typeof statuses)[number] }[] = []
      for (let i = 0; i < 8; i++) {
        const amount = (next() % 400_000) + 1
        if (canRequestPayment(total, parts, amount))
          parts.push({ amount, status: statuses[next() % 6] ?? 'PAID' })
      }
      const b = orderBalance(total, parts)
      expect(b.settled + b.inFlight).toBeLessThanOrEqual(total)
      expect(b.outstanding).toBe(total - b.settled)
    }
  })

  it('refuses a payment of nothing, a fraction, or more than is left to ask for', () => {
    const parts = [{ amount: 60_000, status: 'PAID' as const }]
    expect(canRequestPayment(100_000, parts, 40_000)).toBe(true)
    expect(canRequestPayment(100_000, parts, 40_001)).toBe(false)
    expect(canRequestPayment(100_000, parts, 0)).toBe(false)
    expect(canRequestPayment(100_000, parts, 10.5)).toBe(false)
  })
})
