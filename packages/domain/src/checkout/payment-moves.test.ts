import { describe, expect, it } from 'vitest'
import {
  assertPaymentMove,
  assertPaymentStart,
  assertRefundMove,
  canPaymentMove,
  canRefundMove,
  REFUND_STATES,
  refundStateOf,
} from './lifecycle.js'

describe('payment moves: both status sets at once (DESIGN §4.5)', () => {
  it('lets each set stay or move as its table allows', () => {
    const created = { payment: 'CREATED', transaction: 'PENDING' } as const
    expect(canPaymentMove(created, { payment: 'PAID', transaction: 'COMPLETED' })).toBe(true)
    expect(canPaymentMove(created, created)).toBe(true)
    // Money that arrived for a declined attempt: REJECTED → PAID is in the table, the refund follows.
    expect(
      canPaymentMove(
        { payment: 'REJECTED', transaction: 'DECLINED' },
        { payment: 'PAID', transaction: 'COMPLETED' },
      ),
    ).toBe(true)
    expect(
      canPaymentMove(
        { payment: 'REFUNDED', transaction: 'COMPLETED' },
        { payment: 'PAID', transaction: 'COMPLETED' },
      ),
    ).toBe(false)
    expect(
      canPaymentMove(
        { payment: 'PAID', transaction: 'COMPLETED' },
        { payment: 'PAID', transaction: 'PENDING' },
      ),
    ).toBe(false)
    expect(() =>
      assertPaymentMove(
        { payment: 'REFUNDED', transaction: 'COMPLETED' },
        { payment: 'PAID', transaction: 'COMPLETED' },
      ),
    ).toThrow(/Illegal payment move REFUNDED\/COMPLETED → PAID\/COMPLETED/)
  })

  it('writes a new payment at its start or recorded settled, never refunded', () => {
    expect(() => assertPaymentStart({ payment: 'CREATED', transaction: 'PENDING' })).not.toThrow()
    expect(() => assertPaymentStart({ payment: 'PAID', transaction: 'COMPLETED' })).not.toThrow()
    expect(() => assertPaymentStart({ payment: 'REFUNDED', transaction: 'COMPLETED' })).toThrow()
  })
})

describe('refund of a payment', () => {
  const MOVES = new Set(['NONE→REQUESTED', 'NONE→DONE', 'REQUESTED→DONE', 'NONE→NONE', 'REQUESTED→REQUESTED'])
  it.each(REFUND_STATES.flatMap((from) => REFUND_STATES.map((to) => [from, to] as const)))(
    '%s → %s follows the table',
    (from, to) => {
      expect(canRefundMove(from, to)).toBe(MOVES.has(`${from}→${to}`))
      if (!MOVES.has(`${from}→${to}`)) expect(() => assertRefundMove(from, to)).toThrow(/Illegal refund move/)
    },
  )

  it('reads the empty column as no refund asked for', () => {
    expect(refundStateOf(null)).toBe('NONE')
    expect(refundStateOf('REQUESTED')).toBe('REQUESTED')
  })
})
