import { apiRequest } from '../../../lib/api-client'

export const getBestAvailable = (eventId: string, quantity: number, section?: string) =>
  apiRequest<{ section: string; row: string; seats: string[] }>('/api/seats/best-available', {
    method: 'POST',
    body: { eventId, quantity, ...(section ? { section } : {}) },
  })
