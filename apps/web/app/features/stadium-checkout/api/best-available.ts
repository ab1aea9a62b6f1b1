import type { BestAvailableProposal } from '@palco/domain/seating/seat-layout-contract'
import { apiRequest } from '../../../lib/api-client'

export const getBestAvailable = (eventId: string, quantity: number, section?: string) =>
  apiRequest<BestAvailableProposal>('/api/seats/best-available', {
    method: 'POST',
    body: { eventId, quantity, ...(section ? { section } : {}) },
  })
