import { describe, expect, it } from 'vitest'
import {
  allocate,
  byDayOf,
  contributionOf,
  dashboardChannelOf,
  occupancyOf,
  rollupDeltas,
} from './sales-dashboard.js'

const line = (zoneName: string | null, unitPrice: number, fee = 0, discount = 0) => ({
  zoneName,
  section: 'S',
  unitPrice,
  fee,
  discount,
})

describe('allocate', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [10, [0, 0], [5, 5]],
    [7, [3, 0, 1], [5, 0, 2]],
    [0, [5, 5], [0, 0]],
    [9_007_199_254_740, [1_000_000_007, 3], [9_007_199_227_718, 27_022]],
  ])('splits %d by %j into %j, adding up exactly', (total, weights, parts) => {
    expect(allocate(total, weights)).toEqual(parts)
    expect(allocate(total, weights).reduce((a, b) => a + b, 0)).toBe(total)
  })
})

describe('contributionOf', () => {
  const sale = {
    paid: true,
    total: 10_000_001,
    fees: 1_000_001,
    refunded: 0,
    lines: [
      line('Norte', 3_000_000, 300_000),
      line('Norte', 3_000_000, 300_000),
      line('VIP', 3_400_001, 400_001),
    ],
  }
  it('adds nothing until paid', () => {
    expect(contributionOf({ ...sale, paid: false })).toEqual([])
  })
  it('splits the order over its tiers to the minor unit, the order counted once', () => {
    const parts = contributionOf(sale)
    expect(parts.map((p) => [p.zone, p.tickets, p.orders])).toEqual([
      ['Norte', 2, 1],
      ['VIP', 1, 0],
    ])
    expect(parts.reduce((a, p) => a + p.gross, 0)).toBe(sale.total)
    expect(parts.reduce((a, p) => a + p.fees, 0)).toBe(sale.fees)
  })
  it('a whole refund refunds every ticket and keeps no fee; a part refund keeps the tickets', () => {
    const whole = contributionOf({ ...sale, refunded: sale.total })
    expect(whole.reduce((a, p) => a + p.refunds, 0)).toBe(sale.total)
    expect(whole.reduce((a, p) => a + p.fees, 0)).toBe(0)
    expect(whole.map((p) => p.refundedTickets)).toEqual([2, 1])
    const part = contributionOf({ ...sale, refunded: 2_500_000 })
    expect(part.reduce((a, p) => a + p.refunds, 0)).toBe(2_500_000)
    expect(part.map((p) => p.refundedTickets)).toEqual([0, 0])
    expect(part.reduce((a, p) => a + p.fees, 0)).toBe(Math.floor((1_000_001 * 7_500_001) / 10_000_001))
    // More given back than paid (never expected) counts as the total.
    expect(contributionOf({ ...sale, refunded: sale.total + 5 }).reduce((a, p) => a + p.refunds, 0)).toBe(
      sale.total,
    )
  })
})

describe('rollupDeltas', () => {
  const key = { hour: '2026-11-30T04:00:00Z', channel: 'WEB_MOBILE', method: 'CARD' }
  const paid = contributionOf({ paid: true, total: 100, fees: 10, refunded: 0, lines: [line('Norte', 100)] })
  it('adds the first contribution whole, then only what changed; the same one again adds nothing', () => {
    expect(rollupDeltas(null, { key, parts: paid })).toEqual([{ ...key, ...paid[0] }])
    expect(rollupDeltas({ key, parts: paid }, { key, parts: paid })).toEqual([])
    const refunded = contributionOf({
      paid: true,
      total: 100,
      fees: 10,
      refunded: 100,
      lines: [line('Norte', 100)],
    })
    expect(rollupDeltas({ key, parts: paid }, { key, parts: refunded })).toEqual([
      { ...key, zone: 'Norte', orders: 0, tickets: 0, refundedTickets: 1, gross: 0, fees: -10, refunds: 100 },
    ])
  })
  it('moves a contribution whose key changed', () => {
    const other = { ...key, channel: 'BOX_OFFICE' }
    const d = rollupDeltas({ key, parts: paid }, { key: other, parts: paid })
    expect(d.map((r) => [r.channel, r.gross])).toEqual([
      ['WEB_MOBILE', -100],
      ['BOX_OFFICE', 100],
    ])
  })
})

describe('channels, occupancy and days', () => {
  it('a sale with a seller is the box office', () => {
    expect(dashboardChannelOf({ channel: 'WEB_DESKTOP', sellerUserId: 'x' })).toBe('BOX_OFFICE')
    expect(dashboardChannelOf({ channel: 'APP', sellerUserId: null })).toBe('APP')
  })
  it('adds a section up to its capacity, courtesies out of the sold', () => {
    const o = occupancyOf('NORTE', { SOLD: 10, HELD: 2, BLOCKED: 1, AVAILABLE: 17 }, 3)
    expect(o).toEqual({
      section: 'NORTE',
      capacity: 30,
      sold: 7,
      held: 2,
      courtesy: 3,
      blocked: 1,
      available: 17,
    })
  })
  it('sums hours by the day of the event’s zone', () => {
    const hours = [
      { hour: '2026-11-30T04:00:00Z', n: 1 },
      { hour: '2026-11-30T05:00:00Z', n: 2 },
    ]
    const days = byDayOf(hours, 'America/Bogota', (a, b) => ({ n: (a?.n ?? 0) + b.n }))
    expect(days).toEqual([
      { day: '2026-11-29', n: 1 },
      { day: '2026-11-30', n: 2 },
    ])
  })
})
