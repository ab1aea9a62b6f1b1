import type { OrderView } from '@palco/domain/checkout/contract'
import type { AppLoadContext } from 'react-router'
import { type SandboxPayment, sandboxPaymentPath } from './sandbox-payments'

/**
 * The sandbox payment behind an order, for the "Simulate payment (sandbox)" link. The sandbox's
 * development endpoints exist only outside production, so in production this finds nothing and the
 * link is not shown. The order view does not name its payment: the candidates are the payment named by
 * a PSE redirect, the voucher or transfer reference, and the order id, asked in that order.
 */
export async function findSandboxPayment(
  context: AppLoadContext,
  order: OrderView,
): Promise<SandboxPayment | null> {
  const candidates = new Set<string>()
  const redirect = order.transfer?.redirectUrl
  if (redirect) {
    try {
      const id = new URL(redirect, 'http://localhost').searchParams.get('payment')
      if (id) candidates.add(id)
    } catch {
      // not a URL
    }
  }
  if (order.voucher?.reference) candidates.add(order.voucher.reference)
  if (order.transfer?.reference) candidates.add(order.transfer.reference)
  candidates.add(order.id)
  for (const id of candidates) {
    const res = await context.api<SandboxPayment>(sandboxPaymentPath(id))
    if (res.status === 404 && id === order.id) return null
    if (res.status === 200 && res.data?.orderId === order.id) return res.data
  }
  return null
}
