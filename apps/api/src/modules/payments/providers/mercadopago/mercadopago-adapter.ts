import type { CashNetwork } from '@palco/domain/checkout/contract'
import type { CardFacts, CardType } from '@palco/domain/checkout/presale'
import type { Money } from '@palco/domain/money/money'
import {
  type CardChargeInput,
  type CashVoucherInput,
  type CashVoucherResult,
  type HostedPaymentInput,
  type HostedPaymentItem,
  type HostedPaymentResult,
  type Payer,
  type PaymentProviderAdapter,
  type ProviderPaymentResult,
  type ProviderPaymentStatus,
  ProviderUnavailableError,
  type SaveCardInput,
  type SavedCardRef,
  type SavedCardResult,
  type TransferInput,
  type TransferResult,
  type WebhookNotice,
  type WebhookRequest,
} from '../../provider.js'
import {
  fromMajorUnits,
  headerValue,
  hmacSha256Hex,
  idText,
  isRecord,
  type JsonResponse,
  ProviderConfigurationError,
  ProviderResponseError,
  ProviderUnsupportedError,
  requestJson,
  safeEqualHex,
  splitFullName,
  toMajorNumber,
  trimBaseUrl,
} from '../shared/provider-http.js'

/**
 * Mercado Pago adapter over the documented REST API (Checkout API / "Checkout Transparente", v1 payments).
 *
 * Why fetch and not the `mercadopago` SDK: SDK v3 hard-codes `https://api.mercadopago.com` as a static
 * (`AppConfig.BASE_URL`, not part of its public API), so it cannot be pointed at the local fake the contract
 * and end-to-end tests use, and it retries 5xx three times with back-off on its own, which would blow
 * through our timeout budget. See docs/decisions.md, "Payment providers".
 *
 * Pages followed (mercadopago.com.co / .com.mx developers):
 * - Card payments: /developers/en/docs/checkout-api/payment-integration/cards — POST /v1/payments with
 *   token, installments, payment_method_id, issuer_id, payer.email, payer.identification.
 * - Other payment methods (MLM: oxxo, paycash = ticket; bancomer, banamex = atm; MCO: efecty, pse):
 *   /developers/en/docs/checkout-api/payment-methods/other-payment-methods — voucher data in
 *   transaction_details.payment_method_reference_id / verification_code / external_resource_url,
 *   date_of_expiration, and PSE's transaction_details.financial_institution, payer.entity_type,
 *   additional_info.ip_address, callback_url.
 * - Idempotency: header X-Idempotency-Key on POST /v1/payments (API reference, "Create payment").
 * - Refunds: POST /v1/payments/{id}/refunds (checkout-api/cancellations-and-refunds).
 * - Preferences: POST /checkout/preferences (checkout-pro/create-payment-preference).
 * - Payment method by BIN: GET /v1/payment_methods/search?bin=…
 * - Webhooks: /developers/en/docs/your-integrations/notifications/webhooks, "Validate notification origin".
 * - Saved cards (paguitos): Checkout API "Cards and customers management" and Automatic payments "Create
 *   recurring charges" (/developers/en/docs/automatic-payments/recurring-charges) — customer by email with
 *   GET /v1/customers/search?email= or POST /v1/customers; POST /v1/customers/{customer_id}/cards with the
 *   browser token (answer: id, last_four_digits, payment_method.id, issuer.id); GET and DELETE
 *   /v1/customers/{customer_id}/cards/{id}; a charge without CVV tokenizes the saved card server-side with
 *   POST /v1/card_tokens `{ card_id }` (the SDKs' body also takes `customer_id`) and pays with that token and
 *   `payer: { type: "customer", id }`.
 */

export interface MercadoPagoAdapterConfig {
  accessToken: string
  webhookSecret: string
  /** https://api.mercadopago.com in production; the fake's URL in tests. */
  baseUrl: string
  timeoutMs: number
  /**
   * Largest accepted distance between a webhook's `ts` and our clock. Default 300 s: long enough for clock
   * skew and delivery delay, short enough that a captured notification cannot be replayed for long. A
   * rejected but genuine notification costs nothing: Mercado Pago retries it and the reconciliation job
   * asks `getStatus` for stale payments anyway.
   */
  webhookToleranceSeconds?: number
  /** Clock for the tolerance check (tests). */
  now?: () => number
}

/**
 * Card charge input plus the BIN fallback. `paymentMethodId` (`visa`, `master`, …) and `issuerId` come from
 * the browser's payment-method search next to the token (CardChargeInput).
 */
export interface MercadoPagoCardChargeInput extends CardChargeInput {
  /** First 6–8 digits, to look the method up when the browser did not send `paymentMethodId`. */
  bin?: string
}

export interface MercadoPagoTransferInput extends TransferInput {
  /** The fan's IP address; PSE requires `additional_info.ip_address`. */
  payerIp?: string
}

export interface MercadoPagoCashVoucherResult extends CashVoucherResult {
  /** Mercado Pago's printable voucher page (transaction_details.external_resource_url). */
  voucherUrl: string | null
}

