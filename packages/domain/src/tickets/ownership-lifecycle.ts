import type { OrderStatus } from '../orders/statuses.js'
import type { TicketOwnership } from '../orders/vocabulary.js'

/**
 * How a ticket's ownership may change (DESIGN §4.5; spec §4 lists the states): a ticket the buyer OWNS may be
 * passed on once, and is then RECEIVED by its new holder, who keeps it (a received ticket is not passed on
 * again). TRANSFERRED is how the sender sees a ticket that left them; no row is ever written in it.
 */
const TRANSITIONS: Readonly<Record<TicketOwnership, readonly TicketOwnership[]>> = {
  OWNED: ['RECEIVED'],
  RECEIVED: [],
  TRANSFERRED: [],
}

export const canOwnershipMove = (from: TicketOwnership, to: TicketOwnership): boolean =>
  TRANSITIONS[from].includes(to)

/** The ownerships from which a transfer may take a ticket (the rows the transfer's UPDATE accepts). */
export const TRANSFERABLE_OWNERSHIPS: readonly TicketOwnership[] = (
  Object.keys(TRANSITIONS) as TicketOwnership[]
).filter((from) => canOwnershipMove(from, 'RECEIVED'))

/** A ticket's own status (the order status it was issued with): these are tickets someone holds and lists. */
export const ISSUED_TICKET_STATUSES = ['PAID', 'TRANSFERRED'] as const satisfies readonly OrderStatus[]
