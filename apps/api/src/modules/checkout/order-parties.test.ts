import { randomBytes, randomUUID } from 'node:crypto'
import type { PaymentChoice } from '@palco/domain/checkout/contract'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { DomainError } from '@palco/domain/errors/domain-error'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { userIdOf } from '../../test/ticket-fixtures.js'
import { holdPlaces } from '../seating/holds.service.js'
import { payOrderBalance, placeOrder } from './checkout.service.js'

/**
 * Issue 14 parts 1 and 2 through the checkout's public interface: who is on an order (buyer, seller, channel,
 * holder) and orders paid by more than one payment.
 */

const CO = 'localhost:3000'
const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36'
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

/** Exact cash at the counter: one settled tender for the whole amount. */
const counterCash = (amount: number) => ({
  method: 'COUNTER' as const,
  parts: [{ kind: 'CASH' as const, amount, tendered: amount, change: 0, reference: null }],
})
/** A sandbox card payment: APRO approves, OTHE declines. */
const card = (holderName = 'APRO', walletAmount = 0): PaymentChoice => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName, expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return { method: 'CARD', cardToken: r.token, installments: 1, walletAmount }
}

describe.each(ENGINES)('who is on an order, and its payments, on %s', (engine) => {
  let t: TestApp
  let fan: string
  let fanId: string
  let operatorId: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    const email = `fan71.${Date.now()}@example.co`
    fan = await registerFan(t.app, 71, CO, email)
    fanId = await userIdOf(t.db.db, email)
    operatorId = await userIdOf(t.db.db, 'operador@palco.co')
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const deps = () => t.app.checkout
  const addr = () => `10.14.${Math.floor(++ip / 250) % 250}.${ip % 250}`
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
  const cartTotal = async (cookie: string, id: string) =>
    (
      await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${id}`,
        headers: { cookie, host: CO },
      })
    ).json().total as number
  const balance = async (cookie: string) =>
    (await t.app.inject({ url: '/api/checkout-service/cart/balance', headers: { cookie, host: CO } })).json()
      .balance as number
  const grant = (userId: string, amount: number) =>
    db()
      .insertInto('wallet_accounts')
      .values({ user_id: userId, currency: 'COP', balance: amount })
      .onConflict((oc) => oc.columns(['user_id', 'currency']).doUpdateSet({ balance: amount }))
      .execute()
  const pay = (cookie: string, reservationId: string, payment: PaymentChoice, expectedTotal: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: { cookie, host: CO, 'user-agent': ANDROID },
      remoteAddress: addr(),
      payload: {
        reservationId,
        contact,
        billing,
        payment,
        expectedTotal,
        currency: 'COP',
        idempotencyKey: randomUUID(),
      },
    })
  const orderRow = (id: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  it('records a fan buying online as the buyer, with no seller, on the channel their device says', async () => {
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/A-6'])
    const res = await pay(fan, id, card(), await cartTotal(fan, id))
    expect(res.statusCode, res.body).toBe(201)
    const order = res.json().order
    expect(order).toMatchObject({ status: 'PAID', purchaseKind: 'TICKET', channel: 'WEB_MOBILE' })
    expect(await orderRow(order.id)).toMatchObject({
      buyer_kind: 'ACCOUNT',
      user_id: fanId,
      placed_by: fanId,
      seller_user_id: null,
      channel: 'WEB_MOBILE',
    })
  })

  it('pays one order with two payments, a wallet part and a card part, and is paid when they add up', async () => {
    await grant(fanId, 3_000_000)
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/A-2'])
    const total = await cartTotal(fan, id)
    const res = await pay(fan, id, card('APRO', 3_000_000), total)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().order).toMatchObject({ status: 'PAID', paid: total, outstanding: 0 })
    expect(res.json().order.payments).toEqual([
      { method: 'WALLET', amount: 3_000_000, status: 'PAID', cardInstallments: null },
      { method: 'CARD', amount: total - 3_000_000, status: 'PAID', cardInstallments: 1 },
    ])
    expect(await balance(fan)).toBe(0)
  })

  it('gives the wallet part back as a refunded payment when the card part is declined', async () => {
    await grant(fanId, 2_000_000)
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/A-3'])
    const total = await cartTotal(fan, id)
    const res = await pay(fan, id, card('OTHE', 2_000_000), total)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().order).toMatchObject({ status: 'CANCELED', paid: 0, outstanding: total })
    expect(res.json().order.payments).toEqual([
      { method: 'WALLET', amount: 2_000_000, status: 'REFUNDED', cardInstallments: null },
      { method: 'CARD', amount: total - 2_000_000, status: 'REJECTED', cardInstallments: 1 },
    ])
    expect(await balance(fan)).toBe(2_000_000)
  })

  it('takes a deposit, keeps the order open with its tickets locked, and completes it with the balance', async () => {
    const event = await seatedEvent(db())
    const id = await hold(fan, event.id, ['NORTE/A-4', 'NORTE/A-5'])
    const total = await cartTotal(fan, id)
    const base = { reservationId: id, contact, billing, expectedTotal: total, currency: 'COP' as const }
    const placed = await placeOrder(
      deps(),
      { userId: fanId },
      {
        ...base,
        payment: card(),
        firstPayment: 4_000_000,
        idempotencyKey: randomUUID(),
      },
    )
    expect(placed.order).toMatchObject({
      status: 'PENDING',
      purchaseKind: 'INSTALLMENT',
      paid: 4_000_000,
      outstanding: total - 4_000_000,
    })
    // The deposit sold the seats to the order; its tickets wait, locked, for the rest (issue 16 part 6).
    expect(placed.order.tickets).toHaveLength(2)
    const locked = await db()
      .selectFrom('tickets')
      .select(['status', 'kind'])
      .where('order_id', '=', placed.order.id)
      .execute()
    expect(locked).toEqual([
      { status: 'PENDING', kind: 'DEPOSIT' },
      { status: 'PENDING', kind: 'DEPOSIT' },
    ])

    const balancePayment = (amount: number, payment: PaymentChoice, key = randomUUID()) =>
      payOrderBalance(
        deps(),
        { userId: fanId },
        {
          orderId: placed.order.id,
          payment,
          amount,
          contact,
          billing,
          idempotencyKey: key,
        },
      )
    // Never more than what is left: the order cannot be overpaid.
    await expect(balancePayment(total - 4_000_000 + 1, card())).rejects.toThrow(DomainError)
    // A declined balance payment ends only itself: the deposit stays and the order waits.
    const declined = await balancePayment(total - 4_000_000, card('OTHE'))
    expect(declined.order).toMatchObject({ status: 'PENDING', paid: 4_000_000 })
    // Part of the balance from the wallet, settled at once; the same key twice takes it once.
    await grant(fanId, 1_000_000)
    const walletKey = randomUUID()
    const fromWallet = await balancePayment(1_000_000, { method: 'WALLET' }, walletKey)
    expect(fromWallet.order).toMatchObject({ status: 'PENDING', paid: 5_000_000 })
    await balancePayment(1_000_000, { method: 'WALLET' }, walletKey)
    expect(await balance(fan)).toBe(0)
    const key = randomUUID()
    const done = await balancePayment(total - 5_000_000, card(), key)
    expect(done.order).toMatchObject({ status: 'PAID', paid: total, outstanding: 0 })
    expect(done.order.tickets).toHaveLength(2)
    expect(done.order.payments.map((p) => [p.method, p.amount, p.status])).toEqual([
      ['CARD', 4_000_000, 'PAID'],
      ['CARD', total - 4_000_000, 'REJECTED'],
      ['WALLET', 1_000_000, 'PAID'],
      ['CARD', total - 5_000_000, 'PAID'],
    ])
    // The same key answers the same payment: nothing is charged twice, and a paid order takes no more.
    const again = await balancePayment(total - 5_000_000, card(), key)
    expect(again.order.payments).toHaveLength(4)
    await expect(balancePayment(1, card())).rejects.toMatchObject({ code: 'ORDER_NOT_PAYABLE' })
  })

  it('lets an operator sell to a walk-in: seller, buyer and holder on the order, tickets in nobody’s list', async () => {
    const event = await seatedEvent(db())
    const reservation = await holdPlaces(
      db(),
      event.id,
      { userId: operatorId, staff: true },
      { seats: ['NORTE/B-1', 'NORTE/B-2'] },
    )
    const walkIn = { kind: 'WALK_IN' as const, name: 'Ana Gómez', phone: '+57 300 123 4567' }
    const placed = await placeOrder(
      deps(),
      { userId: operatorId, channel: 'WEB_DESKTOP', sellingFor: walkIn },
      {
        reservationId: reservation.id,
        contact,
        billing,
        expectedTotal: reservation.total,
        currency: 'COP',
        payment: counterCash(reservation.total),
        idempotencyKey: randomUUID(),
      },
    )
    expect(placed.order).toMatchObject({
      status: 'PAID',
      provider: 'STAFF',
      method: 'CASH',
      paid: reservation.total,
    })
    expect(await orderRow(placed.order.id)).toMatchObject({
      buyer_kind: 'WALK_IN',
      buyer_name: 'Ana Gómez',
      buyer_phone: '+57 300 123 4567',
      user_id: null,
      placed_by: operatorId,
      seller_user_id: operatorId,
    })
    const tickets = await db()
      .selectFrom('tickets')
      .select(['owner_user_id', 'owner_fan_id', 'holder_name', 'status'])
      .where('order_id', '=', placed.order.id)
      .execute()
    expect(tickets).toEqual([
      { owner_user_id: null, owner_fan_id: null, holder_name: 'Ana Gómez', status: 'PAID' },
      { owner_user_id: null, owner_fan_id: null, holder_name: 'Ana Gómez', status: 'PAID' },
    ])
    // The operator's own lists stay theirs: a sale at the counter is the buyer's purchase.
    const operator = await loginAs(t.app, 'operador@palco.co')
    const mine = await t.app.inject({ url: '/api/myPurchases', headers: { cookie: operator, host: CO } })
    expect(JSON.stringify(mine.json())).not.toContain(placed.order.id)
    // A fan cannot sell for someone else: the counter tender belongs to the box office.
    const event2 = await seatedEvent(db())
    const id = await hold(fan, event2.id, ['NORTE/A-6'])
    await expect(
      placeOrder(
        deps(),
        { userId: fanId },
        {
          reservationId: id,
          contact,
          billing,
          expectedTotal: await cartTotal(fan, id),
          currency: 'COP',
          payment: counterCash(await cartTotal(fan, id)),
          idempotencyKey: randomUUID(),
        },
      ),
    ).rejects.toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' })
  })

  it('sells to a pre-registered fan, whose purchase and tickets appear once they sign up', async () => {
    const email = `pre.${Date.now()}@example.co`
    const pre = await db()
      .insertInto('fans')
      .values({
        first_name: 'Luis',
        last_name: 'Pérez',
        email,
        country: 'COL',
        registration_status: 'PRE_REGISTERED',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const event = await seatedEvent(db())
    const reservation = await holdPlaces(
      db(),
      event.id,
      { userId: operatorId, staff: true },
      { seats: ['NORTE/C-1'] },
    )
    const placed = await placeOrder(
      deps(),
      { userId: operatorId, sellingFor: { kind: 'PRE_REGISTERED', fanId: pre.id } },
      {
        reservationId: reservation.id,
        contact,
        billing,
        expectedTotal: reservation.total,
        currency: 'COP',
        payment: counterCash(reservation.total),
        idempotencyKey: randomUUID(),
      },
    )
    expect(placed.order.status).toBe('PAID')
    // Signing up with that email makes the pre-registered fan theirs: the order and its ticket with it.
    const buyer = await registerFan(t.app, 72, CO, email)
    const list = await t.app.inject({ url: '/api/myPurchases', headers: { cookie: buyer, host: CO } })
    expect(JSON.stringify(list.json())).toContain(placed.order.id)
    const tickets = await t.app.inject({ url: '/api/myTickets', headers: { cookie: buyer, host: CO } })
    expect(JSON.stringify(tickets.json())).toContain(event.id)
  })
})
