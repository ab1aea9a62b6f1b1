import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeMercadoPago, startFakeMercadoPago } from '../../../test/fakes/fake-mercadopago.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { reconcileOnce } from './reconcile.js'

const MX = 'mx.localhost:3000'

/**
 * The checkout with Mercado Pago as Mexico's provider, end to end through the real adapter against a
 * local server that speaks Mercado Pago's documented API: an OXXO ticket, then the store payment arriving
 * as a signed notification, issues the tickets; a notification with a bad signature changes nothing. A
 * card tokenized as the browser does carries its payment method and issuer to the charge, and Checkout Pro
 * (`/api/checkout/preference-id`) is paid on the provider's page and found again by its reference.
 */
describe('checkout through Mercado Pago (local fake of its API)', () => {
  let fake: FakeMercadoPago
  let t: TestApp
  let fan: string

  beforeAll(async () => {
    fake = await startFakeMercadoPago({ currency: 'MXN' })
    t = await openTestApp('pglite', {
      demoAccounts: true,
      env: fake.appEnv('MEX'),
    })
    fan = await loginAs(t.app, 'fan@palco.mx')
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  const holdAndCart = async (seat: string) => {
    const event = await seatedEvent(t.db.db, { country: 'MEX' })
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie: fan, host: MX },
      payload: { eventId: event.id, seats: [seat] },
    })
    expect(held.statusCode, held.body).toBe(201)
    const reservationId = held.json().id as string
    const cart = (
      await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${reservationId}`,
        headers: { cookie: fan, host: MX },
      })
    ).json()
    return { reservationId, cart }
  }
  const party = {
    contact: { firstName: 'Ana', lastName: 'López', email: 'ana@example.mx', phone: '+525512345678' },
    billing: { fullName: 'Ana López', documentType: 'PP', documentNumber: 'G1234567' },
  }
  /** What the payment page posts to `url` (an order, or a Checkout Pro page) for the fan's hold. */
  const checkoutPost = (url: string, reservationId: string, total: number, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: fan, host: MX },
      payload: {
        reservationId,
        ...party,
        ...extra,
        expectedTotal: total,
        currency: 'MXN',
        idempotencyKey: randomUUID(),
      },
    })
  /** Posts a notification to our Mercado Pago webhook, as Mercado Pago sends it. */
  const deliver = (paymentId: number, notice: { headers: unknown; rawBody: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payments/webhooks/mercadopago?data.id=${paymentId}&type=payment`,
      headers: notice.headers as Record<string, string>,
      payload: notice.rawBody,
    })
  /**
   * Holds the seat and asks for a Checkout Pro page for it, as the payment page does; `beforeAsking` runs
   * between the two (to arm a fault for the page request alone).
   */
  const preferenceFor = async (seat: string, beforeAsking?: () => void) => {
    const { reservationId, cart } = await holdAndCart(seat)
    beforeAsking?.()
    const res = await checkoutPost('/api/checkout/preference-id', reservationId, cart.total)
    return { res, reservationId, cart }
  }

  it('pays an OXXO ticket when Mercado Pago notifies the payment', async () => {
    const { reservationId, cart } = await holdAndCart('NORTE/B-1')
    const placed = await checkoutPost('/api/checkout/orders', reservationId, cart.total, {
      payment: { method: 'CASH', network: 'oxxo' },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const { order, next } = placed.json()
    expect(order).toMatchObject({
      status: 'PENDING_CASH_PAYMENT',
      result: 'PENDING_CASH_MP',
      provider: 'MERCADO_PAGO',
    })
    expect(next).toBe(`/checkout/cash/mercado_pago?order=${order.id}`)
    expect(order.voucher).toMatchObject({ network: 'oxxo', amount: cart.total })

    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments')
    expect(sent).toHaveLength(1)
    expect(sent[0]?.headers['x-idempotency-key']).toBeTruthy()
    expect(sent[0]?.body).toMatchObject({ payment_method_id: 'oxxo', transaction_amount: cart.total / 100 })
    const paymentId = [...fake.payments.keys()][0] as number

    // A forged notification is refused and changes nothing.
    const forged = fake.signedNotification(paymentId, { secret: 'not-the-secret' })
    const refused = await deliver(paymentId, forged)
    expect(refused.statusCode).toBe(401)

    await fake.setPaymentStatus(paymentId, 'approved')
    const notice = fake.signedNotification(paymentId)
    const applied = await deliver(paymentId, notice)
    expect(applied.statusCode, applied.body).toBe(200)
    const after = (
      await t.app.inject({ url: `/api/checkout/orders/${order.id}`, headers: { cookie: fan, host: MX } })
    ).json()
    expect(after).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL' })
    expect(after.tickets).toHaveLength(1)
  })

  it('charges a browser-made card token with the payment method and issuer the browser found', async () => {
    const { reservationId, cart } = await holdAndCart('NORTE/B-2')
    // What the page's tokenizer does: the token with the public key (never our server).
    const tokenRes = await fetch(`${fake.url}/v1/card_tokens?public_key=${fake.publicKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: '5031755734530604',
        expiration_month: 11,
        expiration_year: new Date().getUTCFullYear() + 2,
        security_code: '123',
        cardholder: { name: 'APRO' },
      }),
    })
    expect(tokenRes.status).toBe(201)
    const token = ((await tokenRes.json()) as { id: string }).id
    const placed = await checkoutPost('/api/checkout/orders', reservationId, cart.total, {
      payment: { method: 'CARD', cardToken: token, paymentMethodId: 'master', issuerId: '3' },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().order).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL', method: 'CARD' })
    const charge = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments').at(-1)
    expect(charge?.body).toMatchObject({
      token,
      payment_method_id: 'master',
      issuer_id: '3',
      transaction_amount: cart.total / 100,
    })
    const stored = await t.db.db
      .selectFrom('payments')
      .select(['card_method', 'card_issuer'])
      .where('order_id', '=', placed.json().order.id)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ card_method: 'master', card_issuer: '3' })
  })

  it('pays through Checkout Pro: a preference for our payment, then its payment found by reference', async () => {
    const { res, cart, reservationId } = await preferenceFor('NORTE/B-3')
    expect(res.statusCode, res.body).toBe(201)
    const { orderId, preferenceId, redirectUrl } = res.json()
    const preference = fake.preferences.get(preferenceId)
    expect(redirectUrl).toBe(`${fake.url}/checkout/v1/redirect?pref_id=${preferenceId}`)
    const payment = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(preference).toMatchObject({
      external_reference: payment.id,
      items: [{ quantity: 1, unit_price: cart.total / 100, currency_id: 'MXN' }],
      back_urls: {
        success: `http://localhost:3000/checkout/successful_purchase?order=${orderId}`,
        failure: `http://localhost:3000/checkout/fail_purchase?order=${orderId}`,
        pending: `http://localhost:3000/checkout/pending?order=${orderId}`,
      },
      notification_url: 'http://localhost:3000/api/payments/webhooks/mercadopago',
    })
    expect(preference?.body).toMatchObject({ expires: true, auto_return: 'approved' })
    // The page expires with the hold.
    const holdRow = await t.db.db
      .selectFrom('seat_holds')
      .select('expires_at')
      .where('id', '=', reservationId)
      .executeTakeFirstOrThrow()
    expect(Date.parse(preference?.expiration_date_to ?? '')).toBe(new Date(holdRow.expires_at).getTime())
    const sentPreference = fake.requests.filter((r) => r.path === '/checkout/preferences').at(-1)
    expect(sentPreference?.headers['x-idempotency-key']).toBe(payment.idempotency_key)
    expect(
      (await t.app.inject({ url: `/api/checkout/orders/${orderId}`, headers: { cookie: fan } })).json(),
    ).toMatchObject({
      status: 'PENDING',
      method: 'LINK',
      provider: 'MERCADO_PAGO',
      result: 'PENDING_PAYMENT',
    })

    // The fan pays on Mercado Pago's page: a payment Mercado Pago created, unknown to us by its id.
    const mpPaymentId = await fake.payPreference(preferenceId)
    const forged = fake.signedNotification(mpPaymentId, { secret: 'not-the-secret' })
    const refused = await deliver(mpPaymentId, forged)
    expect(refused.statusCode).toBe(401)
    expect(
      (await t.app.inject({ url: `/api/checkout/orders/${orderId}`, headers: { cookie: fan } })).json()
        .status,
    ).toBe('PENDING')

    const notice = fake.signedNotification(mpPaymentId)
    const applied = await deliver(mpPaymentId, notice)
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json()).toEqual({ status: 'applied', outcome: 'APPROVED' })
    const after = (
      await t.app.inject({ url: `/api/checkout/orders/${orderId}`, headers: { cookie: fan } })
    ).json()
    expect(after).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL' })
    expect(after.tickets).toHaveLength(1)
    const bound = await t.db.db
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow()
    expect(bound.provider_payment_id).toBe(String(mpPaymentId))

    // A replay of the notification is stored once; tickets stay issued once.
    const replay = await deliver(mpPaymentId, notice)
    expect(replay.json()).toMatchObject({ status: 'duplicate' })
    const tickets = await t.db.db.selectFrom('tickets').select('id').where('order_id', '=', orderId).execute()
    expect(tickets).toHaveLength(1)
  })

  it('ignores a payment whose reference is not one of our hosted payments', async () => {
    const { res: placed } = await preferenceFor('NORTE/B-4')
    const { orderId, preferenceId } = placed.json()
    // Someone else's preference on the same account, or a tampered amount: never our order's payment.
    const preference = fake.preferences.get(preferenceId)
    if (!preference) throw new Error('no preference')
    const cheap = {
      ...preference,
      id: 'cheap',
      items: [{ ...preference.items[0], unit_price: 1, quantity: 1 }],
    }
    fake.preferences.set('cheap', cheap as typeof preference)
    const cheapPayment = await fake.payPreference('cheap')
    const notice = fake.signedNotification(cheapPayment)
    const res = await deliver(cheapPayment, notice)
    expect(res.json()).toEqual({ status: 'ignored', outcome: 'amount-mismatch' })
    expect(
      (await t.app.inject({ url: `/api/checkout/orders/${orderId}`, headers: { cookie: fan } })).json()
        .status,
    ).toBe('PENDING')
  })

  it('finds a Checkout Pro payment whose notification never came, through reconciliation', async () => {
    const { res } = await preferenceFor('NORTE/B-5')
    const { orderId, preferenceId } = res.json()
    await fake.payPreference(preferenceId)
    await reconcileOnce(t.app.checkout, { staleAfterMs: -60_000 })
    const after = (
      await t.app.inject({ url: `/api/checkout/orders/${orderId}`, headers: { cookie: fan } })
    ).json()
    expect(after).toMatchObject({ status: 'PAID', tickets: [{ row: 'B', seat: 5 }] })
    expect(fake.requests.some((r) => r.path.startsWith('/v1/payments/search?external_reference='))).toBe(true)
  })

  it('cancels the order at once when Mercado Pago cannot make the page, keeping the seats for a retry', async () => {
    const { res, reservationId } = await preferenceFor('NORTE/B-6', () => fake.failNext(1, 500))
    expect([res.statusCode, res.json().code]).toEqual([503, 'PAYMENT_PROVIDER_UNAVAILABLE'])
    const orders = await t.db.db
      .selectFrom('orders')
      .select(['status', 'failure_code'])
      .where('hold_id', '=', reservationId)
      .execute()
    expect(orders).toEqual([{ status: 'CANCELED', failure_code: 'PAYMENT_PROVIDER_UNAVAILABLE' }])
    const holdRow = await t.db.db
      .selectFrom('seat_holds')
      .select('status')
      .where('id', '=', reservationId)
      .executeTakeFirstOrThrow()
    expect(holdRow.status).toBe('BOOKED')
  })
})
