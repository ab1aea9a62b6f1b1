import { z } from 'zod'
import { EVENT_STATUSES } from './vocabulary.js'

/**
 * Cancelling an event (issue 16 part 5): the admin says why; the reason is kept with the event and quoted in
 * the fans' e-mail, so it must read as a sentence, not a code.
 */
export const CANCELLATION_REASON_MIN = 5
export const CANCELLATION_REASON_MAX = 500

export const cancelEventBodySchema = /* @__PURE__ */ z.object({
  reason: z.string().trim().min(CANCELLATION_REASON_MIN).max(CANCELLATION_REASON_MAX),
})
export type CancelEventBody = z.infer<typeof cancelEventBodySchema>

/**
 * What one cancellation did. A second call finds the event already cancelled: `alreadyCancelled` is true and
 * every count is 0 (the first call settled everything, and nothing can be sold since).
 */
export const eventCancellationResultSchema = /* @__PURE__ */ z.object({
  eventId: z.uuid(),
  status: z.enum(EVENT_STATUSES),
  cancelledAt: z.iso.datetime(),
  reason: z.string(),
  alreadyCancelled: z.boolean(),
  /** Paid orders (counter sales too) whose tickets were revoked and whose money goes back. */
  refundedOrders: z.int(),
  /** Open paguitos plans closed, every installment paid (the deposit too) going back. */
  refundedPlans: z.int(),
  /** Orders still waiting for a payment (voucher, transfer, card under review), cancelled. */
  cancelledOrders: z.int(),
  /** Reservations released (fans holding seats, nothing paid yet). */
  releasedHolds: z.int(),
  /** Payments asked back from a provider or credited to a wallet. */
  refunds: z.int(),
})
export type EventCancellationResult = z.infer<typeof eventCancellationResultSchema>

/** The back office's list of a country's events (issue 16 part 5: where an event is cancelled from). */
export const adminEventListSchema = /* @__PURE__ */ z.object({
  events: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      slug: z.string(),
      startsAt: z.iso.datetime(),
      timeZone: z.string(),
      venueName: z.string(),
      status: z.enum(EVENT_STATUSES),
      cancelledAt: z.iso.datetime().nullable(),
    }),
  ),
})
export type AdminEventList = z.infer<typeof adminEventListSchema>
export type AdminEventRow = AdminEventList['events'][number]

/** Only a published or disabled event can be cancelled (event-lifecycle.ts); the page offers it only then. */
export const CANCELLABLE_EVENT_STATUSES = ['PUBLISHED', 'DISABLED'] as const
export const isEventCancellable = (status: string) =>
  (CANCELLABLE_EVENT_STATUSES as readonly string[]).includes(status)

/**
 * How far a cancelled event's refunds have come (issue 42 part 3): they are made by a job in batches after
 * the cancellation answers, so the back office shows `refunded` of `total` until they meet. A refund a
 * provider does not answer, or one waiting at the box office for a buyer with no account, keeps it short.
 */
export const eventRefundProgressSchema = /* @__PURE__ */ z.object({
  eventId: z.uuid(),
  total: z.int().min(0),
  refunded: z.int().min(0),
})
export type EventRefundProgress = z.infer<typeof eventRefundProgressSchema>
