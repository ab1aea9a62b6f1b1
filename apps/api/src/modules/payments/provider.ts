import type { CashNetwork, TransferKind } from '@palco/domain/checkout/contract'
import type { CardFacts } from '@palco/domain/checkout/presale'
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
  /**
   * Our payment id as the provider keeps it (Mercado Pago's external_reference). A payment made on the
   * provider's hosted page is created by the provider, so this is how its notifications find our payment.
   */
  reference?: string
  /** What the provider says it charged, when it says; a hosted payment is checked against our amount. */
  charged?: Money
  /** The paying card's last four digits, when the provider says them: staff find orders by them (issue 43). */
  cardLast4?: string
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
  /** The card's payment method and issuer as the browser's tokenizer found them (Mercado Pago needs them). */
  paymentMethodId?: string
  issuerId?: string
  /**
   * Charge a card the fan saved with us instead of `token` (issue 16 part 3: paguitos installments charged on
   * their due date, and the deposit of a plan whose card is saved for them).
   */
  savedCard?: SavedCardRef
}

/** A card kept at the provider for a fan: Mercado Pago's customer card, Kushki's subscription, the sandbox's. */
export interface SavedCardRef {
  providerCardId: string
  /** Mercado Pago's customer id; null where the provider has none. */
  providerCustomerId: string | null
}

export interface SaveCardInput {
  /** Stable per save: a retried request saves the card once. */
  idempotencyKey: string
  /** A one-use browser token of the card; card data never reaches our server. */
  token: string
  payer: Payer
  /** The site's currency: the one the card will be charged in (Kushki keeps a subscription in one). */
  currency: Money['currency']
  paymentMethodId?: string
  issuerId?: string
}

export interface SavedCardResult extends SavedCardRef {
  brand: string
  last4: string
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

export interface HostedPaymentItem {
  title: string
  quantity: number
  /** Unit price in minor units; adapters convert it exactly to the provider's decimal. */
  unitPrice: Money
}

/** A payment on the provider's hosted page (Mercado Pago Checkout Pro's preference). */
export interface HostedPaymentInput {
  /** Our payment id; the provider keeps it as the external reference of the payment the fan makes. */
  paymentId: string
  idempotencyKey: string
  items: HostedPaymentItem[]
  payer?: { email: string; fullName?: string }
  /** Where the page sends the fan back: our result pages. */
  backUrls: { success: string; failure: string; pending: string }
  /** Where the provider notifies the payment (our webhook route). */
  notificationUrl?: string
  /** The page stops taking payments then. */
  expiresAt?: Date
}

export interface HostedPaymentResult {
  /** The provider's id of the page (preference id). */
  id: string
  /** Where to send the fan (Mercado Pago's init_point). */
  initPoint: string
  sandboxInitPoint: string | null
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
  /** Whether the provider has a hosted payment page (`createPreference`); Kushki has none. */
  readonly hostedCheckout: boolean
  /** Whether cards can be saved for later charges (`saveCard`, `chargeCard` with `savedCard`). */
  readonly savedCards: boolean
  chargeCard(input: CardChargeInput): Promise<ProviderPaymentResult>
  /** Keeps a card for later charges (throws ProviderUnsupportedError without `savedCards`). */
  saveCard(input: SaveCardInput): Promise<SavedCardResult>
  /** Forgets a saved card at the provider; one already gone is not an error. */
  removeSavedCard(card: SavedCardRef): Promise<void>
  createCashVoucher(input: CashVoucherInput): Promise<CashVoucherResult>
  createTransfer(input: TransferInput): Promise<TransferResult>
  /** A hosted payment page for one payment of ours (throws ProviderUnsupportedError without `hostedCheckout`). */
  createPreference(input: HostedPaymentInput): Promise<HostedPaymentResult>
  getStatus(providerPaymentId: string): Promise<ProviderPaymentResult>
  /**
   * The provider's latest payment made against our payment id (a hosted page's payment, whose provider id we
   * learn only from a notification); null when the fan has not paid there. Reconciliation asks it.
   */
  findByReference(paymentId: string): Promise<ProviderPaymentResult | null>
  refund(providerPaymentId: string, amount: Money, idempotencyKey: string): Promise<ProviderPaymentResult>
  /**
   * What the provider says about a card token it issued (issue 42 part 2): the card's BIN (6 to 8 digits) and
   * type, read from the provider's own records, never from the browser. Null when the provider cannot say
   * (an unknown or foreign token); an adapter without it cannot sell a bank-card presale tier. Throws
   * ProviderUnavailableError when the provider does not answer.
   */
  describeCardToken?(token: string): Promise<CardFacts | null>
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