/** Checkout Pro's preference is the common hosted-payment input (provider.ts). */
export type PreferenceItem = HostedPaymentItem
export type CreatePreferenceInput = HostedPaymentInput
export type PreferenceResult = HostedPaymentResult

export interface PaymentMethodInfo {
  id: string
  paymentTypeId: string
  name: string | null
  issuerId: string | null
  issuerName: string | null
}

/** Mercado Pago's `payment_method_id` for each of our cash networks (see the page cited above). */
const CASH_METHOD: Readonly<Partial<Record<CashNetwork, { id: string; type: 'ticket' | 'atm' }>>> = {
  oxxo: { id: 'oxxo', type: 'ticket' },
  paycash: { id: 'paycash', type: 'ticket' },
  bancomer: { id: 'bancomer', type: 'atm' },
  banamex: { id: 'banamex', type: 'atm' },
  // Colombia's cash payment through Mercado Pago is Efecty.
  cash: { id: 'efecty', type: 'ticket' },
}

/**
 * Mercado Pago's identification types for Colombia are CC, CE, NIT and "Otro" (GET /v1/identification_types
 * on an MCO account); Mexico asks for none on these methods, so the document is sent only when we have one.
 */
const MP_DOCUMENT_TYPE: Readonly<Record<string, string>> = { CC: 'CC', CE: 'CE', NIT: 'NIT' }

/**
 * Payment statuses (API reference, GET /v1/payments/{id}, `status`) → ours.
 * - authorized: funds reserved but not captured — not money yet, so PENDING.
 * - in_mediation: the buyer opened a dispute on a payment that was approved; the money is held but the sale
 *   stands until Mercado Pago decides, and the outcome arrives later as refunded/charged_back. Keeping it
 *   APPROVED avoids un-issuing tickets for a dispute that may be settled in our favour.
 * - charged_back: the money went back to the payer through the card network — for us, a refund.
 * - cancelled: with status_detail `expired` it is an unpaid voucher or transfer that ran out → EXPIRED;
 *   otherwise (cancelled by us or by the payer) it will never be paid → DECLINED.
 */
export const mapMercadoPagoStatus = (status: string, statusDetail?: string): ProviderPaymentStatus => {
  switch (status) {
    case 'approved':
    case 'in_mediation':
      return 'APPROVED'
    case 'authorized':
    case 'in_process':
    case 'pending':
      return 'PENDING'
    case 'rejected':
      return 'DECLINED'
    case 'cancelled':
      return statusDetail === 'expired' ? 'EXPIRED' : 'DECLINED'
    case 'refunded':
    case 'charged_back':
      return 'REFUNDED'
    default:
      throw new ProviderResponseError('mercadopago', `reported an unknown payment status "${status}"`)
  }
}

/** Webhook `data.id` as the manifest wants it: lowercased when alphanumeric (webhooks page, step 2). */
const normaliseDataId = (value: string): string => (/^[a-z0-9]+$/i.test(value) ? value.toLowerCase() : value)

/**
 * `x-signature: ts=1704908010,v1=618c8534…` → its parts. Unknown keys are ignored so a future `v2` next to
 * `v1` does not break us.
 */
const parseSignatureHeader = (header: string): { ts?: string; v1?: string } => {
  const parts: { ts?: string; v1?: string } = {}
  for (const piece of header.split(',')) {
    const eq = piece.indexOf('=')
    if (eq === -1) continue
    const key = piece.slice(0, eq).trim().toLowerCase()
    const value = piece.slice(eq + 1).trim()
    if (key === 'ts') parts.ts = value
    else if (key === 'v1') parts.v1 = value
  }
  return parts
}

/** The signed manifest, exactly as documented: `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`. */
export const mercadoPagoManifest = (dataId: string, requestId: string, ts: string): string =>
  `id:${normaliseDataId(dataId)};request-id:${requestId};ts:${ts};`

/** Signs a notification the way Mercado Pago does; used by the fake and by tests. */
export const signMercadoPagoWebhook = (
  secret: string,
  input: { dataId: string; requestId: string; ts: number },
): { 'x-signature': string; 'x-request-id': string } => ({
  'x-signature': `ts=${input.ts},v1=${hmacSha256Hex(secret, mercadoPagoManifest(input.dataId, input.requestId, String(input.ts)))}`,
  'x-request-id': input.requestId,
})

/** Mercado Pago wants `yyyy-MM-dd'T'HH:mm:ss.SSSZ` with an explicit offset; we always send UTC. */
const mpDate = (date: Date): string => date.toISOString().replace('Z', '+00:00')

const payerBlock = (payer: Payer): Record<string, unknown> => {
  const { first, last } = splitFullName(payer.fullName)
  const block: Record<string, unknown> = { email: payer.email, first_name: first, last_name: last }
  if (payer.documentNumber) {
    block.identification = {
      type: MP_DOCUMENT_TYPE[payer.documentType] ?? 'Otro',
      number: payer.documentNumber,
    }
  }
  return block
}

