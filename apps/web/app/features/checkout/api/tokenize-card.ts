import { CARD_TYPES, type CardFacts } from '@palco/domain/checkout/presale-match'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { type Money, toDecimalString } from '@palco/domain/money/minor-units'
import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { jsonBodyOf } from '../../../lib/api-client'
import type { CardDetails } from '../model/checkout-forms'

/**
 * Turns the card into a one-use token in the browser, so the card number never reaches our server
 * (DESIGN §9), with the tokenizer of the provider that pays for the cart's country: the built-in
 * sandbox's (local), Mercado Pago's or Kushki's (their documented REST endpoints, with the public key).
 *
 * A refusal the fan can fix lands on a card field, the same fields the sandbox reports; a provider that
 * does not answer in time, or refuses our configuration, is an error code with its translated text
 * (`errors:codes.<code>`). The server never learns the card: it receives the token and, for Mercado
 * Pago, the payment method and issuer the BIN search found.
 */

export type CardField = 'number' | 'expiry' | 'cvv' | 'holderName'

/** Problem codes of the tokenizer's own failures; each has its text in both locales. */
export type TokenizeErrorCode =
  | 'PAYMENT_PROVIDER_UNAVAILABLE'
  | 'PAYMENT_METHOD_UNAVAILABLE'
  | 'InvalidParameterException'

export type TokenizeOutcome =
  | {
      ok: true
      token: string
      paymentMethodId?: string
      issuerId?: string
      /**
       * The card's BIN and type as the provider's tokenization answered them, for the page's own check of a
       * bank-card presale (issue 42 part 2); the server asks the provider again and decides.
       */
      card?: CardFacts
    }
  | { ok: false; field: CardField }
  | { ok: false; code: TokenizeErrorCode }

export interface TokenizeContext {
  provider: BrowserPaymentConfig
  /** What the card will be charged; Kushki's token is for an amount. */
  amount: Money
  /** The billing document, which Mercado Pago's Colombian tokens carry as the cardholder's identification. */
  holderId?: { documentType: string; documentNumber: string }
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch
  /** Where the sandbox's endpoint lives; this site's own origin (a relative path) by default. */
  sandboxBase?: string
  /** How long the provider may take before the fan is told it did not answer. */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 10_000

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n))

export async function tokenizeCard(card: CardDetails, ctx: TokenizeContext): Promise<TokenizeOutcome> {
  switch (ctx.provider.provider) {
    case 'mercadopago':
      return tokenizeMercadoPagoCard(card, ctx)
    case 'kushki':
      return tokenizeKushkiCard(card, ctx)
    case 'sandbox':
      return tokenizeAtSandbox(card, ctx)
  }
}

/**
 * The sandbox (issue 42 part 2): the card's checks run here first, so a typo is named without a request;
 * then the sandbox's tokenization endpoint issues the token, as a provider's server does, and keeps the
 * card's BIN and type so that a bank-card presale can be judged on the provider's word, not this page's.
 */
async function tokenizeAtSandbox(card: CardDetails, ctx: TokenizeContext): Promise<TokenizeOutcome> {
  const checked = tokenizeSandboxCard(card, randomBytes, new Date())
  if (!checked.ok) return { ok: false, field: checked.field }
  const answer = await call(ctx, `${ctx.sandboxBase ?? ''}/api/payments/sandbox/card-tokens`, {
    method: 'POST',
    body: {
      number: card.number.replace(/[\s-]/g, ''),
      holderName: card.holderName,
      expMonth: card.expMonth,
      expYear: card.expYear,
      cvv: card.cvv,
    },
  })
  const failure = failureOf(answer)
  if (failure) return failure
  if (answer.status === 'unreachable') return { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }
  const body = record(answer.body)
  if (answer.status >= 400) {
    const field = Object.keys(record(body.fields))[0]
    const known: CardField[] = ['number', 'expiry', 'cvv', 'holderName']
    return { ok: false, field: known.find((f) => f === field) ?? 'number' }
  }
  const token = text(body.token)
  if (!token) return { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }
  const described = record(body.card)
  const facts = factsOf(text(described.bin), text(described.type))
  return { ok: true, token, ...(facts ? { card: facts } : {}) }
}

/** A BIN and a card type as a provider answered them, when both read as such. */
function factsOf(bin: string | undefined, type: string | undefined): CardFacts | undefined {
  const known = CARD_TYPES.find((t) => t === type)
  return bin && /^\d{6,8}$/.test(bin) && known ? { bin, type: known } : undefined
}

