import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Currency } from '@palco/domain/locale/country'
import { type Money, minorDigitsOf, toDecimalString } from '@palco/domain/money/money'
import { type ProviderCode, ProviderUnavailableError } from '../../provider.js'

/**
 * Plumbing shared by the real provider adapters (Mercado Pago, Kushki): one JSON request with a hard
 * timeout, exact minor→major amount conversion, and HMAC helpers. Nothing here logs: request bodies carry
 * card tokens and headers carry keys (provider.ts rules).
 */

export interface JsonResponse {
  status: number
  body: unknown
}

export interface JsonRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  headers: Record<string, string>
  body?: unknown
  timeoutMs: number
}

/**
 * Sends one request and reads its JSON answer. Timeouts, refused connections, 5xx and 429 become
 * `ProviderUnavailableError` (outcome unknown, safe to retry with the same idempotency key); every other
 * status is handed back for the adapter to interpret (a 4xx is usually a definite refusal).
 */
export const requestJson = async (provider: ProviderCode, request: JsonRequest): Promise<JsonResponse> => {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers }
  let payload: string | undefined
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(request.body)
  }
  let response: Response
  let text: string
  try {
    // The same signal also bounds reading the body, so a server that stalls mid-answer times out too.
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    })
    text = await response.text()
  } catch (error) {
    // Only the error's name travels on: the undici cause can quote the request, and the request has keys.
    throw new ProviderUnavailableError(provider, describeTransportError(error))
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderUnavailableError(provider, new Error(`HTTP ${response.status}`))
  }
  let body: unknown = null
  if (text.length > 0) {
    try {
      body = JSON.parse(text)
    } catch {
      throw new ProviderResponseError(
        provider,
        `answered HTTP ${response.status} with a body that is not JSON`,
      )
    }
  }
  return { status: response.status, body }
}

const describeTransportError = (error: unknown): Error => {
  if (error instanceof Error) {
    const kind = error.name === 'TimeoutError' || error.name === 'AbortError' ? 'timeout' : error.name
    const code = (error.cause as { code?: unknown } | undefined)?.code
    return new Error(typeof code === 'string' ? `${kind} (${code})` : kind)
  }
  return new Error('transport error')
}

/** The provider answered, but not in a shape its documentation describes: a bug to look at, not a decline. */
export class ProviderResponseError extends Error {
  constructor(
    readonly provider: ProviderCode,
    detail: string,
  ) {
    super(`${provider} ${detail}`)
    this.name = 'ProviderResponseError'
  }
}

/** The provider refused our credentials or configuration (401/403): an operator must fix the setup. */
export class ProviderConfigurationError extends Error {
  constructor(
    readonly provider: ProviderCode,
    detail: string,
  ) {
    super(`${provider} ${detail}`)
    this.name = 'ProviderConfigurationError'
  }
}

/** The adapter cannot do what was asked (e.g. SPEI on Kushki): the caller offered a method it should not. */
export class ProviderUnsupportedError extends Error {
  constructor(
    readonly provider: ProviderCode,
    detail: string,
  ) {
    super(`${provider}: ${detail}`)
    this.name = 'ProviderUnsupportedError'
  }
}

/** The exact decimal text of an amount; shared with the browser's tokenizers, so it lives in the domain. */
export { toDecimalString }

/**
 * The JSON number the providers expect (`transaction_amount`, `subtotalIva0`). Parsing the exact decimal
 * text yields the double nearest to it, which JSON.stringify prints back as that same shortest decimal.
 */
export const toMajorNumber = (money: Money): number => Number(toDecimalString(money))

/** Major-unit decimal (number or text) from a provider answer → integer minor units; null if not exact. */
export const fromMajorUnits = (value: unknown, currency: Currency): number | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null
  if (text === null) return null
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (!match) return null
  const digits = minorDigitsOf(currency)
  const fraction = (match[3] ?? '').padEnd(digits, '0')
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) return null
  const minor = Number(`${match[2]}${fraction.slice(0, digits)}`)
  if (!Number.isSafeInteger(minor)) return null
  return match[1] === '-' ? -minor : minor
}

export const hmacSha256Hex = (secret: string, message: string): string =>
  createHmac('sha256', secret).update(message, 'utf8').digest('hex')

/** Constant-time comparison of two hex digests; different byte lengths are simply unequal. */
export const safeEqualHex = (expected: string, received: string): boolean => {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(received.toLowerCase(), 'utf8')
  if (a.length !== b.length) return false
  return timingSafeEqual(a, b)
}

/** First value of a header that frameworks may hand over as a string or an array. */
export const headerValue = (
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined => {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue
    const first = Array.isArray(value) ? value[0] : value
    const trimmed = first?.trim()
    return trimmed ? trimmed : undefined
  }
  return undefined
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A string or a number from a provider field (ids come as either), as text; undefined otherwise. */
export const idText = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.length > 0) return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

/** Providers want given names and surnames apart; our payer has one full name. */
export const splitFullName = (fullName: string): { first: string; last: string } => {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  if (words.length <= 1) return { first: words[0] ?? '', last: words[0] ?? '' }
  if (words.length === 2) return { first: words[0] ?? '', last: words[1] ?? '' }
  // Spanish names usually end with two surnames: "Ana María Pérez Gómez" → "Ana María" / "Pérez Gómez".
  return { first: words.slice(0, -2).join(' '), last: words.slice(-2).join(' ') }
}

/** Trailing slash removed so `${base}/v1/...` never doubles it. */
export const trimBaseUrl = (baseUrl: string): string => baseUrl.replace(/\/+$/, '')
