import type { TicketDetail } from '@palco/domain/tickets/contract'
import { apiRequest } from '../../../lib/api-client'

/** GET /api/tickets/:id, re-read in the browser after a transfer. */
export const getTicketDetail = (ticketId: string) =>
  apiRequest<TicketDetail>(`/api/tickets/${encodeURIComponent(ticketId)}`)

/** The printable PDF of one ticket (opened in a new tab; the browser prints or saves it). */
export const ticketPdfUrl = (ticketId: string) => `/api/tickets/${encodeURIComponent(ticketId)}/pdf`
/** The ticket's event in a calendar file, at the venue's local time, with the ticket's place (issue 44). */
export const ticketCalendarUrl = (ticketId: string) =>
  `/api/tickets/${encodeURIComponent(ticketId)}/calendar.ics`
