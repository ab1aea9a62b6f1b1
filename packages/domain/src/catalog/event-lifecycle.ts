import type { EventStatus } from './vocabulary.js'

/**
 * Allowed event status changes (DESIGN §4.5; the back office's, not in the spec):
 * - DRAFT → PUBLISHED: publishing makes it public and creates its places; DRAFT → DISABLED: shelved unseen.
 * - PUBLISHED → DISABLED: off listings, its page leads to /disabled-event; tickets sold stay valid.
 * - DISABLED → PUBLISHED: back on sale (its places already exist).
 * Nothing returns to DRAFT: once places exist, zones and layout are the inventory.
 */
const TRANSITIONS: Readonly<Record<EventStatus, readonly EventStatus[]>> = {
  DRAFT: ['PUBLISHED', 'DISABLED'],
  PUBLISHED: ['DISABLED'],
  DISABLED: ['PUBLISHED'],
}

export const canEventTransition = (from: EventStatus, to: EventStatus): boolean =>
  TRANSITIONS[from].includes(to)

/** Events on sale and in listings: only a published event sells, lists or takes holds. */
export const SELLING_EVENT_STATUS = 'PUBLISHED' as const satisfies EventStatus

/** Events whose page still opens (a disabled one leads to /disabled-event; its tickets stay valid). */
export const VIEWABLE_EVENT_STATUSES = ['PUBLISHED', 'DISABLED'] as const satisfies readonly EventStatus[]
