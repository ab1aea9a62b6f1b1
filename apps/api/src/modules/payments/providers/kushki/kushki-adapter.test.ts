import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type FakeKushki, startFakeKushki } from '../../../../../test/fakes/fake-kushki.js'
import { type Payer, ProviderUnavailableError } from '../../provider.js'
import { ProviderConfigurationError, ProviderUnsupportedError } from '../shared/provider-http.js'
import { KushkiAdapter, mapKushkiStatus } from './kushki-adapter.js'

// Contract tests: the adapter against a local fake that speaks Kushki's documented API.

const payer: Payer = {
  email: 'fan@example.com',
  fullName: 'Juan Pablo Rojas',
  documentType: 'CC',
  documentNumber: '1020304050',
  phone: '+573001234567',
}

let fake: FakeKushki
let adapter: KushkiAdapter

const makeAdapter = (overrides: Partial<ConstructorParameters<typeof KushkiAdapter>[0]> = {}) =>
  new KushkiAdapter({
    privateKey: fake.privateKey,
    publicKey: fake.publicKey,
    webhookSecret: fake.webhookSecret,
    baseUrl: fake.url,
    timeoutMs: 1_000,
    ...overrides,
  })

const card = (outcome: string, overrides: Record<string, unknown> = {}) => ({
  paymentId: randomUUID(),
  idempotencyKey: randomUUID(),
  amount: { amount: 150_000, currency: 'COP' as const },
  token: `fake-${outcome}-${randomUUID()}`,
  installments: 1,
  payer,
  description: 'Palco — 2 entradas',
  ...overrides,
})

const cash = (overrides: Record<string, unknown> = {}) => ({
  paymentId: randomUUID(),
  idempotencyKey: randomUUID(),
  amount: { amount: 49_900, currency: 'MXN' as const },
  network: 'oxxo' as const,
  payer,
  description: 'Palco — 1 entrada',
  expiresAt: new Date(Date.now() + 3 * 86_400_000),
  ...overrides,
})

const pse = (overrides: Record<string, unknown> = {}) => ({
  paymentId: randomUUID(),
  idempotencyKey: randomUUID(),
  amount: { amount: 150_000, currency: 'COP' as const },
  kind: 'PSE' as const,
  bank: '0001',
  payer,
  description: 'Palco — 2 entradas',
  expiresAt: new Date(Date.now() + 3_600_000),
  returnUrl: 'http://localhost:3000/checkout/transfer?return=pse',
  ...overrides,
})

const lastRequest = (path?: string) => {
  const request = [...fake.requests].reverse().find((r) => !path || r.path === path)
  if (!request) throw new Error('no request reached the fake')
  return request
}

beforeAll(async () => {
  fake = await startFakeKushki()
  adapter = makeAdapter()
})
afterAll(async () => {
  await fake.close()
})
afterEach(() => {
  fake.setDelay(0)
  fake.failNext(0)
})

