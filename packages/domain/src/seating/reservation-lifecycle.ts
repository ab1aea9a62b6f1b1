import type { ReservationStatus } from '../orders/statuses.js'

/**
 * Allowed reservation (hold) changes (DESIGN §4.5; spec §4 lists the statuses, not the moves):
 * - BOOKED: seats held for 10 minutes while the fan picks and reviews (issue 5).
 * - ACTIVE: a held reservation the fan is checking out with a cart built (issue 6 moves it on).
 * - STARTED_PAYMENT → WAITING_FOR_PAYMENT (a voucher or transfer is pending) → FINISHED, or a failure.
 * - BOOKED_FOREVER: seats an operator keeps off sale with no expiry (box office, protocol).
 * Terminal: FINISHED, FINISHED_WITH_FAILURE, EXPIRED, CANCELLED, CANCELLED_DUE_TO_PAYMENT_FAILURE.
 */
const TRANSITIONS: Readonly<Record<ReservationStatus, readonly ReservationStatus[]>> = {
  BOOKED: ['ACTIVE', 'STARTED_PAYMENT', 'EXPIRED', 'CANCELLED'],
  ACTIVE: ['BOOKED', 'STARTED_PAYMENT', 'EXPIRED', 'CANCELLED'],
  STARTED_PAYMENT: [
    'WAITING_FOR_PAYMENT',
    'FINISHED',
    'FINISHED_WITH_FAILURE',
    'CANCELLED_DUE_TO_PAYMENT_FAILURE',
    'EXPIRED',
  ],
  WAITING_FOR_PAYMENT: ['FINISHED', 'FINISHED_WITH_FAILURE', 'CANCELLED_DUE_TO_PAYMENT_FAILURE', 'EXPIRED'],
  BOOKED_FOREVER: ['CANCELLED'],
  FINISHED: [],
  FINISHED_WITH_FAILURE: [],
  EXPIRED: [],
  CANCELLED: [],
  CANCELLED_DUE_TO_PAYMENT_FAILURE: [],
}

export const canTransition = (from: ReservationStatus, to: ReservationStatus): boolean =>
  TRANSITIONS[from].includes(to)

export const nextReservationStatuses = (from: ReservationStatus): readonly ReservationStatus[] =>
  TRANSITIONS[from]

/** Statuses whose seats are still held (not free for others); the rest have let go or sold. */
export const HOLDING_STATUSES = [
  'BOOKED',
  'ACTIVE',
  'STARTED_PAYMENT',
  'WAITING_FOR_PAYMENT',
  'BOOKED_FOREVER',
] as const
export const isHolding = (s: ReservationStatus): boolean =>
  (HOLDING_STATUSES as readonly string[]).includes(s)

/** Seats may be added or removed only before payment starts. */
export const EDITABLE_STATUSES = ['BOOKED', 'ACTIVE'] as const satisfies readonly ReservationStatus[]
export const isEditable = (s: ReservationStatus): boolean =>
  (EDITABLE_STATUSES as readonly string[]).includes(s)

/**
 * Holds the clock ends (the sweeper marks them EXPIRED): the editable ones. A hold whose payment started
 * ends with its payment instead (checkout's phases), never by the hold's own clock.
 */
export const EXPIRES_BY_CLOCK: readonly ReservationStatus[] = EDITABLE_STATUSES

/**
 * A status change checked against the table: the move, or an Error naming it (only a bug can ask for an
 * illegal one; the services check what a person can cause first and answer with a DomainError).
 */
export function assertReservationMove(from: ReservationStatus, to: ReservationStatus): void {
  if (!canTransition(from, to)) throw new Error(`Illegal reservation move ${from} → ${to}`)
}
