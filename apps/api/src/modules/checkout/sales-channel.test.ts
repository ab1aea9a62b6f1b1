import { describe, expect, it } from 'vitest'
import { assertChannelTakes, linkHoldEnd, mayPayOrder, partiesOf, salesChannelOf } from './sales-channel.js'

// The sales channel is chosen once from who places the order; these are the rules the flow reads from it.
const fan = { userId: 'fan-1', channel: 'WEB_MOBILE' as const }
const walkIn = { kind: 'WALK_IN' as const, name: 'Ana Ruiz' }
const operator = { userId: 'op-1', sellingFor: walkIn }
const now = new Date('2026-12-01T15:00:00Z')
const ctx = {
  country: 'COL' as const,
  currency: 'COP' as const,
  hostedCheckout: true,
  total: 100_000,
  firstPayment: undefined,
  now,
  eventStartsAt: new Date('2026-12-20T01:00:00Z'),
}
const cash = { kind: 'CASH' as const, amount: 100_000, tendered: 100_000, change: 0, reference: null }
const codeOf = (f: () => void) => {
  try {
    f()
    return null
  } catch (err) {
    return (err as { code?: string }).code
  }
}

describe('sales channel', () => {
  it('is the counter for an operator selling for a buyer or taking a counter payment, else online', () => {
    expect(salesChannelOf(fan).point).toBe('ONLINE')
    expect(salesChannelOf(operator).point).toBe('COUNTER')
    expect(salesChannelOf({ userId: 'op-1', atCounter: true }).point).toBe('COUNTER')
  })

  it('names the buyer and records the seller only at the counter', () => {
    expect(partiesOf(salesChannelOf(fan), fan)).toMatchObject({ user_id: 'fan-1', seller_user_id: null })
    const counter = partiesOf(salesChannelOf(operator), operator)
    expect(counter).toMatchObject({ placed_by: 'op-1', seller_user_id: 'op-1', user_id: null })
  })

  it('takes counter tenders and reservations at the counter only', () => {
    const tender = { method: 'COUNTER' as const, parts: [cash] }
    const kept = { method: 'RESERVATION' as const, until: new Date('2026-12-02T15:00:00Z') }
    expect(codeOf(() => assertChannelTakes(salesChannelOf(fan), tender, ctx))).toBe(
      'PAYMENT_METHOD_UNAVAILABLE',
    )
    expect(codeOf(() => assertChannelTakes(salesChannelOf(fan), kept, ctx))).toBe(
      'PAYMENT_METHOD_UNAVAILABLE',
    )
    expect(codeOf(() => assertChannelTakes(salesChannelOf(operator), tender, ctx))).toBeNull()
    expect(codeOf(() => assertChannelTakes(salesChannelOf(operator), kept, ctx))).toBeNull()
  })

  it('refuses tenders that do not add up and a link where the provider has no hosted page', () => {
    const short = { method: 'COUNTER' as const, parts: [{ ...cash, amount: 90_000, tendered: 90_000 }] }
    expect(codeOf(() => assertChannelTakes(salesChannelOf(operator), short, ctx))).toBe('AMOUNT_MISMATCH')
    const link = { method: 'LINK' as const }
    const noPage = { ...ctx, hostedCheckout: false }
    expect(codeOf(() => assertChannelTakes(salesChannelOf(fan), link, noPage))).toBe(
      'PAYMENT_METHOD_UNAVAILABLE',
    )
  })

  it("keeps a counter's link for its day, an online link on the hold's own clock", () => {
    const link = { method: 'LINK' as const }
    expect(linkHoldEnd(salesChannelOf(fan), link, now, ctx.eventStartsAt)).toBeUndefined()
    expect(linkHoldEnd(salesChannelOf(operator), link, now, ctx.eventStartsAt)?.getTime()).toBeGreaterThan(
      now.getTime(),
    )
  })

  it('lets a counter channel pay any order with tenders, and a fan only their own', () => {
    const order = { placed_by: 'fan-2', user_id: 'fan-2' }
    expect(mayPayOrder(order, fan, 'CARD')).toBe(false)
    expect(mayPayOrder(order, { userId: 'op-1', atCounter: true }, 'COUNTER')).toBe(true)
    expect(mayPayOrder(order, { userId: 'op-1', atCounter: true }, 'CARD')).toBe(false)
  })
})
