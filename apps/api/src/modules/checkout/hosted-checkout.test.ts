import { randomBytes, randomUUID } from 'node:crypto'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeKushki, startFakeKushki } from '../../../test/fakes/fake-kushki.js'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { reconcileOnce } from '../payments/reconcile.js'

const CO = 'localhost:3000'

const { contact, billing } = demoCheckoutDetails('camila.hosted@example.co')

/** `POST /api/checkout/preference-id` on the Colombian host as the payment page sends it; no cookie: a visitor. */
const askForPage = (
  app: TestApp['app'],
  ask: {
    cookie?: string
    reservationId: string
    expectedTotal: number
    idempotencyKey?: string
    from?: string
  },
) =>
  app.inject({
    method: 'POST',
    url: '/api/checkout/preference-id',
    headers: { ...(ask.cookie ? { cookie: ask.cookie } : {}), host: CO },
    ...(ask.from ? { remoteAddress: ask.from } : {}),
    payload: {
      reservationId: ask.reservationId,
      contact,
      billing,
      expectedTotal: ask.expectedTotal,
      currency: 'COP',
      idempotencyKey: ask.idempotencyKey ?? randomUUID(),
    },
  })

/**
 * Spec §7's `/api/checkout/preference-id` (Checkout Pro) with the sandbox's hosted page standing in for
 * Mercado Pago's: the order waits while the fan is on the page, and the page's decision comes back as a
 * signed notification through the same settlement as every other payment.
 */
