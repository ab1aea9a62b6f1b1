import type { OrderAdminView, OrderRefundBody } from '@palco/domain/orders/order-admin'
import { apiRequest } from '../../../lib/api-client'

/** The organiser console's orders (issue 43 part 3). */

export const ordersSearchPath = (q: string) => `/api/admin/orders?q=${encodeURIComponent(q)}`
export const orderPath = (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}`

export const refundOrder = (orderId: string, body: OrderRefundBody) =>
  apiRequest<OrderAdminView>(`${orderPath(orderId)}/refund`, { method: 'POST', body })

export const resendTickets = (orderId: string) =>
  apiRequest<{ sentTo: string }>(`${orderPath(orderId)}/resend`, { method: 'POST' })
