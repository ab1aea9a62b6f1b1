import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { luhnValid } from '@palco/domain/checkout/sandbox-cards'
import { signMercadoPagoWebhook } from '../../src/modules/payments/providers/mercadopago/mercadopago-adapter.js'
import { FakeFaults, listenLocal } from './fake-faults.js'

/**
 * A local stand-in for api.mercadopago.com that speaks the documented requests and answers of the
 * endpoints the adapter uses (see mercadopago-adapter.ts for the pages). Used by the contract tests and,
 * later, the end-to-end run. It checks what the real API checks that matters to us — the Bearer token, the
 * X-Idempotency-Key on payment creation, required fields — and remembers idempotency keys so a repeated
 * request answers the same payment.
 *
 * Card outcomes follow Mercado Pago's test cardholder names, carried in the fake's card token
 * (`fake-APRO-…` approved, `fake-OTHE-…` rejected, `fake-CONT-…` in_process, `fake-FUND-…` rejected for
 * insufficient amount, `fake-SECU-…` rejected for security code). A token is single-use like the real one.
 *
 * The browser's side is there too, with CORS headers as a browser needs them: card tokens
 * (`POST /v1/card_tokens?public_key=…`, refusing a bad number, expiry, security code or holder name with
 * 400 and the documented `cause` codes E301, 325/326, E203, 221) and the payment-method search by BIN
 * with the public key. The token carries the holder name's outcome (`APRO`, `OTHE`, … as above).
 *
 * Checkout Pro: `POST /checkout/preferences` keeps the preference; its `init_point` is a page where a
 * browser pays or rejects (`payPreference` does the same from a test): a payment is created with the
 * preference's `external_reference`, notified, and the browser goes to the preference's back URL.
 *
 * For an end-to-end run in other processes the controls are also HTTP endpoints without auth under
 * `/__fake/` (status change, delay, failures, lookup by external_reference), the PSE "bank" page lets a
 * browser approve or reject and returns to `callback_url`, and with `webhookUrl` set every status change
 * is notified there, signed, as Mercado Pago's webhooks do (`?data.id=…&type=payment`).
 */

export interface FakeMercadoPagoOptions {
  accessToken?: string
  /** The application's public key, which the browser's requests carry. */
  publicKey?: string
  webhookSecret?: string
  /** Where to POST signed `payment` notifications when a payment's status changes. */
  webhookUrl?: string
  /** The account's currency (an MCO account answers COP, an MLM one MXN); unset, payments carry none. */
  currency?: 'COP' | 'MXN'
}

export interface FakePayment {
  id: number
  status: string
  status_detail: string
  transaction_amount: number
  currency_id: string | null
  payment_method_id: string
  payment_type_id: string
  external_reference: string | null
  date_of_expiration: string | null
  transaction_details: Record<string, unknown>
  barcode?: { content: string }
  /** A card payment's card, as the API answers it (its last digits a number, as the reference's example). */
  card?: { first_six_digits: string; last_four_digits: number }
  refunds: Array<{ id: number; amount: number; status: string }>
  body: Record<string, unknown>
}

export interface FakePreference {
  id: string
  items: Array<{ title?: string; quantity: number; unit_price: number; currency_id?: string }>
  external_reference: string | null
  back_urls: { success?: string; failure?: string; pending?: string }
  notification_url: string | null
  expiration_date_to: string | null
  body: Record<string, unknown>
}

