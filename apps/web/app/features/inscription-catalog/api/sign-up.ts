import type { Reservation } from '@palco/domain/seating/reservation-contract'
import { apiRequest } from '../../../lib/api-client'

/**
 * Holds a category's places for a sign-up (seating API, `POST /api/reservations` with the category's
 * section and a quantity). Unless the fan asked to add them, the places replace the fan's unfinished
 * sign-up of the event on the server, in one transaction: coming back and choosing again never piles up.
 */
export const holdSignUp = (eventId: string, zoneId: string, participants: number, add: boolean) =>
  apiRequest<Reservation>('/api/reservations', {
    method: 'POST',
    body: { eventId, section: zoneId, quantity: participants, replace: !add },
  })
