import type { AttendeeExportView } from '@palco/domain/reports/attendees'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/admin/events/:id/attendee-exports`: the event's latest exports, newest first. */
export const getEventExports = (api: ServerContext['api'], eventId: string) =>
  api<{ exports: AttendeeExportView[] }>(`/api/admin/events/${encodeURIComponent(eventId)}/attendee-exports`)
