import type { CheckoutResult, OrderStatus } from '../orders/statuses.js'
import {
  CASH_PAYMENT_PROVIDERS,
  type CashPaymentProvider,
  cashRouteSegmentOf,
  type PaymentProvider,
} from '../orders/vocabulary.js'
import type { CashNetwork, CheckoutMethod, TransferKind } from './contract.js'

/**
 * Spec §4's checkout results and the page each one leads to (issue 6 part 2). The result is derived from
 * the order's status and how it is being paid, never stored apart from them, so the two cannot disagree.
 */

export interface ResultInput {
  status: OrderStatus
  method: CheckoutMethod
  provider: PaymentProvider
  network?: CashNetwork | null
  transferKind?: TransferKind | null
  /** A paguitos plan whose deposit is paid (issue 16): bought, though still being paid. */
  planOpen?: boolean
}

export function checkoutResultOf(input: ResultInput): CheckoutResult {
  if (input.planOpen && input.status === 'PENDING') return 'SUCCESSFUL'
  switch (input.status) {
    case 'PAID':
    case 'TRANSFERRED':
      return 'SUCCESSFUL'
    case 'CANCELED':
    case 'EXPIRED':
    case 'REFUNDED':
      return 'FAIL'
    case 'PENDING_CASH_PAYMENT':
      return pendingCashResult(input)
    case 'PROCESSING_TRANSFER':
      return input.transferKind === 'SPEI' ? 'PENDING_TRANSFER_SPEI' : 'PENDING_TRANSFER'
    case 'PENDING':
      // An order is PENDING before its provider answers and while a card's outcome is unknown (timeout,
      // manual review). A started TRANSFER (spec §4's special case) is pending too: the fan has left for
      // the bank, so the page waits for the confirmation instead of offering to pay again.
      if (input.method === 'CARD') return 'PENDING_CARD'
      if (input.method === 'TRANSFER')
        return input.transferKind === 'SPEI' ? 'PENDING_TRANSFER_SPEI' : 'PENDING_TRANSFER'
      if (input.method === 'CASH') return pendingCashResult(input)
      // WALLET before it settles, and LINK: the fan is paying on the provider's hosted page.
      return 'PENDING_PAYMENT'
  }
}

function pendingCashResult(input: ResultInput): CheckoutResult {
  // Paying at the club's own box office (Colombia's cashInClub) is its own result: no voucher network.
  if (input.network === 'cashInClub') return 'PENDING_CLUB'
  if (input.provider === 'MERCADO_PAGO') return 'PENDING_CASH_MP'
  return 'PENDING_PAYMENT'
}

/**
 * The cash page's provider (`/checkout/cash/<segment>`, spec §2) for the provider of a voucher; the box
 * office (STAFF) and any name we do not know read as our own.
 */
export const cashProviderOf = (provider: string): CashPaymentProvider =>
  (CASH_PAYMENT_PROVIDERS as readonly string[]).includes(provider)
    ? (provider as CashPaymentProvider)
    : 'PALCO'

export interface NextPathInput {
  orderId: string
  result: CheckoutResult
  provider: PaymentProvider
  /** PSE: the bank page the fan approves the debit on. */
  redirectUrl?: string | null
  /** Tells a hosted-page payment (LINK), which has no voucher to show, from a cash one. */
  method?: CheckoutMethod
}

/** Where the web goes after placing an order, or when a pending page learns the order moved on. */
export function nextPathOf(input: NextPathInput): string {
  const q = `?order=${encodeURIComponent(input.orderId)}`
  switch (input.result) {
    case 'SUCCESSFUL':
      return `/checkout/successful_purchase${q}`
    case 'FAIL':
      return `/checkout/fail_purchase${q}`
    case 'PENDING_CARD':
      return `/checkout/pending${q}`
    case 'PENDING_PAYMENT':
      if (input.method === 'LINK') return `/checkout/pending${q}`
      return `/checkout/cash/${cashRouteSegmentOf(cashProviderOf(input.provider))}${q}`
    case 'PENDING_CLUB':
      // Seats reserved at the box office (issue 15) have no voucher to show: the fan's page says to pay there.
      if (input.method === 'RESERVATION') return `/checkout/pending${q}`
      return `/checkout/cash/${cashRouteSegmentOf(cashProviderOf(input.provider))}${q}`
    case 'PENDING_CASH_MP':
      return `/checkout/cash/${cashRouteSegmentOf(cashProviderOf(input.provider))}${q}`
    case 'PENDING_TRANSFER_SPEI':
      return `/checkout/transfer${q}`
    case 'PENDING_TRANSFER':
      return input.redirectUrl ?? `/checkout/transfer${q}`
  }
}

/**
 * Spec §3/§4's other open case: a payment of plan kind PAYMENT from provider PAGUITOS. Paguitos is the
 * installment partner: such a payment is one installment of a plan it finances, not a checkout charge.
 * We decide it never fails a checkout by itself: the order is paid when Paguitos confirms the plan
 * (the installment flow, a later issue), and until then the fan sees PENDING_PAYMENT.
 */
export const isPaguitosPlanPayment = (kind: string, provider: string): boolean =>
  kind === 'PAYMENT' && provider === 'PAGUITOS'

export const paguitosPlanResult = (confirmed: boolean): CheckoutResult =>
  confirmed ? 'SUCCESSFUL' : 'PENDING_PAYMENT'
