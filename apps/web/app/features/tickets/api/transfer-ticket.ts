import type { TransferBody } from '@palco/domain/tickets/contract'
import { apiRequest } from '../../../lib/api-client'

export interface TransferResult {
  ticketId: string
  ownership: 'TRANSFERRED'
  transferredTo: string
  receiverPreRegistered: boolean
}

/** POST /api/tickets/:id/transfer */
export const transferTicket = (ticketId: string, body: TransferBody) =>
  apiRequest<TransferResult>(`/api/tickets/${encodeURIComponent(ticketId)}/transfer`, {
    method: 'POST',
    body,
  })
