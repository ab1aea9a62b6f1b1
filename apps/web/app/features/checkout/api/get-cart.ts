import type { Cart } from '@palco/domain/checkout/contract'
import { apiRequest } from '../../../lib/api-client'

export const cartPath = (reservationId: string) =>
  `/api/checkout-service/cart?reservation=${encodeURIComponent(reservationId)}`

export const getCart = (reservationId: string, signal?: AbortSignal) =>
  apiRequest<Cart>(cartPath(reservationId), signal ? { signal } : {})
