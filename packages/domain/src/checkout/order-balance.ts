import type { PaymentRecordStatus } from '../orders/statuses.js'

/**
 * What an order has been paid (issue 14 part 2). An order is paid by one or more payments over time — a
 * wallet part and a card part, split tender at the box office, a deposit and installments — so whether it
 * is paid follows from the sum of its settled payments against its total, never from its latest payment.
 */
export interface PaymentPart {
  amount: number
  status: PaymentRecordStatus
}

export interface OrderBalance {
  /** Money that arrived and stays: payments PAID (a refunded one no longer counts). */
  settled: number
  /** Money asked for and not yet answered: payments CREATED or PENDING. */
  inFlight: number
  /** What is still to be asked for: total − settled − in flight, never below zero. */
  unrequested: number
  /** What is still owed: total − settled, never below zero. */
  outstanding: number
  fullyPaid: boolean
}

/** Payments asked for and not yet answered (reconciliation looks at these; pages show them as pending). */
export const UNSETTLED_PAYMENT_STATUSES = [
  'CREATED',
  'PENDING',
] as const satisfies readonly PaymentRecordStatus[]
const IN_FLIGHT: readonly PaymentRecordStatus[] = UNSETTLED_PAYMENT_STATUSES

export function orderBalance(total: number, payments: readonly PaymentPart[]): OrderBalance {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total ${total}`)
  let settled = 0
  let inFlight = 0
  for (const p of payments) {
    if (p.status === 'PAID') settled += p.amount
    else if (IN_FLIGHT.includes(p.status)) inFlight += p.amount
  }
  return {
    settled,
    inFlight,
    unrequested: Math.max(0, total - settled - inFlight),
    outstanding: Math.max(0, total - settled),
    fullyPaid: settled >= total,
  }
}

/**
 * Whether one more payment of `amount` may be asked for: something is owed and nothing would be asked
 * twice (the sum of settled and in-flight payments never passes the total, so an order is never overpaid).
 */
export function canRequestPayment(total: number, payments: readonly PaymentPart[], amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0 && amount <= orderBalance(total, payments).unrequested
}
