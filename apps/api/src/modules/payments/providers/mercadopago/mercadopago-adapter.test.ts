import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type FakeMercadoPago, startFakeMercadoPago } from '../../../../../test/fakes/fake-mercadopago.js'
import { type Payer, ProviderUnavailableError } from '../../provider.js'
import { ProviderResponseError, ProviderUnsupportedError } from '../shared/provider-http.js'
import { MercadoPagoAdapter, mapMercadoPagoStatus, searchPaymentMethodByBin } from './mercadopago-adapter.js'

// Contract tests: the adapter against a local fake that speaks Mercado Pago's documented API.

const payer: Payer = {
  email: 'fan@example.com',
  fullName: 'Ana María Pérez Gómez',
  documentType: 'CC',
  documentNumber: '1020304050',
  phone: '+573001234567',
}

let fake: FakeMercadoPago
let adapter: MercadoPagoAdapter

const makeAdapter = (overrides: Partial<ConstructorParameters<typeof MercadoPagoAdapter>[0]> = {}) =>
  new MercadoPagoAdapter({
    accessToken: fake.accessToken,
    webhookSecret: fake.webhookSecret,
    baseUrl: fake.url,
    timeoutMs: 1_000,
    ...overrides,
  })

const card = (name: string, overrides: Record<string, unknown> = {}) => ({
  paymentId: randomUUID(),
  idempotencyKey: randomUUID(),
  amount: { amount: 150_000, currency: 'COP' as const },
  token: `fake-${name}-${randomUUID()}`,
  installments: 1,
  payer,
  description: 'Palco — 2 entradas',
  paymentMethodId: 'visa',
  ...overrides,
})

/** Waits out the fake's 300 ms delay for a request the client has given up on. */
const settleAbandoned = () => new Promise((resolve) => setTimeout(resolve, 300))

const lastRequest = () => {
  const request = fake.requests.at(-1)
  if (!request) throw new Error('no request reached the fake')
  return request
}

beforeAll(async () => {
  fake = await startFakeMercadoPago()
  adapter = makeAdapter()
})
afterAll(async () => {
  await fake.close()
})
afterEach(() => {
  fake.setDelay(0)
  fake.failNext(0)
})

