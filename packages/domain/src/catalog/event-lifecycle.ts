import type { EventStatus } from './vocabulary.js'

/**
 * Allowed event status changes (DESIGN §4.5; the back office's, not in the spec):
 * - DRAFT → PUBLISHED: publishing makes it public and creates its places; DRAFT → DISABLED: shelved unseen.
 * - PUBLISHED → DISABLED: off listings, its page leads to /disabled-event; tickets sold stay valid.
 * - DISABLED → PUBLISHED: back on sale (its places already exist).
 * - PUBLISHED / DISABLED → CANCELLED (issue 16 part 5): the event will not happen; every order is settled
 *   (paid ones refunded, open ones cancelled) in the same transaction. Terminal: refunds cannot be undone.
 *   A draft sold nothing, so it is disabled rather than cancelled.
 * Nothing returns to DRAFT: once places exist, zones and layout are the inventory.
 */
const TRANSITIONS: Readonly<Record<EventStatus, readonly EventStatus[]>> = {
  DRAFT: ['PUBLISHED', 'DISABLED'],
  PUBLISHED: ['DISABLED', 'CANCELLED'],
  DISABLED: ['PUBLISHED', 'CANCELLED'],
  CANCELLED: [],
}

export const canEventTransition = (from: EventStatus, to: EventStatus): boolean =>
  TRANSITIONS[from].includes(to)

/**
 * The repository's guard: the service answers an illegal move with a translated CONFLICT before asking for
 * it, so an illegal move reaching the write is a bug.
 */
export function assertEventMove(from: EventStatus, to: EventStatus): void {
  if (!canEventTransition(from, to)) throw new Error(`Illegal event move ${from} → ${to}`)
}

/** Every event is created a draft: nothing is public, nothing sells until it is published. */
export const EVENT_INITIAL_STATUSES = ['DRAFT'] as const satisfies readonly EventStatus[]

/** Events on sale and in listings: only a published event sells, lists or takes holds. */
export const SELLING_EVENT_STATUS = 'PUBLISHED' as const satisfies EventStatus

/**
 * Events whose page still opens: a disabled one leads to /disabled-event (its tickets stay valid), a
 * cancelled one to /cancelled-event (its tickets were refunded), so a fan's old link explains itself.
 */
export const VIEWABLE_EVENT_STATUSES = [
  'PUBLISHED',
  'DISABLED',
  'CANCELLED',
] as const satisfies readonly EventStatus[]

/** An event that will not happen: nothing sells, no ticket admits (issue 16 part 5). */
export const CANCELLED_EVENT_STATUS = 'CANCELLED' as const satisfies EventStatus
export const isEventCancelled = (status: string) => status === CANCELLED_EVENT_STATUS