describe.each(ENGINES)('paying on the provider’s hosted page on %s', (engine) => {
  let t: TestApp
  let fan: string
  let other: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fan = await loginAs(t.app, 'fan@palco.co')
    other = await registerFan(t.app, 71)
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.7.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const hold = async (cookie: string, eventId: string, seats: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie, host: CO },
      payload: { eventId, seats },
      remoteAddress: addr(),
    })
    if (res.statusCode !== 201) throw new Error(`hold failed ${res.body}`)
    return res.json().id as string
  }
  const cartOf = async (cookie: string, id: string) =>
    (
      await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${id}`,
        headers: { cookie, host: CO },
      })
    ).json()
  const startHosted = (
    cookie: string,
    reservationId: string,
    expectedTotal: number,
    idempotencyKey = randomUUID(),
  ) => askForPage(t.app, { cookie, reservationId, expectedTotal, idempotencyKey, from: addr() })
  const order = async (cookie: string, id: string) =>
    (await t.app.inject({ url: `/api/checkout/orders/${id}`, headers: { cookie } })).json()
  /** The fan's click on the sandbox's hosted page (its dev endpoint, as the page calls it). */
  const decide = (sandboxId: string, action: 'approve' | 'decline') =>
    t.app.inject({ method: 'POST', url: `/api/payments/sandbox/payments/${sandboxId}/${action}` })
  const sandboxIdOf = (redirectUrl: string) =>
    new URL(redirectUrl, 'http://x').searchParams.get('payment') ?? ''
  const holdStatus = async (id: string) =>
    (await db().selectFrom('seat_holds').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status
  const ticketCount = async (orderId: string) =>
    (await db().selectFrom('tickets').select('id').where('order_id', '=', orderId).execute()).length

  it('offers the hosted page in the cart, then pays through it: PAID, tickets issued once', async () => {
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/B-1', 'NORTE/B-2'])
    const cart = await cartOf(fan, id)
    expect(cart.methods).toContain('LINK')
    const res = await startHosted(fan, id, cart.total)
    expect(res.statusCode, res.body).toBe(201)
    const { orderId, preferenceId, redirectUrl } = res.json()
    expect(redirectUrl).toMatch(/^\/dev\/sandbox-checkout\?payment=[0-9a-f-]{36}$/)
    expect(preferenceId).toBe(sandboxIdOf(redirectUrl))

    // While the fan is on the page: pending, and the pages poll it.
    expect(await order(fan, orderId)).toMatchObject({
      status: 'PENDING',
      paymentStatus: 'PENDING',
      method: 'LINK',
      result: 'PENDING_PAYMENT',
      provider: 'PALCO',
      total: cart.total,
      voucher: null,
      transfer: null,
    })
    expect(await holdStatus(id)).toBe('WAITING_FOR_PAYMENT')

    // The page has our amount and sends the fan back to our result pages.
    const page = (await t.app.inject({ url: `/api/payments/sandbox/payments/${preferenceId}` })).json()
    expect(page).toMatchObject({
      orderId,
      kind: 'LINK',
      amount: cart.total,
      currency: 'COP',
      status: 'PENDING',
    })
    expect(page.backUrls).toEqual({
      success: `http://localhost:3000/checkout/successful_purchase?order=${orderId}`,
      failure: `http://localhost:3000/checkout/fail_purchase?order=${orderId}`,
      pending: `http://localhost:3000/checkout/pending?order=${orderId}`,
    })

    const paid = await decide(preferenceId, 'approve')
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().webhook).toMatchObject({ status: 'applied', outcome: 'APPROVED' })
    const after = await order(fan, orderId)
    expect(after).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL', paymentStatus: 'PAID' })
    expect(after.tickets).toHaveLength(2)
    expect(await holdStatus(id)).toBe('FINISHED')
    const sold = await db()
      .selectFrom('event_seats')
      .select('status')
      .where('event_id', '=', event.id)
      .where('hold_id', '=', id)
      .execute()
    expect(sold.map((s) => s.status)).toEqual(['SOLD', 'SOLD'])

    // The page's payment is now known by the provider's id; a second notification changes nothing.
    const payment = await db()
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(payment.provider_payment_id).toBe(preferenceId)
    expect(payment.hosted).toMatchObject({ preferenceId, redirectUrl })
    await decide(preferenceId, 'approve')
    expect(await ticketCount(orderId)).toBe(2)
    // A new attempt on the paid reservation is refused.
    const again = await startHosted(fan, id, cart.total)
    expect([again.statusCode, again.json().code]).toEqual([409, 'ORDER_NOT_PAYABLE'])
  })

  it('declines on the page: fail result, seats still held for a retry, which then succeeds', async () => {
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/B-3'])
    const cart = await cartOf(fan, id)
    const { orderId, redirectUrl } = (await startHosted(fan, id, cart.total)).json()
    const declined = await decide(sandboxIdOf(redirectUrl), 'decline')
    expect(declined.json().webhook).toMatchObject({ status: 'applied', outcome: 'DECLINED' })
    const failed = await order(fan, orderId)
    // The page told the fan why; the fail page says the payment was not completed.
    expect(failed).toMatchObject({ status: 'CANCELED', result: 'FAIL', failureCode: null, tickets: [] })
    expect(await holdStatus(id)).toBe('BOOKED')

    const token = tokenizeSandboxCard(
      { number: '4509953566233704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
      randomBytes,
    )
    if (!token.ok) throw new Error('tokenize failed')
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: { cookie: fan, host: CO },
      remoteAddress: addr(),
      payload: {
        reservationId: id,
        contact,
        billing,
        payment: { method: 'CARD', cardToken: token.token },
        expectedTotal: cart.total,
        currency: 'COP',
        idempotencyKey: randomUUID(),
      },
    })
    expect(retry.statusCode, retry.body).toBe(201)
    expect(retry.json().order).toMatchObject({ status: 'PAID', tickets: [{ row: 'B', seat: 3 }] })
  })

  it('makes one order and one page of a double submit, and answers the result page once decided', async () => {
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/B-4'])
    const cart = await cartOf(fan, id)
    const key = randomUUID()
    const [a, b] = await Promise.all([
      startHosted(fan, id, cart.total, key),
      startHosted(fan, id, cart.total, key),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([201, 201])
    expect(b.json()).toEqual(a.json())
    const orders = await db().selectFrom('orders').select('id').where('hold_id', '=', id).execute()
    expect(orders).toHaveLength(1)
    const pages = await db()
      .selectFrom('sandbox_payments')
      .select('id')
      .where('kind', '=', 'LINK')
      .where(
        'payment_id',
        'in',
        db().selectFrom('payments').select('id').where('order_id', '=', a.json().orderId),
      )
      .execute()
    expect(pages).toHaveLength(1)

    // Another key while this one is being paid: the reservation is taken.
    const clash = await startHosted(fan, id, cart.total)
    expect(clash.statusCode).toBe(409)
    expect(clash.json().code).toBe('ORDER_NOT_PAYABLE')

    await decide(sandboxIdOf(a.json().redirectUrl), 'approve')
    const later = await startHosted(fan, id, cart.total, key)
    expect(later.json()).toMatchObject({
      orderId: a.json().orderId,
      redirectUrl: `/checkout/successful_purchase?order=${a.json().orderId}`,
    })
  })

  it('refuses an unknown or another fan’s hold, a changed total, and a visitor', async () => {
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/B-5'])
    const cart = await cartOf(fan, id)
    const unknown = await startHosted(fan, randomUUID(), cart.total)
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND'])
    const foreign = await startHosted(other, id, cart.total)
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND'])
    const tampered = await startHosted(fan, id, cart.total - 100)
    expect([tampered.statusCode, tampered.json().code]).toEqual([409, 'AMOUNT_MISMATCH'])
    const visitor = await askForPage(t.app, { reservationId: id, expectedTotal: cart.total })
    expect(visitor.statusCode).toBe(401)
    // Nothing was created by any of them.
    expect(await db().selectFrom('orders').select('id').where('hold_id', '=', id).execute()).toHaveLength(0)
    expect(await holdStatus(id)).toBe('BOOKED')
  })

  it('expires an unpaid page once its time is up: seats released', async () => {
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/B-6'])
    const cart = await cartOf(fan, id)
    const { orderId } = (await startHosted(fan, id, cart.total)).json()
    // Reconciliation asks the provider while the page is open: nothing paid yet, still pending.
    await reconcileOnce(t.app.checkout, { staleAfterMs: -60_000 })
    expect(await order(fan, orderId)).toMatchObject({ status: 'PENDING' })
    await reconcileOnce(t.app.checkout, { now: new Date(Date.now() + 2 * 3_600_000) })
    expect(await order(fan, orderId)).toMatchObject({ status: 'EXPIRED', result: 'FAIL' })
    expect(await holdStatus(id)).toBe('EXPIRED')
    const seats = await db().selectFrom('event_seats').select('status').where('hold_id', '=', id).execute()
    expect(seats.every((s) => s.status !== 'HELD' && s.status !== 'SOLD')).toBe(true)
  })
})