/** A 4xx error body's human reason: `cause[].code/description`, else `message`. */
const errorReason = (body: unknown, status: number): string => {
  if (isRecord(body)) {
    const causes = Array.isArray(body.cause) ? body.cause : []
    const first = causes.find(isRecord)
    if (first) {
      const code = idText(first.code)
      const description = typeof first.description === 'string' ? first.description : undefined
      if (code || description) return [code, description].filter(Boolean).join(': ')
    }
    if (typeof body.message === 'string' && body.message) return body.message
    if (typeof body.error === 'string' && body.error) return body.error
  }
  return `http_${status}`
}

interface MpPayment {
  id: string
  status: string
  statusDetail: string | undefined
  raw: Record<string, unknown>
}

const readPayment = (body: unknown): MpPayment => {
  if (!isRecord(body))
    throw new ProviderResponseError('mercadopago', 'answered a payment request without a JSON object')
  const id = idText(body.id)
  const status = typeof body.status === 'string' ? body.status : undefined
  if (!id || !status)
    throw new ProviderResponseError('mercadopago', 'answered a payment without id or status')
  const statusDetail = typeof body.status_detail === 'string' ? body.status_detail : undefined
  return { id, status, statusDetail, raw: body }
}

const toResult = (payment: MpPayment): ProviderPaymentResult => {
  const status = mapMercadoPagoStatus(payment.status, payment.statusDetail)
  const result: ProviderPaymentResult = { providerPaymentId: payment.id, status }
  if (status === 'DECLINED' && payment.statusDetail) result.declineReason = payment.statusDetail
  const reference = idText(payment.raw.external_reference)
  if (reference) result.reference = reference
  const currency = payment.raw.currency_id
  if (currency === 'COP' || currency === 'MXN') {
    const amount = fromMajorUnits(payment.raw.transaction_amount, currency)
    if (amount !== null) result.charged = { amount, currency }
  }
  // A card payment names its card; the API reference's own example gives the digits as a number.
  const lastFour = isRecord(payment.raw.card) ? idText(payment.raw.card.last_four_digits) : undefined
  if (lastFour) result.cardLast4 = lastFour.padStart(4, '0')
  return result
}

const declined = (paymentId: string, reason: string): ProviderPaymentResult => ({
  // No Mercado Pago payment was created; our id keeps the result traceable.
  providerPaymentId: `rejected:${paymentId}`,
  status: 'DECLINED',
  declineReason: reason,
})

const transactionDetails = (payment: MpPayment): Record<string, unknown> =>
  isRecord(payment.raw.transaction_details) ? payment.raw.transaction_details : {}

export class MercadoPagoAdapter implements PaymentProviderAdapter {
  readonly code = 'mercadopago' as const
  readonly hostedCheckout = true
  readonly savedCards = true
  readonly #accessToken: string
  readonly #webhookSecret: string
  readonly #baseUrl: string
  readonly #timeoutMs: number
  readonly #toleranceSeconds: number
  readonly #now: () => number

  constructor(config: MercadoPagoAdapterConfig) {
    if (!config.accessToken) throw new Error('MercadoPagoAdapter needs an access token')
    if (!config.webhookSecret) throw new Error('MercadoPagoAdapter needs the webhook secret signature')
    if (!(config.timeoutMs > 0)) throw new Error('MercadoPagoAdapter needs a positive timeoutMs')
    this.#accessToken = config.accessToken
    this.#webhookSecret = config.webhookSecret
    this.#baseUrl = trimBaseUrl(config.baseUrl)
    this.#timeoutMs = config.timeoutMs
    this.#toleranceSeconds = config.webhookToleranceSeconds ?? 300
    this.#now = config.now ?? Date.now
  }

