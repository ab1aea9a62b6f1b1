import type { CashNetwork, TransferKind } from '@palco/domain/checkout/contract'
import type { Money } from '@palco/domain/money/money'

/**
 * One interface for every payment provider (issue 6 part 4). The checkout service speaks only this; the
 * adapters (sandbox, mercadopago, kushki) translate it to each provider's documented HTTP API.
 *
 * Rules every adapter keeps:
 * - `idempotencyKey` is stable per payment attempt and is sent to the provider (Mercado Pago's
 *   X-Idempotency-Key, Kushki's idempotency header), so a retried request never charges twice.
 * - A provider that does not answer in time throws `ProviderUnavailableError`: the caller does not know
 *   whether the charge happened, keeps the payment PENDING and asks `getStatus` later (reconciliation).
 * - A definite refusal is a result with status DECLINED, not an exception.
 * - Nothing here logs card tokens, signatures or secrets.
 */

export const PROVIDER_CODES = ['sandbox', 'mercadopago', 'kushki'] as const
export type ProviderCode = (typeof PROVIDER_CODES)[number]

export type ProviderPaymentStatus = 'APPROVED' | 'DECLINED' | 'PENDING' | 'EXPIRED' | 'REFUNDED'

export interface Payer {
  email: string
  fullName: string
  documentType: string
  documentNumber: string
  phone: string
}

export interface ProviderPaymentResult {
  /** The provider's own id for the payment (used for status, refunds and webhooks). */
  providerPaymentId: string
  status: ProviderPaymentStatus
  /** Provider's reason on DECLINED, e.g. cc_rejected_insufficient_amount; for logs and support only. */
  declineReason?: string
}

export interface CardChargeInput {
  /** Our payment id; adapters put it in the provider's external reference. */
  paymentId: string
  idempotencyKey: string
  amount: Money
  token: string
  installments: number
  payer: Payer
  description: string
}

export interface CashVoucherInput {
  paymentId: string
  idempotencyKey: string
  amount: Money
  network: CashNetwork
  payer: Payer
  description: string
  expiresAt: Date
}

export interface CashVoucherResult extends ProviderPaymentResult {
  voucher: { reference: string; barcode: string; expiresAt: Date }
}

export interface TransferInput {
  paymentId: string
  idempotencyKey: string
  amount: Money
  kind: TransferKind
  /** PSE bank code. */
  bank?: string
  payer: Payer
  description: string
  expiresAt: Date
  /** Where the bank sends the fan back after a PSE approval. */
  returnUrl: string
}

export interface TransferResult extends ProviderPaymentResult {
  transfer: {
    clabe: string | null
    bankName: string | null
    reference: string
    redirectUrl: string | null
    expiresAt: Date
  }
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>
  query: Record<string, string | undefined>
  rawBody: string
}

export interface WebhookNotice {
  /** The provider's id of this notification, for inbox idempotency (a replay is stored once). */
  notificationId: string
  /** The payment it is about; the service re-reads its status rather than trusting the body. */
  providerPaymentId: string
}

export interface PaymentProviderAdapter {
  readonly code: ProviderCode
  chargeCard(input: CardChargeInput): Promise<ProviderPaymentResult>
  createCashVoucher(input: CashVoucherInput): Promise<CashVoucherResult>
  createTransfer(input: TransferInput): Promise<TransferResult>
  getStatus(providerPaymentId: string): Promise<ProviderPaymentResult>
  refund(providerPaymentId: string, amount: Money, idempotencyKey: string): Promise<ProviderPaymentResult>
  /** True only for a notification whose signature checks out with the configured secret. */
  verifyWebhook(request: WebhookRequest): boolean
  /** Reads a verified notification; null for notifications about something other than a payment. */
  parseWebhook(request: WebhookRequest): WebhookNotice | null
}

/** The provider did not answer (timeout, 5xx, connection refused): outcome unknown, safe to retry. */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: ProviderCode,
    cause?: unknown,
  ) {
    super(`${provider} did not answer`, { cause })
    this.name = 'ProviderUnavailableError'
  }
}