describe('Mercado Pago card payments', () => {
  it('approves a card payment and sends the documented request', async () => {
    const input = card('APRO')
    const result = await adapter.chargeCard(input)
    expect(result.status).toBe('APPROVED')
    expect(result.providerPaymentId).toMatch(/^\d+$/)
    const request = lastRequest()
    expect(request.path).toBe('/v1/payments')
    expect(request.headers.authorization).toBe(`Bearer ${fake.accessToken}`)
    expect(request.headers['x-idempotency-key']).toBe(input.idempotencyKey)
    expect(request.body).toMatchObject({
      transaction_amount: 1500,
      token: input.token,
      installments: 1,
      payment_method_id: 'visa',
      external_reference: input.paymentId,
      payer: { email: payer.email, identification: { type: 'CC', number: '1020304050' } },
    })
  })

  it('converts minor units exactly: 150000 COP minor → 1500.00, 12345 MXN minor → 123.45', async () => {
    await adapter.chargeCard(card('APRO', { amount: { amount: 12_345, currency: 'MXN' } }))
    expect(JSON.stringify((lastRequest().body as { transaction_amount: number }).transaction_amount)).toBe(
      '123.45',
    )
    await adapter.chargeCard(card('APRO', { amount: { amount: 150_000, currency: 'COP' } }))
    expect(JSON.stringify((lastRequest().body as { transaction_amount: number }).transaction_amount)).toBe(
      '1500',
    )
    await adapter.chargeCard(card('APRO', { amount: { amount: 10, currency: 'MXN' } }))
    expect(JSON.stringify((lastRequest().body as { transaction_amount: number }).transaction_amount)).toBe(
      '0.1',
    )
  })

  it('reports a rejected card as DECLINED with Mercado Pago’s reason', async () => {
    const result = await adapter.chargeCard(card('FUND'))
    expect(result).toMatchObject({ status: 'DECLINED', declineReason: 'cc_rejected_insufficient_amount' })
  })

  it('reports a card under review (in_process) as PENDING', async () => {
    const result = await adapter.chargeCard(card('CONT'))
    expect(result.status).toBe('PENDING')
  })

  it('answers the same payment for a retried request with the same idempotency key', async () => {
    const input = card('APRO')
    const first = await adapter.chargeCard(input)
    const second = await adapter.chargeCard(input)
    expect(second.providerPaymentId).toBe(first.providerPaymentId)
    expect([...fake.payments.values()].filter((p) => p.external_reference === input.paymentId)).toHaveLength(
      1,
    )
  })

  it('declines a card token used twice (a new attempt, new key) without charging', async () => {
    const input = card('APRO')
    await adapter.chargeCard(input)
    const reuse = await adapter.chargeCard({ ...input, idempotencyKey: randomUUID() })
    expect(reuse.status).toBe('DECLINED')
    expect(reuse.declineReason).toContain('Card Token not found')
  })

  it('looks the payment method up by BIN when the browser sent none', async () => {
    const result = await adapter.chargeCard(card('APRO', { paymentMethodId: undefined, bin: '503175' }))
    expect(result.status).toBe('APPROVED')
    expect(lastRequest().body).toMatchObject({ payment_method_id: 'master', issuer_id: '3' })
    await expect(adapter.chargeCard(card('APRO', { paymentMethodId: undefined }))).rejects.toBeInstanceOf(
      ProviderUnsupportedError,
    )
  })

  it('throws ProviderUnavailableError when Mercado Pago does not answer in time', async () => {
    fake.setDelay(300)
    const impatient = makeAdapter({ timeoutMs: 100 })
    await expect(impatient.chargeCard(card('APRO'))).rejects.toBeInstanceOf(ProviderUnavailableError)
    // The fake still serves the abandoned request once its delay is over, and would spend a failure that a
    // later test queues: let it finish here.
    await settleAbandoned()
  })

  it('throws ProviderUnavailableError on HTTP 500, and a retry with the same key then succeeds once', async () => {
    const input = card('APRO')
    fake.failNext(1)
    await expect(adapter.chargeCard(input)).rejects.toBeInstanceOf(ProviderUnavailableError)
    const retry = await adapter.chargeCard(input)
    expect(retry.status).toBe('APPROVED')
  })

  it.each([409, 423, 424, 429, 502, 503])(
    'throws ProviderUnavailableError on HTTP %i (retryable, outcome unknown)',
    async (status) => {
      fake.failNext(1, status)
      await expect(adapter.chargeCard(card('APRO'))).rejects.toBeInstanceOf(ProviderUnavailableError)
    },
  )

  it('throws ProviderUnavailableError when nothing listens', async () => {
    const nowhere = makeAdapter({ baseUrl: 'http://127.0.0.1:9' })
    await expect(nowhere.chargeCard(card('APRO'))).rejects.toBeInstanceOf(ProviderUnavailableError)
  })

  it('refuses an answer for another amount or currency (reused key, wrong country account)', async () => {
    const input = card('APRO')
    await adapter.chargeCard(input)
    await expect(
      adapter.chargeCard({ ...input, amount: { amount: 150_001, currency: 'COP' } }),
    ).rejects.toThrow(/another amount/)
    const mexican = await startFakeMercadoPago({ currency: 'MXN' })
    try {
      const wrongAccount = new MercadoPagoAdapter({
        accessToken: mexican.accessToken,
        webhookSecret: mexican.webhookSecret,
        baseUrl: mexican.url,
        timeoutMs: 1_000,
      })
      await expect(wrongAccount.chargeCard(card('APRO'))).rejects.toThrow(/another country/)
      const ok = await wrongAccount.chargeCard(card('APRO', { amount: { amount: 150_000, currency: 'MXN' } }))
      expect(ok.status).toBe('APPROVED')
    } finally {
      await mexican.close()
    }
  })

  it('treats a wrong base URL (404 on creation) as an error, not a decline', async () => {
    const misrouted = makeAdapter({ baseUrl: `${fake.url}/wrong-prefix` })
    await expect(misrouted.chargeCard(card('APRO'))).rejects.toBeInstanceOf(ProviderResponseError)
  })

  it('treats a refused access token as a configuration error, not a decline', async () => {
    const wrong = makeAdapter({ accessToken: 'TEST-wrong' })
    await expect(wrong.chargeCard(card('APRO'))).rejects.toThrow(/access token/)
  })

  it('never puts the token or the access token in its errors', async () => {
    fake.failNext(1)
    const input = card('APRO')
    const error = await adapter.chargeCard(input).catch((e: unknown) => e)
    const text = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).cause)
    expect(text).not.toContain(input.token)
    expect(text).not.toContain(fake.accessToken)
  })
})

