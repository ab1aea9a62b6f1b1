import type { BrowserPaymentConfig } from '@palco/domain/web/server-context'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeKushki, startFakeKushki } from '../../../../../api/test/fakes/fake-kushki'
import { type FakeMercadoPago, startFakeMercadoPago } from '../../../../../api/test/fakes/fake-mercadopago'
import type { CardDetails } from '../model/checkout-forms'
import { tokenizeCard, tokenizeKushkiCard, tokenizeMercadoPagoCard } from './tokenize-card'

/**
 * The browser's tokenizers against the local stand-ins of Mercado Pago's and Kushki's APIs (Node's fetch
 * plays the browser): a token on success, each refusal on the field the fan must correct, and a clear
 * error when the provider does not answer.
 */

const nextYear = new Date().getUTCFullYear() + 2
const card = (over: Partial<CardDetails> = {}): CardDetails => ({
  number: '4509953566233704',
  expMonth: 11,
  expYear: nextYear,
  cvv: '123',
  holderName: 'APRO',
  ...over,
})
const cop = { amount: 12_345_050, currency: 'COP' } as const

/** A base URL where nothing listens: a fake started and closed again. */
async function deadUrl(): Promise<string> {
  const gone = await startFakeKushki()
  await gone.close()
  return gone.url
}

