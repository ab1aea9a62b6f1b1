import { cashProviderOf, nextPathOf } from '@palco/domain/checkout/checkout-result'
import type { OrderView } from '@palco/domain/checkout/contract'
import {
  type CashPaymentProvider,
  cashProviderOfRouteSegment,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
} from '@palco/domain/orders/vocabulary'

/**
 * Which page shows an order. The domain's nextPathOf maps every checkout result of spec §4 to its page;
 * these helpers add what a page that is already showing an order needs: whether it is settled (paid or
 * failed for good, so polling stops) and which page it belongs on now.
 */

type OrderLike = Pick<OrderView, 'id' | 'result' | 'provider'> & Partial<Pick<OrderView, 'method'>>

const providerOf = (provider: string): PaymentProvider =>
  (PAYMENT_PROVIDERS as readonly string[]).includes(provider) ? (provider as PaymentProvider) : 'PALCO'

/** The page for the order's current result (a PSE transfer stays on our transfer page, not the bank). */
export const pathOfOrder = (order: OrderLike): string =>
  nextPathOf({
    orderId: order.id,
    result: order.result,
    provider: providerOf(order.provider),
    redirectUrl: null,
    ...(order.method ? { method: order.method } : {}),
  })

/** Whether polling may stop: the order is paid or has failed for good. */
export const isSettled = (order: Pick<OrderView, 'result'>): boolean =>
  order.result === 'SUCCESSFUL' || order.result === 'FAIL'

/** The cash provider whose steps a voucher follows (spec §2: PALCO 2 steps, SPEI 3, others 3). */
export function cashProviderOfOrder(
  order: Pick<OrderView, 'provider' | 'transfer'>,
  segment?: string | undefined,
): CashPaymentProvider {
  const fromSegment = segment ? cashProviderOfRouteSegment(segment) : undefined
  if (fromSegment) return fromSegment
  if (order.transfer?.kind === 'SPEI') return 'SPEI'
  return cashProviderOf(providerOf(order.provider))
}

/** `next` from the API is a site path or, for PSE, the bank's absolute URL. */
export const isExternalUrl = (next: string): boolean => /^https?:\/\//i.test(next)

/** The order's pending page, which sends the fan on to wherever the order now belongs; home without one. */
export const pendingPageOf = (orderId: string | null | undefined): string =>
  orderId ? `/checkout/pending?order=${encodeURIComponent(orderId)}` : '/'