describe('the hosted page with Kushki', () => {
  let fake: FakeKushki
  let t: TestApp
  let fan: string

  beforeAll(async () => {
    fake = await startFakeKushki()
    t = await openTestApp('pglite', {
      demoAccounts: true,
      env: fake.appEnv('COL'),
    })
    fan = await loginAs(t.app, 'fan@palco.co')
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  it('is not offered, and asking for it is a 422 that creates nothing', async () => {
    const event = await seatedEvent(t.db.db)
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie: fan, host: CO },
      payload: { eventId: event.id, seats: ['NORTE/B-1'] },
    })
    const id = held.json().id
    const cart = (
      await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${id}`,
        headers: { cookie: fan, host: CO },
      })
    ).json()
    expect(cart.methods).toEqual(['CARD', 'CASH', 'TRANSFER', 'WALLET'])
    const res = await askForPage(t.app, { cookie: fan, reservationId: id, expectedTotal: cart.total })
    expect(res.statusCode).toBe(422)
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/)
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      fields: { 'payment.method': 'PAYMENT_METHOD_UNAVAILABLE' },
    })
    expect(await t.db.db.selectFrom('orders').select('id').where('hold_id', '=', id).execute()).toHaveLength(
      0,
    )
    expect(fake.requests).toHaveLength(0)
  })
})
