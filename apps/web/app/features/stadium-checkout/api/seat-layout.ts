import type { SeatLayout } from '@palco/domain/seating/seat-layout-contract'
import { apiRequest } from '../../../lib/api-client'

/** The layout the map draws and the zone of each section, in the domain's seat map contract (issue 14). */
export const getSeatLayout = (eventId: string, signal?: AbortSignal) =>
  apiRequest<SeatLayout>(
    `/api/event/seat-layout?eventId=${encodeURIComponent(eventId)}`,
    signal ? { signal } : {},
  )
