import type { EventDashboard } from '@palco/domain/reports/sales-dashboard'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/admin/events/:id/dashboard` (issue 43 part 6): the event's sales, occupancy and check-ins. */
export const getEventDashboard = (api: ServerContext['api'], eventId: string) =>
  api<EventDashboard>(`/api/admin/events/${encodeURIComponent(eventId)}/dashboard`)
