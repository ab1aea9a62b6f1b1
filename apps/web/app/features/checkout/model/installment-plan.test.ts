import type { OrderPlan, OrderView } from '@palco/domain/checkout/contract'
import { describe, expect, it } from 'vitest'
import { lineStates, payableParts, planPhase, waitingPaymentOf } from './installment-plan'

// A 100,000 plan: 25,000 deposit, then 37,500 twice.
const lines = (paid: number): OrderPlan['lines'] => {
  let left = paid
  return [
    { seq: 0, dueAt: '2026-01-01T12:00:00.000Z', amount: 25_000 },
    { seq: 1, dueAt: '2026-01-11T12:00:00.000Z', amount: 37_500 },
    { seq: 2, dueAt: '2026-01-21T12:00:00.000Z', amount: 37_500 },
  ].map((l) => {
    const covered = Math.min(left, l.amount)
    left -= covered
    return { ...l, covered, status: covered === l.amount ? 'PAID' : 'PENDING' }
  })
}

type Payment = OrderView['payments'][number]
const pay = (amount: number, status: Payment['status'], method: Payment['method'] = 'CARD'): Payment => ({
  method,
  amount,
  status,
  cardInstallments: null,
})

const orderOf = (payments: Payment[]) => {
  const paid = payments.filter((p) => p.status === 'PAID').reduce((s, p) => s + p.amount, 0)
  const plan: OrderPlan = {
    lines: lines(paid),
    next: null,
    standing: 'CURRENT',
    cancelled: false,
    autoCharge: null,
  }
  return { total: 100_000, paid, payments, plan }
}

describe('payableParts', () => {
  it.each([
    ['deposit paid', [pay(25_000, 'PAID')], { seq: 1, amount: 37_500 }, 75_000],
    // A voucher out for the next one: "next" is the one after it, as the server counts it.
    [
      'a voucher out for payment 1',
      [pay(25_000, 'PAID'), pay(37_500, 'PENDING', 'CASH')],
      { seq: 2, amount: 37_500 },
      37_500,
    ],
    // A voucher that lapsed (cancelled) asks for nothing any more.
    [
      'a lapsed voucher',
      [pay(25_000, 'PAID'), pay(37_500, 'CANCELLED', 'CASH')],
      { seq: 1, amount: 37_500 },
      75_000,
    ],
    // A payment that did not match an installment leaves the rest of it to pay.
    [
      'part of payment 1 covered',
      [pay(25_000, 'PAID'), pay(10_000, 'PAID', 'WALLET')],
      { seq: 1, amount: 27_500 },
      65_000,
    ],
    [
      'a wallet payment under way and one settled',
      [pay(25_000, 'PAID'), pay(37_500, 'PAID'), pay(37_500, 'CREATED')],
      null,
      0,
    ],
  ])('%s', (_what, payments, next, balance) => {
    const parts = payableParts(orderOf(payments))
    expect(parts.balance).toBe(balance)
    if (next) expect(parts.next).toMatchObject(next)
    else expect(parts.next).toBeNull()
  })
})

describe('lineStates', () => {
  const now = new Date('2026-01-15T00:00:00Z')
  it('paid, late (its date passed) and owed', () => {
    expect(lineStates(orderOf([pay(25_000, 'PAID')]), now)).toEqual(['PAID', 'OVERDUE', 'PENDING'])
  })
  it('a line a voucher pays is in progress, not late', () => {
    expect(lineStates(orderOf([pay(25_000, 'PAID'), pay(37_500, 'PENDING', 'CASH')]), now)).toEqual([
      'PAID',
      'IN_PROGRESS',
      'PENDING',
    ])
  })
})

describe('planPhase', () => {
  const plan = orderOf([pay(25_000, 'PAID')]).plan
  it.each([
    [{ ...plan, next: { seq: 1, dueAt: '', amount: 1 } }, 'PENDING', 'OPEN'],
    [{ ...plan, next: { seq: 1, dueAt: '', amount: 1 }, standing: 'OVERDUE' }, 'PENDING', 'OVERDUE'],
    [{ ...plan, standing: 'PAID', next: null }, 'PAID', 'PAID'],
    [{ ...plan, cancelled: true }, 'CANCELED', 'CANCELLED'],
    [{ ...plan, standing: 'LAPSED', next: { seq: 1, dueAt: '', amount: 1 } }, 'PENDING', 'CANCELLED'],
  ] as const)('%o, order %s → %s', (p, status, phase) => {
    expect(planPhase({ status, plan: p as OrderPlan })).toBe(phase)
  })
})

describe('waitingPaymentOf', () => {
  const voucher = { network: 'oxxo', reference: 'r', barcode: '1', amount: 1, expiresAt: '' } as const
  it.each([
    [{ paymentStatus: 'PENDING', voucher, transfer: null }, 'VOUCHER'],
    [{ paymentStatus: 'PAID', voucher, transfer: null }, null],
    [{ paymentStatus: 'CREATED', voucher: null, transfer: null }, 'OTHER'],
  ] as const)('%o → %s', (order, waiting) => {
    expect(waitingPaymentOf(order)).toBe(waiting)
  })
})
