import { DomainError } from '@palco/domain/errors/domain-error'
import type { ReservationStatus } from '@palco/domain/orders/statuses'
import type { Db } from '../../db/dialect.js'
import { findHoldRow } from './seat-sales.repository.js'

// The fan's reservation as the cart, the checkout and the participant forms see it.

/** The fan's own hold, or 404 (DESIGN §9: another fan's hold is simply not found). */
export async function ownHoldRow(db: Db, holdId: string, userId: string) {
  const hold = await findHoldRow(db, holdId)
  if (!hold || hold.user_id !== userId)
    throw new DomainError('NOT_FOUND', { message: 'No such reservation.' })
  return hold
}

/** A hold being paid keeps its cart past its clock (the payment has its own). */
export const PAYING: readonly string[] = ['STARTED_PAYMENT', 'WAITING_FOR_PAYMENT']

/** A cart exists for a live hold (or one being paid); a lapsed one is HOLD_EXPIRED, a sold one not payable. */
export function assertCartable(hold: { status: string; expires_at: Date }, now: Date) {
  const status = hold.status as ReservationStatus
  if (PAYING.includes(status)) return
  if (status === 'FINISHED' || status === 'BOOKED_FOREVER') throw new DomainError('ORDER_NOT_PAYABLE')
  if (status !== 'BOOKED' && status !== 'ACTIVE') throw new DomainError('HOLD_EXPIRED')
  if (new Date(hold.expires_at).getTime() <= now.getTime()) throw new DomainError('HOLD_EXPIRED')
}
