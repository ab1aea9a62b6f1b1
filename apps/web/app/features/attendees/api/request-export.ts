import type { AttendeeExportFormat, AttendeeExportView } from '@palco/domain/reports/attendees'
import { apiRequest } from '../../../lib/api-client'

/** `POST /api/admin/events/:id/attendee-exports`: a job writes the file (or the one underway is answered). */
export const requestAttendeeExport = (eventId: string, format: AttendeeExportFormat) =>
  apiRequest<AttendeeExportView>(`/api/admin/events/${encodeURIComponent(eventId)}/attendee-exports`, {
    method: 'POST',
    body: { format },
  })
