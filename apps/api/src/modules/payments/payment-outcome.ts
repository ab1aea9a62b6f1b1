import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/dialect.js'
import type { ProviderPaymentStatus } from './provider.js'
import type { ProviderRegistry } from './registry.js'

/**
 * What a provider says about one of our payments, and the port through which payments hands it on (issue 14
 * part 3: payments owns providers, webhooks and reconciliation, and does not depend on checkout; checkout
 * provides the settlement when the app is wired, checkout.module.ts).
 */

export interface VoucherData {
  network: string
  reference: string
  barcode: string
  amount: number
  expiresAt: string
}

export interface TransferData {
  kind: string
  clabe: string | null
  bankName: string | null
  reference: string
  amount: number
  expiresAt: string
  redirectUrl: string | null
}

/** The provider's hosted page a LINK payment sent the fan to. */
export interface HostedData {
  preferenceId: string
  redirectUrl: string
  /** When the page stops taking payments. */
  expiresAt: string
}

export interface ProviderOutcome {
  status: ProviderPaymentStatus
  providerPaymentId?: string
  /**
   * The outcome is about a payment found by its reference on a hosted page, where the fan may try again
   * after a refusal: a newer attempt that is approved or pending takes the payment over from a refused one.
   */
  rebind?: boolean
  declineReason?: string
  /** Our failure code for the fan's page when this is a failure. */
  failureCode?: string
  voucher?: VoucherData
  transfer?: TransferData
  hosted?: HostedData
  expiresAt?: Date
  /** The paying card's last four digits, as the provider said them. */
  cardLast4?: string
}

/** What an order's checkout does with a provider's answer; checkout implements it (settlement.service.ts). */
export interface PaymentSettlement {
  /** Applies an outcome to the payment and its order; idempotent and order-independent. */
  applyProviderOutcome(paymentId: string, outcome: ProviderOutcome): Promise<void>
  /** Gives back money a payment brought for an order that could not be given (a requested refund). */
  refundPayment(paymentId: string): Promise<void>
}

export interface PaymentsDeps {
  db: Db
  providers: ProviderRegistry
  settlement: PaymentSettlement
  log?: FastifyBaseLogger | undefined
}
