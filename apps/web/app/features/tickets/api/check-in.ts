import type { CheckInBody, CheckInByDocumentBody, CheckInResponse } from '@palco/domain/tickets/contract'
import { apiRequest } from '../../../lib/api-client'

/** POST /api/checkin (operators). */
export const checkInTicket = (body: CheckInBody) =>
  apiRequest<CheckInResponse>('/api/checkin', { method: 'POST', body })

/** POST /api/checkin/identification (operators): a holder admitted by their identity document. */
export const checkInByDocument = (body: CheckInByDocumentBody) =>
  apiRequest<CheckInResponse>('/api/checkin/identification', { method: 'POST', body })
