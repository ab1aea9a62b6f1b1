import { randomBytes, randomUUID } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { PLAN } from '../../test/plan-fixtures.js'
import { venueWithSmallLayout } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { runPlanPass } from '../checkout/installments.service.js'

/**
 * Issue 43 part 5: "usage counts always equal the orders that used them". A code's `uses` (and each fan's own
 * count) is the number of its orders that stand: placed and waiting for their payment, or paid. An order that
 * ends unpaid (declined, expired, cancelled), is refunded, or whose paguitos plan lapses gives its use back
 * (docs/decisions.md, orders). Orders are placed, declined, expired, raced at the code's cap (real
 * connections on PostgreSQL) and cancelled with their event, and after each step every code's counts are
 * compared with the orders.
 */

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
const CO = 'localhost:3000'
const FANS = 12
const CAP = 6
/** Orders that hold a use of their code. */
const HOLDING = ['PENDING', 'PENDING_CASH_PAYMENT', 'PROCESSING_TRANSFER', 'PAID', 'TRANSFERRED']
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

const card = (holderName = 'APRO') => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName, expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return { method: 'CARD', cardToken: r.token, installments: 1, walletAmount: 0 }
}

describe.each(ENGINES)('promo code uses equal the orders holding them, on %s', (engine) => {
  let t: TestApp
  let admin: string
  let club: string
  let venueId: string
  let layoutId: string
  const fans: string[] = []
  let ip = 0
  let n = 0

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, host: CO },
      remoteAddress: `10.45.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
      ...(payload ? { payload } : {}),
    })
  const db = () => t.db.db

  /** A published event of the club's, two months away (room for a paguitos plan before it). */
  const clubEvent = async (plan = false) => {
    const start = Date.now() + 60 * DAY
    const made = await call('POST', '/api/admin/events', club, {
      country: 'COL',
      type: 'FOOTBALL',
      slug: `usos-${++n}-${Date.now()}`,
      name: `Usos ${n}`,
      venueId,
      layoutId,
      startsAt: iso(start),
      endsAt: iso(start + 2 * 3_600_000),
      onSaleAt: iso(Date.now() - DAY),
      offSaleAt: iso(start),
      zones: [{ name: 'Norte', price: 8_000_000, sectionCodes: ['NORTE'] }],
    })
    expect(made.statusCode, made.body).toBe(201)
    const id = made.json().id as string
    if (plan) {
      const set = await call('PUT', `/api/admin/events/${id}/installment-plan`, club, PLAN)
      expect(set.statusCode, set.body).toBe(200)
    }
    expect((await call('POST', `/api/admin/events/${id}/publish`, club)).statusCode).toBe(200)
    return id
  }
  const newCode = async (eventId: string, over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/admin/promo-codes', club, {
      code: `USOS${++n}`,
      kind: 'PERCENT',
      percentBps: 1_000,
      eventIds: [eventId],
      ...over,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: string; code: string }
  }
  /** A fan's hold of one seat with the code applied: the reservation and what the cart asks. */
  const cartWith = async (fan: string, eventId: string, seat: string, code: string) => {
    const held = await call('POST', '/api/reservations', fan, { eventId, seats: [seat] })
    expect(held.statusCode, held.body).toBe(201)
    const reservationId = held.json().id as string
    const applied = await call('POST', '/api/checkout-service/cart/promo', fan, { reservationId, code })
    expect(applied.statusCode, applied.body).toBe(200)
    return { reservationId, total: applied.json().total as number }
  }
  const pay = (fan: string, cart: { reservationId: string; total: number }, payment: object) =>
    call('POST', '/api/checkout/orders', fan, {
      reservationId: cart.reservationId,
      contact,
      billing,
      payment,
      expectedTotal: cart.total,
      currency: 'COP',
      idempotencyKey: randomUUID(),
    })
  const buyOnPlan = async (fan: string, cart: { reservationId: string }) => {
    const quote = await call(
      'GET',
      `/api/checkout-service/installment?reservation=${cart.reservationId}`,
      fan,
    )
    expect(quote.statusCode, quote.body).toBe(200)
    const res = await call('POST', '/api/checkout-service/installment', fan, {
      reservationId: cart.reservationId,
      contact,
      billing,
      payment: card(),
      expectedTotal: quote.json().total,
      currency: 'COP',
      idempotencyKey: randomUUID(),
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().order as { id: string; status: string; discount: number }
  }
  const paymentOf = (orderId: string) =>
    db()
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', orderId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  const statusOf = async (orderId: string) =>
    (await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
      .status

  /**
   * Every code's `uses` against its orders that hold a use, and every fan's own count against their orders;
   * answers the code's count for the caller's own checks.
   */
  const expectUsesMatchOrders = async (codeId: string) => {
    const codes = await db().selectFrom('promo_codes').select(['id', 'code', 'uses']).execute()
    const holding = await db()
      .selectFrom('orders')
      .select(['promo_id', 'user_id'])
      .where('promo_id', 'is not', null)
      .where('status', 'in', HOLDING)
      .execute()
    const byCode = new Map<string, number>()
    const byFan = new Map<string, number>()
    for (const o of holding) {
      byCode.set(o.promo_id as string, (byCode.get(o.promo_id as string) ?? 0) + 1)
      if (o.user_id)
        byFan.set(`${o.promo_id}/${o.user_id}`, (byFan.get(`${o.promo_id}/${o.user_id}`) ?? 0) + 1)
    }
    expect(Object.fromEntries(codes.map((c) => [c.code, c.uses]))).toEqual(
      Object.fromEntries(codes.map((c) => [c.code, byCode.get(c.id) ?? 0])),
    )
    const fanRows = await db().selectFrom('promo_fan_uses').select(['promo_id', 'user_id', 'uses']).execute()
    const fanCounts = Object.fromEntries(
      fanRows.filter((r) => r.uses > 0).map((r) => [`${r.promo_id}/${r.user_id}`, r.uses]),
    )
    expect(fanCounts).toEqual(Object.fromEntries(byFan))
    const listed = await call('GET', `/api/admin/promo-codes?size=100`, club)
    const view = listed.json().items.find((c: { id: string }) => c.id === codeId)
    expect(view.uses).toBe(byCode.get(codeId) ?? 0)
    return view as { uses: number; remaining: number | null }
  }

  beforeAll(async () => {
    t = await openTestApp(engine, {
      demoAccounts: true,
      env: { DATA_DIR: path.join(os.tmpdir(), `palco-promo-uses-${Date.now()}`) },
    })
    admin = await loginAs(t.app, 'admin@palco.co')
    club = await loginAs(t.app, 'club@palco.co')
    ;({ venueId, layoutId } = await venueWithSmallLayout(t.app, admin, 'Estadio de los Usos', 'Cali'))
    for (let i = 0; i < FANS; i++) fans.push(await registerFan(t.app, 4350 + i, CO))
  }, 120_000)
  afterAll(async () => t?.close())

  it('counts paid and waiting orders, gives declined, expired and cancelled ones back, and holds the cap in a race', async () => {
    const eventId = await clubEvent(true)
    const code = await newCode(eventId, { maxUses: CAP, maxUsesPerFan: 2 })
    const seat = (i: number) => `NORTE/${'AB'[Math.floor(i / 9)] ?? 'B'}-${(i % 9) + 2}`
    const [f0, f1, f2, f3, f4, ...racers] = fans as [string, string, string, string, string, ...string[]]

    const paid = await pay(f0, await cartWith(f0, eventId, seat(0), code.code), card())
    expect(paid.json().order.status).toBe('PAID')
    expect((await expectUsesMatchOrders(code.id)).uses).toBe(1)

    const declined = await pay(f1, await cartWith(f1, eventId, seat(1), code.code), card('OTHE'))
    expect(declined.json().order).toMatchObject({ status: 'CANCELED', failureCode: 'CARD_DECLINED' })
    expect((await expectUsesMatchOrders(code.id)).uses).toBe(1)

    const voucher = await pay(f2, await cartWith(f2, eventId, seat(2), code.code), {
      method: 'CASH',
      network: 'cash',
    })
    const voucherOrder = voucher.json().order.id as string
    expect(voucher.json().order.status).toBe('PENDING_CASH_PAYMENT')
    expect((await expectUsesMatchOrders(code.id)).uses).toBe(2)
    const lapsed = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/payments/${(await paymentOf(voucherOrder)).id}/expire`,
    })
    expect(lapsed.json().webhook).toMatchObject({ status: 'applied', outcome: 'EXPIRED' })
    expect(await statusOf(voucherOrder)).toBe('EXPIRED')
    expect((await expectUsesMatchOrders(code.id)).uses).toBe(1)

    const waiting = await pay(f3, await cartWith(f3, eventId, seat(3), code.code), {
      method: 'CASH',
      network: 'cash',
    })
    expect(waiting.json().order.status).toBe('PENDING_CASH_PAYMENT')
    const plan = await buyOnPlan(f4, await cartWith(f4, eventId, seat(4), code.code))
    expect(plan.status).toBe('PENDING')
    expect(plan.discount).toBeGreaterThan(0)
    expect((await expectUsesMatchOrders(code.id)).uses).toBe(3)

    // Seven fans pay at once for the code's last three uses: three orders, four refusals, no use over the cap.
    const carts: { reservationId: string; total: number }[] = []
    for (const [i, fan] of racers.entries()) carts.push(await cartWith(fan, eventId, seat(5 + i), code.code))
    const raced = await Promise.all(
      racers.map((fan, i) => pay(fan, carts[i] as { reservationId: string; total: number }, card())),
    )
    const won = raced.filter((r) => r.statusCode === 201)
    expect(won).toHaveLength(CAP - 3)
    for (const r of raced.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode, r.body).toBe(409)
      expect(r.json().code).toBe('PROMO_CODE_EXHAUSTED')
    }
    expect(await expectUsesMatchOrders(code.id)).toMatchObject({ uses: CAP, remaining: 0 })

    // The event cancelled: paid orders and the plan refunded, the voucher cancelled; every use back.
    const cancelled = await call('POST', `/api/admin/events/${eventId}/cancel`, club, {
      reason: 'El estadio no está disponible.',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await statusOf(plan.id)).toBe('REFUNDED')
    expect(await statusOf(waiting.json().order.id)).toBe('CANCELED')
    expect(await expectUsesMatchOrders(code.id)).toMatchObject({ uses: 0, remaining: CAP })
  })

  it('gives a lapsed paguitos plan’s use back', async () => {
    const eventId = await clubEvent(true)
    const code = await newCode(eventId, { maxUses: 2 })
    const plan = await buyOnPlan(
      fans[0] as string,
      await cartWith(fans[0] as string, eventId, 'NORTE/C-1', code.code),
    )
    expect((await expectUsesMatchOrders(code.id)).uses).toBe(1)
    const result = await runPlanPass(t.app.checkout, new Date(Date.now() + 58 * DAY))
    expect(result.cancelled).toBeGreaterThanOrEqual(1)
    expect(await statusOf(plan.id)).toBe('CANCELED')
    expect((await expectUsesMatchOrders(code.id)).uses).toBe(0)
  })
})
