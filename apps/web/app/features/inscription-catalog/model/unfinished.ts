import { isLiveReservation } from '@palco/domain/seating/live-reservation'
import type { Reservation } from '@palco/domain/seating/reservation-contract'

/** A held sign-up not paid yet, as the detail page tells the fan: each category and how many places. */
export interface UnfinishedSignUp {
  id: string
  expiresAt: string
  categories: { name: string; count: number }[]
  count: number
}

/** The fan's live hold of the event as an unfinished sign-up, or null when it holds nothing. */
export function unfinishedOf(reservation: Reservation | null): UnfinishedSignUp | null {
  if (!reservation || reservation.seats.length === 0) return null
  if (!isLiveReservation(reservation)) return null
  const counts = new Map<string, number>()
  for (const seat of reservation.seats) {
    const name = seat.zoneName ?? ''
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  return {
    id: reservation.id,
    expiresAt: reservation.expiresAt,
    categories: [...counts].map(([name, count]) => ({ name, count })),
    count: reservation.seats.length,
  }
}
