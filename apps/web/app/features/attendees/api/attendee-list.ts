import type { AttendeeList } from '@palco/domain/reports/attendees'
import type { ServerContext } from '@palco/domain/web/server-context'
import { attendeesQuery } from '../model/attendee-view'

/** `GET /api/admin/events/:id/attendees` (issue 43 part 4): one page of the event's attendees, searched. */
export const getAttendeeList = (
  api: ServerContext['api'],
  eventId: string,
  query: { q: string; page: number },
) => api<AttendeeList>(`/api/admin/events/${encodeURIComponent(eventId)}/attendees?${attendeesQuery(query)}`)
