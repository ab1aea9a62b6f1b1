import type { LiveReservation, Reservation } from '@palco/domain/seating/reservation-contract'
import { apiRequest } from '../../../lib/api-client'

// The shapes are the domain's reservation contract, the one the API answers with (issue 14).

export const getLiveReservation = (eventId: string) =>
  apiRequest<LiveReservation>(`/api/reservations?eventId=${encodeURIComponent(eventId)}`)

export const holdSeats = (eventId: string, seats: string[]) =>
  apiRequest<Reservation>('/api/reservations', { method: 'POST', body: { eventId, seats } })

export const holdQuantity = (eventId: string, section: string, quantity: number) =>
  apiRequest<Reservation>('/api/reservations', { method: 'POST', body: { eventId, section, quantity } })

export const releaseReservation = (id: string) =>
  apiRequest<Reservation>(`/api/reservations/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const removeFromReservation = (id: string, seats: string[]) =>
  apiRequest<Reservation>(`/api/reservations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { remove: seats },
  })
