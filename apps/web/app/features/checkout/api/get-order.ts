import type { OrderView } from '@palco/domain/checkout/contract'
import { apiRequest } from '../../../lib/api-client'

export const orderPath = (orderId: string) => `/api/checkout/orders/${encodeURIComponent(orderId)}`

export const getOrder = (orderId: string, signal?: AbortSignal) =>
  apiRequest<OrderView>(orderPath(orderId), signal ? { signal } : {})
