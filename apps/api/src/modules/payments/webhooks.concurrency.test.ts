import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../../config.js'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { signSandboxBody } from './providers/sandbox/sandbox.adapter.js'

const COPIES = 10

/**
 * Providers deliver a notification again whenever an answer is slow, so copies of one can arrive together
 * (DESIGN §9: webhooks processed idempotently). PostgreSQL only: PGlite has one connection, so the copies
 * would take turns instead of racing.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('payment webhooks under contention on PostgreSQL', () => {
  let t: TestApp
  let fan: string

  beforeAll(async () => {
    t = await openTestApp('postgres', { demoAccounts: true })
    fan = await loginAs(t.app, 'fan@palco.co')
  })
  afterAll(async () => t?.close())

  it(`applies one of ${COPIES} simultaneous copies of a notification and calls the rest duplicates`, async () => {
    const event = await seatedEvent(t.db.db)
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie: fan },
      payload: { eventId: event.id, seats: ['NORTE/B-1'] },
    })
    expect(held.statusCode, held.body).toBe(201)
    const reservationId = held.json().id as string
    const cart = await t.app.inject({
      url: `/api/checkout-service/cart?reservation=${reservationId}`,
      headers: { cookie: fan },
    })
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: { cookie: fan },
      payload: {
        reservationId,
        ...demoCheckoutDetails('fan@palco.co'),
        payment: { method: 'CASH', network: 'cash' },
        expectedTotal: cart.json().total,
        currency: 'COP',
        idempotencyKey: randomUUID(),
      },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const orderId = placed.json().order.id as string
    const payment = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    // The fan paid at the store: the provider now reports the payment approved.
    await t.db.db
      .updateTable('sandbox_payments')
      .set({ status: 'APPROVED' })
      .where('id', '=', payment.provider_payment_id ?? '')
      .execute()

    const body = JSON.stringify({ id: randomUUID(), type: 'payment', paymentId: payment.provider_payment_id })
    const answers = await Promise.all(
      Array.from({ length: COPIES }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/sandbox',
          headers: {
            'content-type': 'application/json',
            'x-sandbox-signature': signSandboxBody(DEV_SANDBOX_WEBHOOK_SECRET, body),
          },
          payload: body,
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(COPIES).fill(200))
    const statuses = answers.map((a) => a.json().status as string)
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(1)
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(COPIES - 1)
    const tickets = await t.db.db.selectFrom('tickets').select('id').where('order_id', '=', orderId).execute()
    expect(tickets).toHaveLength(1)
    const stored = await t.db.db
      .selectFrom('payment_webhooks')
      .select(['status', 'outcome'])
      .where('body', '=', body)
      .execute()
    expect(stored).toEqual([{ status: 'APPLIED', outcome: 'APPROVED' }])
  })
})