describe('Kushki card charges', () => {
  it('approves a charge and sends the documented request', async () => {
    const input = card('approved')
    const result = await adapter.chargeCard(input)
    expect(result.status).toBe('APPROVED')
    expect(result.providerPaymentId).toMatch(/^card:\d+$/)
    const request = lastRequest('/card/v1/charges')
    expect(request.headers['private-merchant-id']).toBe(fake.privateKey)
    expect(request.headers['idempotency-key']).toBe(input.idempotencyKey)
    expect(request.body).toMatchObject({
      token: input.token,
      amount: { subtotalIva: 0, subtotalIva0: 1500, ice: 0, iva: 0, currency: 'COP' },
      metadata: { paymentId: input.paymentId },
      fullResponse: true,
    })
    expect(request.body).not.toHaveProperty('months')
  })

  it('converts minor units exactly (150000 COP minor → 1500.00; 49999 MXN minor → 499.99)', async () => {
    await adapter.chargeCard(card('approved', { amount: { amount: 49_999, currency: 'MXN' } }))
    const amount = (lastRequest('/card/v1/charges').body as { amount: { subtotalIva0: number } }).amount
    expect(JSON.stringify(amount.subtotalIva0)).toBe('499.99')
  })

  it('sends installments as months', async () => {
    await adapter.chargeCard(card('approved', { installments: 6 }))
    expect(lastRequest('/card/v1/charges').body).toMatchObject({ months: 6 })
  })

  it('turns a 4xx refusal into DECLINED with Kushki’s code and message', async () => {
    const result = await adapter.chargeCard(card('nofunds'))
    expect(result).toMatchObject({ status: 'DECLINED', declineReason: '021 Tarjeta sin fondos' })
    expect((await adapter.chargeCard(card('declined'))).declineReason).toBe('006 Transacción declinada')
  })

  it('reports an INITIALIZED charge as PENDING', async () => {
    expect((await adapter.chargeCard(card('pending'))).status).toBe('PENDING')
  })

  it('answers the same charge for a retried request with the same Idempotency-Key', async () => {
    const input = card('approved')
    const first = await adapter.chargeCard(input)
    const second = await adapter.chargeCard(input)
    expect(second).toEqual(first)
    expect([...fake.transactions.values()].filter((t) => t.token === input.token)).toHaveLength(1)
  })

  it('declines a card token used twice under a new key', async () => {
    const input = card('approved')
    await adapter.chargeCard(input)
    const reuse = await adapter.chargeCard({ ...input, idempotencyKey: randomUUID() })
    expect(reuse).toMatchObject({ status: 'DECLINED', declineReason: 'K008 Token ya utilizado' })
  })

  it('throws ProviderUnavailableError on timeout, on 500 and when nothing listens', async () => {
    fake.setDelay(300)
    await expect(makeAdapter({ timeoutMs: 100 }).chargeCard(card('approved'))).rejects.toBeInstanceOf(
      ProviderUnavailableError,
    )
    fake.setDelay(0)
    // The fake still serves the abandoned request once its delay is over, and would spend the failure queued
    // next: let it finish first.
    await new Promise((resolve) => setTimeout(resolve, 300))
    fake.failNext(1)
    const input = card('approved')
    await expect(adapter.chargeCard(input)).rejects.toBeInstanceOf(ProviderUnavailableError)
    // Kushki stores no idempotency record for a 5xx: the retry runs, once.
    expect((await adapter.chargeCard(input)).status).toBe('APPROVED')
    await expect(
      makeAdapter({ baseUrl: 'http://127.0.0.1:9' }).chargeCard(card('approved')),
    ).rejects.toBeInstanceOf(ProviderUnavailableError)
  })

  it.each([409, 429, 502, 503])('throws ProviderUnavailableError on HTTP %i', async (status) => {
    fake.failNext(1, status)
    await expect(adapter.chargeCard(card('approved'))).rejects.toBeInstanceOf(ProviderUnavailableError)
  })

  it('treats refused credentials as a configuration error', async () => {
    await expect(makeAdapter({ privateKey: 'wrong' }).chargeCard(card('approved'))).rejects.toBeInstanceOf(
      ProviderConfigurationError,
    )
  })

  it('says a card status cannot be queried rather than guessing', async () => {
    const charged = await adapter.chargeCard(card('approved'))
    await expect(adapter.getStatus(charged.providerPaymentId)).rejects.toBeInstanceOf(
      ProviderUnsupportedError,
    )
  })

  it('voids/refunds an approved charge and reports REFUNDED', async () => {
    const charged = await adapter.chargeCard(card('approved'))
    const key = randomUUID()
    const refund = await adapter.refund(charged.providerPaymentId, { amount: 150_000, currency: 'COP' }, key)
    expect(refund).toEqual({ providerPaymentId: charged.providerPaymentId, status: 'REFUNDED' })
    const request = lastRequest()
    expect(request.method).toBe('DELETE')
    expect(request.path).toBe(`/v1/charges/${charged.providerPaymentId.slice('card:'.length)}`)
    expect(request.headers['idempotency-key']).toBe(key)
    // The same refund request again is answered from the idempotency record, not voided twice.
    expect(
      (await adapter.refund(charged.providerPaymentId, { amount: 150_000, currency: 'COP' }, key)).status,
    ).toBe('REFUNDED')
    // A new refund attempt on a voided charge is refused.
    const again = await adapter.refund(
      charged.providerPaymentId,
      { amount: 150_000, currency: 'COP' },
      randomUUID(),
    )
    expect(again.status).toBe('DECLINED')
  })
})

