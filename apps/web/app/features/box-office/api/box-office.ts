import type {
  BackofficeOperator,
  CollectBody,
  CounterFan,
  CounterInstallmentBody,
  CounterPlan,
  CounterPlanBody,
  CounterSale,
  CounterSaleBody,
  CourtesyQuota,
  CourtesyReason,
  OperatorEvents,
  PayLaterBody,
  RefundableSale,
  ReserveBody,
  ShiftView,
} from '@palco/domain/box-office/contract'
import type { PlaceOrderResult } from '@palco/domain/checkout/contract'
import type { Fan } from '@palco/domain/people/fan'
import { apiRequest } from '../../../lib/api-client'

/** The box office's API (issue 15), for the /assistant pages. */

export const SHIFT_PATH = '/api/assistant/shift'
export const courtesyQuotaPath = (eventId: string) =>
  `/api/assistant/events/${encodeURIComponent(eventId)}/courtesy-quota`

export const salePath = (orderId: string) => `/api/assistant/sales/${encodeURIComponent(orderId)}`

export const getShift = () => apiRequest<{ shift: ShiftView | null }>(SHIFT_PATH)

export const openShift = (openingFloat: number) =>
  apiRequest<ShiftView>(SHIFT_PATH, { method: 'POST', body: { openingFloat } })

export const closeShift = (countedCash: number) =>
  apiRequest<ShiftView>(`${SHIFT_PATH}/close`, { method: 'POST', body: { countedCash } })

export const findFans = (q: string) =>
  apiRequest<{ fans: CounterFan[] }>(`/api/assistant/fans?q=${encodeURIComponent(q)}`)

export interface PreRegistration {
  firstName: string
  lastName: string
  email?: string
  phonePrefix?: string
  phone?: string
}

export const preRegisterFan = (body: PreRegistration) =>
  apiRequest<Fan>('/api/v1/fans', { method: 'POST', body })

export const sellAtCounter = (body: CounterSaleBody) =>
  apiRequest<CounterSale>('/api/assistant/sales', { method: 'POST', body })

/** A sale the buyer pays later by voucher or SPEI; `next` is the fans' page for it. */
export const sellForLater = (body: PayLaterBody) =>
  apiRequest<PlaceOrderResult>('/api/assistant/orders', { method: 'POST', body })

/** Seats kept for the buyer until a deadline, paid later at any counter; answers the receipt. */
export const reserveAtCounter = (body: ReserveBody) =>
  apiRequest<CounterSale>('/api/assistant/reservations', { method: 'POST', body })

/** Takes the money for a reservation in this operator's shift; answers the paid sale. */
export const collectReservation = (orderId: string, body: CollectBody) =>
  apiRequest<CounterSale>(`${salePath(orderId)}/collect`, { method: 'POST', body })

/** What the event's paguitos plan comes to for the operator's reservation (issue 16 at the counter). */
export const planQuotePath = (reservationId: string) =>
  `/api/assistant/plans/quote?reservation=${encodeURIComponent(reservationId)}`

/** A paguitos plan of the country, as the counter reads it before taking a payment. */
export const planPath = (orderId: string) => `/api/assistant/plans/${encodeURIComponent(orderId)}`

/** A paguitos plan of the country by its purchase code. */
export const planByCodePath = (code: string) => `/api/assistant/plans?code=${encodeURIComponent(code)}`

/** Sells the reservation on its event's plan, the deposit taken at the counter; answers the plan and the change. */
export const sellOnPlan = (body: CounterPlanBody) =>
  apiRequest<{ orderId: string; change: number }>('/api/assistant/plans', { method: 'POST', body })

/** Takes a plan's next installment, or its balance, in this operator's shift. */
export const payPlanAtCounter = (orderId: string, body: CounterInstallmentBody) =>
  apiRequest<CounterPlan>(`${planPath(orderId)}/payments`, { method: 'POST', body })

/** One of the operator's sales, or a reservation to collect, by its receipt's code. */
export const findSaleByCode = (code: string) =>
  apiRequest<CounterSale>(`/api/assistant/sales?code=${encodeURIComponent(code)}`)

export const voidSale = (orderId: string) =>
  apiRequest<CounterSale>(`${salePath(orderId)}/void`, { method: 'POST' })

/** Admins add or edit a courtesy reason (the back office, issue 15 part 7). */
export const saveCourtesyReason = (code: string, body: Omit<CourtesyReason, 'code'>) =>
  apiRequest<CourtesyReason>(`/api/backoffice/courtesy-reasons/${encodeURIComponent(code)}`, {
    method: 'PUT',
    body,
  })

/** Admins manage operators (the back office, issue 15 part 7). */
export const grantOperator = (email: string) =>
  apiRequest<BackofficeOperator>('/api/backoffice/operators', { method: 'POST', body: { email } })

export const revokeOperator = (userId: string) =>
  apiRequest<{ revoked: true }>(`/api/backoffice/operators/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  })

/** Replaces the operator's events; none lets them sell every event of the country. */
export const assignOperatorEvents = (userId: string, eventIds: string[]) =>
  apiRequest<OperatorEvents>(`/api/backoffice/operators/${encodeURIComponent(userId)}/events`, {
    method: 'PUT',
    body: { eventIds },
  })

/** Admins find a counter sale by its receipt's code, and refund it once the money went back by hand. */
export const findSaleToRefund = (code: string) =>
  apiRequest<RefundableSale>(`/api/backoffice/box-office/sales?code=${encodeURIComponent(code)}`)

export const refundSale = (orderId: string, reason: string) =>
  apiRequest<RefundableSale>(`/api/backoffice/box-office/sales/${encodeURIComponent(orderId)}/refund`, {
    method: 'POST',
    body: { reason },
  })

export const saveCourtesyQuota = (eventId: string, quota: number) =>
  apiRequest<CourtesyQuota>(`/api/backoffice/events/${encodeURIComponent(eventId)}/courtesy-quota`, {
    method: 'PUT',
    body: { quota },
  })
