import { describe, expect, it } from 'vitest'
import {
  ORDER_STATUSES,
  PAYMENT_RECORD_STATUSES,
  PURCHASE_STATUSES,
  RESERVATION_STATUSES,
  TRANSACTION_STATUSES,
} from '../orders/statuses.js'
import {
  assertReservationMove,
  canTransition as canReservationMove,
  EXPIRES_BY_CLOCK,
} from '../seating/reservation-lifecycle.js'
import {
  canCheckoutMoveReservation,
  canOrderTransition,
  canPaymentTransition,
  canPurchaseTransition,
  canTransactionTransition,
} from './lifecycle.js'

/**
 * Every move of every status set, allowed or not (issue 14 part 4): each table is checked pair by pair
 * against the moves written out here, so a move added to or dropped from a table is a failing test, and every
 * illegal move is seen refused.
 */
const allowed = (text: string) => new Set(text.trim().split(/\s+/))
const pairsOf = <S extends string>(statuses: readonly S[]) =>
  statuses.flatMap((from) => statuses.map((to) => [from, to] as const))

const ORDER_MOVES = allowed(`
  PENDING→PAID PENDING→CANCELED PENDING→EXPIRED PENDING→PENDING_CASH_PAYMENT PENDING→PROCESSING_TRANSFER
  PENDING→REFUNDED PENDING_CASH_PAYMENT→PAID PENDING_CASH_PAYMENT→CANCELED PENDING_CASH_PAYMENT→EXPIRED
  PENDING_CASH_PAYMENT→REFUNDED PROCESSING_TRANSFER→PAID PROCESSING_TRANSFER→CANCELED
  PROCESSING_TRANSFER→EXPIRED PROCESSING_TRANSFER→REFUNDED PAID→REFUNDED PAID→TRANSFERRED CANCELED→PAID
  CANCELED→REFUNDED EXPIRED→PAID EXPIRED→REFUNDED PENDING_CASH_PAYMENT→PENDING PROCESSING_TRANSFER→PENDING`)
const PURCHASE_MOVES = allowed(`
  STARTED→COMPLETED STARTED→DECLINED STARTED→EXPIRED STARTED→PENDING STARTED→PENDING_CASH_PAYMENT
  STARTED→PROCESSING_TRANSFER PENDING→COMPLETED PENDING→DECLINED PENDING→EXPIRED
  PENDING_CASH_PAYMENT→COMPLETED PENDING_CASH_PAYMENT→DECLINED PENDING_CASH_PAYMENT→EXPIRED
  PROCESSING_TRANSFER→COMPLETED PROCESSING_TRANSFER→DECLINED PROCESSING_TRANSFER→EXPIRED DECLINED→COMPLETED
  EXPIRED→COMPLETED EXPIRED→DECLINED PENDING_CASH_PAYMENT→PENDING PROCESSING_TRANSFER→PENDING`)
const PAYMENT_MOVES = allowed(`
  CREATED→PENDING CREATED→PAID CREATED→REJECTED CREATED→CANCELLED PENDING→PAID PENDING→REJECTED
  PENDING→CANCELLED PAID→REFUNDED REJECTED→PAID CANCELLED→PAID`)
const TRANSACTION_MOVES = allowed('PENDING→COMPLETED PENDING→DECLINED DECLINED→COMPLETED')
/** Every reservation move, seating's and checkout's, in the one table (seating/reservation-lifecycle.ts). */
const RESERVATION_MOVES = allowed(`
  BOOKED→ACTIVE BOOKED→STARTED_PAYMENT BOOKED→EXPIRED BOOKED→CANCELLED ACTIVE→BOOKED ACTIVE→STARTED_PAYMENT
  ACTIVE→EXPIRED ACTIVE→CANCELLED STARTED_PAYMENT→WAITING_FOR_PAYMENT STARTED_PAYMENT→FINISHED
  STARTED_PAYMENT→FINISHED_WITH_FAILURE STARTED_PAYMENT→CANCELLED_DUE_TO_PAYMENT_FAILURE STARTED_PAYMENT→EXPIRED
  WAITING_FOR_PAYMENT→FINISHED WAITING_FOR_PAYMENT→FINISHED_WITH_FAILURE
  WAITING_FOR_PAYMENT→CANCELLED_DUE_TO_PAYMENT_FAILURE WAITING_FOR_PAYMENT→EXPIRED BOOKED_FOREVER→CANCELLED
  STARTED_PAYMENT→BOOKED WAITING_FOR_PAYMENT→BOOKED BOOKED→FINISHED ACTIVE→FINISHED
  STARTED_PAYMENT→BOOKED_FOREVER WAITING_FOR_PAYMENT→BOOKED_FOREVER BOOKED_FOREVER→FINISHED`)

describe('every move of every status set', () => {
  it.each(pairsOf(ORDER_STATUSES))('order %s → %s', (from, to) => {
    expect(canOrderTransition(from, to)).toBe(ORDER_MOVES.has(`${from}→${to}`))
  })
  it.each(pairsOf(PURCHASE_STATUSES))('purchase %s → %s', (from, to) => {
    expect(canPurchaseTransition(from, to)).toBe(PURCHASE_MOVES.has(`${from}→${to}`))
  })
  it.each(pairsOf(PAYMENT_RECORD_STATUSES))('payment %s → %s', (from, to) => {
    expect(canPaymentTransition(from, to)).toBe(PAYMENT_MOVES.has(`${from}→${to}`))
  })
  it.each(pairsOf(TRANSACTION_STATUSES))('transaction %s → %s', (from, to) => {
    expect(canTransactionTransition(from, to)).toBe(TRANSACTION_MOVES.has(`${from}→${to}`))
  })
  it.each(pairsOf(RESERVATION_STATUSES))('reservation %s → %s', (from, to) => {
    const legal = RESERVATION_MOVES.has(`${from}→${to}`)
    expect(canReservationMove(from, to)).toBe(legal)
    if (legal) expect(() => assertReservationMove(from, to)).not.toThrow()
    else expect(() => assertReservationMove(from, to)).toThrow(/Illegal reservation move/)
  })
  it.each(pairsOf(RESERVATION_STATUSES))('reservation in checkout %s → %s (the same table)', (from, to) => {
    expect(canCheckoutMoveReservation(from, to)).toBe(RESERVATION_MOVES.has(`${from}→${to}`))
  })
  it('lets the clock end only holds whose payment has not started', () => {
    expect([...EXPIRES_BY_CLOCK]).toEqual(['BOOKED', 'ACTIVE'])
    for (const s of EXPIRES_BY_CLOCK) expect(canReservationMove(s, 'EXPIRED')).toBe(true)
  })
})
