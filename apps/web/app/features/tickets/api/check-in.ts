import type { CheckInBody, CheckInResponse } from '@palco/domain/tickets/contract'
import { apiRequest } from '../../../lib/api-client'

/** POST /api/checkin (operators). */
export const checkInTicket = (body: CheckInBody) =>
  apiRequest<CheckInResponse>('/api/checkin', { method: 'POST', body })