  async #call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<JsonResponse> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.#accessToken}` }
    if (options.idempotencyKey) headers['X-Idempotency-Key'] = options.idempotencyKey
    const response = await requestJson('mercadopago', {
      method,
      url: `${this.#baseUrl}${path}`,
      headers,
      body: options.body,
      timeoutMs: this.#timeoutMs,
    })
    if (response.status === 401 || response.status === 403) {
      throw new ProviderConfigurationError(
        'mercadopago',
        `refused the access token (HTTP ${response.status})`,
      )
    }
    // 409 (the same idempotency key is still being processed or conflicts), 423 (key locked) and 424
    // (a dependency failed) are documented as retryable: the outcome is not known yet, so not a decline.
    if (response.status === 409 || response.status === 423 || response.status === 424) {
      throw new ProviderUnavailableError('mercadopago', new Error(`HTTP ${response.status}`))
    }
    return response
  }

  /**
   * POST /v1/payments: a 2xx is a payment (maybe rejected); a 4xx is a refusal before any payment existed.
   * The answer must be for the amount and currency we asked: an access token belongs to one country's
   * account (COP for Colombia, MXN for Mexico), and a reused idempotency key answers the earlier payment.
   */
  async #createPayment(
    paymentId: string,
    idempotencyKey: string,
    body: Record<string, unknown>,
    amount: Money,
  ): Promise<MpPayment | ProviderPaymentResult> {
    const response = await this.#call('POST', '/v1/payments', { body, idempotencyKey })
    if (response.status === 404) {
      // No such endpoint: a wrong base URL, not a refusal of this payment.
      throw new ProviderResponseError('mercadopago', 'has no /v1/payments at the configured base URL')
    }
    if (response.status >= 400) return declined(paymentId, errorReason(response.body, response.status))
    const payment = readPayment(response.body)
    const currency = payment.raw.currency_id
    if (typeof currency === 'string' && currency !== amount.currency) {
      throw new ProviderResponseError(
        'mercadopago',
        `charged in ${currency}, not ${amount.currency}: the access token belongs to another country's account`,
      )
    }
    const charged = fromMajorUnits(payment.raw.transaction_amount, amount.currency)
    if (charged !== null && charged !== amount.amount) {
      throw new ProviderResponseError(
        'mercadopago',
        `answered payment ${payment.id} for another amount: was the idempotency key reused for a different charge?`,
      )
    }
    return payment
  }

  /**
   * The Mercado Pago customer whose email is the payer's, created when there is none. A save racing another
   * for the same email loses the creation with cause 101 ("the customer already exist") and finds the
   * winner's customer instead of failing.
   */
  async #customerFor(payer: Payer, idempotencyKey: string): Promise<string> {
    const find = async (): Promise<string | undefined> => {
      const query = new URLSearchParams({ email: payer.email })
      const response = await this.#call('GET', `/v1/customers/search?${query.toString()}`)
      if (response.status >= 400) {
        throw new ProviderResponseError(
          'mercadopago',
          `refused a customer search: ${errorReason(response.body, response.status)}`,
        )
      }
      const results =
        isRecord(response.body) && Array.isArray(response.body.results) ? response.body.results : []
      // The search matches on the email; the exact (case-insensitive) match is ours.
      const wanted = payer.email.trim().toLowerCase()
      const mine = results.find(
        (c) => isRecord(c) && typeof c.email === 'string' && c.email.trim().toLowerCase() === wanted,
      )
      return isRecord(mine) ? idText(mine.id) : undefined
    }
    const existing = await find()
    if (existing) return existing
    // The SDKs send X-Idempotency-Key on every POST; ours is derived from the save's key so a retried save
    // is answered with the same customer where Mercado Pago honours it.
    const created = await this.#call('POST', '/v1/customers', {
      body: payerBlock(payer),
      idempotencyKey: `${idempotencyKey}:customer`,
    })
    if (created.status < 400) {
      const id = isRecord(created.body) ? idText(created.body.id) : undefined
      if (!id) throw new ProviderResponseError('mercadopago', 'created a customer without an id')
      return id
    }
    const causes = isRecord(created.body) && Array.isArray(created.body.cause) ? created.body.cause : []
    if (causes.some((c) => isRecord(c) && idText(c.code) === '101')) {
      const raced = await find()
      if (raced) return raced
    }
    throw new ProviderUnsupportedError(
      'mercadopago',
      `refused to create the customer: ${errorReason(created.body, created.status)}`,
    )
  }

  /**
   * Keeps the card of a one-use browser token on the payer's customer (found by email or created). A refusal
   * (a spent or invalid token, a card Mercado Pago will not keep) throws ProviderUnsupportedError, as the
   * sandbox does: there is no payment to decline.
   */
  async saveCard(input: SaveCardInput): Promise<SavedCardResult> {
    const customerId = await this.#customerFor(input.payer, input.idempotencyKey)
    const response = await this.#call('POST', `/v1/customers/${encodeURIComponent(customerId)}/cards`, {
      body: { token: input.token },
      idempotencyKey: input.idempotencyKey,
    })
    if (response.status >= 400) {
      throw new ProviderUnsupportedError(
        'mercadopago',
        `refused to save the card: ${errorReason(response.body, response.status)}`,
      )
    }
    const card = isRecord(response.body) ? response.body : {}
    const providerCardId = idText(card.id)
    if (!providerCardId) throw new ProviderResponseError('mercadopago', 'saved a card without an id')
    const method = isRecord(card.payment_method) ? idText(card.payment_method.id) : undefined
    const lastFour = idText(card.last_four_digits)
    return {
      providerCardId,
      providerCustomerId: customerId,
      brand: method ?? input.paymentMethodId ?? 'card',
      // The API reference's own example answers last_four_digits as a number, which drops leading zeros.
      last4: lastFour ? lastFour.padStart(4, '0') : '',
    }
  }

  /** DELETE /v1/customers/{customer_id}/cards/{id}; a 404 is a card already gone, which is what we want. */
  async removeSavedCard(card: SavedCardRef): Promise<void> {
    if (!card.providerCustomerId) {
      throw new ProviderResponseError('mercadopago', 'cannot address a saved card without its customer id')
    }
    const response = await this.#call(
      'DELETE',
      `/v1/customers/${encodeURIComponent(card.providerCustomerId)}/cards/${encodeURIComponent(card.providerCardId)}`,
    )
    if (response.status < 400 || response.status === 404) return
    throw new ProviderResponseError(
      'mercadopago',
      `refused to remove a saved card: ${errorReason(response.body, response.status)}`,
    )
  }

  /**
   * A merchant-initiated charge of a saved card (a paguitos deposit or installment): no CVV and no fan
   * present, so the saved card is tokenized server-side from its id and paid with that one-use token as the
   * customer's card, in one installment. The payment itself carries the attempt's idempotency key, so a retry
   * mints a fresh token but never a second payment.
   */
  async #chargeSavedCard(input: CardChargeInput, saved: SavedCardRef): Promise<ProviderPaymentResult> {
    const customerId = saved.providerCustomerId
    if (!customerId) {
      throw new ProviderResponseError('mercadopago', 'cannot charge a saved card without its customer id')
    }
    // The card or its token can be refused only before a payment exists, but a retry of an attempt whose
    // payment was made may meet a card removed since: the payment under our reference wins over a decline.
    const refused = async (reason: string) =>
      (await this.findByReference(input.paymentId)) ?? declined(input.paymentId, reason)
    let paymentMethodId = input.paymentMethodId
    let issuerId = input.issuerId
    if (!paymentMethodId) {
      // Installments carry no browser data: the card's method and issuer are read from the saved card.
      const found = await this.#call(
        'GET',
        `/v1/customers/${encodeURIComponent(customerId)}/cards/${encodeURIComponent(saved.providerCardId)}`,
      )
      if (found.status === 404) return refused('saved_card_not_found')
      if (found.status >= 400) return refused(errorReason(found.body, found.status))
      const card = isRecord(found.body) ? found.body : {}
      paymentMethodId = isRecord(card.payment_method) ? idText(card.payment_method.id) : undefined
      if (!paymentMethodId) {
        throw new ProviderResponseError('mercadopago', 'answered a saved card without its payment method')
      }
      issuerId ??= isRecord(card.issuer) ? idText(card.issuer.id) : undefined
    }
    const tokenAnswer = await this.#call('POST', '/v1/card_tokens', {
      body: { card_id: saved.providerCardId, customer_id: customerId },
    })
    if (tokenAnswer.status >= 400) return refused(errorReason(tokenAnswer.body, tokenAnswer.status))
    const token = isRecord(tokenAnswer.body) ? idText(tokenAnswer.body.id) : undefined
    if (!token) throw new ProviderResponseError('mercadopago', 'answered a saved card token without its id')
    const body: Record<string, unknown> = {
      transaction_amount: toMajorNumber(input.amount),
      token,
      description: input.description,
      // Each installment of a plan is its own payment: none is split again by the card issuer.
      installments: 1,
      payment_method_id: paymentMethodId,
      // Reconciliation retries without the payer's details; the customer id alone identifies the payer.
      payer: { ...(input.payer.email ? payerBlock(input.payer) : {}), type: 'customer', id: customerId },
      external_reference: input.paymentId,
    }
    if (issuerId) body.issuer_id = issuerId
    const created = await this.#createPayment(input.paymentId, input.idempotencyKey, body, input.amount)
    return 'raw' in created ? toResult(created) : created
  }

  async chargeCard(input: MercadoPagoCardChargeInput): Promise<ProviderPaymentResult> {
    // The token is a placeholder then: it must never reach Mercado Pago.
    if (input.savedCard) return this.#chargeSavedCard(input, input.savedCard)
    let paymentMethodId = input.paymentMethodId
    let issuerId = input.issuerId
    if (!paymentMethodId) {
      if (!input.bin) {
        throw new ProviderUnsupportedError(
          'mercadopago',
          'a card charge needs paymentMethodId or the card BIN',
        )
      }
      const method = await this.searchPaymentMethodByBin(input.bin)
      if (!method) return declined(input.paymentId, 'unknown_card_bin')
      paymentMethodId = method.id
      issuerId ??= method.issuerId ?? undefined
    }
    const body: Record<string, unknown> = {
      transaction_amount: toMajorNumber(input.amount),
      token: input.token,
      description: input.description,
      installments: input.installments,
      payment_method_id: paymentMethodId,
      payer: payerBlock(input.payer),
      external_reference: input.paymentId,
      // No binary_mode: a card under Mercado Pago's manual review answers in_process, which the checkout
      // shows as PENDING_CARD (issue 6) and the webhook or reconciliation settles later.
    }
    if (issuerId) body.issuer_id = issuerId
    const created = await this.#createPayment(input.paymentId, input.idempotencyKey, body, input.amount)
    return 'raw' in created ? toResult(created) : created
  }

  async createCashVoucher(input: CashVoucherInput): Promise<MercadoPagoCashVoucherResult> {
    const method = CASH_METHOD[input.network]
    if (!method) {
      throw new ProviderUnsupportedError(
        'mercadopago',
        `cash network "${input.network}" is not a Mercado Pago method`,
      )
    }
    const body: Record<string, unknown> = {
      transaction_amount: toMajorNumber(input.amount),
      description: input.description,
      payment_method_id: method.id,
      payer: payerBlock(input.payer),
      external_reference: input.paymentId,
      date_of_expiration: mpDate(input.expiresAt),
    }
    const created = await this.#createPayment(input.paymentId, input.idempotencyKey, body, input.amount)
    if (!('raw' in created)) {
      return {
        ...created,
        voucher: { reference: '', barcode: '', expiresAt: input.expiresAt },
        voucherUrl: null,
      }
    }
    const result = toResult(created)
    const details = transactionDetails(created)
    const barcode = isRecord(created.raw.barcode) ? idText(created.raw.barcode.content) : undefined
    // The reference the cashier types is payment_method_reference_id; the voucher number is the payment id
    // when Mercado Pago sends none ("The payment voucher ID is the same as the Mercado Pago transaction ID").
    const reference = idText(details.payment_method_reference_id) ?? created.id
    const expiry =
      typeof created.raw.date_of_expiration === 'string'
        ? new Date(created.raw.date_of_expiration)
        : input.expiresAt
    const voucherUrl =
      typeof details.external_resource_url === 'string' ? details.external_resource_url : null
    if (result.status === 'PENDING' && !voucherUrl && !idText(details.payment_method_reference_id)) {
      throw new ProviderResponseError(
        'mercadopago',
        'created a cash payment without reference or voucher URL',
      )
    }
    return {
      ...result,
      voucher: {
        reference,
        barcode: barcode ?? idText(details.verification_code) ?? reference,
        expiresAt: Number.isNaN(expiry.getTime()) ? input.expiresAt : expiry,
      },
      voucherUrl,
    }
  }

  async createTransfer(input: MercadoPagoTransferInput): Promise<TransferResult> {
    if (input.kind !== 'PSE') {
      throw new ProviderUnsupportedError(
        'mercadopago',
        `${input.kind} transfers are not offered through Mercado Pago`,
      )
    }
    if (!input.bank) throw new ProviderUnsupportedError('mercadopago', 'a PSE transfer needs the bank code')
    const payer = {
      ...payerBlock(input.payer),
      entity_type: input.payer.documentType === 'NIT' ? 'association' : 'individual',
    }
    const body: Record<string, unknown> = {
      transaction_amount: toMajorNumber(input.amount),
      description: input.description,
      payment_method_id: 'pse',
      payer,
      transaction_details: { financial_institution: input.bank },
      callback_url: input.returnUrl,
      external_reference: input.paymentId,
      date_of_expiration: mpDate(input.expiresAt),
    }
    if (input.payerIp) body.additional_info = { ip_address: input.payerIp }
    const created = await this.#createPayment(input.paymentId, input.idempotencyKey, body, input.amount)
    const emptyTransfer = {
      clabe: null,
      bankName: null,
      reference: '',
      redirectUrl: null,
      expiresAt: input.expiresAt,
    }
    if (!('raw' in created)) return { ...created, transfer: emptyTransfer }
    const result = toResult(created)
    const details = transactionDetails(created)
    const redirectUrl =
      typeof details.external_resource_url === 'string' ? details.external_resource_url : null
    if (result.status === 'PENDING' && !redirectUrl) {
      throw new ProviderResponseError('mercadopago', 'created a PSE payment without the bank redirect URL')
    }
    return { ...result, transfer: { ...emptyTransfer, reference: created.id, redirectUrl } }
  }

  async getStatus(providerPaymentId: string): Promise<ProviderPaymentResult> {
    if (providerPaymentId.startsWith('rejected:')) {
      return { providerPaymentId, status: 'DECLINED', declineReason: 'rejected_before_creation' }
    }
    const response = await this.#call('GET', `/v1/payments/${encodeURIComponent(providerPaymentId)}`)
    if (response.status === 404) {
      throw new ProviderResponseError('mercadopago', `knows no payment ${providerPaymentId}`)
    }
    if (response.status >= 400) {
      throw new ProviderResponseError(
        'mercadopago',
        `refused a status query: ${errorReason(response.body, response.status)}`,
      )
    }
    return toResult(readPayment(response.body))
  }

  /**
   * GET /v1/payments/search?external_reference=…: the payments the fan made on a Checkout Pro page for our
   * payment. A page lets the fan try again after a rejection, so an approved one wins over the latest.
   */
  async findByReference(paymentId: string): Promise<ProviderPaymentResult | null> {
    const query = new URLSearchParams({
      external_reference: paymentId,
      sort: 'date_created',
      criteria: 'desc',
    })
    const response = await this.#call('GET', `/v1/payments/search?${query.toString()}`)
    if (response.status >= 400) {
      throw new ProviderResponseError(
        'mercadopago',
        `refused a payment search: ${errorReason(response.body, response.status)}`,
      )
    }
    const body = response.body
    const results = isRecord(body) && Array.isArray(body.results) ? body.results.map(readPayment) : null
    if (!results) throw new ProviderResponseError('mercadopago', 'answered a payment search without results')
    const mine = results.filter((p) => idText(p.raw.external_reference) === paymentId)
    const chosen = mine.find((p) => p.status === 'approved') ?? mine[0]
    return chosen ? toResult(chosen) : null
  }

  /** Full or partial refund (POST /v1/payments/{id}/refunds with `amount`); the refund's own status decides. */
  async refund(
    providerPaymentId: string,
    amount: Money,
    idempotencyKey: string,
  ): Promise<ProviderPaymentResult> {
    const response = await this.#call(
      'POST',
      `/v1/payments/${encodeURIComponent(providerPaymentId)}/refunds`,
      {
        body: { amount: toMajorNumber(amount) },
        idempotencyKey,
      },
    )
    if (response.status >= 400) {
      return {
        providerPaymentId,
        status: 'DECLINED',
        declineReason: errorReason(response.body, response.status),
      }
    }
    const body = response.body
    const status = isRecord(body) && typeof body.status === 'string' ? body.status : undefined
    if (!status) throw new ProviderResponseError('mercadopago', 'answered a refund without a status')
    if (status === 'approved') return { providerPaymentId, status: 'REFUNDED' }
    if (status === 'in_process' || status === 'pending' || status === 'authorized') {
      return { providerPaymentId, status: 'PENDING' }
    }
    return { providerPaymentId, status: 'DECLINED', declineReason: `refund_${status}` }
  }

  /**
   * Webhook origin check as documented: take `ts` and `v1` from `x-signature`, `x-request-id`, and `data.id`
   * from the query string; HMAC-SHA256 the manifest with the application's secret signature; compare in
   * constant time; then refuse a `ts` (seconds) further than the tolerance from our clock. `data.id` is
   * required: without it nothing signed says which payment the notification is about.
   */
  verifyWebhook(request: WebhookRequest): boolean {
    const signature = headerValue(request.headers, 'x-signature')
    const requestId = headerValue(request.headers, 'x-request-id')
    const dataId = request.query['data.id']?.trim()
    if (!signature || !requestId || !dataId) return false
    const { ts, v1 } = parseSignatureHeader(signature)
    if (!ts || !v1 || !/^\d{1,12}$/.test(ts)) return false
    const expected = hmacSha256Hex(this.#webhookSecret, mercadoPagoManifest(dataId, requestId, ts))
    if (!safeEqualHex(expected, v1)) return false
    const driftSeconds = Math.abs(this.#now() / 1000 - Number(ts))
    return driftSeconds <= this.#toleranceSeconds
  }

  /**
   * Reads a verified notification. Body: `{ id, type: "payment", action: "payment.updated", data: { id } }`;
   * the payment id is the signed `data.id` of the query. Other topics (merchant_order, chargebacks, …) → null.
   */
  parseWebhook(request: WebhookRequest): WebhookNotice | null {
    let body: unknown = null
    try {
      body = request.rawBody ? JSON.parse(request.rawBody) : null
    } catch {
      throw new ProviderResponseError('mercadopago', 'sent a notification whose body is not JSON')
    }
    const record = isRecord(body) ? body : {}
    const type = typeof record.type === 'string' ? record.type : (request.query.type ?? request.query.topic)
    if (type !== 'payment') return null
    const dataId =
      request.query['data.id']?.trim() ||
      (isRecord(record.data) ? idText(record.data.id) : undefined) ||
      undefined
    if (!dataId) throw new ProviderResponseError('mercadopago', 'sent a payment notification without data.id')
    // The notification's own id; x-request-id is unique per delivery attempt, so it is only the fallback.
    const notificationId = idText(record.id) ?? headerValue(request.headers, 'x-request-id')
    if (!notificationId) throw new ProviderResponseError('mercadopago', 'sent a notification without an id')
    const action = typeof record.action === 'string' ? record.action : 'payment'
    return { notificationId: `${notificationId}:${action}`, providerPaymentId: normaliseDataId(dataId) }
  }

  /** Checkout Pro preference (POST /checkout/preferences); the browser opens `initPoint` or the Wallet Brick. */
  createPreference(input: CreatePreferenceInput): Promise<PreferenceResult> {
    return createPreference(this.#client(), input)
  }

  /**
   * A card token's BIN and type for a bank-card presale (issue 42 part 2): GET /v1/card_tokens/{id} with the
   * access token gives the digits the card began with (`first_eight_digits` where the token has them, else
   * `first_six_digits`), and the payment-method search by that BIN its `payment_type_id` (credit_card,
   * debit_card, prepaid_card). Mercado Pago names no business cards, so none reads as BUSINESS. A token it
   * does not know (404) or an unknown BIN: null.
   */
  async describeCardToken(token: string): Promise<CardFacts | null> {
    const answer = await this.#call('GET', `/v1/card_tokens/${encodeURIComponent(token)}`)
    if (answer.status >= 400 || !isRecord(answer.body)) return null
    const digits = idText(answer.body.first_eight_digits) ?? idText(answer.body.first_six_digits)
    if (!digits || !/^\d{6,8}$/.test(digits)) return null
    const method = await this.searchPaymentMethodByBin(digits)
    const type = method ? MP_CARD_TYPES[method.paymentTypeId] : undefined
    return type ? { bin: digits, type } : null
  }

  /** GET /v1/payment_methods/search?bin=…: the card's `payment_method_id` and issuer; null when unknown. */
  searchPaymentMethodByBin(bin: string): Promise<PaymentMethodInfo | null> {
    return searchPaymentMethodByBin(this.#client(), bin)
  }

  #client(): MercadoPagoClient {
    return { call: (method, path, options) => this.#call(method, path, options) }
  }
}

/** Mercado Pago's `payment_type_id` of a card → the presale's card type. */
const MP_CARD_TYPES: Readonly<Record<string, CardType>> = {
  credit_card: 'CREDIT',
  debit_card: 'DEBIT',
  prepaid_card: 'PREPAID',
}

/** The minimal transport the helpers below need; an adapter instance provides it. */
export interface MercadoPagoClient {
  call(
    method: 'GET' | 'POST',
    path: string,
    options?: { body?: unknown; idempotencyKey?: string },
  ): Promise<JsonResponse>
}

export const createPreference = async (
  client: MercadoPagoClient | MercadoPagoAdapter,
  input: CreatePreferenceInput,
): Promise<PreferenceResult> => {
  if (client instanceof MercadoPagoAdapter) return client.createPreference(input)
  if (input.items.length === 0) throw new RangeError('A preference needs at least one item')
  const currency = input.items[0]?.unitPrice.currency
  const body: Record<string, unknown> = {
    items: input.items.map((item) => {
      if (item.unitPrice.currency !== currency)
        throw new RangeError('Preference items must share one currency')
      if (!Number.isInteger(item.quantity) || item.quantity < 1)
        throw new RangeError('Item quantity must be ≥ 1')
      return {
        title: item.title,
        quantity: item.quantity,
        unit_price: toMajorNumber(item.unitPrice),
        currency_id: item.unitPrice.currency,
      }
    }),
    external_reference: input.paymentId,
    back_urls: input.backUrls,
    auto_return: 'approved',
  }
  if (input.payer) {
    const payer: Record<string, unknown> = { email: input.payer.email }
    if (input.payer.fullName) {
      const { first, last } = splitFullName(input.payer.fullName)
      payer.name = first
      payer.surname = last
    }
    body.payer = payer
  }
  if (input.notificationUrl) body.notification_url = input.notificationUrl
  if (input.expiresAt) {
    body.expires = true
    body.expiration_date_to = mpDate(input.expiresAt)
  }
  const response = await client.call('POST', '/checkout/preferences', {
    body,
    idempotencyKey: input.idempotencyKey,
  })
  if (response.status >= 400) {
    throw new ProviderResponseError(
      'mercadopago',
      `refused the preference: ${errorReason(response.body, response.status)}`,
    )
  }
  const answer = response.body
  if (!isRecord(answer) || !idText(answer.id) || typeof answer.init_point !== 'string') {
    throw new ProviderResponseError('mercadopago', 'answered a preference without id or init_point')
  }
  return {
    id: idText(answer.id) as string,
    initPoint: answer.init_point,
    sandboxInitPoint: typeof answer.sandbox_init_point === 'string' ? answer.sandbox_init_point : null,
  }
}

export const searchPaymentMethodByBin = async (
  client: MercadoPagoClient | MercadoPagoAdapter,
  bin: string,
): Promise<PaymentMethodInfo | null> => {
  if (client instanceof MercadoPagoAdapter) return client.searchPaymentMethodByBin(bin)
  if (!/^\d{6,8}$/.test(bin)) throw new RangeError('A card BIN is 6 to 8 digits')
  const query = new URLSearchParams({ bin, marketplace: 'NONE', status: 'active' })
  const response = await client.call('GET', `/v1/payment_methods/search?${query.toString()}`)
  if (response.status >= 400) {
    throw new ProviderResponseError(
      'mercadopago',
      `refused the BIN search: ${errorReason(response.body, response.status)}`,
    )
  }
  const body = response.body
  const results = isRecord(body) && Array.isArray(body.results) ? body.results : null
  if (!results) throw new ProviderResponseError('mercadopago', 'answered the BIN search without results')
  const first = results.find(isRecord)
  if (!first) return null
  const id = idText(first.id)
  const paymentTypeId = idText(first.payment_type_id)
  if (!id || !paymentTypeId)
    throw new ProviderResponseError('mercadopago', 'answered a payment method without id')
  const issuer = isRecord(first.issuer) ? first.issuer : {}
  return {
    id,
    paymentTypeId,
    name: typeof first.name === 'string' ? first.name : null,
    issuerId: idText(issuer.id) ?? null,
    issuerName: typeof issuer.name === 'string' ? issuer.name : null,
  }
}