describe('Kushki cash-in vouchers', () => {
  it('requests a token with the public key, inits with the private key, and returns the PIN voucher', async () => {
    const input = cash()
    const result = await adapter.createCashVoucher(input)
    expect(result.status).toBe('PENDING')
    expect(result.providerPaymentId).toMatch(/^cash:\d+$/)
    expect(result.voucher.reference).toMatch(/^\d+$/)
    expect(result.voucher.barcode).toContain(result.voucher.reference)
    expect(result.voucher.expiresAt).toEqual(input.expiresAt)
    const token = lastRequest('/cash/v1/tokens')
    expect(token.headers['public-merchant-id']).toBe(fake.publicKey)
    expect(token.body).toMatchObject({
      name: 'Juan',
      lastName: 'Pablo Rojas',
      identification: '1020304050',
      documentType: 'CC',
      totalAmount: 499,
      currency: 'MXN',
    })
    const init = lastRequest('/cash/v1/charges/init')
    expect(init.headers['private-merchant-id']).toBe(fake.privateKey)
    expect(init.headers['idempotency-key']).toBe(input.idempotencyKey)
    expect((init.body as { expirationDate: string }).expirationDate).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    )
  })

  it('follows a voucher to paid and to expired by status polling', async () => {
    const voucher = await adapter.createCashVoucher(cash())
    expect((await adapter.getStatus(voucher.providerPaymentId)).status).toBe('PENDING')
    const ticketNumber = voucher.providerPaymentId.slice('cash:'.length)
    await fake.setStatus(ticketNumber, 'approvedTransaction')
    expect((await adapter.getStatus(voucher.providerPaymentId)).status).toBe('APPROVED')
    await fake.setStatus(ticketNumber, 'expiredTransaction')
    expect((await adapter.getStatus(voucher.providerPaymentId)).status).toBe('EXPIRED')
  })

  it('declines a voucher Kushki refuses, and refuses club cash and a missing public key clearly', async () => {
    const refused = await adapter.createCashVoucher(
      cash({ payer: { ...payer, documentNumber: '1000000000' } }),
    )
    expect(refused).toMatchObject({ status: 'DECLINED', declineReason: 'C006 Transacción declinada' })
    await expect(adapter.createCashVoucher(cash({ network: 'cashInClub' }))).rejects.toBeInstanceOf(
      ProviderUnsupportedError,
    )
    await expect(makeAdapter({ publicKey: undefined }).createCashVoucher(cash())).rejects.toThrow(
      /Public-Merchant-Id/,
    )
  })

  it('does not refund cash through the API (a definite refusal)', async () => {
    const voucher = await adapter.createCashVoucher(cash())
    const refund = await adapter.refund(
      voucher.providerPaymentId,
      { amount: 49_900, currency: 'MXN' },
      randomUUID(),
    )
    expect(refund.status).toBe('DECLINED')
  })
})

describe('Kushki transfer-in (PSE)', () => {
  it('creates the token, inits with token and amount only, and returns the bank redirect', async () => {
    const input = pse()
    const result = await adapter.createTransfer(input)
    expect(result.status).toBe('PENDING')
    expect(result.providerPaymentId).toMatch(/^transfer:[a-f0-9]+$/)
    expect(result.transfer.redirectUrl).toContain('/pse/bank')
    expect(result.transfer.reference).toMatch(/^\d+$/)
    expect(result.transfer.bankName).toBe('Kushki bank Colombia')
    expect(lastRequest('/transfer/v1/tokens').body).toMatchObject({
      bankId: '0001',
      callbackUrl: input.returnUrl,
      userType: '0',
      documentType: 'CC',
      documentNumber: '1020304050',
      currency: 'COP',
      amount: { subtotalIva0: 1500 },
    })
    expect(Object.keys(lastRequest('/transfer/v1/init').body as object).sort()).toEqual(['amount', 'token'])
  })

  it('polls the transfer status by token', async () => {
    const transfer = await adapter.createTransfer(pse())
    expect((await adapter.getStatus(transfer.providerPaymentId)).status).toBe('PENDING')
    await fake.setStatus(transfer.providerPaymentId.slice('transfer:'.length), 'approvedTransaction')
    expect((await adapter.getStatus(transfer.providerPaymentId)).status).toBe('APPROVED')
  })

  it('throws a clear error for SPEI, which is not a Kushki method here', async () => {
    await expect(
      adapter.createTransfer(pse({ kind: 'SPEI', amount: { amount: 100, currency: 'MXN' } })),
    ).rejects.toThrow(/SPEI is not a Kushki method/)
  })

  it('declines a transfer to a bank Kushki refuses', async () => {
    expect((await adapter.createTransfer(pse({ bank: '0' }))).status).toBe('DECLINED')
  })
})

