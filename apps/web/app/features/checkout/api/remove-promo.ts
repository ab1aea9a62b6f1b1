import type { Cart } from '@palco/domain/checkout/contract'
import { apiRequest } from '../../../lib/api-client'

export const removePromo = (reservationId: string) =>
  apiRequest<Cart>(`/api/checkout-service/cart/promo?reservation=${encodeURIComponent(reservationId)}`, {
    method: 'DELETE',
  })
