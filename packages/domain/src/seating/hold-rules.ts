import { RESERVATION_TIME_LIMIT_MINUTES } from './layout-vocabulary.js'

/**
 * The two rules of a hold (spec §9, DESIGN §5), in one place. They are applied where the places are: in SQL by
 * `hold_places` (migration 0009; its comment points here) and by checkout's count of places a late payment
 * can still take (checkout.repository.ts), and in TypeScript by the availability snapshot
 * (availability-snapshot.ts). A change here is a change to those three.
 */

/** How long a hold keeps its places unless paid for (spec §9 RESERVATION_TIME_LIMIT_MINUTES). */
export const HOLD_MINUTES = RESERVATION_TIME_LIMIT_MINUTES

/** When a hold made at `now` lets its places go. Adding places to a hold does not move it. */
export const holdExpiresAt = (now: Date, minutes = HOLD_MINUTES): Date =>
  new Date(now.getTime() + minutes * 60_000)

/**
 * A hold has lapsed from its expiry instant on (that instant included), so a place is never held longer than
 * the limit; a held place with no expiry is a broken row and counts as lapsed. Times in epoch milliseconds.
 */
export const hasHoldLapsed = (holdExpiresAt: number | null, now: number): boolean =>
  holdExpiresAt === null || holdExpiresAt <= now

/**
 * A place can go to a hold when it is AVAILABLE, or HELD by a hold that has lapsed: expiry is by time alone,
 * whether or not the sweeper has run yet. SOLD and BLOCKED places never can.
 */
export const isPlaceTakeable = (status: string, holdExpiresAt: number | null, now: number): boolean =>
  status === 'AVAILABLE' || (status === 'HELD' && hasHoldLapsed(holdExpiresAt, now))
