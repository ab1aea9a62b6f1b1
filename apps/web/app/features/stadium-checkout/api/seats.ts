import type { SeatAvailability } from '@palco/domain/seating/availability'
import { apiRequest } from '../../../lib/api-client'

export const getSeats = (eventId: string, signal?: AbortSignal) =>
  apiRequest<SeatAvailability>(`/api/seats?eventId=${encodeURIComponent(eventId)}`, signal ? { signal } : {})
