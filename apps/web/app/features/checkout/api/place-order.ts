import type { PlaceOrderBody, PlaceOrderResult } from '@palco/domain/checkout/contract'
import { apiRequest } from '../../../lib/api-client'

export const placeOrder = (body: PlaceOrderBody) =>
  apiRequest<PlaceOrderResult>('/api/checkout/orders', { method: 'POST', body })
