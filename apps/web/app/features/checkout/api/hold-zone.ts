import type { Reservation } from '@palco/domain/seating/reservation-contract'
import { apiRequest } from '../../../lib/api-client'

/**
 * Holds a quantity of a capacity-only zone (an event sold without a seat map): its section code is the
 * zone's id (seating API, `POST /api/reservations` with a section and a quantity).
 */
export const holdZone = (eventId: string, zoneId: string, quantity: number) =>
  apiRequest<Reservation>('/api/reservations', {
    method: 'POST',
    body: { eventId, section: zoneId, quantity },
  })