describe('Mercado Pago card tokens (REST, as MercadoPago.js)', () => {
  let fake: FakeMercadoPago
  let provider: BrowserPaymentConfig
  beforeAll(async () => {
    fake = await startFakeMercadoPago({ currency: 'COP' })
    provider = { provider: 'mercadopago', publicKey: fake.publicKey, apiUrl: fake.url }
  })
  afterAll(async () => fake?.close())

  const ctx = (over: Partial<Parameters<typeof tokenizeMercadoPagoCard>[1]> = {}) => ({
    provider,
    amount: cop,
    holderId: { documentType: 'CC', documentNumber: '1020304050' },
    ...over,
  })

  it('answers a token with the payment method and issuer of the BIN, sending only the public key', async () => {
    const result = await tokenizeCard(card(), ctx())
    expect(result).toMatchObject({
      ok: true,
      paymentMethodId: 'visa',
      issuerId: '160',
      // Issue 42 part 2: the token's first digits and the method's type, for a presale's check on the page.
      card: { bin: '450995', type: 'CREDIT' },
    })
    expect(result.ok && result.token).toMatch(/^fake-APRO-/)
    const sent = fake.requests.filter((r) => r.path.startsWith('/v1/card_tokens'))
    expect(sent.at(-1)?.path).toContain(`public_key=${fake.publicKey}`)
    expect(sent.at(-1)?.headers.authorization).toBeUndefined()
    expect(sent.at(-1)?.body).toMatchObject({
      card_number: '4509953566233704',
      expiration_month: 11,
      expiration_year: nextYear,
      security_code: '123',
      cardholder: { name: 'APRO', identification: { type: 'CC', number: '1020304050' } },
    })
    const search = fake.requests.filter((r) => r.path.startsWith('/v1/payment_methods/search')).at(-1)
    expect(search?.path).toContain('bins=45099535')
  })

  it('sends no identification for a Mexican card', async () => {
    await tokenizeCard(
      card({ number: '5031755734530604' }),
      ctx({ amount: { amount: 10_000, currency: 'MXN' } }),
    )
    const sent = fake.requests.filter((r) => r.path.startsWith('/v1/card_tokens')).at(-1)
    expect(sent?.body).toMatchObject({ cardholder: { name: 'APRO' } })
    expect((sent?.body as { cardholder?: object } | undefined)?.cardholder).toEqual({ name: 'APRO' })
  })

  it.each([
    ['a number that fails its check digit (E301)', card({ number: '4509953566233705' }), 'number'],
    ['a card Mercado Pago has no method for', card({ number: '4111111111111111' }), 'number'],
    ['a month that does not exist (325)', card({ expMonth: 13 }), 'expiry'],
    ['an expired card (326)', card({ expMonth: 1, expYear: 2020 }), 'expiry'],
    ['a short security code (E203)', card({ cvv: '12' }), 'cvv'],
    ['no holder name (221)', card({ holderName: '  ' }), 'holderName'],
  ] as const)('puts %s on the %s field', async (_what, input, field) => {
    await expect(tokenizeMercadoPagoCard(input, ctx())).resolves.toEqual({ ok: false, field })
  })

  it('puts an expired date on the expiry field when Mercado Pago lists other causes first', async () => {
    const refusal: typeof fetch = async () =>
      new Response(
        JSON.stringify({
          status: 400,
          cause: [
            { code: 'E301', description: 'invalid card number' },
            { code: 'E302', description: 'invalid security code' },
            { code: '326', description: 'invalid expiration year' },
          ],
        }),
        { status: 400 },
      )
    await expect(tokenizeMercadoPagoCard(card(), ctx({ fetch: refusal }))).resolves.toEqual({
      ok: false,
      field: 'expiry',
    })
  })

  it('reads a refusal of the billing document as a form problem, not a card field', async () => {
    const fetchDoc: typeof fetch = async () =>
      new Response(
        JSON.stringify({ status: 400, cause: [{ code: '324', description: 'invalid docNumber' }] }),
        {
          status: 400,
        },
      )
    await expect(tokenizeMercadoPagoCard(card(), ctx({ fetch: fetchDoc }))).resolves.toEqual({
      ok: false,
      code: 'InvalidParameterException',
    })
  })

  it('says the method is unavailable when the public key is refused', async () => {
    const wrong = { ...provider, publicKey: 'TEST-not-ours' }
    await expect(tokenizeMercadoPagoCard(card(), ctx({ provider: wrong }))).resolves.toEqual({
      ok: false,
      code: 'PAYMENT_METHOD_UNAVAILABLE',
    })
  })

  it('says the provider did not answer on a timeout, a 500 and when nothing listens', async () => {
    fake.setDelay(400)
    try {
      await expect(tokenizeMercadoPagoCard(card(), ctx({ timeoutMs: 100 }))).resolves.toEqual({
        ok: false,
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      })
    } finally {
      fake.setDelay(0)
    }
    fake.failNext(2, 500)
    await expect(tokenizeMercadoPagoCard(card(), ctx())).resolves.toEqual({
      ok: false,
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    })
    const dead = { ...provider, apiUrl: await deadUrl() }
    await expect(tokenizeMercadoPagoCard(card(), ctx({ provider: dead }))).resolves.toEqual({
      ok: false,
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    })
  })

  it('lets a browser on another origin read the answers (CORS, preflight included)', async () => {
    const preflight = await fetch(`${fake.url}/v1/card_tokens?public_key=${fake.publicKey}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i)
  })
})

describe('Kushki card tokens (REST, as Kushki.js)', () => {
  let fake: FakeKushki
  let provider: BrowserPaymentConfig
  beforeAll(async () => {
    fake = await startFakeKushki()
    provider = { provider: 'kushki', publicKey: fake.publicKey, apiUrl: fake.url }
  })
  afterAll(async () => fake?.close())

  const ctx = (over: Partial<Parameters<typeof tokenizeKushkiCard>[1]> = {}) => ({
    provider,
    amount: cop,
    ...over,
  })

  it('answers a token for the amount, sent with the Public-Merchant-Id only', async () => {
    const result = await tokenizeCard(card({ holderName: 'OTHE' }), ctx())
    expect(result.ok && result.token).toMatch(/^fake-declined-/)
    const sent = fake.requests.filter((r) => r.path === '/card/v1/tokens' && r.method === 'POST').at(-1)
    expect(sent?.headers['public-merchant-id']).toBe(fake.publicKey)
    expect(sent?.headers['private-merchant-id']).toBeUndefined()
    expect(sent?.body).toEqual({
      card: {
        name: 'OTHE',
        number: '4509953566233704',
        expiryMonth: '11',
        expiryYear: String(nextYear % 100).padStart(2, '0'),
        cvv: '123',
      },
      totalAmount: 123_450.5,
      currency: 'COP',
    })
  })

  it.each([
    ['an invalid card (017)', card({ number: '4509953566233705' }), 'number'],
    ['an expired card', card({ expMonth: 1, expYear: 2020 }), 'expiry'],
    ['a short security code', card({ cvv: '1' }), 'cvv'],
    ['no holder name', card({ holderName: '' }), 'holderName'],
  ] as const)('puts %s on the %s field', async (_what, input, field) => {
    await expect(tokenizeKushkiCard(input, ctx())).resolves.toEqual({ ok: false, field })
  })

  it('says the method is unavailable when the merchant id is refused', async () => {
    const wrong = { ...provider, publicKey: 'not-ours' }
    await expect(tokenizeKushkiCard(card(), ctx({ provider: wrong }))).resolves.toEqual({
      ok: false,
      code: 'PAYMENT_METHOD_UNAVAILABLE',
    })
  })

  it('says the provider did not answer on a timeout and when nothing listens', async () => {
    fake.setDelay(400)
    try {
      await expect(tokenizeKushkiCard(card(), ctx({ timeoutMs: 100 }))).resolves.toEqual({
        ok: false,
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      })
    } finally {
      fake.setDelay(0)
    }
    const dead = { ...provider, apiUrl: await deadUrl() }
    await expect(tokenizeKushkiCard(card(), ctx({ provider: dead }))).resolves.toEqual({
      ok: false,
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    })
  })
})

describe('the sandbox tokenizer', () => {
  const sandbox = { provider: 'sandbox', publicKey: null, apiUrl: null } as const

  it('checks the card here, then asks the sandbox endpoint for the token (issue 42 part 2)', async () => {
    const asked: { url: string; body: unknown }[] = []
    const endpoint = (async (url: string, init: RequestInit) => {
      asked.push({ url, body: JSON.parse(String(init.body)) })
      return new Response(
        JSON.stringify({ token: 'sbx_Av3704_abcdefghijkmnpqr', brand: 'visa', last4: '3704', card: null }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )
    }) as typeof fetch
    const ok = await tokenizeCard(card(), { provider: sandbox, amount: cop, fetch: endpoint })
    expect(ok).toEqual({ ok: true, token: 'sbx_Av3704_abcdefghijkmnpqr' })
    // The endpoint's description of the card rides along when it gives one.
    const describing = (async () =>
      new Response(
        JSON.stringify({
          token: 'sbx_Av3704_abcdefghijkmnpqr',
          brand: 'visa',
          last4: '3704',
          card: { bin: '45099535', type: 'CREDIT' },
        }),
        { status: 200 },
      )) as unknown as typeof fetch
    await expect(
      tokenizeCard(card(), { provider: sandbox, amount: cop, fetch: describing }),
    ).resolves.toMatchObject({ ok: true, card: { bin: '45099535', type: 'CREDIT' } })
    expect(asked).toHaveLength(1)
    expect(asked[0]?.url).toBe('/api/payments/sandbox/card-tokens')
    expect(asked[0]?.body).toMatchObject({ number: expect.stringMatching(/^\d+$/), cvv: expect.any(String) })
    // A card the checks refuse names its field without any request.
    await expect(
      tokenizeCard(card({ cvv: '1' }), { provider: sandbox, amount: cop, fetch: endpoint }),
    ).resolves.toEqual({ ok: false, field: 'cvv' })
    expect(asked).toHaveLength(1)
  })

  it('reads the endpoint refusing a field, and an endpoint that does not answer', async () => {
    const refusing = (async () =>
      new Response(JSON.stringify({ code: 'InvalidParameterException', fields: { expiry: 'x' } }), {
        status: 400,
      })) as unknown as typeof fetch
    await expect(tokenizeCard(card(), { provider: sandbox, amount: cop, fetch: refusing })).resolves.toEqual({
      ok: false,
      field: 'expiry',
    })
    const down = (async () => {
      throw new TypeError('failed to fetch')
    }) as unknown as typeof fetch
    await expect(tokenizeCard(card(), { provider: sandbox, amount: cop, fetch: down })).resolves.toEqual({
      ok: false,
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    })
  })
})