/** Mercado Pago's `payment_type_id` of a card's method → the presale's card type. */
const MP_CARD_TYPES: Readonly<Record<string, string>> = {
  credit_card: 'CREDIT',
  debit_card: 'DEBIT',
  prepaid_card: 'PREPAID',
}

type Answer = { status: number; body: unknown } | { status: 'unreachable' }

/** One JSON request with a hard timeout; a refused connection, a timeout or CORS refusal is unreachable. */
async function call(
  ctx: TokenizeContext,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  const doFetch = ctx.fetch ?? fetch
  try {
    const response = await doFetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      // No cookies or referrer details go to the provider.
      credentials: 'omit',
      signal: AbortSignal.timeout(ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    })
    return { status: response.status, body: await jsonBodyOf(response) }
  } catch {
    return { status: 'unreachable' }
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined

/** What a failed answer means for the fan when no field explains it. */
function failureOf(answer: Answer): TokenizeOutcome | null {
  if (answer.status === 'unreachable' || answer.status >= 500 || answer.status === 429)
    return { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }
  // Our public key refused, or no such endpoint: a setup problem, not the fan's card.
  if (answer.status === 401 || answer.status === 403 || answer.status === 404)
    return { ok: false, code: 'PAYMENT_METHOD_UNAVAILABLE' }
  return null
}

const apiBase = (provider: BrowserPaymentConfig): string | null =>
  provider.apiUrl && provider.publicKey ? provider.apiUrl.replace(/\/+$/, '') : null

/**
 * Mercado Pago's documented "data insertion errors" of card tokenization (`cause[].code`), by the field the
 * fan must correct. Identification codes (212–214, 322–324) are about the billing document, not the card.
 */
const MP_CAUSE_FIELD: Readonly<Record<string, CardField>> = {
  '205': 'number',
  E301: 'number',
  '208': 'expiry',
  '209': 'expiry',
  '325': 'expiry',
  '326': 'expiry',
  '224': 'cvv',
  E203: 'cvv',
  E302: 'cvv',
  '221': 'holderName',
  '316': 'holderName',
}
const MP_IDENTIFICATION_CAUSES = new Set(['212', '213', '214', '322', '323', '324'])

/** Mercado Pago's Colombian identification types; Mexico asks for none on card tokens. */
const MP_DOCUMENT_TYPES = new Set(['CC', 'CE', 'NIT'])

function mercadoPagoRefusal(body: unknown): TokenizeOutcome {
  const causes = Array.isArray(record(body).cause) ? (record(body).cause as unknown[]) : []
  const codes = causes.map((cause) => text(record(cause).code)).filter((c): c is string => !!c)
  // One field is reported: an expired or impossible date first, as it stays wrong whatever else the fan
  // corrects (issue 13: it used to hide behind a number or security-code cause listed before it).
  if (codes.some((code) => MP_CAUSE_FIELD[code] === 'expiry')) return { ok: false, field: 'expiry' }
  for (const code of codes) {
    const field = MP_CAUSE_FIELD[code]
    if (field) return { ok: false, field }
    if (MP_IDENTIFICATION_CAUSES.has(code)) return { ok: false, code: 'InvalidParameterException' }
  }
  // Any other refusal of the card ("Revisa los datos"): the number is what the fan can check.
  return { ok: false, field: 'number' }
}

/**
 * Mercado Pago (as MercadoPago.js does it): `POST /v1/card_tokens?public_key=…` with the card, and the
 * payment-method search by BIN (`GET /v1/payment_methods/search?public_key=…&bins=…`) for the
 * `payment_method_id` and issuer the charge needs. Both run at once.
 */
export async function tokenizeMercadoPagoCard(
  card: CardDetails,
  ctx: TokenizeContext,
): Promise<TokenizeOutcome> {
  const base = apiBase(ctx.provider)
  if (!base || !ctx.provider.publicKey) return { ok: false, code: 'PAYMENT_METHOD_UNAVAILABLE' }
  const key = encodeURIComponent(ctx.provider.publicKey)
  const digits = card.number.replace(/\D/g, '')
  // Mercado Pago's newer BINs are 8 digits; shorter cards are looked up by their first 6.
  const bin = digits.slice(0, digits.length >= 16 ? 8 : 6)
  const cardholder: Record<string, unknown> = { name: card.holderName.trim() }
  const id = ctx.holderId
  if (id?.documentNumber && ctx.amount.currency === 'COP') {
    cardholder.identification = {
      type: MP_DOCUMENT_TYPES.has(id.documentType) ? id.documentType : 'Otro',
      number: id.documentNumber,
    }
  }
  const [token, methods] = await Promise.all([
    call(ctx, `${base}/v1/card_tokens?public_key=${key}`, {
      method: 'POST',
      body: {
        card_number: digits,
        expiration_month: card.expMonth,
        expiration_year: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
        security_code: card.cvv,
        cardholder,
      },
    }),
    call(
      ctx,
      `${base}/v1/payment_methods/search?public_key=${key}&bins=${bin}&marketplace=NONE&status=active`,
      { method: 'GET' },
    ),
  ])
  const tokenFailure = failureOf(token)
  if (tokenFailure) return tokenFailure
  if (token.status === 'unreachable') return { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }
  if (token.status >= 400) return mercadoPagoRefusal(token.body)
  const tokenId = text(record(token.body).id)
  if (!tokenId) return { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }

  const methodsFailure = failureOf(methods)
  if (methodsFailure) return methodsFailure
  if (methods.status === 'unreachable') return { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }
  const results = record(methods.body).results
  const method = Array.isArray(results) ? record(results[0]) : {}
  const paymentMethodId = text(method.id)
  // A BIN Mercado Pago does not know is a card it cannot charge.
  if (methods.status >= 400 || !paymentMethodId) return { ok: false, field: 'number' }
  const issuerId = text(record(method.issuer).id)
  const facts = factsOf(
    text(record(token.body).first_six_digits),
    MP_CARD_TYPES[text(method.payment_type_id) ?? ''],
  )
  return {
    ok: true,
    token: tokenId,
    paymentMethodId,
    ...(issuerId ? { issuerId } : {}),
    ...(facts ? { card: facts } : {}),
  }
}

/**
 * Kushki (as Kushki.js does it): `POST /card/v1/tokens` with the `Public-Merchant-Id` header and
 * `{ card: { name, number, expiryMonth, expiryYear, cvv }, totalAmount, currency }` → `{ token }`.
 * Kushki's refusal codes do not name the field (`017` is an invalid card; `K001` an invalid body whose
 * message says what is wrong), so the message decides between expiry, security code and name.
 */
export async function tokenizeKushkiCard(card: CardDetails, ctx: TokenizeContext): Promise<TokenizeOutcome> {
  const base = apiBase(ctx.provider)
  if (!base || !ctx.provider.publicKey) return { ok: false, code: 'PAYMENT_METHOD_UNAVAILABLE' }
  const two = (n: number) => String(n % 100).padStart(2, '0')
  const answer = await call(ctx, `${base}/card/v1/tokens`, {
    method: 'POST',
    headers: { 'Public-Merchant-Id': ctx.provider.publicKey },
    body: {
      card: {
        name: card.holderName.trim(),
        number: card.number.replace(/\D/g, ''),
        expiryMonth: two(card.expMonth),
        expiryYear: two(card.expYear),
        cvv: card.cvv,
      },
      totalAmount: Number(toDecimalString(ctx.amount)),
      currency: ctx.amount.currency,
    },
  })
  const failure = failureOf(answer)
  if (failure) return failure
  if (answer.status === 'unreachable') return { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }
  if (answer.status >= 400) return kushkiRefusal(answer.body)
  const token = text(record(answer.body).token)
  return token ? { ok: true, token } : { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }
}

function kushkiRefusal(body: unknown): TokenizeOutcome {
  const code = text(record(body).code) ?? ''
  const message = text(record(body).message) ?? ''
  // K004 / 201: the merchant id was refused (our setup); K002 / 228: Kushki or its processor failed.
  if (code === 'K004' || code === '201') return { ok: false, code: 'PAYMENT_METHOD_UNAVAILABLE' }
  if (code === 'K002' || code === '228') return { ok: false, code: 'PAYMENT_PROVIDER_UNAVAILABLE' }
  if (/expir|venc|fecha|date/i.test(message)) return { ok: false, field: 'expiry' }
  if (/cvv|cvc|seguridad|security/i.test(message)) return { ok: false, field: 'cvv' }
  if (/nombre|name|titular|tarjetahabiente|holder/i.test(message)) return { ok: false, field: 'holderName' }
  return { ok: false, field: 'number' }
}
