import type { SeatLayout } from '@palco/domain/seating/seat-layout-contract'
import { apiRequest } from '../../../lib/api-client'

export const seatLayoutPath = (eventId: string) =>
  `/api/event/seat-layout?eventId=${encodeURIComponent(eventId)}`

/** The layout the map draws and the zone of each section, in the domain's seat map contract (issue 14). */
export const getSeatLayout = (eventId: string, signal?: AbortSignal) =>
  apiRequest<SeatLayout>(seatLayoutPath(eventId), signal ? { signal } : {})
