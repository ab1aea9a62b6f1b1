import { randomUUID } from 'node:crypto'
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
