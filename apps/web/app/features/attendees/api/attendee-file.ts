import type { AttendeeExportFormat } from '@palco/domain/reports/attendees'

/**
 * `GET /api/admin/events/:id/attendees.csv|.xlsx`: the whole list as a file, streamed, for an event of at most
 * `directExportMax` tickets. A plain link: the browser downloads it.
 */
export const attendeeFilePath = (eventId: string, format: AttendeeExportFormat) =>
  `/api/admin/events/${encodeURIComponent(eventId)}/attendees.${format}`