export interface FakeMercadoPago {
  url: string
  accessToken: string
  publicKey: string
  /** The configuration that makes the app charge `country` through this fake (for `openTestApp`'s env). */
  appEnv(country: 'COL' | 'MEX'): Record<string, string>
  preferences: Map<string, FakePreference>
  /**
   * Pays a preference as a fan on its page would: a payment with its external_reference and total, in
   * `status` (default approved), notified like any other; resolves with the payment's id.
   */
  payPreference(preferenceId: string, status?: string, statusDetail?: string): Promise<number>
  webhookSecret: string
  close(): Promise<void>
  /** Every request the fake received, without bodies' secrets (for header/field assertions). */
  requests: Array<{
    method: string
    path: string
    headers: Record<string, string | string[] | undefined>
    body: unknown
  }>
  payments: Map<number, FakePayment>
  /** Hold every answer this long (to provoke client timeouts). */
  setDelay(ms: number): void
  /** Answer the next `count` requests with HTTP `status` (default 500). */
  failNext(count?: number, status?: number): void
  /**
   * Move a payment to a status, as when a voucher is paid (`approved`) or runs out (`cancelled`/`expired`);
   * resolves once the notification (if `webhookUrl` is set) was delivered or failed.
   */
  setPaymentStatus(id: number | string, status: string, statusDetail?: string): Promise<void>
  /** HTTP status of each webhook delivery attempt (null when the receiver could not be reached). */
  deliveries: Array<{ paymentId: string; status: number | null }>
  /** Headers and query of a signed `payment` notification for `id`, plus its JSON body. */
  signedNotification(
    id: number | string,
    options?: { ts?: number; requestId?: string; secret?: string },
  ): { headers: Record<string, string>; query: Record<string, string>; rawBody: string }
}

const CARD_OUTCOMES: Record<string, { status: string; detail: string }> = {
  APRO: { status: 'approved', detail: 'accredited' },
  OTHE: { status: 'rejected', detail: 'cc_rejected_other_reason' },
  CONT: { status: 'in_process', detail: 'pending_contingency' },
  FUND: { status: 'rejected', detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', detail: 'cc_rejected_bad_filled_security_code' },
  CALL: { status: 'rejected', detail: 'cc_rejected_call_for_authorize' },
}

const CASH_TYPES: Record<string, string> = {
  oxxo: 'ticket',
  paycash: 'ticket',
  efecty: 'ticket',
  bancomer: 'atm',
  banamex: 'atm',
}

const BINS: Record<string, { id: string; name: string; type: string; issuer: { id: number; name: string } }> =
  {
    '450995': { id: 'visa', name: 'Visa', type: 'credit_card', issuer: { id: 160, name: 'Visa' } },
    '503175': {
      id: 'master',
      name: 'Mastercard',
      type: 'credit_card',
      issuer: { id: 3, name: 'Mastercard' },
    },
    '400276': { id: 'debvisa', name: 'Visa Débito', type: 'debit_card', issuer: { id: 162, name: 'Visa' } },
    // A sponsor bank's cards for presale tests (issue 42 part 2): its credit and its prepaid BINs.
    '459999': { id: 'visa', name: 'Visa', type: 'credit_card', issuer: { id: 7001, name: 'Banco Andino' } },
    '459997': {
      id: 'visa',
      name: 'Visa Prepago',
      type: 'prepaid_card',
      issuer: { id: 7001, name: 'Banco Andino' },
    },
  }

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const html = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
  res.end(`<!doctype html><html lang="es"><title>Fake Mercado Pago</title><main>${body}</main></html>`)
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Every answer may be read by a page on another origin, as api.mercadopago.com's browser endpoints are. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-Idempotency-Key',
  'Access-Control-Max-Age': '600',
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  if (res.destroyed) return
  res.writeHead(status, { 'Content-Type': 'application/json', ...CORS })
  res.end(JSON.stringify(body))
}

/**
 * POST /v1/card_tokens, with the checks whose failures the browser shows on a field: the documented
 * `cause` codes (Checkout API "data insertion errors") 205/E301 number, 208/209/325/326 expiry (an expired
 * card is refused on its year), 224/E203 security code, 221/316 holder name.
 */
