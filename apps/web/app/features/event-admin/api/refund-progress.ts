import type { EventRefundProgress } from '@palco/domain/catalog/event-cancellation'
import { apiRequest } from '../../../lib/api-client'

/** How far a cancelled event's refunds have come (issue 42 part 3): a job makes them after the cancellation. */
export const refundProgress = (eventId: string, signal?: AbortSignal) =>
  apiRequest<EventRefundProgress>(`/api/admin/events/${encodeURIComponent(eventId)}/refunds`, {
    ...(signal ? { signal } : {}),
  })
