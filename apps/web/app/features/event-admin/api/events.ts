import type { EventCancellationResult } from '@palco/domain/catalog/event-cancellation'
import { apiRequest } from '../../../lib/api-client'

/** The back office's events (issue 16 part 5), admins only. */

export const EVENTS_PATH = '/api/admin/events'

export const cancelEvent = (eventId: string, reason: string) =>
  apiRequest<EventCancellationResult>(`/api/admin/events/${encodeURIComponent(eventId)}/cancel`, {
    method: 'POST',
    body: { reason },
  })