describe('Kushki webhooks', () => {
  const body = {
    ticketNumber: '175632110000000123',
    transactionStatus: 'APPROVAL',
    transactionType: 'SALE',
    amount: 1500,
  }

  it('accepts a correctly signed notification and parses the payment', () => {
    const notice = fake.signedNotification(body)
    expect(adapter.verifyWebhook(notice)).toBe(true)
    expect(adapter.parseWebhook(notice)).toEqual({
      notificationId: 'card:175632110000000123:SALE:APPROVAL',
      providerPaymentId: 'card:175632110000000123',
    })
  })

  it('rejects a tampered body, another secret, a missing header and a stale X-Kushki-Id', () => {
    const notice = fake.signedNotification(body)
    expect(
      adapter.verifyWebhook({ ...notice, rawBody: notice.rawBody.replace('APPROVAL', 'DECLINED') }),
    ).toBe(false)
    expect(adapter.verifyWebhook(fake.signedNotification(body, { secret: 'other' }))).toBe(false)
    const { 'x-kushki-signature': _s, ...unsigned } = notice.headers
    expect(adapter.verifyWebhook({ ...notice, headers: unsigned })).toBe(false)
    const { 'x-kushki-id': _i, ...noId } = notice.headers
    expect(adapter.verifyWebhook({ ...notice, headers: noId })).toBe(false)
    expect(adapter.verifyWebhook(fake.signedNotification(body, { timestampMs: Date.now() - 301_000 }))).toBe(
      false,
    )
    expect(adapter.verifyWebhook(fake.signedNotification(body, { timestampMs: Date.now() - 299_000 }))).toBe(
      true,
    )
  })

  it('gives a redelivery the same notification id and a status change a new one', () => {
    const first = adapter.parseWebhook(fake.signedNotification(body))
    const redelivered = adapter.parseWebhook(
      fake.signedNotification(body, { timestampMs: Date.now() + 1000 }),
    )
    expect(redelivered).toEqual(first)
    const voided = adapter.parseWebhook(
      fake.signedNotification({
        ticketNumber: '9',
        saleTicketNumber: body.ticketNumber,
        transactionType: 'VOID',
        transactionStatus: 'APPROVAL',
      }),
    )
    expect(voided?.providerPaymentId).toBe(first?.providerPaymentId)
    expect(voided?.notificationId).not.toBe(first?.notificationId)
  })

  it('maps cash and transfer notifications to their payment ids, and others to null', () => {
    expect(
      adapter.parseWebhook(
        fake.signedNotification({ ticketNumber: '77', pin: '123', status: 'approvedTransaction' }),
      ),
    ).toMatchObject({ providerPaymentId: 'cash:77' })
    expect(
      adapter.parseWebhook(
        fake.signedNotification({ token: 'abc', bankId: '0001', status: 'approvedTransaction' }),
      ),
    ).toMatchObject({ providerPaymentId: 'transfer:abc' })
    expect(
      adapter.parseWebhook(fake.signedNotification({ subscriptionId: 's1', ticketNumber: '5' })),
    ).toBeNull()
    expect(adapter.parseWebhook(fake.signedNotification({ event: 'payout' }))).toBeNull()
  })
})

describe('Kushki status mapping', () => {
  it.each([
    ['APPROVAL', 'APPROVED'],
    ['approvedTransaction', 'APPROVED'],
    ['DECLINED', 'DECLINED'],
    ['declinedTransaction', 'DECLINED'],
    ['INITIALIZED', 'PENDING'],
    ['initializedTransaction', 'PENDING'],
    ['requestedToken', 'PENDING'],
    ['expiredTransaction', 'EXPIRED'],
    ['VOID', 'REFUNDED'],
  ] as const)('%s → %s', (status, expected) => {
    expect(mapKushkiStatus(status)).toBe(expected)
  })

  it('refuses a status it does not know', () => {
    expect(() => mapKushkiStatus('mystery')).toThrow(/unknown transaction status/)
  })
})

