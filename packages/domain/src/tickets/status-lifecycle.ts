import type { OrderStatus } from '../orders/statuses.js'

/**
 * A ticket's own status (DESIGN §4.5): it is written in the spelling of the order status it follows (spec §4),
 * but a ticket takes only these four.
 * - PAID: a valid ticket with a code; the gate admits PAID only.
 * - PENDING: a paguitos ticket (kind DEPOSIT) whose plan is still being paid: shown locked, no code (issue 16
 *   part 6).
 * - REFUNDED: taken back, from a voided counter sale or a cancelled event (issues 15 and 16 part 5).
 * - CANCELED: a locked ticket whose plan lapsed or whose event was cancelled before the plan was paid.
 */
export const TICKET_STATUSES = [
  'PENDING',
  'PAID',
  'REFUNDED',
  'CANCELED',
] as const satisfies readonly OrderStatus[]
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/** A paguitos ticket's status until its plan is paid. */
export const LOCKED_TICKET_STATUS = 'PENDING' as const satisfies TicketStatus

/** What a ticket is issued as: a paid order's tickets PAID, a plan's deposit's tickets locked. */
export const TICKET_INITIAL_STATUSES = ['PAID', 'PENDING'] as const satisfies readonly TicketStatus[]

/**
 * - PENDING → PAID: the plan's last payment unlocks its tickets; → CANCELED: the plan lapsed, or its event was
 *   cancelled (the money goes back with the order).
 * - PAID → REFUNDED: the sale was voided at the counter, or the event cancelled.
 * Nothing comes back: a refunded place may be ticketed again, by a new ticket.
 */
const TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  PENDING: ['PAID', 'CANCELED'],
  PAID: ['REFUNDED'],
  REFUNDED: [],
  CANCELED: [],
}

export const canTicketTransition = (from: TicketStatus, to: TicketStatus): boolean =>
  TRANSITIONS[from].includes(to)

/** A move only a bug can ask for when illegal (the services refuse what a person can cause first). */
export function assertTicketMove(from: TicketStatus, to: TicketStatus): void {
  if (!canTicketTransition(from, to)) throw new Error(`Illegal ticket move ${from} → ${to}`)
}

/** A new ticket's status must be one a ticket is issued in. */
export function assertTicketStart(status: string): asserts status is TicketStatus {
  if (!(TICKET_INITIAL_STATUSES as readonly string[]).includes(status))
    throw new Error(`A ticket is not issued ${status}`)
}
