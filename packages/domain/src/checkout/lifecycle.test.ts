import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, PAYMENT_RECORD_STATUSES, PURCHASE_STATUSES } from '../orders/statuses.js'
import {
  CHECKOUT_PHASES,
  type CheckoutPhase,
  canCheckoutMoveReservation,
  canEnterPhase,
  canOrderTransition,
  canPaymentTransition,
  canPurchaseTransition,
  canTransactionTransition,
  checkoutStatesOf,
  reservationAfterDecline,
} from './lifecycle.js'

describe('checkout status machines', () => {
  it.each([
    ['PENDING', 'PAID', true],
    ['PENDING', 'PENDING_CASH_PAYMENT', true],
    ['PENDING_CASH_PAYMENT', 'PAID', true],
    ['PROCESSING_TRANSFER', 'EXPIRED', true],
    ['EXPIRED', 'PAID', true],
    ['EXPIRED', 'REFUNDED', true],
    ['PAID', 'CANCELED', false],
    ['PAID', 'PENDING', false],
    ['REFUNDED', 'PAID', false],
    ['PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER', false],
  ] as const)('order %s → %s is %s', (from, to, ok) => expect(canOrderTransition(from, to)).toBe(ok))

  it.each([
    ['STARTED', 'COMPLETED', true],
    ['PENDING_CASH_PAYMENT', 'EXPIRED', true],
    ['COMPLETED', 'DECLINED', false],
    ['EXPIRED', 'DECLINED', true],
  ] as const)('purchase %s → %s is %s', (from, to, ok) => expect(canPurchaseTransition(from, to)).toBe(ok))

  it.each([
    ['CREATED', 'PAID', true],
    ['PENDING', 'REJECTED', true],
    ['PAID', 'REJECTED', false],
    ['PAID', 'REFUNDED', true],
    ['REFUNDED', 'PAID', false],
  ] as const)('payment %s → %s is %s', (from, to, ok) => expect(canPaymentTransition(from, to)).toBe(ok))

  it.each([
    ['PENDING', 'COMPLETED', true],
    ['COMPLETED', 'DECLINED', false],
  ] as const)('transaction %s → %s is %s', (from, to, ok) =>
    expect(canTransactionTransition(from, to)).toBe(ok),
  )

  it('has no self-loops', () => {
    for (const s of ORDER_STATUSES) expect(canOrderTransition(s, s)).toBe(false)
    for (const s of PURCHASE_STATUSES) expect(canPurchaseTransition(s, s)).toBe(false)
    for (const s of PAYMENT_RECORD_STATUSES) expect(canPaymentTransition(s, s)).toBe(false)
  })

  it.each([
    ['BOOKED', 'STARTED_PAYMENT', true],
    ['STARTED_PAYMENT', 'BOOKED', true],
    ['STARTED_PAYMENT', 'WAITING_FOR_PAYMENT', true],
    ['WAITING_FOR_PAYMENT', 'FINISHED', true],
    ['WAITING_FOR_PAYMENT', 'BOOKED', true],
    ['WAITING_FOR_PAYMENT', 'ACTIVE', false],
    ['FINISHED', 'BOOKED', false],
    ['EXPIRED', 'FINISHED', false],
  ] as const)('reservation %s → %s is %s in checkout', (from, to, ok) =>
    expect(canCheckoutMoveReservation(from, to)).toBe(ok),
  )

  // Every phase a payment can reach from STARTED, in the order they happen.
  it.each<[CheckoutPhase[], boolean]>([
    [['STARTED', 'PAID'], true],
    [['STARTED', 'DECLINED'], true],
    [['STARTED', 'PENDING_CASH', 'PAID'], true],
    [['STARTED', 'PENDING_TRANSFER', 'EXPIRED'], true],
    [['STARTED', 'PENDING_CARD', 'PAID'], true],
    [['STARTED', 'PENDING_CASH', 'EXPIRED', 'PAID'], true],
    [['STARTED', 'DECLINED', 'PAID'], true],
    // A hosted page (LINK): paid there, refused there (then paid on a retry of the same page), or left.
    [['STARTED', 'PENDING_HOSTED', 'PAID'], true],
    [['STARTED', 'PENDING_HOSTED', 'DECLINED', 'PAID'], true],
    [['STARTED', 'PENDING_HOSTED', 'EXPIRED'], true],
    [['STARTED', 'PAID', 'PENDING_HOSTED'], false],
    [['STARTED', 'PAID', 'DECLINED'], false],
    [['STARTED', 'PAID', 'EXPIRED'], false],
    [['STARTED', 'PAID', 'PENDING_CASH'], false],
  ])('phases %j can follow each other: %s', (phases, ok) => {
    let current = checkoutStatesOf(phases[0] as CheckoutPhase)
    let allowed = true
    for (const p of phases.slice(1)) {
      if (!canEnterPhase(current, p)) allowed = false
      current = checkoutStatesOf(p)
    }
    expect(allowed).toBe(ok)
  })

  it('a late payment for an expired order can still be refunded', () => {
    const expired = checkoutStatesOf('EXPIRED')
    // The money arrived: payment PAID first, then refunded.
    expect(canEnterPhase({ ...expired, payment: 'PAID', transaction: 'COMPLETED' }, 'REFUNDED')).toBe(true)
  })

  it('defines every phase', () => {
    for (const p of CHECKOUT_PHASES) expect(checkoutStatesOf(p).order).toBeTruthy()
  })

  it.each([
    [60_000, 'BOOKED'],
    [0, 'CANCELLED_DUE_TO_PAYMENT_FAILURE'],
    [-1, 'CANCELLED_DUE_TO_PAYMENT_FAILURE'],
  ] as const)('a decline with %i ms of hold left → %s', (left, status) => {
    const now = new Date('2026-01-01T00:00:00Z')
    expect(reservationAfterDecline(new Date(now.getTime() + left), now)).toBe(status)
  })
})