describe('the fake, as the end-to-end run will drive it', () => {
  it('returns the same voucher for a retried request with the same key', async () => {
    const input = cash()
    const first = await adapter.createCashVoucher(input)
    const second = await adapter.createCashVoucher(input)
    expect(second.providerPaymentId).toBe(first.providerPaymentId)
    expect(second.voucher.reference).toBe(first.voucher.reference)
  })

  it('lets a browser approve PSE at the fake bank, returns with ?token= and notifies the webhook', async () => {
    const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = []
    const { createServer } = await import('node:http')
    const receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const address = receiver.address() as { port: number }
    const notifying = await startFakeKushki({
      webhookUrl: `http://127.0.0.1:${address.port}/api/webhooks/kushki`,
    })
    try {
      const local = new KushkiAdapter({
        privateKey: notifying.privateKey,
        publicKey: notifying.publicKey,
        webhookSecret: notifying.webhookSecret,
        baseUrl: notifying.url,
        timeoutMs: 1_000,
      })
      const input = pse()
      const transfer = await local.createTransfer(input)
      const bankPage = await (await fetch(transfer.transfer.redirectUrl ?? '')).text()
      const approve = /href="([^"]*outcome=approved[^"]*)"/.exec(bankPage)?.[1]?.replaceAll('&#38;', '&')
      expect(approve).toBeTruthy()
      const back = await fetch(`${notifying.url}${approve}`, { redirect: 'manual' })
      expect(back.status).toBe(302)
      const location = new URL(back.headers.get('location') ?? '')
      expect(location.searchParams.get('return')).toBe('pse')
      expect(location.searchParams.get('token')).toBe(transfer.providerPaymentId.slice('transfer:'.length))
      expect((await local.getStatus(transfer.providerPaymentId)).status).toBe('APPROVED')
      expect(received).toHaveLength(1)
      const delivery = received[0]
      if (!delivery) throw new Error('no delivery')
      const notice = { headers: delivery.headers, query: {}, rawBody: delivery.body }
      expect(local.verifyWebhook(notice)).toBe(true)
      expect(local.parseWebhook(notice)?.providerPaymentId).toBe(transfer.providerPaymentId)
      // HTTP controls: find by our payment id, then pay a cash voucher and get its notification.
      const listed = (await (
        await fetch(`${notifying.url}/__fake/transactions?paymentId=${input.paymentId}`)
      ).json()) as {
        results: unknown[]
      }
      expect(listed.results).toHaveLength(1)
      const voucher = await local.createCashVoucher(cash())
      const ticket = voucher.providerPaymentId.slice('cash:'.length)
      const control = await fetch(`${notifying.url}/__fake/transactions/${ticket}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'approvedTransaction' }),
      })
      expect(control.status).toBe(200)
      const cashNotice = { headers: received[1]?.headers ?? {}, query: {}, rawBody: received[1]?.body ?? '' }
      expect(local.verifyWebhook(cashNotice)).toBe(true)
      expect(local.parseWebhook(cashNotice)?.providerPaymentId).toBe(voucher.providerPaymentId)
    } finally {
      await notifying.close()
      receiver.closeAllConnections()
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })
})

/**
 * The fake extended with Kushki's card subscriptions as the saved cards use them (pages cited in the
 * adapter): `POST /subscriptions/v1/card` keeps the card of a one-use token (the fake's `fake-<outcome>-…`,
 * whose outcome every later charge follows) and checks the documented required fields, including a future
 * startDate; `POST /subscriptions/v1/card/{subscriptionId}` charges it on demand, answered like a card
 * charge; `DELETE` cancels it (404 once gone). `Private-Merchant-Id` and `Idempotency-Key` (2xx answers only)
 * behave as in the shared fake, to which every other request is forwarded. It lives in this file because the
 * shared fake belongs to other work in progress.
 */
interface SubscriptionsFake {
  url: string
  requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders; body: unknown }>
  subscriptions: Map<string, { outcome: string; active: boolean; body: Record<string, unknown> }>
  charges: Array<{ subscriptionId: string; ticketNumber: string; body: Record<string, unknown> }>
  setDelay(ms: number): void
  failNext(count?: number, status?: number): void
  close(): Promise<void>
}

const startSubscriptionsFake = async (base: FakeKushki): Promise<SubscriptionsFake> => {
  const subscriptions: SubscriptionsFake['subscriptions'] = new Map()
  const charges: SubscriptionsFake['charges'] = []
  const spent = new Set<string>()
  const idempotency = new Map<string, { status: number; body: unknown }>()
  const requests: SubscriptionsFake['requests'] = []
  let delay = 0
  let failures = 0
  let failStatus = 500
  let nextSubscription = 1_601_594_972_296_001n
  let nextTicket = 175_699_000_000_000_001n
  const invalid = { code: 'K001', message: 'Cuerpo de la petición inválido.' }
  const gone = { code: 'K020', message: 'Suscripción no encontrada' }
  const isAmount = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    ['subtotalIva', 'subtotalIva0', 'iva'].every(
      (k) => typeof (value as Record<string, unknown>)[k] === 'number',
    )

  const own = (method: string, path: string, body: Record<string, unknown>) => {
    if (method === 'POST' && path === '/subscriptions/v1/card') {
      const token = typeof body.token === 'string' ? body.token : ''
      if (!token.startsWith('fake-'))
        return { status: 400, body: { code: 'K001', message: 'Token inválido' } }
      if (spent.has(token)) return { status: 400, body: { code: 'K008', message: 'Token ya utilizado' } }
      const contact = body.contactDetails as Record<string, unknown> | undefined
      const today = new Date().toISOString().slice(0, 10)
      if (
        typeof body.planName !== 'string' ||
        !body.planName ||
        body.periodicity !== 'custom' ||
        typeof contact?.email !== 'string' ||
        !isAmount(body.amount) ||
        typeof body.startDate !== 'string' ||
        !/^\d{4}-\d\d-\d\d$/.test(body.startDate) ||
        body.startDate <= today
      )
        return { status: 400, body: invalid }
      spent.add(token)
      const subscriptionId = String(nextSubscription++)
      subscriptions.set(subscriptionId, { outcome: token.split('-')[1] ?? 'approved', active: true, body })
      return { status: 201, body: { subscriptionId } }
    }
    const match = /^\/subscriptions\/v1\/card\/(\d+)$/.exec(path)
    if (!match) return null
    const subscriptionId = match[1] ?? ''
    const subscription = subscriptions.get(subscriptionId)
    if (!subscription?.active) return { status: 404, body: gone }
    if (method === 'DELETE') {
      subscription.active = false
      return { status: 204, body: null }
    }
    if (method !== 'POST') return null
    // The card is the subscription's: a charge names neither a token nor a security code.
    if ('token' in body || 'cvv' in body || !isAmount(body.amount)) return { status: 400, body: invalid }
    const ticketNumber = String(nextTicket++)
    charges.push({ subscriptionId, ticketNumber, body })
    if (subscription.outcome === 'declined' || subscription.outcome === 'nofunds') {
      const [code, message] =
        subscription.outcome === 'declined' ? ['006', 'Transacción declinada'] : ['021', 'Tarjeta sin fondos']
      return {
        status: 400,
        body: {
          code,
          message,
          details: { ticketNumber, transactionStatus: 'DECLINED', responseText: message },
        },
      }
    }
    const status = subscription.outcome === 'pending' ? 'INITIALIZED' : 'APPROVAL'
    return {
      status: 201,
      body: {
        ticketNumber,
        transactionReference: randomUUID(),
        details: {
          transactionStatus: status,
          responseCode: '000',
          responseText: 'Transacción aprobada',
          subscriptionId,
          subtotalIva0: (body.amount as Record<string, unknown>).subtotalIva0,
        },
      },
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
      requests.push({ method, path: url.pathname, headers: req.headers, body: raw ? body : null })
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      // A request the client gave up on (a timeout test) must not spend a failure queued for a later one.
      if (req.socket.destroyed) return
      const answer = (status: number, payload: unknown) => {
        if (res.destroyed) return
        if (payload === null) return res.writeHead(status).end()
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (failures > 0) {
        failures--
        return answer(failStatus, { code: `K${failStatus}`, message: 'Error interno' })
      }
      if (url.pathname.startsWith('/subscriptions/')) {
        if (req.headers['private-merchant-id'] !== base.privateKey)
          return answer(401, { code: 'K004', message: 'ID de comercio o credencial no válido' })
        const key = req.headers['idempotency-key']
        const scoped = typeof key === 'string' && key ? `${method}:${url.pathname}:${key}` : null
        const previous = scoped ? idempotency.get(scoped) : undefined
        if (previous) return answer(previous.status, previous.body)
        const mine = own(method, url.pathname, body)
        if (mine) {
          if (scoped && mine.status < 400) idempotency.set(scoped, mine)
          return answer(mine.status, mine.body)
        }
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      for (const name of ['private-merchant-id', 'public-merchant-id', 'idempotency-key']) {
        const value = req.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      const forwarded = await fetch(`${base.url}${url.pathname}${url.search}`, {
        method,
        headers,
        ...(raw ? { body: raw } : {}),
      })
      const text = await forwarded.text()
      if (res.destroyed) return
      res.writeHead(forwarded.status, { 'Content-Type': 'application/json' })
      res.end(text)
    })().catch(() => {
      if (!res.destroyed) res.writeHead(500).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    charges,
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
}

describe('Kushki saved cards (paguitos)', () => {
  let front: SubscriptionsFake
  let saving: KushkiAdapter

  beforeAll(async () => {
    front = await startSubscriptionsFake(fake)
    saving = makeAdapter({ baseUrl: front.url })
  })
  afterAll(async () => {
    await front.close()
  })
  afterEach(() => {
    front.setDelay(0)
    front.failNext(0)
  })

  const save = (outcome: string, who: Payer = payer, currency: 'COP' | 'MXN' = 'COP') =>
    saving.saveCard({
      idempotencyKey: randomUUID(),
      token: `fake-${outcome}-${randomUUID().replaceAll('-', '')}`,
      payer: who,
      currency,
    })

  const lastTo = (path: string) => {
    const request = [...front.requests].reverse().find((r) => r.path === path)
    if (!request) throw new Error(`no request to ${path}`)
    return request
  }

  /** An installment's charge as the plan pass makes it: a placeholder token, no browser data. */
  const onSaved = (savedCard: { providerCardId: string; providerCustomerId: string | null }) =>
    card('approved', { token: 'saved-card', savedCard })

  it('says it keeps cards, and saves one as an on-demand subscription', async () => {
    expect(saving.savedCards).toBe(true)
    const key = randomUUID()
    const token = `fake-approved-${randomUUID().replaceAll('-', '')}`
    const saved = await saving.saveCard({ idempotencyKey: key, token, payer, currency: 'COP' })
    expect(saved).toEqual({
      providerCardId: expect.stringMatching(/^\d+$/),
      providerCustomerId: null,
      brand: 'card',
      last4: '',
    })
    const request = lastTo('/subscriptions/v1/card')
    expect(request.headers['private-merchant-id']).toBe(fake.privateKey)
    expect(request.headers['idempotency-key']).toBe(key)
    expect(request.body).toMatchObject({
      token,
      planName: expect.any(String),
      periodicity: 'custom',
      contactDetails: {
        documentType: 'CC',
        documentNumber: '1020304050',
        email: payer.email,
        firstName: 'Juan',
        lastName: 'Pablo Rojas',
        phoneNumber: payer.phone,
      },
      amount: { subtotalIva: 0, subtotalIva0: 0, ice: 0, iva: 0, currency: 'COP' },
      language: 'es',
    })
    expect((request.body as { startDate: string }).startDate > new Date().toISOString().slice(0, 10)).toBe(
      true,
    )
  })

  it('keeps a subscription in the currency of the site it is saved on', async () => {
    await save('approved', payer, 'MXN')
    expect(lastTo('/subscriptions/v1/card').body).toMatchObject({ amount: { currency: 'MXN' } })
    await save('approved', payer, 'COP')
    expect(lastTo('/subscriptions/v1/card').body).toMatchObject({ amount: { currency: 'COP' } })
  })

  it('refuses to save a spent or invalid token as ProviderUnsupportedError', async () => {
    const token = `fake-approved-${randomUUID().replaceAll('-', '')}`
    await saving.saveCard({ idempotencyKey: randomUUID(), token, payer, currency: 'COP' })
    await expect(
      saving.saveCard({ idempotencyKey: randomUUID(), token, payer, currency: 'COP' }),
    ).rejects.toThrow(/refused to save the card: K008 Token ya utilizado/)
    await expect(
      saving.saveCard({ idempotencyKey: randomUUID(), token: 'nope', payer, currency: 'COP' }),
    ).rejects.toBeInstanceOf(ProviderUnsupportedError)
  })

  it('charges a saved card on demand without token or CVV, with the attempt’s key', async () => {
    const saved = await save('approved')
    const input = onSaved(saved)
    const result = await saving.chargeCard(input)
    expect(result).toEqual({ providerPaymentId: expect.stringMatching(/^card:\d+$/), status: 'APPROVED' })
    const request = lastTo(`/subscriptions/v1/card/${saved.providerCardId}`)
    expect(request.method).toBe('POST')
    expect(request.headers['private-merchant-id']).toBe(fake.privateKey)
    expect(request.headers['idempotency-key']).toBe(input.idempotencyKey)
    expect(request.body).toMatchObject({
      amount: { subtotalIva: 0, subtotalIva0: 1500, ice: 0, iva: 0, currency: 'COP' },
      metadata: { paymentId: input.paymentId },
      contactDetails: { email: payer.email },
      fullResponse: true,
    })
    expect(request.body).not.toHaveProperty('token')
    expect(request.body).not.toHaveProperty('cvv')
    expect(request.body).not.toHaveProperty('months')
    // Nothing went to the one-time card charge with the placeholder token.
    expect(fake.requests.some((r) => JSON.stringify(r.body).includes('saved-card'))).toBe(false)
  })

  it('maps a refused or pending subscription charge like a card charge', async () => {
    const poor = await save('nofunds')
    expect(await saving.chargeCard(onSaved(poor))).toMatchObject({
      providerPaymentId: expect.stringMatching(/^card:\d+$/),
      status: 'DECLINED',
      declineReason: '021 Tarjeta sin fondos',
    })
    const refused = await save('declined')
    expect((await saving.chargeCard(onSaved(refused))).declineReason).toBe('006 Transacción declinada')
    const slow = await save('pending')
    expect((await saving.chargeCard(onSaved(slow))).status).toBe('PENDING')
  })

  it('answers the same charge for a retried request with the same key, and a new one per due date', async () => {
    const saved = await save('approved')
    const input = onSaved(saved)
    const first = await saving.chargeCard(input)
    expect(await saving.chargeCard(input)).toEqual(first)
    const next = await saving.chargeCard(onSaved(saved))
    expect(next.providerPaymentId).not.toBe(first.providerPaymentId)
    expect(front.charges.filter((c) => c.subscriptionId === saved.providerCardId)).toHaveLength(2)
  })

  it('throws ProviderUnavailableError when Kushki does not answer a save or a charge in time', async () => {
    const saved = await save('approved')
    const impatient = makeAdapter({ baseUrl: front.url, timeoutMs: 100 })
    front.setDelay(300)
    await expect(
      impatient.saveCard({
        idempotencyKey: randomUUID(),
        token: 'fake-approved-slow',
        payer,
        currency: 'COP',
      }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError)
    await expect(impatient.chargeCard(onSaved(saved))).rejects.toBeInstanceOf(ProviderUnavailableError)
    front.setDelay(0)
    front.failNext(1, 503)
    await expect(saving.chargeCard(onSaved(saved))).rejects.toBeInstanceOf(ProviderUnavailableError)
  })

  it('cancels the subscription, resolves when it is already gone, and declines charging it', async () => {
    const saved = await save('approved')
    await expect(saving.removeSavedCard(saved)).resolves.toBeUndefined()
    const removal = front.requests.at(-1)
    expect(removal).toMatchObject({
      method: 'DELETE',
      path: `/subscriptions/v1/card/${saved.providerCardId}`,
    })
    expect(removal?.headers['private-merchant-id']).toBe(fake.privateKey)
    expect(front.subscriptions.get(saved.providerCardId)?.active).toBe(false)
    await expect(saving.removeSavedCard(saved)).resolves.toBeUndefined()
    expect(await saving.chargeCard(onSaved(saved))).toMatchObject({
      status: 'DECLINED',
      declineReason: 'K020 Suscripción no encontrada',
    })
  })
})
