import type { ReservationStatus } from '../orders/statuses.js'

/**
 * Every move a reservation (hold, `seat_holds.status`) makes, whoever makes it: seating (a fan's hold, its
 * clock, the box office) and checkout (a payment for it). DESIGN §4.5; spec §4 lists the statuses, not the
 * moves. One table, so a move allowed in one module is allowed in the other; each move says why it exists.
 * - BOOKED: places held for 10 minutes while the fan picks and reviews (issue 5).
 * - ACTIVE: a held reservation the fan is checking out with a cart built (issue 6).
 * - STARTED_PAYMENT → WAITING_FOR_PAYMENT (a voucher or transfer is pending) → FINISHED, or a failure.
 * - BOOKED_FOREVER: places kept with no clock (an operator's protocol seats; a paguitos plan's deposit).
 * Terminal: FINISHED, FINISHED_WITH_FAILURE, EXPIRED, CANCELLED, CANCELLED_DUE_TO_PAYMENT_FAILURE.
 */
const TRANSITIONS: Readonly<Record<ReservationStatus, readonly ReservationStatus[]>> = {
  BOOKED: [
    'ACTIVE', // a cart is built on it
    'STARTED_PAYMENT', // an order is placed for it
    'EXPIRED', // its clock ran out (the sweeper; EXPIRES_BY_CLOCK)
    'CANCELLED', // the fan gave every place back, chose again (replace), or its event was cancelled
    'FINISHED', // checkout: a payment given up on (declined, then approved after all) while it kept its places
  ],
  ACTIVE: ['BOOKED', 'STARTED_PAYMENT', 'EXPIRED', 'CANCELLED', 'FINISHED'], // as BOOKED; → BOOKED: cart left
  STARTED_PAYMENT: [
    'WAITING_FOR_PAYMENT', // checkout: a voucher, a transfer, a hosted page or a card under review
    'FINISHED', // checkout: paid at once
    'FINISHED_WITH_FAILURE', // checkout: paid, but its places were gone (refunded); or its event cancelled
    'CANCELLED_DUE_TO_PAYMENT_FAILURE', // checkout: declined after the hold's own clock ran out
    'EXPIRED', // checkout: the payment's time ran out
    'BOOKED', // checkout: a declined card gives the hold back for a retry until its own expiry (issue 6)
    'BOOKED_FOREVER', // checkout: a paguitos deposit paid; its places are sold to the plan (issue 16 part 2)
  ],
  WAITING_FOR_PAYMENT: [
    'FINISHED',
    'FINISHED_WITH_FAILURE',
    'CANCELLED_DUE_TO_PAYMENT_FAILURE',
    'EXPIRED',
    'BOOKED', // checkout: a card whose outcome was unknown turned out declined while the hold's clock ran
    'BOOKED_FOREVER', // checkout: a paguitos deposit paid by voucher or transfer
  ],
  BOOKED_FOREVER: [
    'CANCELLED', // the operator let the places go; a paguitos plan lapsed
    'FINISHED', // checkout: a paguitos plan's last payment
  ],
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

/** A reservation is made BOOKED (`hold_places`); every other status is reached by a move of the table. */
export const RESERVATION_INITIAL_STATUSES = ['BOOKED'] as const satisfies readonly ReservationStatus[]

/**
 * Holds the clock ends (the sweeper marks them EXPIRED): the editable ones. A hold whose payment started
 * ends with its payment instead (checkout's phases), never by the hold's own clock.
 */
export const EXPIRES_BY_CLOCK: readonly ReservationStatus[] = EDITABLE_STATUSES

/**
 * A status change checked against the table: the move, or an Error naming it (only a bug can ask for an
 * illegal one; the services check what a person can cause first and answer with a DomainError). `of` names
 * the reservation in the message.
 */
export function assertReservationMove(from: ReservationStatus, to: ReservationStatus, of?: string): void {
  if (!canTransition(from, to))
    throw new Error(`Illegal reservation move ${from} → ${to}${of ? ` (hold ${of})` : ''}`)
}
