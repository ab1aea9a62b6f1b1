import type { AttendeeExportView } from '@palco/domain/reports/attendees'
import { apiRequest } from '../../../lib/api-client'

/** `GET /api/admin/attendee-exports/:id`: how far the job is and, once ready, a link good for an hour. */
export const getAttendeeExport = (exportId: string, signal?: AbortSignal) =>
  apiRequest<AttendeeExportView>(
    `/api/admin/attendee-exports/${encodeURIComponent(exportId)}`,
    signal ? { signal } : {},
  )
