import { randomBytes, randomUUID } from 'node:crypto'
import type { PaymentChoice } from '@palco/domain/checkout/contract'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { staticDefaultCode } from '@palco/domain/tickets/qr-code'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { eventOnPlan } from '../../test/plan-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

/**
 * Issue 16 part 5, "event cancelled → every paid installment refunded", through the HTTP interface: a paid
 * card order refunded through the (sandbox) provider and its ticket refused at the gate; an open paguitos
 * plan refunded in full, deposit included; a pending voucher cancelled and its late payment refunded; no new
 * hold or order; one message per fan; cancelling twice; only admins.
 */

const CO = 'localhost:3000'
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')
const REASON = 'The venue was closed by the authorities'

const card = (): PaymentChoice => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return { method: 'CARD', cardToken: r.token, installments: 1, walletAmount: 0 }
}

describe.each(ENGINES)('cancelling an event, on %s', (engine) => {
  let t: TestApp
  let fan: string
  let admin: string
  let operator: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fan = await registerFan(t.app, 171, CO, `fan171.${Date.now()}@example.co`)
    admin = await loginAs(t.app, 'admin@palco.co')
    operator = await loginAs(t.app, 'operador@palco.co')
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.17.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, host: CO }, remoteAddress: addr(), payload })
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => as(fan, method, url, payload)
  const cancel = (eventId: string, cookie = admin) =>
    as(cookie, 'POST', `/api/admin/events/${eventId}/cancel`, { reason: REASON })
  /** The refunds are a job the cancellation enqueues (issue 42 part 3): worked here, now, as a worker would. */
  const refundJobs = () => t.app.jobs.runDue('event-refunds')
  const progress = async (eventId: string) =>
    (await as(admin, 'GET', `/api/admin/events/${eventId}/refunds`)).json()
  /** A published event two months away (room for a paguitos plan), optionally sold on PLAN. */
  const event = (plan = false) => eventOnPlan(db(), plan)
  const hold = async (eventId: string, seats: string[], cookie = fan) => {
    const res = await as(cookie, 'POST', '/api/reservations', { eventId, seats })
    if (res.statusCode !== 201) throw new Error(`hold failed ${res.body}`)
    return res.json().id as string
  }
  const total = async (reservationId: string) =>
    (await call('GET', `/api/checkout-service/cart?reservation=${reservationId}`)).json().total as number
  const order = async (
    reservationId: string,
    payment: PaymentChoice | Record<string, unknown>,
    expectedTotal?: number,
  ) => {
    return call('POST', '/api/checkout/orders', {
      reservationId,
      contact,
      billing,
      payment,
      expectedTotal: expectedTotal ?? (await total(reservationId)),
      currency: 'COP',
      idempotencyKey: randomUUID(),
    })
  }
  const orderRow = (id: string) =>
    db()
      .selectFrom('orders')
      .select(['status', 'failure_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const payments = (orderId: string) =>
    db()
      .selectFrom('payments')
      .select(['id', 'status', 'amount', 'method', 'provider_payment_id', 'refund_state', 'refund_method'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute()
  const ticketsOf = (orderId: string) =>
    db().selectFrom('tickets').select(['id', 'status', 'qr_secret']).where('order_id', '=', orderId).execute()
  const balance = async () =>
    (await call('GET', '/api/checkout-service/cart/balance')).json().balance as number
  const cancelMails = (eventName?: string) =>
    db()
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject', 'text_body', 'locale'])
      .where('template', '=', 'event.cancelled')
      .where('recipient', '=', contact.email)
      .$if(eventName !== undefined, (q) => q.where('subject', 'like', `%${eventName}%`))
      .execute()
  const gate = (ticketId: string, secret: Uint8Array, eventId: string) =>
    as(operator, 'POST', '/api/checkin', {
      code: staticDefaultCode({ ticketId, version: 1 }, new Uint8Array(secret)),
      eventId,
      gate: 'Puerta 1',
    })

  it('refunds a paid card order through the provider, cancels a pending voucher, releases holds, and tells the fan once', async () => {
    const eventId = await event()
    const { name } = await db()
      .selectFrom('events')
      .select('name')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow()
    const paid = await order(await hold(eventId, ['NORTE/A-3']), card())
    expect(paid.statusCode, paid.body).toBe(201)
    const paidId = paid.json().order.id as string
    expect(await orderRow(paidId)).toMatchObject({ status: 'PAID' })
    const [ticket] = await ticketsOf(paidId)
    if (!ticket) throw new Error('no ticket')
    expect((await gate(ticket.id, ticket.qr_secret, eventId)).json()).toMatchObject({ result: 'VALID' })
    // The fan's second order waits for a cash voucher; another fan is only choosing seats.
    const voucher = await order(await hold(eventId, ['NORTE/A-2']), {
      method: 'CASH',
      network: 'cash',
      walletAmount: 0,
    })
    expect(voucher.statusCode, voucher.body).toBe(201)
    const voucherId = voucher.json().order.id as string
    expect(await orderRow(voucherId)).toMatchObject({ status: 'PENDING_CASH_PAYMENT' })
    const other = await registerFan(t.app, 172, CO, `fan172.${Date.now()}@example.co`)
    const otherHold = await hold(eventId, ['NORTE/C-7'], other)

    const res = await cancel(eventId)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      eventId,
      status: 'CANCELLED',
      reason: REASON,
      alreadyCancelled: false,
      refundedOrders: 1,
      refundedPlans: 0,
      cancelledOrders: 1,
      releasedHolds: 1,
      refunds: 1,
    })
    // The money goes back by a job: asked for, not yet made, until it runs.
    expect(await progress(eventId)).toEqual({ eventId, total: 1, refunded: 0 })
    expect(await refundJobs()).toBe(1)
    expect(await progress(eventId)).toEqual({ eventId, total: 1, refunded: 1 })

    // Paid: refunded through the sandbox provider, the ticket revoked and refused at the gate with the reason.
    expect(await orderRow(paidId)).toEqual({ status: 'REFUNDED', failure_code: 'EVENT_CANCELLED' })
    expect(await payments(paidId)).toMatchObject([
      { status: 'REFUNDED', refund_state: 'DONE', refund_method: 'PROVIDER' },
    ])
    const sandbox = await t.app.inject({
      url: `/api/payments/sandbox/payments/${(await payments(paidId))[0]?.provider_payment_id}`,
    })
    expect(sandbox.json()).toMatchObject({ status: 'REFUNDED' })
    expect((await ticketsOf(paidId)).map((x) => x.status)).toEqual(['REFUNDED'])
    expect((await gate(ticket.id, ticket.qr_secret, eventId)).json()).toMatchObject({
      result: 'EVENT_CANCELLED',
      ticket: null,
    })

    // The fan's purchases say refunded and cancelled.
    const purchases = (await call('GET', '/api/myPurchases')).json().items as { id: string; status: string }[]
    expect(purchases.find((p) => p.id === paidId)?.status).toBe('REFUNDED')
    expect(purchases.find((p) => p.id === voucherId)?.status).toBe('CANCELED')

    // The other fan's hold is released.
    const released = await db()
      .selectFrom('seat_holds')
      .select('status')
      .where('id', '=', otherHold)
      .executeTakeFirstOrThrow()
    expect(released.status).toBe('CANCELLED')

    // One message for the fan's two orders, saying how much goes back where.
    const mails = await cancelMails(name)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text_body).toContain(REASON)
    expect(mails[0]?.text_body).toMatch(/medio de pago|payment method/)

    // The voucher paid at the store anyway: the money goes back (cash → wallet), no ticket is issued.
    const before = await balance()
    const [pending] = await payments(voucherId)
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/payments/${pending?.provider_payment_id}/approve`,
    })
    expect(late.statusCode, late.body).toBeLessThan(300)
    expect(await payments(voucherId)).toMatchObject([
      { status: 'REFUNDED', refund_state: 'DONE', refund_method: 'WALLET' },
    ])
    expect(await orderRow(voucherId)).toMatchObject({ status: 'REFUNDED' })
    expect(await ticketsOf(voucherId)).toEqual([])
    expect(await balance()).toBe(before + Number(pending?.amount))

    // Cancelling again changes nothing and says so.
    const again = await cancel(eventId)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({
      alreadyCancelled: true,
      refundedOrders: 0,
      cancelledOrders: 0,
      refunds: 0,
      reason: REASON,
    })
    expect(await cancelMails(name)).toHaveLength(1)

    // The event page says so; the listings no longer show it.
    const slug = (
      await db().selectFrom('events').select('slug').where('id', '=', eventId).executeTakeFirstOrThrow()
    ).slug
    const page = await t.app.inject({ url: `/api/event?slug=${slug}`, headers: { host: CO } })
    expect(page.json()).toMatchObject({ saleState: 'CANCELLED', cancelled: true, onSale: false })
    // The audit keeps who cancelled and why.
    const audit = (await as(admin, 'GET', `/api/admin/audit/${eventId}`)).json().entries
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'cancel', changes: expect.objectContaining({ reason: REASON }) }),
    )
  })

  it('refunds an open plan in full, deposit and paid installment both, and cancels its locked tickets', async () => {
    const eventId = await event(true)
    const reservationId = await hold(eventId, ['NORTE/B-3', 'NORTE/B-4'])
    const quote = (await call('GET', `/api/checkout-service/installment?reservation=${reservationId}`)).json()
    const placed = await call('POST', '/api/checkout-service/installment', {
      reservationId,
      contact,
      billing,
      payment: card(),
      expectedTotal: quote.total,
      currency: 'COP',
      idempotencyKey: randomUUID(),
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const orderId = placed.json().order.id as string
    const next = placed.json().order.plan.next.amount as number
    const installment = await call('POST', `/api/checkout/orders/${orderId}/payments`, {
      part: 'NEXT',
      payment: card(),
      expectedAmount: next,
      idempotencyKey: randomUUID(),
    })
    expect(installment.statusCode, installment.body).toBe(201)
    expect((await ticketsOf(orderId)).map((x) => x.status)).toEqual(['PENDING', 'PENDING'])

    const res = await cancel(eventId)
    expect(res.json()).toMatchObject({ refundedOrders: 0, refundedPlans: 1, refunds: 2 })
    await refundJobs()
    expect(await progress(eventId)).toEqual({ eventId, total: 2, refunded: 2 })
    const after = await payments(orderId)
    expect(after.map((p) => [p.status, p.refund_state, p.refund_method])).toEqual([
      ['REFUNDED', 'DONE', 'PROVIDER'],
      ['REFUNDED', 'DONE', 'PROVIDER'],
    ])
    expect(after.reduce((s, p) => s + Number(p.amount), 0)).toBe(quote.schedule.deposit + next)
    expect(await orderRow(orderId)).toEqual({ status: 'REFUNDED', failure_code: 'EVENT_CANCELLED' })
    expect((await ticketsOf(orderId)).map((x) => x.status)).toEqual(['CANCELED', 'CANCELED'])
    // Nothing more can be paid on it.
    const more = await call('POST', `/api/checkout/orders/${orderId}/payments`, {
      part: 'NEXT',
      payment: card(),
      expectedAmount: next,
      idempotencyKey: randomUUID(),
    })
    expect(more.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE' })
  })

  it('refuses a new hold and an order on a cancelled event, saying why', async () => {
    const held = await event()
    const reservationId = await hold(held, ['NORTE/A-3'])
    const listed = await total(reservationId)
    expect((await cancel(held)).statusCode).toBe(200)
    const refused = await order(reservationId, card(), listed)
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'EVENT_CANCELLED' })

    // An event no map has asked about yet (the seat-map's event check is reused a few seconds).
    const fresh = await event()
    expect((await cancel(fresh)).statusCode).toBe(200)
    const res = await call('POST', '/api/reservations', { eventId: fresh, seats: ['NORTE/A-3'] })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'EVENT_CANCELLED' })
  })

  it('lets only an admin cancel, and not a draft', async () => {
    const eventId = await event()
    expect((await cancel(eventId, fan)).statusCode).toBe(403)
    expect((await cancel(eventId, operator)).statusCode).toBe(403)
    const short = await as(admin, 'POST', `/api/admin/events/${eventId}/cancel`, { reason: 'no' })
    expect(short.statusCode).toBe(400)
    await db().updateTable('events').set({ status: 'DRAFT' }).where('id', '=', eventId).execute()
    expect((await cancel(eventId)).json()).toMatchObject({ code: 'CONFLICT' })
    const list = (await as(admin, 'GET', '/api/admin/events')).json().events as {
      id: string
      status: string
    }[]
    expect(list.find((e) => e.id === eventId)?.status).toBe('DRAFT')
  })
})