const cardToken = (body: Record<string, unknown>, publicKey: string): { status: number; body: unknown } => {
  const number = typeof body.card_number === 'string' ? body.card_number : ''
  const month = Number(body.expiration_month)
  const year = Number(body.expiration_year)
  const cvv = typeof body.security_code === 'string' ? body.security_code : ''
  const holder = (typeof body.cardholder === 'object' && body.cardholder !== null ? body.cardholder : {}) as {
    name?: unknown
  }
  const name = typeof holder.name === 'string' ? holder.name.trim() : ''
  if (!number) return badRequest('parameter cardNumber can not be null/empty', '205')
  if (!luhnValid(number)) return badRequest('invalid parameter cardNumber', 'E301')
  if (!Number.isInteger(month) || month < 1 || month > 12)
    return badRequest('invalid parameter expirationMonth', '325')
  const now = new Date()
  if (
    !Number.isInteger(year) ||
    year < 2000 ||
    year * 12 + month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth()
  )
    return badRequest('invalid parameter expirationYear', '326')
  if (!cvv) return badRequest('parameter securityCode can not be null/empty', '224')
  if (!(number.startsWith('3') ? /^\d{4}$/ : /^\d{3}$/).test(cvv))
    return badRequest('invalid parameter securityCode', 'E203')
  if (!name) return badRequest('parameter cardholderName can not be null/empty', '221')
  // The holder name picks the charge's outcome, like Mercado Pago's test cardholders.
  const outcome = name.slice(0, 4).toUpperCase()
  const id = `fake-${CARD_OUTCOMES[outcome] ? outcome : 'APRO'}-${randomUUID().replaceAll('-', '')}`
  return {
    status: 201,
    body: {
      id,
      public_key: publicKey,
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      expiration_month: month,
      expiration_year: year,
      card_number_length: number.length,
      security_code_length: cvv.length,
      cardholder: body.cardholder,
      status: 'active',
      live_mode: false,
      date_created: now.toISOString(),
    },
  }
}

const badRequest = (message: string, code = 'bad_request') => ({
  status: 400,
  body: { message, error: 'bad_request', status: 400, cause: [{ code, description: message }] },
})

