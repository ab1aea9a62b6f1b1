/**
 * How a place of an event (`event_seats.status`) may change (DESIGN §4.5 and §5). A place is made from the
 * layout AVAILABLE or BLOCKED (blocked seats, disabled sections, sections no price zone sells); a hold takes
 * it, a payment sells it, and a release, the clock or a voided sale gives it back. These are the statuses of
 * the place itself; what a map shows a fan (seat-states.ts) is derived from them and from whose hold it is.
 */
export const SEAT_STATUSES = ['AVAILABLE', 'HELD', 'SOLD', 'BLOCKED'] as const
export type SeatStatus = (typeof SEAT_STATUSES)[number]

const TRANSITIONS: Readonly<Record<SeatStatus, readonly SeatStatus[]>> = {
  AVAILABLE: [
    'HELD', // a hold takes it (`hold_places`)
    'SOLD', // a late payment whose hold lapsed, for a place nobody took meanwhile (seat-sales sellPlaces)
  ],
  HELD: [
    // A place whose hold lapsed goes to the next hold that asks, sweeper or not (expiry by time alone,
    // DESIGN §5): it stays HELD and changes hold. A live hold's place never changes hold.
    'HELD',
    'AVAILABLE', // given back: the fan releases it, checkout ends its reservation, the sweeper tidies a lapsed one
    'SOLD', // its order is paid
  ],
  SOLD: [
    'AVAILABLE', // a voided counter sale or a refund puts it back on sale
  ],
  // Never for sale on this event: only the layout (a new version, new places) changes that.
  BLOCKED: [],
}

/** What a place is made as when an event's places are materialised from its layout. */
export const SEAT_INITIAL_STATUSES = ['AVAILABLE', 'BLOCKED'] as const satisfies readonly SeatStatus[]

export const canSeatTransition = (from: SeatStatus, to: SeatStatus): boolean => TRANSITIONS[from].includes(to)

export const nextSeatStatuses = (from: SeatStatus): readonly SeatStatus[] => TRANSITIONS[from]

/**
 * A seat statement names the statuses it moves places from (its `where status …`) and the one it moves them
 * to; each pair must be in the table. Checked before the statement runs: an illegal one is a bug, and throws.
 */
export function assertSeatMove(from: readonly SeatStatus[], to: SeatStatus): void {
  const illegal = from.filter((f) => !canSeatTransition(f, to))
  if (from.length === 0 || illegal.length > 0)
    throw new Error(`Illegal seat move ${from.join('/') || '(nothing)'} → ${to}`)
}

/** A place is made AVAILABLE or BLOCKED, never held or sold. */
export function assertSeatStart(status: string): asserts status is SeatStatus {
  if (!(SEAT_INITIAL_STATUSES as readonly string[]).includes(status))
    throw new Error(`A place is not made ${status}`)
}
