import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { type FakeMercadoPago, startFakeMercadoPago } from './providers/mercadopago/fake-mercadopago.js'

const MX = 'mx.localhost:3000'

/**
 * The checkout with Mercado Pago as Mexico's provider, end to end through the real adapter against a
 * local server that speaks Mercado Pago's documented API: an OXXO ticket, then the store payment arriving
 * as a signed notification, issues the tickets; a notification with a bad signature changes nothing.
 */
describe('checkout through Mercado Pago (local fake of its API)', () => {
  let fake: FakeMercadoPago
  let t: TestApp
  let fan: string

  beforeAll(async () => {
    fake = await startFakeMercadoPago({ currency: 'MXN' })
    t = await openTestApp('pglite', {
      demoAccounts: true,
      env: {
        PAYMENT_PROVIDER_MEX: 'mercadopago',
        MERCADOPAGO_API_URL: fake.url,
        MERCADOPAGO_ACCESS_TOKEN: fake.accessToken,
        MERCADOPAGO_WEBHOOK_SECRET: fake.webhookSecret,
      },
    })
    fan = await loginAs(t.app, 'fan@palco.mx')
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })

  it('pays an OXXO ticket when Mercado Pago notifies the payment', async () => {
    const event = await seatedEvent(t.db.db, { country: 'MEX' })
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie: fan, host: MX },
      payload: { eventId: event.id, seats: ['NORTE/B-1'] },
    })
    expect(held.statusCode, held.body).toBe(201)
    const reservationId = held.json().id
    const cart = (
      await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${reservationId}`,
        headers: { cookie: fan, host: MX },
      })
    ).json()
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: { cookie: fan, host: MX },
      payload: {
        reservationId,
        contact: { firstName: 'Ana', lastName: 'López', email: 'ana@example.mx', phone: '+525512345678' },
        billing: { fullName: 'Ana López', documentType: 'PP', documentNumber: 'G1234567' },
        payment: { method: 'CASH', network: 'oxxo' },
        expectedTotal: cart.total,
        currency: 'MXN',
        idempotencyKey: randomUUID(),
      },
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
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/payments/webhooks/mercadopago?data.id=${paymentId}&type=payment`,
      headers: forged.headers as Record<string, string>,
      payload: forged.rawBody,
    })
    expect(refused.statusCode).toBe(401)

    await fake.setPaymentStatus(paymentId, 'approved')
    const notice = fake.signedNotification(paymentId)
    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/payments/webhooks/mercadopago?data.id=${paymentId}&type=payment`,
      headers: notice.headers as Record<string, string>,
      payload: notice.rawBody,
    })
    expect(applied.statusCode, applied.body).toBe(200)
    const after = (
      await t.app.inject({ url: `/api/checkout/orders/${order.id}`, headers: { cookie: fan, host: MX } })
    ).json()
    expect(after).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL' })
    expect(after.tickets).toHaveLength(1)
  })
})
