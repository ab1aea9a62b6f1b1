import type { SeatAvailability } from '@palco/domain/seating/availability'
import { apiRequest } from '../../../lib/api-client'

export const seatsPath = (eventId: string) => `/api/seats?eventId=${encodeURIComponent(eventId)}`

export const getSeats = (eventId: string, signal?: AbortSignal) =>
  apiRequest<SeatAvailability>(seatsPath(eventId), signal ? { signal } : {})
