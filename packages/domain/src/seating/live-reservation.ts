import type { ReservationStatus } from '../orders/statuses.js'
import { isEditable } from './reservation-lifecycle.js'

/**
 * A hold is live while its fan can still change it and go on to pay: BOOKED or ACTIVE, and not past its
 * time, which the API has already turned into EXPIRED (reservation-contract.ts, `status`). The one meaning
 * of "live" for `GET /api/reservations?eventId=` and every page that resumes a hold (issue 14). Kept apart
 * from the contract's schemas so the browser's pages can use it without loading zod.
 */
export const isLiveReservation = (reservation: { status: ReservationStatus }): boolean =>
  isEditable(reservation.status)