describe('Mercado Pago cash vouchers (Mexico) and Efecty (Colombia)', () => {
  it.each([
    ['oxxo', 'oxxo'],
    ['paycash', 'paycash'],
    ['bancomer', 'bancomer'],
    ['banamex', 'banamex'],
    ['cash', 'efecty'],
  ] as const)(
    'creates a %s voucher with reference, barcode, expiry and voucher URL',
    async (network, methodId) => {
      const expiresAt = new Date(Date.now() + 3 * 86_400_000)
      const result = await adapter.createCashVoucher({
        paymentId: randomUUID(),
        idempotencyKey: randomUUID(),
        amount: { amount: 49_900, currency: 'MXN' },
        network,
        payer,
        description: 'Palco — 1 entrada',
        expiresAt,
      })
      expect(result.status).toBe('PENDING')
      expect(result.voucher.reference).toMatch(/^\d+$/)
      expect(result.voucher.barcode.length).toBeGreaterThan(5)
      expect(result.voucher.expiresAt.getTime()).toBe(expiresAt.getTime())
      expect(result.voucherUrl).toContain('/payments/ticket/helper')
      expect(lastRequest().body).toMatchObject({ payment_method_id: methodId, transaction_amount: 499 })
      expect((lastRequest().body as { date_of_expiration: string }).date_of_expiration).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/,
      )
    },
  )

  it('refuses a network Mercado Pago does not have', async () => {
    await expect(
      adapter.createCashVoucher({
        paymentId: randomUUID(),
        idempotencyKey: randomUUID(),
        amount: { amount: 100, currency: 'COP' },
        network: 'cashInClub',
        payer,
        description: 'x',
        expiresAt: new Date(),
      }),
    ).rejects.toBeInstanceOf(ProviderUnsupportedError)
  })

  it('follows a voucher from pending to paid and to expired by status polling', async () => {
    const paid = await adapter.createCashVoucher({
      paymentId: randomUUID(),
      idempotencyKey: randomUUID(),
      amount: { amount: 20_000, currency: 'MXN' },
      network: 'oxxo',
      payer,
      description: 'x',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    expect((await adapter.getStatus(paid.providerPaymentId)).status).toBe('PENDING')
    await fake.setPaymentStatus(paid.providerPaymentId, 'approved')
    expect((await adapter.getStatus(paid.providerPaymentId)).status).toBe('APPROVED')
    await fake.setPaymentStatus(paid.providerPaymentId, 'cancelled', 'expired')
    expect((await adapter.getStatus(paid.providerPaymentId)).status).toBe('EXPIRED')
  })
})

describe('Mercado Pago PSE (Colombia)', () => {
  it('creates a PSE payment and returns the bank redirect', async () => {
    const paymentId = randomUUID()
    const result = await adapter.createTransfer({
      paymentId,
      idempotencyKey: randomUUID(),
      amount: { amount: 150_000, currency: 'COP' },
      kind: 'PSE',
      bank: '1007',
      payer,
      description: 'Palco — 2 entradas',
      expiresAt: new Date(Date.now() + 3_600_000),
      returnUrl: 'http://localhost:3000/checkout/transfer?return=pse',
      payerIp: '190.85.1.2',
    })
    expect(result.status).toBe('PENDING')
    expect(result.transfer.redirectUrl).toContain('/pse/redirect')
    expect(result.transfer.reference).toBe(result.providerPaymentId)
    expect(lastRequest().body).toMatchObject({
      payment_method_id: 'pse',
      transaction_amount: 1500,
      transaction_details: { financial_institution: '1007' },
      callback_url: 'http://localhost:3000/checkout/transfer?return=pse',
      additional_info: { ip_address: '190.85.1.2' },
      payer: { entity_type: 'individual', identification: { type: 'CC', number: '1020304050' } },
      external_reference: paymentId,
    })
  })

  it('says clearly that SPEI is not a Mercado Pago method here', async () => {
    await expect(
      adapter.createTransfer({
        paymentId: randomUUID(),
        idempotencyKey: randomUUID(),
        amount: { amount: 100, currency: 'MXN' },
        kind: 'SPEI',
        payer,
        description: 'x',
        expiresAt: new Date(),
        returnUrl: 'http://localhost',
      }),
    ).rejects.toThrow(/SPEI/)
  })
})

describe('Mercado Pago refunds', () => {
  it('refunds an approved payment in full and reports REFUNDED', async () => {
    const charged = await adapter.chargeCard(card('APRO'))
    const key = randomUUID()
    const refund = await adapter.refund(charged.providerPaymentId, { amount: 150_000, currency: 'COP' }, key)
    expect(refund.status).toBe('REFUNDED')
    expect(lastRequest().body).toEqual({ amount: 1500 })
    expect(lastRequest().headers['x-idempotency-key']).toBe(key)
    // Replaying the same refund request does not refund twice.
    const again = await adapter.refund(charged.providerPaymentId, { amount: 150_000, currency: 'COP' }, key)
    expect(again.status).toBe('REFUNDED')
    expect(fake.payments.get(Number(charged.providerPaymentId))?.refunds).toHaveLength(1)
    expect((await adapter.getStatus(charged.providerPaymentId)).status).toBe('REFUNDED')
  })

  it('declines a refund Mercado Pago refuses (payment not approved)', async () => {
    const pending = await adapter.chargeCard(card('CONT'))
    const refund = await adapter.refund(
      pending.providerPaymentId,
      { amount: 150_000, currency: 'COP' },
      randomUUID(),
    )
    expect(refund.status).toBe('DECLINED')
  })
})

describe('Mercado Pago webhooks', () => {
  it('accepts a correctly signed notification and parses the payment id', () => {
    const notice = fake.signedNotification('1310000001')
    expect(adapter.verifyWebhook(notice)).toBe(true)
    expect(adapter.parseWebhook(notice)).toEqual({
      notificationId: expect.stringMatching(/:payment\.updated$/),
      providerPaymentId: '1310000001',
    })
  })

  it('lowercases an alphanumeric data.id in the manifest, as documented', () => {
    const notice = fake.signedNotification('ABC123def')
    expect(adapter.verifyWebhook({ ...notice, query: { ...notice.query, 'data.id': 'ABC123DEF' } })).toBe(
      true,
    )
  })

  it('rejects a bad signature, another secret, a tampered data.id, and missing headers', () => {
    const notice = fake.signedNotification('1310000002')
    const signature = notice.headers['x-signature'] ?? ''
    const flipped = signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === 'a' ? 'b' : 'a'}`)
    expect(adapter.verifyWebhook({ ...notice, headers: { ...notice.headers, 'x-signature': flipped } })).toBe(
      false,
    )
    expect(adapter.verifyWebhook(fake.signedNotification('1310000002', { secret: 'other' }))).toBe(false)
    expect(adapter.verifyWebhook({ ...notice, query: { ...notice.query, 'data.id': '1310000003' } })).toBe(
      false,
    )
    const { 'x-signature': _s, ...withoutSignature } = notice.headers
    expect(adapter.verifyWebhook({ ...notice, headers: withoutSignature })).toBe(false)
    const { 'x-request-id': _r, ...withoutRequestId } = notice.headers
    expect(adapter.verifyWebhook({ ...notice, headers: withoutRequestId })).toBe(false)
    expect(adapter.verifyWebhook({ ...notice, query: {} })).toBe(false)
    expect(
      adapter.verifyWebhook({ ...notice, headers: { ...notice.headers, 'x-signature': 'garbage' } }),
    ).toBe(false)
  })

  it('rejects a stale or far-future ts beyond the 300 s tolerance', () => {
    const now = Math.floor(Date.now() / 1000)
    expect(adapter.verifyWebhook(fake.signedNotification('1', { ts: now - 299 }))).toBe(true)
    expect(adapter.verifyWebhook(fake.signedNotification('1', { ts: now - 301 }))).toBe(false)
    expect(adapter.verifyWebhook(fake.signedNotification('1', { ts: now + 301 }))).toBe(false)
  })

  it('parses notifications about other topics as null', () => {
    const notice = fake.signedNotification('1310000004')
    const merchantOrder = {
      ...notice,
      rawBody: JSON.stringify({ id: 5, type: 'merchant_order', data: { id: '7' } }),
    }
    expect(adapter.parseWebhook(merchantOrder)).toBeNull()
  })
})

describe('Mercado Pago preference and BIN search', () => {
  it('creates a preference with exact decimal unit prices', async () => {
    const preference = await adapter.createPreference({
      paymentId: randomUUID(),
      idempotencyKey: randomUUID(),
      items: [{ title: 'Platea A', quantity: 2, unitPrice: { amount: 7_500_050, currency: 'COP' } }],
      payer: { email: payer.email, fullName: payer.fullName },
      backUrls: { success: 'http://s', failure: 'http://f', pending: 'http://p' },
      expiresAt: new Date(Date.now() + 600_000),
    })
    expect(preference.id).toBeTruthy()
    expect(preference.initPoint).toContain(preference.id)
    expect(lastRequest().body).toMatchObject({
      items: [{ title: 'Platea A', quantity: 2, unit_price: 75_000.5, currency_id: 'COP' }],
      auto_return: 'approved',
      expires: true,
    })
  })

  it('finds the payment method for a BIN, and null for an unknown one', async () => {
    await expect(searchPaymentMethodByBin(adapter, '45099512')).resolves.toMatchObject({
      id: 'visa',
      paymentTypeId: 'credit_card',
    })
    await expect(adapter.searchPaymentMethodByBin('999999')).resolves.toBeNull()
    await expect(adapter.searchPaymentMethodByBin('12ab')).rejects.toBeInstanceOf(RangeError)
  })
})

describe('Mercado Pago status mapping', () => {
  it.each([
    ['approved', undefined, 'APPROVED'],
    ['authorized', undefined, 'PENDING'],
    ['in_process', undefined, 'PENDING'],
    ['pending', undefined, 'PENDING'],
    ['rejected', undefined, 'DECLINED'],
    ['cancelled', 'expired', 'EXPIRED'],
    ['cancelled', 'by_collector', 'DECLINED'],
    ['refunded', undefined, 'REFUNDED'],
    ['charged_back', undefined, 'REFUNDED'],
    ['in_mediation', undefined, 'APPROVED'],
  ] as const)('%s (%s) → %s', (status, detail, expected) => {
    expect(mapMercadoPagoStatus(status, detail)).toBe(expected)
  })

  it('refuses a status it does not know instead of guessing', () => {
    expect(() => mapMercadoPagoStatus('mystery')).toThrow(/unknown payment status/)
  })
})

describe('the fake, as the end-to-end run will drive it', () => {
  it('returns the same voucher for a retried request with the same key', async () => {
    const input = {
      paymentId: randomUUID(),
      idempotencyKey: randomUUID(),
      amount: { amount: 20_000, currency: 'MXN' as const },
      network: 'oxxo' as const,
      payer,
      description: 'x',
      expiresAt: new Date(Date.now() + 86_400_000),
    }
    const first = await adapter.createCashVoucher(input)
    const second = await adapter.createCashVoucher(input)
    expect(second.providerPaymentId).toBe(first.providerPaymentId)
    expect(second.voucher.reference).toBe(first.voucher.reference)
  })

  it('lets a browser approve PSE at the fake bank, returns to callback_url and notifies the webhook', async () => {
    const received: Array<{
      url: string
      headers: Record<string, string | string[] | undefined>
      body: string
    }> = []
    const { createServer } = await import('node:http')
    const receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body })
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const address = receiver.address() as { port: number }
    const notifying = await startFakeMercadoPago({
      webhookUrl: `http://127.0.0.1:${address.port}/api/webhooks/mercadopago`,
    })
    try {
      const local = new MercadoPagoAdapter({
        accessToken: notifying.accessToken,
        webhookSecret: notifying.webhookSecret,
        baseUrl: notifying.url,
        timeoutMs: 1_000,
      })
      const transfer = await local.createTransfer({
        paymentId: randomUUID(),
        idempotencyKey: randomUUID(),
        amount: { amount: 150_000, currency: 'COP' },
        kind: 'PSE',
        bank: '1007',
        payer,
        description: 'x',
        expiresAt: new Date(Date.now() + 3_600_000),
        returnUrl: 'http://localhost:3000/checkout/transfer?return=pse',
      })
      const bankPage = await (await fetch(transfer.transfer.redirectUrl ?? '')).text()
      const approve = /href="([^"]*outcome=approved[^"]*)"/.exec(bankPage)?.[1]?.replaceAll('&#38;', '&')
      expect(approve).toBeTruthy()
      const back = await fetch(`${notifying.url}${approve}`, { redirect: 'manual' })
      expect(back.status).toBe(302)
      expect(back.headers.get('location')).toBe('http://localhost:3000/checkout/transfer?return=pse')
      expect((await local.getStatus(transfer.providerPaymentId)).status).toBe('APPROVED')
      // The notification arrived signed, and verifies with the adapter.
      expect(received).toHaveLength(1)
      const delivery = received[0]
      if (!delivery) throw new Error('no delivery')
      const query = Object.fromEntries(new URL(delivery.url, 'http://x').searchParams)
      const notice = { headers: delivery.headers, query, rawBody: delivery.body }
      expect(local.verifyWebhook(notice)).toBe(true)
      expect(local.parseWebhook(notice)?.providerPaymentId).toBe(transfer.providerPaymentId)
      // HTTP controls: find by our reference, expire it.
      const listed = await (await fetch(`${notifying.url}/__fake/payments?external_reference=nope`)).json()
      expect(listed).toEqual({ results: [] })
      const control = await fetch(`${notifying.url}/__fake/payments/${transfer.providerPaymentId}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'refunded' }),
      })
      expect(control.status).toBe(200)
      expect((await local.getStatus(transfer.providerPaymentId)).status).toBe('REFUNDED')
      expect(received).toHaveLength(2)
    } finally {
      await notifying.close()
      receiver.closeAllConnections()
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })
})

/**
 * The fake extended with the customers and cards API the saved cards use (pages cited in the adapter):
 * customers by email, cards kept from a browser token (which must be the fake's, made through this front so
 * its BIN and last digits are known), the saved card read and deleted, and `POST /v1/card_tokens` with a
 * `card_id` and the access token minting a one-use token that carries the saved card's outcome (the holder
 * name it was tokenized with), which the shared fake's `/v1/payments` then charges. Every other request is
 * forwarded to the shared fake, so payments, their idempotency and the payment search stay its own. It lives
 * in this file because the shared fake belongs to other work in progress.
 */
interface FakeSavedCard {
  id: string
  customer_id: string
  /** The test cardholder name it was tokenized with (APRO, FUND, …), which its charges follow. */
  outcome: string
  method: string
  last4: string
}

interface SavedCardsFake {
  url: string
  requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders; body: unknown }>
  customers: Map<string, { id: string; email: string }>
  cards: Map<string, FakeSavedCard>
  setDelay(ms: number): void
  failNext(count?: number, status?: number): void
  /** Called once each of the front's own answers is decided (to stage a race between two requests). */
  afterAnswer: ((method: string, path: string) => void) | null
  close(): Promise<void>
}

const startSavedCardsFake = async (base: FakeMercadoPago): Promise<SavedCardsFake> => {
  const customers: SavedCardsFake['customers'] = new Map()
  const cards: SavedCardsFake['cards'] = new Map()
  const browserTokens = new Map<string, { first6: string; last4: string }>()
  const spent = new Set<string>()
  const requests: SavedCardsFake['requests'] = []
  let delay = 0
  let failures = 0
  let failStatus = 500
  let nextCard = 9_000_000_001
  const notFound = { message: 'not found', error: 'not_found', status: 404, cause: [] }
  const badRequest = (message: string, code: string) => ({
    message,
    error: 'bad_request',
    status: 400,
    cause: [{ code, description: message }],
  })

  const own = (
    method: string,
    url: URL,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } | null => {
    const cardPath = /^\/v1\/customers\/([^/]+)\/cards(?:\/([^/]+))?$/.exec(url.pathname)
    if (method === 'GET' && url.pathname === '/v1/customers/search') {
      const email = (url.searchParams.get('email') ?? '').toLowerCase()
      const results = [...customers.values()].filter((c) => c.email.toLowerCase() === email)
      return { status: 200, body: { paging: { total: results.length, limit: 10, offset: 0 }, results } }
    }
    if (method === 'POST' && url.pathname === '/v1/customers') {
      const email = typeof body.email === 'string' ? body.email : ''
      if (!email) return { status: 400, body: badRequest('email is required', '106') }
      if ([...customers.values()].some((c) => c.email.toLowerCase() === email.toLowerCase()))
        return { status: 400, body: badRequest('the customer already exist', '101') }
      const id = `${customers.size + 1}-${randomUUID().slice(0, 14)}`
      customers.set(id, { id, email })
      return { status: 201, body: { ...body, id, email } }
    }
    if (cardPath && method === 'POST' && !cardPath[2]) {
      const customerId = decodeURIComponent(cardPath[1] ?? '')
      if (!customers.has(customerId)) return { status: 404, body: notFound }
      const token = typeof body.token === 'string' ? body.token : ''
      const known = browserTokens.get(token)
      if (!known || spent.has(token)) return { status: 400, body: badRequest('invalid card token', '2006') }
      spent.add(token)
      const id = String(nextCard++)
      const method = known.first6.startsWith('5') ? 'master' : 'visa'
      const outcome = token.split('-')[1] ?? 'APRO'
      cards.set(id, { id, customer_id: customerId, outcome, method, last4: known.last4 })
      return { status: 201, body: cardView(id) }
    }
    if (cardPath?.[2]) {
      const card = cards.get(decodeURIComponent(cardPath[2]))
      if (!card || card.customer_id !== decodeURIComponent(cardPath[1] ?? ''))
        return { status: 404, body: notFound }
      if (method === 'GET') return { status: 200, body: cardView(card.id) }
      if (method === 'DELETE') {
        cards.delete(card.id)
        return { status: 200, body: cardView(card.id, card) }
      }
    }
    // The server-side tokenization of a saved card: authorised by the access token, no security code.
    if (method === 'POST' && url.pathname === '/v1/card_tokens' && !url.searchParams.has('public_key')) {
      const card = cards.get(String(body.card_id ?? ''))
      if (!card || (body.customer_id !== undefined && body.customer_id !== card.customer_id))
        return { status: 404, body: notFound }
      return {
        status: 201,
        body: {
          id: `fake-${card.outcome}-${randomUUID().replaceAll('-', '')}`,
          card_id: card.id,
          last_four_digits: card.last4,
          status: 'active',
          live_mode: false,
        },
      }
    }
    return null
  }

  const cardView = (id: string, gone?: FakeSavedCard) => {
    const card = gone ?? cards.get(id)
    if (!card) throw new Error(`no card ${id}`)
    return {
      id: card.id,
      customer_id: card.customer_id,
      last_four_digits: card.last4,
      payment_method: { id: card.method, name: card.method, payment_type_id: 'credit_card' },
      issuer: { id: card.method === 'master' ? 3 : 160, name: card.method },
      security_code: { length: 3, card_location: 'back' },
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const raw = Buffer.concat(chunks).toString('utf8')
      const url = new URL(req.url ?? '/', 'http://front')
      const method = req.method ?? 'GET'
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      requests.push({
        method,
        path: url.pathname + url.search,
        headers: req.headers,
        body: raw ? body : null,
      })
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      // A request the client gave up on (a timeout test) must not spend a failure queued for a later one.
      if (req.socket.destroyed) return
      const answer = (status: number, payload: unknown) => {
        if (res.destroyed) return
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (failures > 0) {
        failures--
        return answer(failStatus, { message: 'internal_error', status: failStatus })
      }
      const browser = url.searchParams.has('public_key')
      if (!browser && req.headers.authorization !== `Bearer ${base.accessToken}`)
        return answer(401, { message: 'invalid access token', status: 401, cause: [] })
      const mine = own(method, url, body)
      if (mine) {
        front.afterAnswer?.(method, url.pathname)
        return answer(mine.status, mine.body)
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      for (const name of ['authorization', 'x-idempotency-key']) {
        const value = req.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      const forwarded = await fetch(`${base.url}${url.pathname}${url.search}`, {
        method,
        headers,
        ...(raw ? { body: raw } : {}),
      })
      const text = await forwarded.text()
      // A browser token made through this front is remembered with its digits, as Mercado Pago keeps them.
      if (browser && url.pathname === '/v1/card_tokens' && forwarded.status === 201) {
        const token = JSON.parse(text) as { id: string; first_six_digits: string; last_four_digits: string }
        browserTokens.set(token.id, { first6: token.first_six_digits, last4: token.last_four_digits })
      }
      if (res.destroyed) return
      res.writeHead(forwarded.status, { 'Content-Type': 'application/json' })
      res.end(text)
    })().catch(() => {
      if (!res.destroyed) res.writeHead(500).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const front: SavedCardsFake = {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    cards,
    afterAnswer: null,
    setDelay: (ms) => {
      delay = ms
    },
    failNext: (count = 1, status = 500) => {
      failures = count
      failStatus = status
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
  return front
}

describe('Mercado Pago saved cards (paguitos)', () => {
  let front: SavedCardsFake
  let saving: MercadoPagoAdapter

  beforeAll(async () => {
    front = await startSavedCardsFake(fake)
    saving = makeAdapter({ baseUrl: front.url })
  })
  afterAll(async () => {
    await front.close()
  })
  afterEach(() => {
    front.setDelay(0)
    front.failNext(0)
    front.afterAnswer = null
  })

  /** A one-use token as MercadoPago.js makes it in the browser; the holder name picks the outcome. */
  const browserToken = async (holder: string, number = '5031755734530604') => {
    const response = await fetch(`${front.url}/v1/card_tokens?public_key=${fake.publicKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: number,
        expiration_month: 11,
        expiration_year: new Date().getUTCFullYear() + 3,
        security_code: '123',
        cardholder: { name: holder, identification: { type: 'CC', number: payer.documentNumber } },
      }),
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { id: string }).id
  }

  const fan = (): Payer => ({ ...payer, email: `fan-${randomUUID().slice(0, 8)}@example.com` })

  const save = async (holder: string, who: Payer = fan(), number?: string) =>
    saving.saveCard({
      idempotencyKey: randomUUID(),
      token: await browserToken(holder, number),
      payer: who,
      currency: 'COP',
    })

  const requestsTo = (path: string, method = 'POST') =>
    front.requests.filter((r) => r.method === method && r.path.split('?')[0] === path)

  /** An installment's charge as the plan pass makes it: a placeholder token, no browser method or issuer. */
  const onSaved = (savedCard: { providerCardId: string; providerCustomerId: string | null }) =>
    card('APRO', { token: 'saved-card', paymentMethodId: undefined, savedCard })

  it('says it keeps cards, and saves one on a new customer found by email from then on', async () => {
    expect(saving.savedCards).toBe(true)
    const who = fan()
    const first = await save('APRO', who)
    expect(first).toEqual({
      providerCardId: expect.stringMatching(/^\d+$/),
      providerCustomerId: expect.any(String),
      brand: 'master',
      last4: '0604',
    })
    expect(requestsTo('/v1/customers/search', 'GET').at(-1)?.path).toBe(
      `/v1/customers/search?email=${encodeURIComponent(who.email)}`,
    )
    expect(requestsTo('/v1/customers').at(-1)?.body).toMatchObject({
      email: who.email,
      first_name: 'Ana María',
      last_name: 'Pérez Gómez',
      identification: { type: 'CC', number: '1020304050' },
    })
    const cardSave = requestsTo(`/v1/customers/${first.providerCustomerId}/cards`).at(-1)
    expect(cardSave?.body).toEqual({ token: expect.stringMatching(/^fake-APRO-/) })
    expect(cardSave?.headers.authorization).toBe(`Bearer ${fake.accessToken}`)
    // A second card of the same fan lands on the same customer, which is not created again.
    const created = requestsTo('/v1/customers').length
    const second = await save('APRO', { ...who, email: who.email.toUpperCase() }, '4509953566233704')
    expect(second).toMatchObject({
      providerCustomerId: first.providerCustomerId,
      brand: 'visa',
      last4: '3704',
    })
    expect(requestsTo('/v1/customers')).toHaveLength(created)
  })

  it('finds the customer another save created meanwhile (cause 101) instead of failing', async () => {
    const who = fan()
    const token = await browserToken('APRO')
    // Another save creates the fan's customer right after our search found none.
    front.afterAnswer = (method, path) => {
      if (method !== 'GET' || path !== '/v1/customers/search' || front.customers.has('race-1')) return
      front.customers.set('race-1', { id: 'race-1', email: who.email })
    }
    const saved = await saving.saveCard({ idempotencyKey: randomUUID(), token, payer: who, currency: 'COP' })
    expect(saved.providerCustomerId).toBe('race-1')
    const searches = requestsTo('/v1/customers/search', 'GET').filter((r) =>
      r.path.endsWith(encodeURIComponent(who.email)),
    )
    expect(searches).toHaveLength(2)
  })

  it('refuses to save a spent or unknown token as ProviderUnsupportedError', async () => {
    const token = await browserToken('APRO')
    const who = fan()
    await saving.saveCard({ idempotencyKey: randomUUID(), token, payer: who, currency: 'COP' })
    await expect(
      saving.saveCard({ idempotencyKey: randomUUID(), token, payer: who, currency: 'COP' }),
    ).rejects.toBeInstanceOf(ProviderUnsupportedError)
    await expect(
      saving.saveCard({ idempotencyKey: randomUUID(), token: 'not-a-token', payer: who, currency: 'COP' }),
    ).rejects.toThrow(/refused to save the card/)
  })

  it('charges a saved card without CVV: a server-side token from the card id, the payer as customer', async () => {
    const saved = await save('APRO')
    const input = onSaved(saved)
    const result = await saving.chargeCard(input)
    expect(result.status).toBe('APPROVED')
    expect(result.providerPaymentId).toMatch(/^\d+$/)
    const tokenRequest = requestsTo('/v1/card_tokens').at(-1)
    expect(tokenRequest?.path).toBe('/v1/card_tokens')
    expect(tokenRequest?.headers.authorization).toBe(`Bearer ${fake.accessToken}`)
    expect(tokenRequest?.body).toEqual({
      card_id: saved.providerCardId,
      customer_id: saved.providerCustomerId,
    })
    const payment = requestsTo('/v1/payments').at(-1)
    expect(payment?.headers['x-idempotency-key']).toBe(input.idempotencyKey)
    expect(payment?.body).toMatchObject({
      transaction_amount: 1500,
      token: expect.stringMatching(/^fake-APRO-/),
      installments: 1,
      // Read from the saved card: an installment has no browser data.
      payment_method_id: 'master',
      issuer_id: '3',
      external_reference: input.paymentId,
      payer: { type: 'customer', id: saved.providerCustomerId, email: payer.email },
    })
    const sent = JSON.stringify(payment?.body)
    expect(sent).not.toContain('saved-card')
    expect(sent).not.toContain('security_code')
  })

  it('charges a saved card again on each due date, with a fresh token and its own key each time', async () => {
    const saved = await save('APRO')
    const first = await saving.chargeCard(onSaved(saved))
    const second = await saving.chargeCard(onSaved(saved))
    expect([first.status, second.status]).toEqual(['APPROVED', 'APPROVED'])
    expect(second.providerPaymentId).not.toBe(first.providerPaymentId)
    const tokens = requestsTo('/v1/payments')
      .slice(-2)
      .map((r) => (r.body as { token: string }).token)
    expect(new Set(tokens).size).toBe(2)
  })

  it('maps a refused saved card to DECLINED with Mercado Pago’s reason', async () => {
    const saved = await save('FUND')
    const result = await saving.chargeCard(onSaved(saved))
    expect(result).toMatchObject({ status: 'DECLINED', declineReason: 'cc_rejected_insufficient_amount' })
  })

  it('answers the same payment for a retried charge with the same idempotency key', async () => {
    const saved = await save('APRO')
    const input = onSaved(saved)
    const first = await saving.chargeCard(input)
    const retry = await saving.chargeCard(input)
    expect(retry.providerPaymentId).toBe(first.providerPaymentId)
    expect([...fake.payments.values()].filter((p) => p.external_reference === input.paymentId)).toHaveLength(
      1,
    )
  })

  it('throws ProviderUnavailableError when Mercado Pago does not answer a save or a charge in time', async () => {
    const saved = await save('APRO')
    const impatient = makeAdapter({ baseUrl: front.url, timeoutMs: 100 })
    front.setDelay(300)
    const token = await browserToken('APRO')
    await expect(
      impatient.saveCard({ idempotencyKey: randomUUID(), token, payer: fan(), currency: 'COP' }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError)
    await expect(impatient.chargeCard(onSaved(saved))).rejects.toBeInstanceOf(ProviderUnavailableError)
    front.setDelay(0)
    front.failNext(1, 503)
    await expect(saving.chargeCard(onSaved(saved))).rejects.toBeInstanceOf(ProviderUnavailableError)
  })

  it('removes a saved card, resolves when it is already gone, and declines charging it', async () => {
    const saved = await save('APRO')
    await expect(saving.removeSavedCard(saved)).resolves.toBeUndefined()
    const removal = front.requests.at(-1)
    expect(removal).toMatchObject({
      method: 'DELETE',
      path: `/v1/customers/${saved.providerCustomerId}/cards/${saved.providerCardId}`,
    })
    expect(front.cards.has(saved.providerCardId)).toBe(false)
    await expect(saving.removeSavedCard(saved)).resolves.toBeUndefined()
    const charge = await saving.chargeCard(onSaved(saved))
    expect(charge).toMatchObject({ status: 'DECLINED', declineReason: 'saved_card_not_found' })
  })

  it('answers the payment already made when a retry meets a card removed since', async () => {
    const saved = await save('APRO')
    const input = onSaved(saved)
    const first = await saving.chargeCard(input)
    await saving.removeSavedCard(saved)
    const retry = await saving.chargeCard(input)
    expect(retry).toMatchObject({ status: 'APPROVED', providerPaymentId: first.providerPaymentId })
  })
})

