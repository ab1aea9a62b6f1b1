import type { Cart } from '@palco/domain/checkout/contract'
import { apiRequest } from '../../../lib/api-client'

export const applyPromo = (reservationId: string, code: string) =>
  apiRequest<Cart>('/api/checkout-service/cart/promo', { method: 'POST', body: { reservationId, code } })
