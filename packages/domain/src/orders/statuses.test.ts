import { describe, expect, it } from 'vitest'
import {
  CHECKOUT_RESULTS,
  isOrderFailure,
  isStartedTransferPayment,
  ORDER_STATUSES,
  PURCHASE_STATUSES,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from './statuses.js'
import type { PaymentMethod } from './vocabulary.js'

describe('order failure (spec §4: CANCELLED or FINISHED_WITH_FAILURE)', () => {
  it.each<[ReservationStatus, boolean]>([
    ['CANCELLED', true],
    ['FINISHED_WITH_FAILURE', true],
    ['CANCELLED_DUE_TO_PAYMENT_FAILURE', false],
    ['EXPIRED', false],
    ['FINISHED', false],
    ['BOOKED', false],
    ['ACTIVE', false],
    ['STARTED_PAYMENT', false],
    ['WAITING_FOR_PAYMENT', false],
    ['BOOKED_FOREVER', false],
  ])('%s → %s', (status, expected) => {
    expect(isOrderFailure(status)).toBe(expected)
  })

  it('covers every reservation status in the table above', () => {
    expect(RESERVATION_STATUSES).toHaveLength(10)
  })
})

describe('started transfer (spec §4)', () => {
  it.each<[ReservationStatus, PaymentMethod, boolean]>([
    ['STARTED_PAYMENT', 'TRANSFER', true],
    ['STARTED_PAYMENT', 'CARD', false],
    ['STARTED_PAYMENT', 'PROCESSING_TRANSFER', false],
    ['WAITING_FOR_PAYMENT', 'TRANSFER', false],
  ])('%s with %s → %s', (status, method, expected) => {
    expect(isStartedTransferPayment(status, method)).toBe(expected)
  })
})

describe('status sets (spec §4)', () => {
  it.each([
    ['checkout results', CHECKOUT_RESULTS, 8],
    ['order/ticket statuses', ORDER_STATUSES, 8],
    ['purchase statuses', PURCHASE_STATUSES, 7],
  ] as const)('%s have %i values', (_name, values, count) => {
    expect(new Set(values).size).toBe(count)
  })
})