describe('Mercado Pago describes a card token for a bank-card presale (issue 42 part 2)', () => {
  /** A token made in the browser with the public key, as MercadoPago.js makes it. */
  const tokenOf = async (number: string) => {
    const response = await fetch(`${fake.url}/v1/card_tokens?public_key=${fake.publicKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: number,
        expiration_month: 11,
        expiration_year: new Date().getUTCFullYear() + 3,
        security_code: '123',
        cardholder: { name: 'APRO' },
      }),
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { id: string }).id
  }

  it.each([
    ['4599991000000017', { bin: '459999', type: 'CREDIT' }],
    ['4599971000000019', { bin: '459997', type: 'PREPAID' }],
    ['4002768694395619', { bin: '400276', type: 'DEBIT' }],
    ['4509953566233704', { bin: '450995', type: 'CREDIT' }],
  ])('reads %s from the token and the BIN search: %o', async (number, facts) => {
    const token = await tokenOf(number)
    expect(await adapter.describeCardToken(token)).toEqual(facts)
    const asked = fake.requests.filter((r) => r.method === 'GET').slice(-2)
    expect(asked[0]?.path).toBe(`/v1/card_tokens/${token}`)
    expect(asked[0]?.headers.authorization).toBe(`Bearer ${fake.accessToken}`)
    expect(asked[1]?.path).toMatch(/^\/v1\/payment_methods\/search\?bin=\d{6}&/)
  })

  it('says the paying card’s last four digits, leading zeros kept, for staff to find the order by (issue 43)', async () => {
    const paid = await adapter.chargeCard(card('APRO', { token: await tokenOf('4000000000000002') }))
    expect(paid).toMatchObject({ status: 'APPROVED', cardLast4: '0002' })
    // A token the fake never issued names no card: nothing is made up.
    expect((await adapter.chargeCard(card('APRO'))).cardLast4).toBeUndefined()
  })

  it('cannot describe a token it never issued, nor a BIN it does not know', async () => {
    expect(await adapter.describeCardToken(`fake-APRO-${randomUUID()}`)).toBeNull()
    expect(await adapter.describeCardToken(await tokenOf('6011000990139424'))).toBeNull()
  })

  it('does not answer in time: the provider is unavailable, not a refusal', async () => {
    const token = await tokenOf('4599991000000017')
    fake.failNext(3, 503)
    await expect(adapter.describeCardToken(token)).rejects.toBeInstanceOf(ProviderUnavailableError)
  })
})
