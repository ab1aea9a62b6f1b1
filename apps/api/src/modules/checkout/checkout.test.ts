import { randomBytes, randomUUID } from 'node:crypto'
import { isValidClabe } from '@palco/domain/checkout/clabe'
import type { PaymentChoice } from '@palco/domain/checkout/contract'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../../config.js'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { signSandboxBody } from '../payments/providers/sandbox/sandbox.adapter.js'
import { reconcileOnce } from '../payments/reconcile.js'
import { applyProviderOutcome } from '../settlement/settlement.service.js'

const MX = 'mx.localhost:3000'
const CO = 'localhost:3000'

const card = (holderName = 'APRO') => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName, expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return r.token
}

const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

describe.each(ENGINES)('checkout on %s', (engine) => {
  let t: TestApp
  let fanCo: string
  let fanMx: string
  let other: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fanCo = await loginAs(t.app, 'fan@palco.co')
    fanMx = await loginAs(t.app, 'fan@palco.mx')
    other = await registerFan(t.app, 61)
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.6.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const hold = async (cookie: string, eventId: string, seats: string[], host = CO) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie, host },
      payload: { eventId, seats },
      remoteAddress: addr(),
    })
    if (res.statusCode !== 201) throw new Error(`hold failed ${res.body}`)
    return res.json().id as string
  }
  const getCart = (cookie: string, id: string, host = CO) =>
    t.app.inject({ url: `/api/checkout-service/cart?reservation=${id}`, headers: { cookie, host } })
  const applyCode = (cookie: string, reservationId: string, code: string, host = CO) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout-service/cart/promo',
      headers: { cookie, host },
      payload: { reservationId, code },
      remoteAddress: addr(),
    })
  const pay = (
    cookie: string,
    reservationId: string,
    payment: PaymentChoice | Record<string, unknown>,
    over: { expectedTotal: number; currency?: string; idempotencyKey?: string; host?: string },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: { cookie, host: over.host ?? CO },
      remoteAddress: addr(),
      payload: {
        reservationId,
        contact,
        billing,
        payment,
        expectedTotal: over.expectedTotal,
        currency: over.currency ?? (over.host === MX ? 'MXN' : 'COP'),
        idempotencyKey: over.idempotencyKey ?? randomUUID(),
      },
    })
  const order = (cookie: string, id: string) =>
    t.app.inject({ url: `/api/checkout/orders/${id}`, headers: { cookie } })
  const seatStates = async (eventId: string) =>
    (
      await db()
        .selectFrom('event_seats')
        .select(['row_label', 'seat_number', 'status', 'hold_id', 'hold_expires_at'])
        .where('event_id', '=', eventId)
        .where('status', 'in', ['HELD', 'SOLD'])
        .orderBy('row_label')
        .orderBy('seat_number')
        .execute()
    ).map((s) => ({ ...s, hold_expires_at: s.hold_expires_at ? new Date(s.hold_expires_at) : null }))
  const holdStatus = async (id: string) =>
    (await db().selectFrom('seat_holds').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status
  const balance = async (cookie: string, host = CO) =>
    (await t.app.inject({ url: '/api/checkout-service/cart/balance', headers: { cookie, host } })).json()
      .balance as number
  const promo = async (over: Record<string, unknown> = {}) => {
    const code = `T${randomUUID().slice(0, 8).toUpperCase()}`
    await db()
      .insertInto('promo_codes')
      .values({
        country: 'COL',
        code,
        kind: 'PERCENT',
        percent_bps: 1000,
        amount: null,
        currency: null,
        starts_at: new Date(Date.now() - 3_600_000),
        ends_at: new Date(Date.now() + 3_600_000),
        max_uses: null,
        max_uses_per_fan: null,
        ...over,
      })
      .execute()
    return code
  }
  const promoUses = async (code: string) =>
    (await db().selectFrom('promo_codes').select('uses').where('code', '=', code).executeTakeFirstOrThrow())
      .uses
  const sandboxAction = (paymentId: string, action: string) =>
    t.app.inject({ method: 'POST', url: `/api/payments/sandbox/payments/${paymentId}/${action}` })
  // The payment through the provider (a wallet part is a payment of its own, settled at once).
  const paymentOf = async (orderId: string) =>
    db()
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy(sql`provider_code = 'wallet'`)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  const ticketCount = async (orderId: string) =>
    (await db().selectFrom('tickets').select('id').where('order_id', '=', orderId).execute()).length
  const webhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signature ?? signSandboxBody(DEV_SANDBOX_WEBHOOK_SECRET, body),
      },
      payload: body,
    })

  describe('cart', () => {
    it('builds the fan’s cart with per-event fees and the country’s methods', async () => {
      const event = await seatedEvent(db())
      await db()
        .insertInto('event_fees')
        .values({ event_id: event.id, percent_bps: 800, fixed_amount: 100 })
        .execute()
      const id = await hold(fanCo, event.id, ['NORTE/B-1'])
      const res = await getCart(fanCo, id)
      expect(res.statusCode, res.body).toBe(200)
      const cart = res.json()
      expect(cart).toMatchObject({
        reservationId: id,
        reservationStatus: 'BOOKED',
        currency: 'COP',
        subtotal: 8_000_000,
        fees: 640_100,
        discount: 0,
        total: 8_640_100,
        promoCode: null,
        walletBalance: 15_000_000,
        // The sandbox stands in for Checkout Pro, so the hosted page (LINK) is offered too.
        methods: ['CARD', 'CASH', 'TRANSFER', 'LINK', 'WALLET'],
        cashNetworks: ['cash', 'cashInClub'],
        transferKinds: ['PSE'],
      })
      expect(cart.lines).toEqual([
        {
          key: 'NORTE/B-1',
          zoneName: 'Norte',
          section: 'NORTE',
          // The layout's name of the section, as the seat map and its list show it.
          sectionName: 'Norte',
          row: 'B',
          seat: 1,
          unitPrice: 8_000_000,
          fee: 640_100,
          discount: 0,
          total: 8_640_100,
        },
      ])
    })

    it('answers 404 for another fan’s hold and HOLD_EXPIRED for a lapsed one', async () => {
      const event = await seatedEvent(db())
      const id = await hold(fanCo, event.id, ['NORTE/B-2'])
      expect((await getCart(other, id)).statusCode).toBe(404)
      expect((await getCart(fanCo, randomUUID())).statusCode).toBe(404)
      await db()
        .updateTable('seat_holds')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute()
      const res = await getCart(fanCo, id)
      expect(res.statusCode).toBe(422)
      expect(res.json().code).toBe('HOLD_EXPIRED')
      expect((await t.app.inject({ url: `/api/checkout-service/cart?reservation=${id}` })).statusCode).toBe(
        401,
      )
    })

    it('shows the balance in the site’s currency', async () => {
      expect(await balance(fanMx, MX)).toBe(100_000)
      expect(
        (
          await t.app.inject({ url: '/api/checkout-service/cart/balance', headers: { cookie: other } })
        ).json(),
      ).toEqual({
        balance: 0,
        currency: 'COP',
      })
    })
  })

  describe('promo codes', () => {
    it('applies a valid code, keeps it across reloads, and removes it', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/B-3', 'NORTE/B-4'])
      const code = await promo()
      const res = await applyCode(other, id, code.toLowerCase())
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({
        discount: 1_600_000,
        total: 14_400_000,
        promoCode: { code, discount: 1_600_000 },
      })
      expect((await getCart(other, id)).json().promoCode).toEqual({ code, discount: 1_600_000 })
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/checkout-service/cart/promo?reservation=${id}`,
        headers: { cookie: other },
      })
      expect(removed.json()).toMatchObject({ discount: 0, total: 16_000_000, promoCode: null })
    })

    it.each([
      ['unknown', null, 422, 'PROMO_CODE_INVALID'],
      ['not started', { starts_at: new Date(Date.now() + 3_600_000) }, 422, 'PROMO_CODE_INVALID'],
      ['ended', { ends_at: new Date(Date.now() - 1000) }, 422, 'PROMO_CODE_INVALID'],
      ['for another event', { event_ids: [randomUUID()] }, 422, 'PROMO_CODE_INVALID'],
      ['for another zone', { zone_ids: [randomUUID()] }, 422, 'PROMO_CODE_INVALID'],
      ['Mexican', { country: 'MEX' }, 422, 'PROMO_CODE_INVALID'],
      ['exhausted', { max_uses: 2, uses: 2 }, 409, 'PROMO_CODE_EXHAUSTED'],
    ])('refuses a code that is %s', async (_name, over, status, errorCode) => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/C-1'])
      const code = over ? await promo(over) : 'NOPE-NOPE'
      const res = await applyCode(other, id, code)
      expect(res.statusCode, res.body).toBe(status)
      expect(res.json()).toMatchObject({ code: errorCode, fields: { code: errorCode } })
    })

    it('enforces the per-fan limit when paying and when applying again, saying the fan used it', async () => {
      const code = await promo({ max_uses_per_fan: 1 })
      const e1 = await seatedEvent(db())
      const h1 = await hold(other, e1.id, ['NORTE/B-5'])
      const cart = (await applyCode(other, h1, code)).json()
      // A second cart of the same fan got the code too, before the first one was paid.
      const e3 = await seatedEvent(db())
      const h3 = await hold(other, e3.id, ['NORTE/B-5'])
      const cart3 = (await applyCode(other, h3, code)).json()
      expect(cart3.promoCode).toMatchObject({ code })
      const paid = await pay(other, h1, { method: 'CARD', cardToken: card() }, { expectedTotal: cart.total })
      expect(paid.statusCode, paid.body).toBe(201)
      expect(paid.json().order).toMatchObject({ status: 'PAID', discount: 800_000 })
      expect(await promoUses(code)).toBe(1)
      // Issue 13: the once-per-fan refusal is its own code (the fan used it), not "no uses left".
      const e2 = await seatedEvent(db())
      const h2 = await hold(other, e2.id, ['NORTE/B-5'])
      const again = await applyCode(other, h2, code)
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({
        code: 'PROMO_CODE_ALREADY_USED',
        fields: { code: 'PROMO_CODE_ALREADY_USED' },
      })
      // Paying the second cart, which still carries the code, is refused the same way.
      const second = await pay(
        other,
        h3,
        { method: 'CARD', cardToken: card() },
        { expectedTotal: cart3.total },
      )
      expect(second.statusCode, second.body).toBe(409)
      expect(second.json().code).toBe('PROMO_CODE_ALREADY_USED')
      expect(await holdStatus(h3)).toBe('BOOKED')
      expect(await promoUses(code)).toBe(1)
    })

    it('checks the total limit again at payment (the last use went to someone else)', async () => {
      const code = await promo({ max_uses: 1 })
      const event = await seatedEvent(db())
      const h = await hold(other, event.id, ['NORTE/B-6'])
      const cart = (await applyCode(other, h, code)).json()
      await db().updateTable('promo_codes').set({ uses: 1 }).where('code', '=', code).execute()
      const res = await pay(other, h, { method: 'CARD', cardToken: card() }, { expectedTotal: cart.total })
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('PROMO_CODE_EXHAUSTED')
      expect(await holdStatus(h)).toBe('BOOKED')
      expect(await promoUses(code)).toBe(1)
    })
  })

  describe('card', () => {
    it('pays an approved card: order PAID, tickets once, seats SOLD, confirmation mailed', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/C-2', 'NORTE/C-3'])
      const cart = (await getCart(other, id)).json()
      const res = await pay(
        other,
        id,
        { method: 'CARD', cardToken: card(), installments: 1 },
        { expectedTotal: cart.total },
      )
      expect(res.statusCode, res.body).toBe(201)
      const { order: o, next } = res.json()
      expect(o).toMatchObject({
        status: 'PAID',
        purchaseStatus: 'COMPLETED',
        paymentStatus: 'PAID',
        result: 'SUCCESSFUL',
        method: 'CARD',
        provider: 'PALCO',
        total: 16_000_000,
        failureCode: null,
      })
      expect(o.code).toMatch(/^PAL-[A-Z2-9]{6}$/)
      expect(next).toBe(`/checkout/successful_purchase?order=${o.id}`)
      expect(o.tickets).toHaveLength(2)
      expect((await seatStates(event.id)).map((s) => s.status)).toEqual(['SOLD', 'SOLD'])
      expect(await holdStatus(id)).toBe('FINISHED')
      // Applying the approval again (a replayed notification) issues nothing more.
      await applyProviderOutcome(t.app.checkout, (await paymentOf(o.id)).id, { status: 'APPROVED' })
      expect(await ticketCount(o.id)).toBe(2)
      const mail = await db()
        .selectFrom('outbox_messages')
        .selectAll()
        .where('template', '=', 'order.confirmation')
        .where('text_body', 'like', `%${o.code}%`)
        .execute()
      expect(mail).toHaveLength(1)
      expect(mail[0]).toMatchObject({ recipient: contact.email, locale: 'es-CO' })
      expect(mail[0]?.subject).toContain('confirmada')
      // The order is the fan's own.
      expect((await order(other, o.id)).statusCode).toBe(200)
      expect((await order(fanCo, o.id)).statusCode).toBe(404)
      expect((await order(other, randomUUID())).statusCode).toBe(404)
      // The ticket's QR secret is never part of the view (checked by key: a random slug may contain "qr").
      expect(JSON.stringify((await order(other, o.id)).json())).not.toMatch(/"(qr|secret)\w*":/i)
    })

    it('pays a card split by the fan’s bank into monthly parts: paid at once, the parts on the order and the purchase', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/C-4'])
      const cart = (await getCart(other, id)).json()
      const res = await pay(
        other,
        id,
        { method: 'CARD', cardToken: card(), installments: 6 },
        { expectedTotal: cart.total },
      )
      expect(res.statusCode, res.body).toBe(201)
      const { order: o } = res.json()
      expect(o).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL' })
      expect(o.tickets).toHaveLength(1)
      expect(o.payments).toEqual([
        { method: 'CARD', amount: cart.total, status: 'PAID', cardInstallments: 6 },
      ])
      const purchase = await t.app.inject({
        url: `/api/myPurchases/tickets?purchaseId=${o.id}`,
        headers: { cookie: other },
      })
      expect(purchase.statusCode, purchase.body).toBe(200)
      expect(purchase.json().purchase).toMatchObject({ method: 'CARD', cardInstallments: 6 })
      // More parts than any bank offers is refused before anything is charged.
      const again = await hold(other, event.id, ['NORTE/C-5'])
      const refused = await pay(
        other,
        again,
        { method: 'CARD', cardToken: card(), installments: 48 },
        { expectedTotal: cart.total },
      )
      expect(refused.statusCode).toBe(400)
    })

    it('declines a card: fail page, seats still held, promo and wallet back, retry succeeds', async () => {
      const code = await promo({ max_uses: 5 })
      const event = await seatedEvent(db())
      const id = await hold(fanCo, event.id, ['NORTE/B-7'])
      const cart = (await applyCode(fanCo, id, code)).json()
      const before = await balance(fanCo)
      const declinedToken = card('OTHE')
      const res = await pay(
        fanCo,
        id,
        { method: 'CARD', cardToken: declinedToken, walletAmount: 100_000 },
        { expectedTotal: cart.total },
      )
      expect(res.statusCode, res.body).toBe(201)
      const { order: o, next } = res.json()
      expect(o).toMatchObject({
        status: 'CANCELED',
        result: 'FAIL',
        paymentStatus: 'REJECTED',
        failureCode: 'CARD_DECLINED',
      })
      expect(next).toBe(`/checkout/fail_purchase?order=${o.id}`)
      expect(await holdStatus(id)).toBe('BOOKED')
      const seats = await seatStates(event.id)
      expect(seats).toMatchObject([{ status: 'HELD', hold_id: id }])
      const holdRow = await db()
        .selectFrom('seat_holds')
        .select('expires_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(seats[0]?.hold_expires_at?.getTime()).toBe(new Date(holdRow.expires_at).getTime())
      expect(await promoUses(code)).toBe(0)
      expect(await balance(fanCo)).toBe(before)

      const reused = await pay(
        fanCo,
        id,
        { method: 'CARD', cardToken: declinedToken },
        { expectedTotal: cart.total },
      )
      expect(reused.statusCode).toBe(409)
      expect(reused.json().code).toBe('CARD_TOKEN_USED')

      const retry = await pay(fanCo, id, { method: 'CARD', cardToken: card() }, { expectedTotal: cart.total })
      expect(retry.statusCode, retry.body).toBe(201)
      expect(retry.json().order).toMatchObject({ status: 'PAID', discount: 800_000 })
      expect(await promoUses(code)).toBe(1)
    })

    it('keeps a timed-out card pending (PENDING_CARD) until reconciliation learns it was charged', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/B-8'])
      const cart = (await getCart(other, id)).json()
      const res = await pay(
        other,
        id,
        { method: 'CARD', cardToken: card('TIME') },
        { expectedTotal: cart.total },
      )
      expect(res.statusCode, res.body).toBe(201)
      const { order: o, next } = res.json()
      expect(o).toMatchObject({ status: 'PENDING', result: 'PENDING_CARD', paymentStatus: 'PENDING' })
      expect(next).toBe(`/checkout/pending?order=${o.id}`)
      expect(await holdStatus(id)).toBe('WAITING_FOR_PAYMENT')
      const report = await reconcileOnce(t.app.checkout, { staleAfterMs: -60_000 })
      expect(report.settled).toBeGreaterThanOrEqual(1)
      expect((await order(other, o.id)).json()).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL' })
      expect(await ticketCount(o.id)).toBe(1)
      // The token kept for the retry is gone once the outcome is known.
      expect((await paymentOf(o.id)).retry_token).toBeNull()
    })

    it('refuses a tampered amount or currency and charges nothing', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/B-9'])
      const cart = (await getCart(other, id)).json()
      for (const over of [
        { expectedTotal: cart.total - 1 },
        { expectedTotal: cart.total, currency: 'MXN' },
      ]) {
        const res = await pay(other, id, { method: 'CARD', cardToken: card() }, over)
        expect(res.statusCode).toBe(409)
        expect(res.json().code).toBe('AMOUNT_MISMATCH')
      }
      expect(await db().selectFrom('orders').select('id').where('hold_id', '=', id).execute()).toHaveLength(0)
      expect(await holdStatus(id)).toBe('BOOKED')
    })

    it('makes one order and one charge of a double submit', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/B-10'])
      const cart = (await getCart(other, id)).json()
      const key = randomUUID()
      const token = card()
      const [a, b] = await Promise.all([
        pay(
          other,
          id,
          { method: 'CARD', cardToken: token },
          { expectedTotal: cart.total, idempotencyKey: key },
        ),
        pay(
          other,
          id,
          { method: 'CARD', cardToken: token },
          { expectedTotal: cart.total, idempotencyKey: key },
        ),
      ])
      expect([a.statusCode, b.statusCode]).toEqual([201, 201])
      expect(a.json().order.id).toBe(b.json().order.id)
      const orders = await db().selectFrom('orders').select('id').where('hold_id', '=', id).execute()
      expect(orders).toHaveLength(1)
      const charges = await db()
        .selectFrom('sandbox_payments as s')
        .innerJoin('payments as p', 'p.id', 's.payment_id')
        .select('s.id')
        .where('p.order_id', '=', orders[0]?.id ?? '')
        .execute()
      expect(charges).toHaveLength(1)
      // A different key on a reservation already paid is not payable.
      const third = await pay(other, id, { method: 'CARD', cardToken: card() }, { expectedTotal: cart.total })
      expect(third.statusCode).toBe(409)
      expect(third.json().code).toBe('ORDER_NOT_PAYABLE')
    })

    it('refuses a method the country does not offer', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/A-2'])
      const cart = (await getCart(other, id)).json()
      const res = await pay(other, id, { method: 'CASH', network: 'oxxo' }, { expectedTotal: cart.total })
      expect(res.statusCode).toBe(422)
      expect(res.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE')
    })
  })

  describe('wallet', () => {
    it('pays from the wallet alone, or part wallet and part card, never below zero', async () => {
      const e1 = await seatedEvent(db())
      const h1 = await hold(fanCo, e1.id, ['NORTE/A-3'])
      const start = await balance(fanCo)
      const c1 = (await getCart(fanCo, h1)).json()
      const alone = await pay(fanCo, h1, { method: 'WALLET' }, { expectedTotal: c1.total })
      expect(alone.statusCode, alone.body).toBe(201)
      expect(alone.json().order).toMatchObject({
        status: 'PAID',
        method: 'WALLET',
        walletAmount: 8_000_000,
        result: 'SUCCESSFUL',
      })
      expect(alone.json().order.tickets).toHaveLength(1)
      expect(await balance(fanCo)).toBe(start - 8_000_000)

      const e2 = await seatedEvent(db())
      const h2 = await hold(fanCo, e2.id, ['NORTE/A-4'])
      const c2 = (await getCart(fanCo, h2)).json()
      const split = await pay(
        fanCo,
        h2,
        { method: 'CARD', cardToken: card(), walletAmount: 1_000_000 },
        { expectedTotal: c2.total },
      )
      expect(split.json().order).toMatchObject({ status: 'PAID', method: 'CARD', walletAmount: 1_000_000 })
      expect(Number((await paymentOf(split.json().order.id)).amount)).toBe(7_000_000)
      expect(await balance(fanCo)).toBe(start - 9_000_000)

      const e3 = await seatedEvent(db())
      const h3 = await hold(fanCo, e3.id, ['NORTE/A-5'])
      const c3 = (await getCart(fanCo, h3)).json()
      const low = await pay(fanCo, h3, { method: 'WALLET' }, { expectedTotal: c3.total })
      expect(low.statusCode).toBe(422)
      expect(low.json().code).toBe('INSUFFICIENT_WALLET_BALANCE')
      expect(await balance(fanCo)).toBe(start - 9_000_000)
      expect(await holdStatus(h3)).toBe('BOOKED')
    })
  })

  describe('free places', () => {
    it('confirms a zero total with no payment: FREE order, FREE tickets, wallet untouched', async () => {
      const event = await seatedEvent(db())
      await db()
        .updateTable('price_zones')
        .set({ price_amount: 0 })
        .where('event_id', '=', event.id)
        .execute()
      const h = await hold(fanCo, event.id, ['NORTE/A-3', 'NORTE/A-4'])
      const cart = (await getCart(fanCo, h)).json()
      expect(cart.total).toBe(0)
      const start = await balance(fanCo)
      const paid = await pay(fanCo, h, { method: 'FREE' }, { expectedTotal: 0 })
      expect(paid.statusCode, paid.body).toBe(201)
      expect(paid.json().order).toMatchObject({
        status: 'PAID',
        method: 'FREE',
        walletAmount: 0,
        result: 'SUCCESSFUL',
      })
      const kinds = await db()
        .selectFrom('tickets')
        .select('kind')
        .where('order_id', '=', paid.json().order.id)
        .execute()
      expect(kinds.map((k) => k.kind)).toEqual(['FREE', 'FREE'])
      expect(await balance(fanCo)).toBe(start)
    })

    it('never spends a card on a zero total, and never lets FREE stand for a price', async () => {
      const free = await seatedEvent(db())
      await db().updateTable('price_zones').set({ price_amount: 0 }).where('event_id', '=', free.id).execute()
      const h1 = await hold(fanCo, free.id, ['NORTE/A-5'])
      const token = card()
      const byCard = await pay(fanCo, h1, { method: 'CARD', cardToken: token }, { expectedTotal: 0 })
      expect(byCard.json().order).toMatchObject({ status: 'PAID', method: 'FREE' })

      const priced = await seatedEvent(db())
      const h2 = await hold(fanCo, priced.id, ['NORTE/A-6'])
      const c2 = (await getCart(fanCo, h2)).json()
      const sneaky = await pay(fanCo, h2, { method: 'FREE' }, { expectedTotal: c2.total })
      expect(sneaky.statusCode).toBe(409)
      expect(sneaky.json().code).toBe('AMOUNT_MISMATCH')
      expect(await holdStatus(h2)).toBe('BOOKED')
    })
  })

  describe('cash vouchers and transfers', () => {
    it('issues an OXXO voucher, keeps the seats 48 h, and pays when the store payment arrives', async () => {
      const event = await seatedEvent(db(), { country: 'MEX' })
      const id = await hold(fanMx, event.id, ['NORTE/B-1', 'NORTE/B-2'], MX)
      const cart = (await getCart(fanMx, id, MX)).json()
      expect(cart).toMatchObject({
        currency: 'MXN',
        cashNetworks: ['oxxo', 'paycash', 'banamex', 'bancomer'],
        transferKinds: ['SPEI'],
      })
      const res = await pay(
        fanMx,
        id,
        { method: 'CASH', network: 'oxxo' },
        { expectedTotal: cart.total, host: MX },
      )
      expect(res.statusCode, res.body).toBe(201)
      const { order: o, next } = res.json()
      expect(o).toMatchObject({
        status: 'PENDING_CASH_PAYMENT',
        purchaseStatus: 'PENDING_CASH_PAYMENT',
        result: 'PENDING_PAYMENT',
      })
      expect(next).toBe(`/checkout/cash/palco?order=${o.id}`)
      expect(o.voucher).toMatchObject({ network: 'oxxo', amount: 16_000_000 })
      expect(o.voucher.reference).toMatch(/^\d{12}$/)
      expect(o.voucher.barcode).toMatch(/^\d+$/)
      const hoursLeft = (Date.parse(o.voucher.expiresAt) - Date.now()) / 3_600_000
      expect(hoursLeft).toBeGreaterThan(47.9)
      expect(await holdStatus(id)).toBe('WAITING_FOR_PAYMENT')
      for (const s of await seatStates(event.id)) {
        expect(s.status).toBe('HELD')
        expect(s.hold_expires_at?.getTime()).toBe(Date.parse(o.voucher.expiresAt))
      }
      const payment = await paymentOf(o.id)
      const approved = await sandboxAction(payment.provider_payment_id ?? '', 'approve')
      expect(approved.statusCode, approved.body).toBe(200)
      expect(approved.json()).toMatchObject({
        status: 'APPROVED',
        orderId: o.id,
        webhook: { status: 'applied', outcome: 'APPROVED' },
      })
      const after = (await order(fanMx, o.id)).json()
      expect(after).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL' })
      expect(after.tickets).toHaveLength(2)
      const mail = await db()
        .selectFrom('outbox_messages')
        .selectAll()
        .where('template', '=', 'order.confirmation')
        .where('text_body', 'like', `%${o.code}%`)
        .executeTakeFirstOrThrow()
      expect(mail.locale).toBe('en-US')
      // Out of order: a decline arriving after the payment changes nothing.
      const declined = await sandboxAction(payment.id, 'decline')
      expect(declined.json().webhook).toMatchObject({ status: 'applied' })
      expect((await order(fanMx, o.id)).json()).toMatchObject({ status: 'PAID' })
      expect(await ticketCount(o.id)).toBe(2)
    })

    it('gives a SPEI transfer a valid CLABE and pays it', async () => {
      const event = await seatedEvent(db(), { country: 'MEX' })
      const id = await hold(fanMx, event.id, ['NORTE/C-1'], MX)
      const cart = (await getCart(fanMx, id, MX)).json()
      const res = await pay(
        fanMx,
        id,
        { method: 'TRANSFER', kind: 'SPEI' },
        { expectedTotal: cart.total, host: MX },
      )
      const { order: o, next } = res.json()
      expect(o).toMatchObject({ status: 'PROCESSING_TRANSFER', result: 'PENDING_TRANSFER_SPEI' })
      expect(next).toBe(`/checkout/transfer?order=${o.id}`)
      expect(isValidClabe(o.transfer.clabe)).toBe(true)
      expect(o.transfer).toMatchObject({ kind: 'SPEI', bankName: 'STP', redirectUrl: null })
      expect((Date.parse(o.transfer.expiresAt) - Date.now()) / 3_600_000).toBeGreaterThan(23.9)
      // The transfer page knows only the order: the sandbox finds its latest payment from it.
      const found = await t.app.inject({ url: `/api/payments/sandbox/payments/${o.id}` })
      expect(found.json()).toMatchObject({ orderId: o.id, kind: 'TRANSFER', status: 'PENDING' })
      await sandboxAction(o.id, 'approve')
      expect((await order(fanMx, o.id)).json()).toMatchObject({
        status: 'PAID',
        tickets: [{ row: 'C', seat: 1 }],
      })
    })

    it('sends PSE to the bank page and pays on approval', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/C-4'])
      const cart = (await getCart(other, id)).json()
      const res = await pay(
        other,
        id,
        { method: 'TRANSFER', kind: 'PSE', bank: '1007' },
        { expectedTotal: cart.total },
      )
      const { order: o, next } = res.json()
      expect(o).toMatchObject({ status: 'PROCESSING_TRANSFER', result: 'PENDING_TRANSFER' })
      expect(o.transfer).toMatchObject({ kind: 'PSE', bankName: 'Bancolombia', clabe: null })
      expect(next).toMatch(/^\/dev\/sandbox-bank\?payment=[0-9a-f-]{36}$/)
      const sandboxId = next.split('=')[1]
      const view = await t.app.inject({ url: `/api/payments/sandbox/payments/${sandboxId}` })
      expect(view.json()).toMatchObject({
        orderId: o.id,
        kind: 'TRANSFER',
        amount: cart.total,
        currency: 'COP',
        status: 'PENDING',
      })
      expect(view.json().returnUrl).toContain(`/checkout/transfer?order=${o.id}`)
      // Issue 13: the bank page opened without an id lists the fan's waiting payments, and only theirs.
      const pending = (cookie?: string) =>
        t.app.inject({ url: '/api/payments/sandbox/payments', headers: cookie ? { cookie } : {} })
      const listed = (await pending(other)).json().payments
      expect(listed[0]).toMatchObject({
        id: sandboxId,
        orderId: o.id,
        orderCode: o.code,
        kind: 'TRANSFER',
        method: 'PSE:1007',
        amount: cart.total,
        status: 'PENDING',
      })
      expect((await pending(fanCo)).json().payments.map((p: { id: string }) => p.id)).not.toContain(sandboxId)
      expect((await pending()).statusCode).toBe(401)
      await sandboxAction(sandboxId, 'approve')
      expect((await order(other, o.id)).json()).toMatchObject({ status: 'PAID' })
      expect((await pending(other)).json().payments.map((p: { id: string }) => p.id)).not.toContain(sandboxId)
    })

    it('expires an unpaid voucher: seats released, wallet part given back', async () => {
      const event = await seatedEvent(db())
      const id = await hold(fanCo, event.id, ['NORTE/C-5'])
      const cart = (await getCart(fanCo, id)).json()
      const before = await balance(fanCo)
      const res = await pay(
        fanCo,
        id,
        { method: 'CASH', network: 'cash', walletAmount: 500_000 },
        { expectedTotal: cart.total },
      )
      const o = res.json().order
      expect(o).toMatchObject({
        status: 'PENDING_CASH_PAYMENT',
        result: 'PENDING_PAYMENT',
        walletAmount: 500_000,
      })
      expect(await balance(fanCo)).toBe(before - 500_000)
      const expired = await sandboxAction((await paymentOf(o.id)).id, 'expire')
      expect(expired.json().webhook).toMatchObject({ status: 'applied', outcome: 'EXPIRED' })
      expect((await order(fanCo, o.id)).json()).toMatchObject({
        status: 'EXPIRED',
        result: 'FAIL',
        failureCode: 'HOLD_EXPIRED',
      })
      expect(await seatStates(event.id)).toEqual([])
      expect(await holdStatus(id)).toBe('EXPIRED')
      expect(await balance(fanCo)).toBe(before)
    })

    it('maps cash in club to PENDING_CLUB', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/C-6'])
      const cart = (await getCart(other, id)).json()
      const res = await pay(
        other,
        id,
        { method: 'CASH', network: 'cashInClub' },
        { expectedTotal: cart.total },
      )
      expect(res.json().order.result).toBe('PENDING_CLUB')
      expect(res.json().next).toBe(`/checkout/cash/palco?order=${res.json().order.id}`)
    })
  })

  describe('webhooks', () => {
    it('refuses a bad signature, stores a replay once, and ignores unknown payments', async () => {
      const body = JSON.stringify({ id: randomUUID(), type: 'payment', paymentId: randomUUID() })
      const bad = await webhook(body, 'f'.repeat(64))
      expect(bad.statusCode).toBe(401)
      expect(bad.json().code).toBe('WEBHOOK_SIGNATURE_INVALID')
      expect((await webhook(body, 'nope')).statusCode).toBe(401)
      const first = await webhook(body)
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ status: 'ignored', outcome: 'unknown-payment' })
      expect((await webhook(body)).json()).toMatchObject({ status: 'duplicate' })
      const rows = await db().selectFrom('payment_webhooks').selectAll().where('body', '=', body).execute()
      expect(rows).toMatchObject([{ status: 'IGNORED', outcome: 'unknown-payment' }])
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/payments/webhooks/nobody', payload: body }))
          .statusCode,
      ).toBe(404)
    })

    it('applies a replayed notification once', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/C-7'])
      const cart = (await getCart(other, id)).json()
      const o = (
        await pay(other, id, { method: 'CASH', network: 'cash' }, { expectedTotal: cart.total })
      ).json().order
      const payment = await paymentOf(o.id)
      await db()
        .updateTable('sandbox_payments')
        .set({ status: 'APPROVED' })
        .where('id', '=', payment.provider_payment_id ?? '')
        .execute()
      const body = JSON.stringify({
        id: randomUUID(),
        type: 'payment',
        paymentId: payment.provider_payment_id,
      })
      const [a, b] = [await webhook(body), await webhook(body)]
      expect(a.json()).toEqual({ status: 'applied', outcome: 'APPROVED' })
      expect(b.json()).toMatchObject({ status: 'duplicate' })
      expect(await ticketCount(o.id)).toBe(1)
      expect(
        await db().selectFrom('payment_webhooks').select('id').where('body', '=', body).execute(),
      ).toHaveLength(1)
    })
  })

  describe('late payments', () => {
    const expireNow = async (orderId: string) => {
      const p = await paymentOf(orderId)
      const past = new Date(Date.now() - 1000)
      await db()
        .updateTable('payments')
        .set({ expires_at: past, updated_at: new Date(Date.now() - 120_000) })
        .where('id', '=', p.id)
        .execute()
      await db()
        .updateTable('sandbox_payments')
        .set({ expires_at: past })
        .where('id', '=', p.provider_payment_id ?? '')
        .execute()
      await sql`update event_seats set hold_expires_at = ${past} where hold_id = (select hold_id from orders where id = ${orderId}) and status = 'HELD'`.execute(
        db(),
      )
      await reconcileOnce(t.app.checkout)
      return p
    }

    it('takes the seats of a payment that arrives after expiry when they are still free', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/C-8'])
      const cart = (await getCart(other, id)).json()
      const o = (
        await pay(other, id, { method: 'CASH', network: 'cash' }, { expectedTotal: cart.total })
      ).json().order
      const p = await expireNow(o.id)
      expect((await order(other, o.id)).json()).toMatchObject({ status: 'EXPIRED' })
      expect(await seatStates(event.id)).toEqual([])
      await sandboxAction(p.id, 'approve')
      const after = (await order(other, o.id)).json()
      expect(after).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL' })
      expect(after.tickets).toHaveLength(1)
      expect((await seatStates(event.id)).map((s) => s.status)).toEqual(['SOLD'])
    })

    it('refunds a late payment whose seats someone else took, and tells the fan', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/C-9'])
      const cart = (await getCart(other, id)).json()
      const before = await balance(other)
      const o = (
        await pay(other, id, { method: 'CASH', network: 'cash' }, { expectedTotal: cart.total })
      ).json().order
      const p = await expireNow(o.id)
      await hold(fanCo, event.id, ['NORTE/C-9'])
      await sandboxAction(p.id, 'approve')
      const after = (await order(other, o.id)).json()
      expect(after).toMatchObject({
        status: 'REFUNDED',
        result: 'FAIL',
        paymentStatus: 'REFUNDED',
        failureCode: 'SEAT_UNAVAILABLE',
        tickets: [],
      })
      // Cash cannot go back to a store: the fan's wallet gets it.
      expect(await balance(other)).toBe(before + cart.total)
      expect((await paymentOf(o.id)).refund_method).toBe('WALLET')
      const mail = await db()
        .selectFrom('outbox_messages')
        .selectAll()
        .where('template', '=', 'order.refund')
        .where('text_body', 'like', `%${o.code}%`)
        .execute()
      expect(mail).toHaveLength(1)
    })

    it('refunds a late payment whose once-per-fan code the fan has since used on another order', async () => {
      // Issue 14: re-taking the lapsed order counted the fan's use again with no limit, so the code that
      // allows one use per fan ended up used twice, both orders paid at its discount.
      const code = await promo({ max_uses_per_fan: 1 })
      const e1 = await seatedEvent(db())
      const h1 = await hold(other, e1.id, ['NORTE/C-7'])
      const c1 = (await applyCode(other, h1, code)).json()
      const before = await balance(other)
      const lapsed = (
        await pay(other, h1, { method: 'CASH', network: 'cash' }, { expectedTotal: c1.total })
      ).json().order
      const p = await expireNow(lapsed.id)
      expect(await promoUses(code)).toBe(0)
      const e2 = await seatedEvent(db())
      const h2 = await hold(other, e2.id, ['NORTE/C-7'])
      const c2 = (await applyCode(other, h2, code)).json()
      const paid = await pay(other, h2, { method: 'CARD', cardToken: card() }, { expectedTotal: c2.total })
      expect(paid.json().order).toMatchObject({ status: 'PAID', discount: c2.promoCode.discount })
      expect(await promoUses(code)).toBe(1)

      await sandboxAction(p.id, 'approve')
      expect((await order(other, lapsed.id)).json()).toMatchObject({
        status: 'REFUNDED',
        paymentStatus: 'REFUNDED',
        failureCode: 'PROMO_CODE_ALREADY_USED',
        tickets: [],
      })
      expect(await promoUses(code)).toBe(1)
      const fanUses = await db()
        .selectFrom('promo_fan_uses')
        .innerJoin('promo_codes', 'promo_codes.id', 'promo_fan_uses.promo_id')
        .select('promo_fan_uses.uses')
        .where('promo_codes.code', '=', code)
        .execute()
      expect(fanUses.map((r) => r.uses)).toEqual([1])
      // Cash cannot go back to a store: the fan's wallet gets it, and the mail says why.
      expect(await balance(other)).toBe(before + c1.total)
      const mail = await db()
        .selectFrom('outbox_messages')
        .select('text_body')
        .where('template', '=', 'order.refund')
        .where('text_body', 'like', `%${lapsed.code}%`)
        .executeTakeFirstOrThrow()
      expect(mail.text_body).toContain('código promocional')
    })

    it('refuses, in the database, a per-fan use over the code limit whatever a service does', async () => {
      const code = await promo({ max_uses_per_fan: 1 })
      const { id } = await db()
        .selectFrom('promo_codes')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
      const userId = randomUUID()
      await db().insertInto('promo_fan_uses').values({ promo_id: id, user_id: userId, uses: 1 }).execute()
      await expect(
        db()
          .updateTable('promo_fan_uses')
          .set({ uses: 2 })
          .where('promo_id', '=', id)
          .where('user_id', '=', userId)
          .execute(),
      ).rejects.toThrow(/per-fan limit/)
      await expect(
        db().insertInto('promo_fan_uses').values({ promo_id: id, user_id: randomUUID(), uses: 2 }).execute(),
      ).rejects.toThrow(/per-fan limit/)
    })

    it('refunds a late card payment through the provider', async () => {
      const event = await seatedEvent(db())
      const id = await hold(other, event.id, ['NORTE/A-6'])
      const cart = (await getCart(other, id)).json()
      const o = (
        await pay(other, id, { method: 'CARD', cardToken: card('CONT') }, { expectedTotal: cart.total })
      ).json().order
      expect(o.result).toBe('PENDING_CARD')
      const p = await expireNow(o.id)
      expect((await order(other, o.id)).json().status).toBe('EXPIRED')
      await hold(fanCo, event.id, ['NORTE/A-6'])
      await sandboxAction(p.id, 'approve')
      expect((await order(other, o.id)).json()).toMatchObject({ status: 'REFUNDED' })
      expect((await paymentOf(o.id)).refund_method).toBe('PROVIDER')
      const sandbox = await db()
        .selectFrom('sandbox_payments')
        .select('status')
        .where('id', '=', p.provider_payment_id ?? '')
        .executeTakeFirstOrThrow()
      expect(sandbox.status).toBe('REFUNDED')
    })
  })
})
