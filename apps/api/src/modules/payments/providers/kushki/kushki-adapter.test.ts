import { randomUUID } from 'node:crypto'
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

  it('sends instalments as months', async () => {
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
