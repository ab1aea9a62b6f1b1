import { isLiveReservation } from '@palco/domain/seating/live-reservation'
import type { LiveReservation } from '@palco/domain/seating/reservation-contract'
import { apiRequest } from '../../../lib/api-client'

/** The id of the fan's live hold for an event (the seating API's `GET /api/reservations?eventId=`), or null. */
export async function getLiveHoldId(eventId: string, signal?: AbortSignal): Promise<string | null> {
  const res = await apiRequest<LiveReservation>(
    `/api/reservations?eventId=${encodeURIComponent(eventId)}`,
    signal ? { signal } : {},
  )
  const r = res.reservation
  return r && isLiveReservation(r) ? r.id : null
}
