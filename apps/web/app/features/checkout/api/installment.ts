import type {
  InstallmentQuote,
  PayInstallmentBody,
  PlaceInstallmentBody,
  PlaceOrderResult,
} from '@palco/domain/checkout/contract'
import { apiRequest } from '../../../lib/api-client'
import { orderPath } from './get-order'

/**
 * Paguitos (issue 16): what the event's plan comes to for a reservation, buying on it (the chosen method
 * pays the deposit only), and paying a plan's next installment or its whole balance.
 */

export const installmentQuotePath = (reservationId: string) =>
  `/api/checkout-service/installment?reservation=${encodeURIComponent(reservationId)}`

/** `GET /api/checkout-service/installment?reservation=`: the schedule, or null when not offered. */
export const getInstallmentQuote = (reservationId: string, signal?: AbortSignal) =>
  apiRequest<InstallmentQuote>(installmentQuotePath(reservationId), signal ? { signal } : {})

/**
 * `POST /api/checkout-service/installment`: the place-order body; the method is charged the deposit. With
 * `saveCard` (a card, where the quote says `canSaveCard`) the card is kept to charge each installment when due.
 */
export const placeInstallmentOrder = (body: PlaceInstallmentBody) =>
  apiRequest<PlaceOrderResult>('/api/checkout-service/installment', { method: 'POST', body })

/** `POST /api/checkout/orders/:id/payments`: the next installment (NEXT) or everything left (BALANCE). */
export const payInstallment = (orderId: string, body: PayInstallmentBody) =>
  apiRequest<PlaceOrderResult>(`${orderPath(orderId)}/payments`, { method: 'POST', body })
