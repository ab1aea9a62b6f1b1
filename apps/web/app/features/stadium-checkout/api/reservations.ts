import { apiRequest } from '../../../lib/api-client'

export interface ReservationSeat {
  key: string
  section: string
  row: string
  seat: number
  zoneId: string | null
  zoneName: string | null
  price: number
}

export interface Reservation {
  id: string
  eventId: string
  status: string
  createdAt: string
  expiresAt: string
  seats: ReservationSeat[]
  total: number
}

export const getLiveReservation = (eventId: string) =>
  apiRequest<{ reservation: Reservation | null }>(`/api/reservations?eventId=${encodeURIComponent(eventId)}`)

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
