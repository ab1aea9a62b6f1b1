import { apiRequest } from '../../../lib/api-client'

/** The fan's live hold for an event (the seating API's `GET /api/reservations?eventId=`), or null. */
export async function getLiveHoldId(eventId: string, signal?: AbortSignal): Promise<string | null> {
  const res = await apiRequest<{ reservation: { id: string; status: string } | null }>(
    `/api/reservations?eventId=${encodeURIComponent(eventId)}`,
    signal ? { signal } : {},
  )
  const r = res.reservation
  return r && r.status !== 'EXPIRED' && r.status !== 'CANCELLED' && r.status !== 'FINISHED' ? r.id : null
}