export const startFakeMercadoPago = async (
  options: FakeMercadoPagoOptions = {},
): Promise<FakeMercadoPago> => {
  const accessToken = options.accessToken ?? 'TEST-fake-access-token'
  const publicKey = options.publicKey ?? 'TEST-fake-public-key'
  const preferences = new Map<string, FakePreference>()
  const webhookSecret = options.webhookSecret ?? 'fake-webhook-secret'
  const payments = new Map<number, FakePayment>()
  const idempotency = new Map<string, { status: number; body: unknown }>()
  const usedTokens = new Set<string>()
  /** Browser tokens this fake issued, with the digits it keeps of each (GET /v1/card_tokens/{id}). */
  const cardTokens = new Map<string, unknown>()
  const requests: FakeMercadoPago['requests'] = []
  const deliveries: FakeMercadoPago['deliveries'] = []
  let nextNotificationId = 12_000_000_001
  let nextId = 1_310_000_001
  let nextRefundId = 900_000_001
  const faults = new FakeFaults()

  const view = (payment: FakePayment) => {
    const { body: _body, ...rest } = payment
    return { ...rest, api_version: 'v1' }
  }

  const createPayment = (body: Record<string, unknown>): { status: number; body: unknown } => {
    const amount = body.transaction_amount
    const methodId = body.payment_method_id
    const payer = body.payer as Record<string, unknown> | undefined
    if (typeof amount !== 'number' || !(amount > 0))
      return badRequest('transaction_amount must be positive', '4037')
    if (typeof methodId !== 'string') return badRequest("payment_method_id attribute can't be null", '4020')
    if (!payer || typeof payer.email !== 'string')
      return badRequest('payer.email must be a valid email', '4050')
    if (!/^\d+(\.\d{1,2})?$/.test(String(amount)))
      return badRequest('transaction_amount has too many decimals')
    const id = nextId++
    const now = new Date()
    const base: FakePayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_payment',
      transaction_amount: amount,
      // The account's currency, as on a real account; the fake lets the caller's request choose it.
      currency_id: typeof body.currency_id === 'string' ? body.currency_id : (options.currency ?? null),
      payment_method_id: methodId,
      payment_type_id: 'credit_card',
      external_reference: typeof body.external_reference === 'string' ? body.external_reference : null,
      date_of_expiration: typeof body.date_of_expiration === 'string' ? body.date_of_expiration : null,
      transaction_details: { net_received_amount: 0, total_paid_amount: amount, installment_amount: 0 },
      refunds: [],
      body,
    }
    if (typeof body.token === 'string') {
      const token = body.token
      if (usedTokens.has(token)) return badRequest('Card Token not found', '2006')
      if (!token.startsWith('fake-')) return badRequest('Invalid card_token_id', '3003')
      usedTokens.add(token)
      const outcome = CARD_OUTCOMES[token.split('-')[1] ?? ''] ?? CARD_OUTCOMES.APRO
      if (!outcome) throw new Error('unreachable')
      base.status = outcome.status
      base.status_detail = outcome.detail
      base.payment_type_id = methodId.startsWith('deb') ? 'debit_card' : 'credit_card'
      base.transaction_details.installment_amount = amount / Number(body.installments ?? 1)
      const issued = cardTokens.get(token) as
        | { first_six_digits: string; last_four_digits: string }
        | undefined
      if (issued)
        base.card = {
          first_six_digits: issued.first_six_digits,
          last_four_digits: Number(issued.last_four_digits),
        }
    } else if (methodId === 'pse') {
      const details = body.transaction_details as Record<string, unknown> | undefined
      if (!details?.financial_institution)
        return badRequest('financial_institution is required for pse', '4049')
      if (typeof body.callback_url !== 'string') return badRequest('callback_url is required for pse')
      if (payer.entity_type !== 'individual' && payer.entity_type !== 'association') {
        return badRequest('payer.entity_type is required for pse')
      }
      base.payment_type_id = 'bank_transfer'
      base.status_detail = 'pending_waiting_transfer'
      base.transaction_details = {
        ...base.transaction_details,
        financial_institution: String(details.financial_institution),
        external_resource_url: `${fake.url}/pse/redirect?payment_id=${id}&callback=${encodeURIComponent(body.callback_url)}`,
        payment_method_reference_id: null,
      }
    } else if (CASH_TYPES[methodId]) {
      base.payment_type_id = CASH_TYPES[methodId] as string
      const reference = String(24_300_000 + (id % 100_000))
      base.transaction_details = {
        ...base.transaction_details,
        payment_method_reference_id: reference,
        verification_code: `88${reference}0${String(Math.round(amount * 100)).padStart(10, '0')}`,
        external_resource_url: `${fake.url}/payments/ticket/helper?payment_id=${id}&payment_method_reference_id=${reference}`,
      }
      base.barcode = { content: `${reference}${String(Math.round(amount * 100)).padStart(12, '0')}` }
      base.date_of_expiration ??= new Date(now.getTime() + 3 * 86_400_000).toISOString()
    } else {
      return badRequest(`payment_method_id ${methodId} not found`, '4036')
    }
    payments.set(id, base)
    return { status: 201, body: view(base) }
  }

  const control = (method: string, url: URL, body: unknown, res: ServerResponse) => {
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
    const statusMatch = /^\/__fake\/payments\/(\d+)\/status$/.exec(url.pathname)
    if (method === 'POST' && statusMatch) {
      const id = statusMatch[1] ?? ''
      if (!payments.has(Number(id))) return send(res, 404, { message: 'Payment not found' })
      const detail = typeof record.status_detail === 'string' ? record.status_detail : undefined
      return fake
        .setPaymentStatus(id, String(record.status ?? 'approved'), detail)
        .then(() => send(res, 200, view(payments.get(Number(id)) as FakePayment)))
    }
    if (method === 'GET' && url.pathname === '/__fake/payments') {
      const reference = url.searchParams.get('external_reference')
      const found = [...payments.values()].filter((p) => !reference || p.external_reference === reference)
      return send(res, 200, { results: found.map(view) })
    }
    const faultAnswer = method === 'POST' ? faults.control(url.pathname, record) : null
    if (faultAnswer) return send(res, 200, faultAnswer)
    return send(res, 404, { message: 'unknown fake control' })
  }

  const deliver = async (paymentId: string) => {
    if (!options.webhookUrl) return
    const notice = fake.signedNotification(paymentId)
    const target = new URL(options.webhookUrl)
    for (const [key, value] of Object.entries(notice.query)) target.searchParams.set(key, value)
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: notice.headers,
        body: notice.rawBody,
        signal: AbortSignal.timeout(5_000),
      })
      await response.arrayBuffer()
      deliveries.push({ paymentId, status: response.status })
    } catch {
      deliveries.push({ paymentId, status: null })
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const raw = await readBody(req)
    let body: unknown = null
    if (raw) {
      try {
        body = JSON.parse(raw)
      } catch {
        return send(res, 400, badRequest('invalid JSON').body)
      }
    }
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      headers: req.headers,
      body,
    })
    const failWith = await faults.before()
    if (failWith !== null) {
      return send(res, failWith, {
        message: 'internal_error',
        error: 'internal_error',
        status: failWith,
        cause: [],
      })
    }
    // A browser asks before a cross-origin JSON POST.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS)
      return res.end()
    }
    // The browser's endpoints are authorised by the public key alone.
    const byPublicKey = url.searchParams.get('public_key')
    if (
      byPublicKey !== null &&
      (url.pathname === '/v1/card_tokens' ||
        url.pathname === '/v1/payment_methods/search' ||
        url.pathname === '/v1/payment_methods/installments')
    ) {
      if (byPublicKey !== publicKey) {
        return send(res, 401, {
          message: 'invalid public_key',
          error: 'unauthorized',
          status: 401,
          cause: [],
        })
      }
      if (req.method === 'POST' && url.pathname === '/v1/card_tokens') {
        const answer = cardToken(
          (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>,
          publicKey,
        )
        if (answer.status === 201) {
          const made = answer.body as { id: string }
          cardTokens.set(made.id, answer.body)
        }
        return send(res, answer.status, answer.body)
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods/search')
        return paymentMethodSearch(url, res)
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods/installments')
        return installmentsSearch(url, res)
    }
    // The fake's own pages (voucher, PSE bank, Checkout Pro) and controls need no token.
    if (url.pathname.startsWith('/__fake/')) return control(req.method ?? 'GET', url, body, res)
    if (url.pathname === '/checkout/v1/redirect') {
      const preference = preferences.get(url.searchParams.get('pref_id') ?? '')
      if (!preference) return send(res, 404, { message: 'preference not found' })
      const total = preference.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0)
      const decide = (outcome: string) =>
        `/checkout/v1/pay?pref_id=${encodeURIComponent(preference.id)}&outcome=${outcome}`
      return html(
        res,
        `<h1>Fake Mercado Pago Checkout</h1><p>Total ${escapeHtml(String(total))}</p>` +
          `<p><a href="${escapeHtml(decide('approved'))}">Pay</a></p>` +
          `<p><a href="${escapeHtml(decide('rejected'))}">Pay with a card that is rejected</a></p>`,
      )
    }
    if (url.pathname === '/checkout/v1/pay') {
      const preference = preferences.get(url.searchParams.get('pref_id') ?? '')
      if (!preference) return send(res, 404, { message: 'preference not found' })
      const approved = url.searchParams.get('outcome') === 'approved'
      const paymentId = await fake.payPreference(
        preference.id,
        approved ? 'approved' : 'rejected',
        approved ? 'accredited' : 'cc_rejected_other_reason',
      )
      // Checkout Pro sends the payer back with the payment's facts in the query.
      const back = new URL(
        (approved ? preference.back_urls.success : preference.back_urls.failure) || 'http://localhost/',
      )
      back.searchParams.set('payment_id', String(paymentId))
      back.searchParams.set('status', approved ? 'approved' : 'rejected')
      back.searchParams.set('external_reference', preference.external_reference ?? '')
      back.searchParams.set('preference_id', preference.id)
      res.writeHead(302, { Location: back.toString() })
      return res.end()
    }
    if (url.pathname === '/payments/ticket/helper') {
      return html(
        res,
        `<h1>Fake Mercado Pago voucher</h1><p>Payment ${escapeHtml(url.searchParams.get('payment_id') ?? '')}</p>`,
      )
    }
    if (url.pathname === '/pse/redirect') {
      const id = url.searchParams.get('payment_id') ?? ''
      const callback = url.searchParams.get('callback') ?? ''
      const decide = (outcome: string) =>
        `/pse/decide?payment_id=${encodeURIComponent(id)}&outcome=${outcome}&callback=${encodeURIComponent(callback)}`
      return html(
        res,
        `<h1>Fake PSE bank</h1><p>Payment ${escapeHtml(id)}</p>` +
          `<p><a href="${escapeHtml(decide('approved'))}">Approve payment</a></p>` +
          `<p><a href="${escapeHtml(decide('rejected'))}">Reject payment</a></p>`,
      )
    }
    if (url.pathname === '/pse/decide') {
      const id = url.searchParams.get('payment_id') ?? ''
      const approved = url.searchParams.get('outcome') === 'approved'
      if (!payments.has(Number(id))) return send(res, 404, { message: 'Payment not found' })
      await fake.setPaymentStatus(
        id,
        approved ? 'approved' : 'rejected',
        approved ? 'accredited' : 'cc_rejected_other_reason',
      )
      res.writeHead(302, { Location: url.searchParams.get('callback') || '/' })
      return res.end()
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return send(res, 401, {
        message: 'invalid access token',
        error: 'unauthorized',
        status: 401,
        cause: [],
      })
    }
    const method = req.method ?? 'GET'
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>

    if (method === 'POST') {
      const key = req.headers['x-idempotency-key']
      if (typeof key !== 'string' || key.length === 0) {
        return send(res, 400, badRequest('X-Idempotency-Key header is required').body)
      }
      const scoped = `${url.pathname}:${key}`
      const previous = idempotency.get(scoped)
      if (previous) {
        // Same key → same answer, re-read so a later status change shows (as the real API does).
        const answer = previous.body as { id?: number }
        const current = typeof answer?.id === 'number' ? payments.get(answer.id) : undefined
        return send(
          res,
          previous.status,
          current && url.pathname === '/v1/payments' ? view(current) : previous.body,
        )
      }
      let answer: { status: number; body: unknown }
      if (url.pathname === '/v1/payments') answer = createPayment(record)
      else if (/^\/v1\/payments\/\d+\/refunds$/.test(url.pathname)) {
        const id = Number(url.pathname.split('/')[3])
        const payment = payments.get(id)
        if (!payment)
          answer = { status: 404, body: { message: 'Payment not found', error: 'not_found', status: 404 } }
        else if (payment.status !== 'approved')
          answer = badRequest('Payment not refundable in its status', '2063')
        else {
          const refunded = payment.refunds.reduce((sum, r) => sum + r.amount, 0)
          const amount =
            typeof record.amount === 'number' ? record.amount : payment.transaction_amount - refunded
          if (Math.round((refunded + amount) * 100) > Math.round(payment.transaction_amount * 100)) {
            answer = badRequest('Invalid refund amount', '2085')
          } else {
            const refund = { id: nextRefundId++, amount, status: 'approved' }
            payment.refunds.push(refund)
            if (Math.round((refunded + amount) * 100) === Math.round(payment.transaction_amount * 100)) {
              payment.status = 'refunded'
              payment.status_detail = 'refunded'
            } else payment.status_detail = 'partially_refunded'
            answer = {
              status: 201,
              body: { ...refund, payment_id: id, date_created: new Date().toISOString() },
            }
          }
        }
      } else if (url.pathname === '/checkout/preferences') {
        const items = record.items
        if (!Array.isArray(items) || items.length === 0) answer = badRequest('items needed')
        else {
          const id = `${nextId++}-${randomUUID()}`
          const backUrls = (
            typeof record.back_urls === 'object' && record.back_urls !== null ? record.back_urls : {}
          ) as FakePreference['back_urls']
          preferences.set(id, {
            id,
            items: items as FakePreference['items'],
            external_reference:
              typeof record.external_reference === 'string' ? record.external_reference : null,
            back_urls: backUrls,
            notification_url: typeof record.notification_url === 'string' ? record.notification_url : null,
            expiration_date_to:
              typeof record.expiration_date_to === 'string' ? record.expiration_date_to : null,
            body: record,
          })
          answer = {
            status: 201,
            body: {
              id,
              items,
              external_reference: record.external_reference,
              init_point: `${fake.url}/checkout/v1/redirect?pref_id=${id}`,
              sandbox_init_point: `${fake.url}/checkout/v1/redirect?pref_id=${id}&sandbox=true`,
            },
          }
        }
      } else
        answer = { status: 404, body: { message: 'resource not found', error: 'not_found', status: 404 } }
      if (answer.status < 500) idempotency.set(scoped, answer)
      return send(res, answer.status, answer.body)
    }

    // GET /v1/card_tokens/{id}: a token this fake issued, as the server reads it (issue 42 part 2).
    if (method === 'GET' && url.pathname.startsWith('/v1/card_tokens/')) {
      const made = cardTokens.get(decodeURIComponent(url.pathname.slice('/v1/card_tokens/'.length)))
      if (!made) return send(res, 404, { message: 'card token not found', error: 'not_found', status: 404 })
      return send(res, 200, made)
    }
    if (method === 'GET' && /^\/v1\/payments\/\d+$/.test(url.pathname)) {
      const payment = payments.get(Number(url.pathname.split('/')[3]))
      if (!payment)
        return send(res, 404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [] })
      return send(res, 200, view(payment))
    }
    if (method === 'GET' && url.pathname === '/v1/payment_methods/search')
      return paymentMethodSearch(url, res)
    if (method === 'GET' && url.pathname === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference')
      const found = [...payments.values()]
        .filter((p) => reference === null || p.external_reference === reference)
        .sort((a, b) => b.id - a.id)
      return send(res, 200, {
        paging: { total: found.length, limit: 30, offset: 0 },
        results: found.map(view),
      })
    }
    return send(res, 404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] })
  }

  /** The browser asks with `bins` (MercadoPago.js), the server adapter with `bin`; both are answered. */
  const paymentMethodSearch = (url: URL, res: ServerResponse) => {
    const bin = url.searchParams.get('bins') ?? url.searchParams.get('bin') ?? ''
    const found = BINS[bin.slice(0, 6)]
    const results = found
      ? [
          {
            id: found.id,
            name: found.name,
            payment_type_id: found.type,
            status: 'active',
            issuer: found.issuer,
            settings: [{ bin: { pattern: `^${bin.slice(0, 1)}` } }],
          },
        ]
      : []
    return send(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results })
  }

  /**
   * `GET /v1/payment_methods/installments?public_key&amount&bin`: the card's issuer with its `payer_costs`
   * (1, 3 and 6 interest-free, 12 at a 1.5 % monthly rate, amounts in major units); a debit card or an
   * unknown BIN has only one payment or nothing.
   */
  const installmentsSearch = (url: URL, res: ServerResponse) => {
    const found = BINS[(url.searchParams.get('bin') ?? '').slice(0, 6)]
    const amount = Number(url.searchParams.get('amount') ?? '0')
    if (!found || !(amount > 0))
      return send(res, 400, { message: 'invalid parameters', error: 'bad_request', status: 400, cause: [] })
    const counts = found.type === 'credit_card' ? [1, 3, 6, 12] : [1]
    const round = (n: number) => Math.round(n * 100) / 100
    const payer_costs = counts.map((installments) => {
      const rate = installments === 12 ? 18 : 0
      const total = round(amount * (1 + rate / 100))
      return {
        installments,
        installment_rate: rate,
        discount_rate: 0,
        labels: rate === 0 ? ['CFT_0,00%'] : [],
        min_allowed_amount: 2,
        max_allowed_amount: 100_000_000,
        recommended_message: `${installments} cuota(s) de $ ${round(total / installments)}`,
        installment_amount: round(total / installments),
        total_amount: total,
      }
    })
    return send(res, 200, [
      {
        payment_method_id: found.id,
        payment_type_id: found.type,
        issuer: found.issuer,
        processing_mode: 'aggregator',
        payer_costs,
      },
    ])
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() =>
      send(res, 500, { message: 'fake crashed', error: 'internal_error', status: 500 }),
    )
  })
  const local = await listenLocal(server)

  const fake: FakeMercadoPago = {
    url: local.url,
    accessToken,
    publicKey,
    appEnv: (country) => ({
      [`PAYMENT_PROVIDER_${country}`]: 'mercadopago',
      MERCADOPAGO_API_URL: local.url,
      MERCADOPAGO_ACCESS_TOKEN: accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: webhookSecret,
      MERCADOPAGO_PUBLIC_KEY: publicKey,
    }),
    preferences,
    payPreference: async (preferenceId, status = 'approved', statusDetail) => {
      const preference = preferences.get(preferenceId)
      if (!preference) throw new Error(`fake Mercado Pago has no preference ${preferenceId}`)
      const total = preference.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0)
      const id = nextId++
      payments.set(id, {
        id,
        status,
        status_detail: statusDetail ?? (status === 'approved' ? 'accredited' : status),
        // Decimal sums of the items, rounded to cents as Mercado Pago keeps them.
        transaction_amount: Math.round(total * 100) / 100,
        currency_id: preference.items[0]?.currency_id ?? options.currency ?? null,
        payment_method_id: 'visa',
        payment_type_id: 'credit_card',
        external_reference: preference.external_reference,
        date_of_expiration: null,
        transaction_details: { net_received_amount: 0, total_paid_amount: total, installment_amount: total },
        refunds: [],
        body: { preference_id: preference.id },
      })
      await deliver(String(id))
      return id
    },
    webhookSecret,
    requests,
    payments,
    deliveries,
    close: local.close,
    setDelay: (ms) => faults.setDelay(ms),
    failNext: (count, status) => faults.failNext(count, status),
    setPaymentStatus: async (id, status, statusDetail) => {
      const payment = payments.get(Number(id))
      if (!payment) throw new Error(`fake Mercado Pago has no payment ${id}`)
      payment.status = status
      payment.status_detail = statusDetail ?? (status === 'approved' ? 'accredited' : status)
      await deliver(String(payment.id))
    },
    signedNotification: (id, signOptions = {}) => {
      const ts = signOptions.ts ?? Math.floor(Date.now() / 1000)
      const requestId = signOptions.requestId ?? randomUUID()
      const dataId = String(id)
      const headers = signMercadoPagoWebhook(signOptions.secret ?? webhookSecret, { dataId, requestId, ts })
      const rawBody = JSON.stringify({
        // Each notification has its own id; re-sending the same object is a redelivery.
        id: nextNotificationId++,
        live_mode: false,
        type: 'payment',
        date_created: new Date(ts * 1000).toISOString(),
        user_id: 44_444,
        api_version: 'v1',
        action: 'payment.updated',
        data: { id: dataId },
      })
      return {
        headers: { ...headers, 'content-type': 'application/json' },
        query: { 'data.id': dataId, type: 'payment' },
        rawBody,
      }
    },
  }
  return fake
}
