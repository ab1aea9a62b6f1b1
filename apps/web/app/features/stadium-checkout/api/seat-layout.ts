import type { Layout } from '@palco/domain/seating/layout'
import { apiRequest } from '../../../lib/api-client'

export interface SeatLayoutZone {
  zoneId: string
  name: string
  price: { amount: number; currency: 'COP' | 'MXN' }
  color: string
  perFanMax: number
  numbered: boolean
  zoneType: string
}

export interface SeatLayoutResponse {
  eventId: string
  layoutId: string | null
  layoutVersion: number | null
  layout: Layout | null
  zones: Record<string, SeatLayoutZone>
}

export const seatLayoutPath = (eventId: string) =>
  `/api/event/seat-layout?eventId=${encodeURIComponent(eventId)}`

export const getSeatLayout = (eventId: string, signal?: AbortSignal) =>
  apiRequest<SeatLayoutResponse>(seatLayoutPath(eventId), signal ? { signal } : {})
