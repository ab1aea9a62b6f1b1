import type { Money } from '@palco/domain/money/money'
import {
  type CardChargeInput,
  type CashVoucherInput,
  type CashVoucherResult,
  type HostedPaymentInput,
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
 * Kushki adapter over its documented REST API (plain fetch; Kushki publishes no Node SDK for the server).
 * Base URLs: https://api.kushkipagos.com (live), https://api-uat.kushkipagos.com (sandbox).
 *
 * Pages followed (api-docs.kushkipagos.com and docs.kushki.com/co|mx):
 * - Card: "Make a charge" POST /card/v1/charges with the Kushki.js token, `Private-Merchant-Id`, the amount
 *   object { subtotalIva, subtotalIva0, ice, iva, currency }, `months` for installments, `fullResponse` so the
 *   answer carries details.transactionStatus (APPROVAL / DECLINED / INITIALIZED).
 * - Voids/refunds: "Void a transaction" DELETE /v1/charges/{ticketNumber}; Kushki turns a void on a
 *   settled charge into a refund ("Devoluciones, anulaciones y reembolsos").
 * - Cash-in: "Request a cash in token" POST /cash/v1/tokens (`Public-Merchant-Id`), then "Init Transaction"
 *   POST /cash/v1/charges/init (`Private-Merchant-Id`, expirationDate `YYYY-MM-DD HH:mm:ss` UTC) → pin,
 *   pdfUrl, ticketNumber; "Transaction Status" GET by ticket number.
 * - Transfer-in (PSE is Kushki's Transfer In in Colombia): POST /transfer/v1/tokens (`Public-Merchant-Id`,
 *   bankId, callbackUrl, userType, document, email, amount), POST /transfer/v1/init with the token and
 *   the amount again → redirectUrl; GET /transfer/v1/status/{token}.
 * - Idempotency: header `Idempotency-Key` on creation requests; Kushki stores no record for 4xx/5xx
 *   answers, so a retry with the same key after an error runs once more (API overview, "Idempotency").
 * - Webhooks: docs.kushki.com/co/en/notifications/webhooks/overview, "Authentication": Kushki sends
 *   X-Kushki-Key (merchant), X-Kushki-Id (the send time in milliseconds), X-Kushki-Signature =
 *   HMAC-SHA256(`${body}.${X-Kushki-Id}`) with the webhook signature from the console, hex, and
 *   X-Kushki-SimpleSignature = HMAC of the id alone. We check the full signature, which covers the body.
 * - Saved cards (paguitos) are Kushki card subscriptions charged on demand ("OneClick payments",
 *   docs.kushki.com/co/en/recurring-payments/one-click-payments/on-demand; API reference "Create a
 *   subscription" api-docs.kushkipagos.com/api-reference/card-subscriptions/createsubscription):
 *   POST /subscriptions/v1/card with the token, planName, periodicity "custom" (on demand), contactDetails,
 *   amount and a future startDate → { subscriptionId }; "Make an One-click payment"
 *   POST /subscriptions/v1/card/{subscriptionId} with amount, metadata, contactDetails, orderDetails and
 *   fullResponse, answered like a card charge (ticketNumber, details.transactionStatus); "Cancel a recurring
 *   charge" DELETE /subscriptions/v1/card/{subscriptionId}.
 *
 * Not documented, so not used: a status query for a card charge (its answer already carries the final
 * status; later changes arrive by webhook) — `getStatus` on a card says so instead of guessing.
 */

export interface KushkiAdapterConfig {
  /** Private-Merchant-Id: server-side requests (charges, init, status, voids). */
  privateKey: string
  /**
   * Public-Merchant-Id: cash-in and transfer-in tokens are requested with it. Needed only for cash vouchers
   * and PSE; card tokens are made in the browser by Kushki.js.
   */
  publicKey?: string
  /** "Webhook signature" of the merchant console. */
  webhookSecret: string
  baseUrl: string
  timeoutMs: number
  /**
   * Largest accepted distance between X-Kushki-Id and our clock. Kushki signs each delivery afresh (retries
   * carry a new X-Kushki-Id), so 300 s only needs to absorb clock skew and transit time.
   */
  webhookToleranceSeconds?: number
  now?: () => number
}

/** Kushki's documentType values for cash-in/transfer-in tokens (cash-in token reference). */
const KUSHKI_DOCUMENT_TYPE: Readonly<Record<string, string>> = {
  CC: 'CC',
  CE: 'CE',
  TI: 'TI',
  NIT: 'NIT',
  PP: 'PP',
}

type KushkiKind = 'card' | 'cash' | 'transfer'

/**
 * Our providerPaymentId for Kushki names the product and Kushki's own id: `card:<ticketNumber>`,
 * `cash:<ticketNumber>`, `transfer:<token>` (transfer status is queried by token, not ticket number).
 */
export const kushkiPaymentId = (kind: KushkiKind, id: string): string => `${kind}:${id}`

const parsePaymentId = (providerPaymentId: string): { kind: KushkiKind; id: string } => {
  const colon = providerPaymentId.indexOf(':')
  const kind = providerPaymentId.slice(0, colon)
  const id = providerPaymentId.slice(colon + 1)
  if ((kind === 'card' || kind === 'cash' || kind === 'transfer') && id) return { kind, id }
  throw new ProviderResponseError('kushki', `cannot read payment id "${providerPaymentId}"`)
}

/**
 * Kushki's status vocabularies → ours. Card charges say APPROVAL / DECLINED / INITIALIZED; cash-in and
 * transfer-in say requestedToken / initializedTransaction / approvedTransaction / declinedTransaction /
 * expiredTransaction (the cash PIN ran out); voids and refunds come back as VOID / REFUND.
 */
export const mapKushkiStatus = (status: string): ProviderPaymentStatus => {
  const normal = status.replace(/[^a-z]/gi, '').toLowerCase()
  switch (normal) {
    case 'approval':
    case 'approved':
    case 'approvedtransaction':
    case 'paid':
      return 'APPROVED'
    case 'declined':
    case 'declinedtransaction':
    case 'rejected':
    case 'rejectedtransaction':
    case 'cancelled':
    case 'canceled':
    case 'cancelledtransaction':
      return 'DECLINED'
    case 'initialized':
    case 'initializedtransaction':
    case 'requestedtoken':
    case 'pending':
    case 'inprocess':
      return 'PENDING'
    case 'expired':
    case 'expiredtransaction':
      return 'EXPIRED'
    case 'void':
    case 'voided':
    case 'voidtransaction':
    case 'refund':
    case 'refunded':
    case 'refundtransaction':
      return 'REFUNDED'
    default:
      throw new ProviderResponseError('kushki', `reported an unknown transaction status "${status}"`)
  }
}

/**
 * The amount object. Ticket prices are final prices (DESIGN §5), so the whole total goes as the untaxed
 * base `subtotalIva0` with iva and ice 0: we do not break VAT out on Kushki's side.
 */
export const kushkiAmount = (money: Money) => ({
  subtotalIva: 0,
  subtotalIva0: toMajorNumber(money),
  ice: 0,
  iva: 0,
  currency: money.currency,
})

/** Kushki's expirationDate: `YYYY-MM-DD HH:mm:ss` in UTC. */
const kushkiDate = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ')

/** Kushki's subscription dates: `YYYY-MM-DD`. */
const kushkiDay = (date: Date): string => date.toISOString().slice(0, 10)

/** The plan name a saved card's subscription is created under (the API requires one). */
const SAVED_CARD_PLAN = 'Palco tarjeta guardada'

/** Signs a body the way Kushki's notification service does; used by the fake and by tests. */
export const signKushkiWebhook = (
  secret: string,
  rawBody: string,
  timestampMs: number,
): { 'x-kushki-id': string; 'x-kushki-signature': string; 'x-kushki-simplesignature': string } => ({
  'x-kushki-id': String(timestampMs),
  'x-kushki-signature': hmacSha256Hex(secret, `${rawBody}.${timestampMs}`),
  'x-kushki-simplesignature': hmacSha256Hex(secret, String(timestampMs)),
})

/** A 4xx body `{ code, message }` → "021 Tarjeta sin fondos". */
const errorReason = (body: unknown, status: number): string => {
  if (isRecord(body)) {
    const code = idText(body.code)
    const message = typeof body.message === 'string' ? body.message : undefined
    if (code || message) return [code, message].filter(Boolean).join(' ')
  }
  return `http_${status}`
}

const contact = (payer: Payer) => {
  const { first, last } = splitFullName(payer.fullName)
  return { first, last, documentType: KUSHKI_DOCUMENT_TYPE[payer.documentType] ?? payer.documentType }
}

/** The `contactDetails` object card charges and subscriptions share. */
const contactDetails = (payer: Payer) => {
  const who = contact(payer)
  return {
    documentType: who.documentType,
    documentNumber: payer.documentNumber,
    email: payer.email,
    firstName: who.first,
    lastName: who.last,
    phoneNumber: payer.phone,
  }
}

const stringField = (record: Record<string, unknown>, ...names: string[]): string | undefined => {
  for (const name of names) {
    const value = idText(record[name])
    if (value) return value
  }
  return undefined
}

export class KushkiAdapter implements PaymentProviderAdapter {
  readonly code = 'kushki' as const
  /** Kushki has no hosted checkout page like Checkout Pro: every method is integrated on our page. */
  readonly hostedCheckout = false
  readonly savedCards = true
  readonly #privateKey: string
  readonly #publicKey: string | undefined
  readonly #webhookSecret: string
  readonly #baseUrl: string
  readonly #timeoutMs: number
  readonly #toleranceSeconds: number
  readonly #now: () => number

  constructor(config: KushkiAdapterConfig) {
    if (!config.privateKey) throw new Error('KushkiAdapter needs the Private-Merchant-Id')
    if (!config.webhookSecret) throw new Error('KushkiAdapter needs the webhook signature')
    if (!(config.timeoutMs > 0)) throw new Error('KushkiAdapter needs a positive timeoutMs')
    this.#privateKey = config.privateKey
    this.#publicKey = config.publicKey || undefined
    this.#webhookSecret = config.webhookSecret
    this.#baseUrl = trimBaseUrl(config.baseUrl)
    this.#timeoutMs = config.timeoutMs
    this.#toleranceSeconds = config.webhookToleranceSeconds ?? 300
    this.#now = config.now ?? Date.now
  }

  async #call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: {
      body?: unknown
      idempotencyKey?: string
      key?: 'private' | 'public'
      /** A creation: a 404 there means a wrong base URL, never a refusal of this payment. */
      creation?: boolean
    } = {},
  ): Promise<JsonResponse> {
    const headers: Record<string, string> = {}
    if (options.key === 'public') {
      if (!this.#publicKey) {
        throw new ProviderConfigurationError(
          'kushki',
          'needs the Public-Merchant-Id for cash-in and transfer-in tokens',
        )
      }
      headers['Public-Merchant-Id'] = this.#publicKey
    } else headers['Private-Merchant-Id'] = this.#privateKey
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey
    const response = await requestJson('kushki', {
      method,
      url: `${this.#baseUrl}${path}`,
      headers,
      body: options.body,
      timeoutMs: this.#timeoutMs,
    })
    if (response.status === 401 || response.status === 403) {
      throw new ProviderConfigurationError(
        'kushki',
        `refused the merchant credentials (HTTP ${response.status})`,
      )
    }
    if (options.creation && response.status === 404) {
      throw new ProviderResponseError('kushki', `has no ${path} at the configured base URL`)
    }
    // A 409 means a request with the same Idempotency-Key is still in flight: outcome unknown, retry later.
    if (response.status === 409) {
      throw new ProviderUnavailableError('kushki', new Error('HTTP 409'))
    }
    return response
  }

  /**
   * Saves the card of a one-use token as an on-demand subscription (periodicity "custom": Kushki schedules
   * no charge of its own; we charge each installment when it is due). A refusal throws
   * ProviderUnsupportedError, as the sandbox does: there is no payment to decline.
   */
  async saveCard(input: SaveCardInput): Promise<SavedCardResult> {
    const currency = input.currency
    const response = await this.#call('POST', '/subscriptions/v1/card', {
      creation: true,
      idempotencyKey: input.idempotencyKey,
      body: {
        token: input.token,
        planName: SAVED_CARD_PLAN,
        periodicity: 'custom',
        contactDetails: contactDetails(input.payer),
        // The subscription's own amount is never charged on demand (each charge names its amount), and the
        // save knows no amount: zero, in the account's currency.
        amount: kushkiAmount({ amount: 0, currency }),
        // The API wants a future start date; a "custom" subscription has no schedule for it to start.
        startDate: kushkiDay(new Date(this.#now() + 86_400_000)),
        language: 'es',
      },
    })
    if (response.status >= 400) {
      throw new ProviderUnsupportedError(
        'kushki',
        `refused to save the card: ${errorReason(response.body, response.status)}`,
      )
    }
    const subscriptionId = isRecord(response.body) ? stringField(response.body, 'subscriptionId') : undefined
    if (!subscriptionId)
      throw new ProviderResponseError('kushki', 'answered a card subscription without subscriptionId')
    // The documented answer is the subscription id alone, and a Kushki.js token does not tell the card apart:
    // the brand is the browser's when it sent one, the last digits unknown.
    return {
      providerCardId: subscriptionId,
      providerCustomerId: null,
      brand: input.paymentMethodId ?? 'card',
      last4: '',
    }
  }

  /** Cancels the card's subscription; a 404 is one already gone, which is what we want. */
  async removeSavedCard(card: SavedCardRef): Promise<void> {
    const response = await this.#call(
      'DELETE',
      `/subscriptions/v1/card/${encodeURIComponent(card.providerCardId)}`,
    )
    if (response.status < 400 || response.status === 404) return
    throw new ProviderResponseError(
      'kushki',
      `refused to cancel a card subscription: ${errorReason(response.body, response.status)}`,
    )
  }

  /**
   * A merchant-initiated one-click charge of a saved card (a paguitos deposit or installment): the
   * subscription stands for the card, so no token and no CVV are sent, and each installment is one charge
   * (no `months`). Not a creation in the 404 sense: a 404 here is a subscription cancelled since, a
   * definite refusal of this charge.
   */
  async #chargeSubscription(input: CardChargeInput, saved: SavedCardRef): Promise<ProviderPaymentResult> {
    const body: Record<string, unknown> = {
      amount: kushkiAmount(input.amount),
      metadata: { paymentId: input.paymentId },
      orderDetails: { siteDomain: 'palco', description: input.description },
      language: 'es',
      fullResponse: true,
    }
    // Reconciliation retries without the payer's details; the subscription already has them.
    if (input.payer.email) body.contactDetails = contactDetails(input.payer)
    const response = await this.#call(
      'POST',
      `/subscriptions/v1/card/${encodeURIComponent(saved.providerCardId)}`,
      { body, idempotencyKey: input.idempotencyKey },
    )
    return this.#chargeResult(input.paymentId, response, 'a subscription charge')
  }

  async chargeCard(input: CardChargeInput): Promise<ProviderPaymentResult> {
    // The token is a placeholder then: it must never reach Kushki.
    if (input.savedCard) return this.#chargeSubscription(input, input.savedCard)
    const body: Record<string, unknown> = {
      token: input.token,
      amount: kushkiAmount(input.amount),
      metadata: { paymentId: input.paymentId },
      contactDetails: contactDetails(input.payer),
      orderDetails: { siteDomain: 'palco', description: input.description },
      fullResponse: true,
    }
    // `months` is Kushki's installment count ("cargo diferido"); a one-shot charge sends none.
    if (input.installments > 1) body.months = input.installments
    const response = await this.#call('POST', '/card/v1/charges', {
      creation: true,
      body,
      idempotencyKey: input.idempotencyKey,
    })
    return this.#chargeResult(input.paymentId, response, 'a card charge')
  }

  /** A card or subscription charge's answer: both are card transactions with the same shape. */
  #chargeResult(paymentId: string, response: JsonResponse, what: string): ProviderPaymentResult {
    const record = isRecord(response.body) ? response.body : {}
    const details = isRecord(record.details) ? record.details : {}
    if (response.status >= 400) {
      // A refusal: 4xx with `{ code, message }` (e.g. "021 Tarjeta sin fondos", "K006 …"). Kushki may or may
      // not give the declined attempt a ticket number.
      const ticket = stringField(record, 'ticketNumber') ?? stringField(details, 'ticketNumber')
      return {
        providerPaymentId: kushkiPaymentId('card', ticket ?? `declined-${paymentId}`),
        status: 'DECLINED',
        declineReason: errorReason(response.body, response.status),
      }
    }
    const ticketNumber = stringField(record, 'ticketNumber')
    const transactionStatus =
      stringField(details, 'transactionStatus') ?? stringField(record, 'transactionStatus')
    if (!ticketNumber || !transactionStatus) {
      throw new ProviderResponseError('kushki', `answered ${what} without ticketNumber or transactionStatus`)
    }
    const status = mapKushkiStatus(transactionStatus)
    const result: ProviderPaymentResult = { providerPaymentId: kushkiPaymentId('card', ticketNumber), status }
    const lastFour = stringField(details, 'lastFourDigits')
    if (lastFour && /^\d{4}$/.test(lastFour)) result.cardLast4 = lastFour
    if (status === 'DECLINED') {
      result.declineReason =
        stringField(details, 'responseText') ?? stringField(details, 'responseCode') ?? 'declined'
    }
    return result
  }

  async createCashVoucher(input: CashVoucherInput): Promise<CashVoucherResult> {
    if (input.network === 'cashInClub') {
      throw new ProviderUnsupportedError(
        'kushki',
        'cash at the club box office is not a Kushki cash-in network',
      )
    }
    const who = contact(input.payer)
    const tokenResponse = await this.#call('POST', '/cash/v1/tokens', {
      creation: true,
      key: 'public',
      body: {
        name: who.first,
        lastName: who.last,
        identification: input.payer.documentNumber,
        documentType: who.documentType,
        email: input.payer.email,
        totalAmount: toMajorNumber(input.amount),
        currency: input.amount.currency,
        description: input.description,
      },
    })
    if (tokenResponse.status >= 400)
      return this.#declinedVoucher(input, errorReason(tokenResponse.body, tokenResponse.status))
    const token = isRecord(tokenResponse.body) ? stringField(tokenResponse.body, 'token') : undefined
    if (!token) throw new ProviderResponseError('kushki', 'answered a cash-in token request without a token')

    const init = await this.#call('POST', '/cash/v1/charges/init', {
      creation: true,
      idempotencyKey: input.idempotencyKey,
      body: {
        token,
        expirationDate: kushkiDate(input.expiresAt),
        amount: kushkiAmount(input.amount),
        metadata: { paymentId: input.paymentId, network: input.network },
      },
    })
    if (init.status >= 400) return this.#declinedVoucher(input, errorReason(init.body, init.status))
    const record = isRecord(init.body) ? init.body : {}
    const ticketNumber = stringField(record, 'ticketNumber')
    const pin = stringField(record, 'pin')
    if (!ticketNumber || !pin)
      throw new ProviderResponseError('kushki', 'answered a cash-in init without ticketNumber or pin')
    const details = isRecord(record.details) ? record.details : {}
    const transactionStatus = stringField(details, 'transactionStatus') ?? stringField(record, 'status')
    return {
      providerPaymentId: kushkiPaymentId('cash', ticketNumber),
      status: transactionStatus ? mapKushkiStatus(transactionStatus) : 'PENDING',
      voucher: {
        reference: pin,
        // Colombian merchants also get getPinBarCode (the barcode's content); elsewhere the PIN is the code.
        barcode: stringField(record, 'getPinBarCode', 'barcode') ?? pin,
        expiresAt: input.expiresAt,
      },
    }
  }

  #declinedVoucher(input: CashVoucherInput, reason: string): CashVoucherResult {
    return {
      providerPaymentId: kushkiPaymentId('cash', `declined-${input.paymentId}`),
      status: 'DECLINED',
      declineReason: reason,
      voucher: { reference: '', barcode: '', expiresAt: input.expiresAt },
    }
  }

  async createTransfer(input: TransferInput): Promise<TransferResult> {
    if (input.kind !== 'PSE') {
      throw new ProviderUnsupportedError(
        'kushki',
        `${input.kind} is not a Kushki method here (Kushki transfer-in is PSE)`,
      )
    }
    if (!input.bank)
      throw new ProviderUnsupportedError('kushki', 'a PSE transfer needs the bank id from the bank list')
    const who = contact(input.payer)
    const amount = kushkiAmount(input.amount)
    const empty = {
      clabe: null,
      bankName: null,
      reference: '',
      redirectUrl: null,
      expiresAt: input.expiresAt,
    }
    const tokenResponse = await this.#call('POST', '/transfer/v1/tokens', {
      creation: true,
      key: 'public',
      body: {
        amount,
        bankId: input.bank,
        callbackUrl: input.returnUrl,
        // userType "0" is a natural person, "1" a company (Transfer In token reference).
        userType: input.payer.documentType === 'NIT' ? '1' : '0',
        documentType: who.documentType,
        documentNumber: input.payer.documentNumber,
        email: input.payer.email,
        currency: input.amount.currency,
        // Kushki hands paymentDescription back untouched in the status answer: our reference travels in it.
        paymentDescription: `${input.description} (${input.paymentId})`,
      },
    })
    if (tokenResponse.status >= 400) {
      return {
        providerPaymentId: kushkiPaymentId('transfer', `declined-${input.paymentId}`),
        status: 'DECLINED',
        declineReason: errorReason(tokenResponse.body, tokenResponse.status),
        transfer: empty,
      }
    }
    const token = isRecord(tokenResponse.body) ? stringField(tokenResponse.body, 'token') : undefined
    if (!token)
      throw new ProviderResponseError('kushki', 'answered a transfer-in token request without a token')
    // The init takes exactly the token and the amount again (anything else is "T001 invalid body").
    const init = await this.#call('POST', '/transfer/v1/init', {
      creation: true,
      idempotencyKey: input.idempotencyKey,
      body: { token, amount },
    })
    if (init.status >= 400) {
      return {
        providerPaymentId: kushkiPaymentId('transfer', token),
        status: 'DECLINED',
        declineReason: errorReason(init.body, init.status),
        transfer: empty,
      }
    }
    const record = isRecord(init.body) ? init.body : {}
    const redirectUrl = stringField(record, 'redirectUrl')
    if (!redirectUrl)
      throw new ProviderResponseError('kushki', 'answered a transfer-in init without redirectUrl')
    return {
      providerPaymentId: kushkiPaymentId('transfer', token),
      status: 'PENDING',
      transfer: {
        ...empty,
        bankName: stringField(record, 'bankName') ?? null,
        reference: stringField(record, 'ticketNumber', 'transactionReference', 'trazabilityCode') ?? token,
        redirectUrl,
      },
    }
  }

  createPreference(_input: HostedPaymentInput): Promise<HostedPaymentResult> {
    return Promise.reject(
      new ProviderUnsupportedError('kushki', 'has no hosted checkout page (Mercado Pago Checkout Pro style)'),
    )
  }

  /** Every Kushki transaction is created by us, so its id is always known: nothing to find by reference. */
  async findByReference(_paymentId: string): Promise<ProviderPaymentResult | null> {
    return null
  }

  async getStatus(providerPaymentId: string): Promise<ProviderPaymentResult> {
    const { kind, id } = parsePaymentId(providerPaymentId)
    if (id.startsWith('declined-'))
      return { providerPaymentId, status: 'DECLINED', declineReason: 'declined_at_creation' }
    if (kind === 'card') {
      throw new ProviderUnsupportedError(
        'kushki',
        'offers no status query for card charges: the charge answer is final and changes arrive by webhook',
      )
    }
    const path =
      kind === 'cash'
        ? `/cash/v1/charges/${encodeURIComponent(id)}`
        : `/transfer/v1/status/${encodeURIComponent(id)}`
    const response = await this.#call('GET', path)
    if (response.status === 404)
      throw new ProviderResponseError('kushki', `knows no ${kind} transaction ${id}`)
    if (response.status >= 400) {
      throw new ProviderResponseError(
        'kushki',
        `refused a status query: ${errorReason(response.body, response.status)}`,
      )
    }
    const record = isRecord(response.body) ? response.body : {}
    const details = isRecord(record.details) ? record.details : {}
    const status =
      stringField(record, 'status', 'transactionStatus') ??
      stringField(details, 'transactionStatus', 'status')
    if (!status) throw new ProviderResponseError('kushki', 'answered a status query without a status')
    const mapped = mapKushkiStatus(status)
    const result: ProviderPaymentResult = { providerPaymentId, status: mapped }
    if (mapped === 'DECLINED')
      result.declineReason = stringField(record, 'responseText', 'processorState') ?? status
    return result
  }

  /**
   * Card charges are voided/refunded with DELETE /v1/charges/{ticketNumber} (amount in the body for a
   * partial refund). Cash-in and transfer-in money cannot be sent back through Kushki's API: that is a
   * definite refusal (DECLINED), and the service pays the fan back another way (wallet credit).
   */
  async refund(
    providerPaymentId: string,
    amount: Money,
    idempotencyKey: string,
  ): Promise<ProviderPaymentResult> {
    const { kind, id } = parsePaymentId(providerPaymentId)
    if (kind !== 'card') {
      return { providerPaymentId, status: 'DECLINED', declineReason: `kushki_${kind}_not_refundable_by_api` }
    }
    if (id.startsWith('declined-')) {
      return { providerPaymentId, status: 'DECLINED', declineReason: 'nothing_was_charged' }
    }
    const response = await this.#call('DELETE', `/v1/charges/${encodeURIComponent(id)}`, {
      idempotencyKey,
      body: { amount: kushkiAmount(amount), fullResponse: true },
    })
    if (response.status >= 400) {
      return {
        providerPaymentId,
        status: 'DECLINED',
        declineReason: errorReason(response.body, response.status),
      }
    }
    const record = isRecord(response.body) ? response.body : {}
    const details = isRecord(record.details) ? record.details : {}
    const status = stringField(details, 'transactionStatus') ?? stringField(record, 'transactionStatus')
    if (!stringField(record, 'ticketNumber')) {
      throw new ProviderResponseError('kushki', 'answered a void without its ticketNumber')
    }
    // The void is its own transaction: APPROVAL on a void means the money goes back to the fan.
    const mapped = status ? mapKushkiStatus(status) : 'APPROVED'
    if (mapped === 'APPROVED' || mapped === 'REFUNDED') return { providerPaymentId, status: 'REFUNDED' }
    if (mapped === 'PENDING') return { providerPaymentId, status: 'PENDING' }
    return { providerPaymentId, status: 'DECLINED', declineReason: `void_${status}` }
  }

  /**
   * X-Kushki-Signature must equal HMAC-SHA256(webhook signature, `${rawBody}.${X-Kushki-Id}`) in hex
   * (constant-time compare), and X-Kushki-Id — the send time in milliseconds — must be within the tolerance.
   * The raw body is what Kushki signed; re-serialising parsed JSON could change its bytes.
   */
  verifyWebhook(request: WebhookRequest): boolean {
    const signature = headerValue(request.headers, 'x-kushki-signature')
    const kushkiId = headerValue(request.headers, 'x-kushki-id')
    if (!signature || !kushkiId || !/^\d{10,13}$/.test(kushkiId)) return false
    const expected = hmacSha256Hex(this.#webhookSecret, `${request.rawBody}.${kushkiId}`)
    if (!safeEqualHex(expected, signature)) return false
    // Kushki's notifier stamps milliseconds; a 10-digit value is read as seconds to be lenient.
    const sentMs = kushkiId.length <= 10 ? Number(kushkiId) * 1000 : Number(kushkiId)
    return Math.abs(this.#now() - sentMs) <= this.#toleranceSeconds * 1000
  }

  /**
   * Kushki's webhook body is the transaction itself. The kind is told by its fields: a PIN means cash-in, a
   * transfer token / bankId / paymentMethod "transfer" means transfer-in, otherwise a card charge. There is
   * no notification id, so one is built from what identifies the event: payment, type and status (a
   * retried delivery of the same event gets the same id; the next status change gets a new one).
   */
  parseWebhook(request: WebhookRequest): WebhookNotice | null {
    let body: unknown
    try {
      body = JSON.parse(request.rawBody)
    } catch {
      throw new ProviderResponseError('kushki', 'sent a notification whose body is not JSON')
    }
    if (!isRecord(body))
      throw new ProviderResponseError('kushki', 'sent a notification that is not an object')
    const ticketNumber = stringField(body, 'ticketNumber', 'ticket_number')
    const token = stringField(body, 'token')
    const method = (
      stringField(body, 'paymentMethod', 'payment_method', 'transactionType', 'transaction_type') ?? ''
    ).toLowerCase()
    const status = stringField(body, 'transactionStatus', 'transaction_status', 'status') ?? 'unknown'
    let providerPaymentId: string
    if (method.includes('transfer') || stringField(body, 'bankId', 'bank_id')) {
      if (!token) return null
      providerPaymentId = kushkiPaymentId('transfer', token)
    } else if (method.includes('cash') || stringField(body, 'pin')) {
      if (!ticketNumber) return null
      providerPaymentId = kushkiPaymentId('cash', ticketNumber)
    } else {
      // Subscriptions and payouts carry neither a ticket number nor a charge: not our business here.
      if (!ticketNumber || stringField(body, 'subscriptionId', 'subscription_id')) return null
      // A void/refund notification names the original sale's ticket in saleTicketNumber.
      const sale = stringField(body, 'saleTicketNumber', 'sale_ticket_number')
      providerPaymentId = kushkiPaymentId('card', sale ?? ticketNumber)
    }
    const type = stringField(body, 'transactionType', 'transaction_type') ?? 'SALE'
    return { notificationId: `${providerPaymentId}:${type}:${status}`, providerPaymentId }
  }
}
