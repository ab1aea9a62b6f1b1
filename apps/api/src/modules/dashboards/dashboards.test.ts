import { randomBytes, randomUUID } from 'node:crypto'
import type { PaymentChoice } from '@palco/domain/checkout/contract'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { eventOnPlan } from '../../test/plan-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { rollUpOrder, SALES_ROLLUPS } from './dashboards.service.js'

/**
 * Issue 43 part 6 through HTTP: random paid, refunded and partly refunded orders reach the event's dashboard
 * through the rollup job and reconcile to the minor unit with a brute-force sum over the orders; working an
 * order again changes nothing; another organiser gets 404; occupancy adds up to capacity.
 */

const CO = 'localhost:3000'
const card = (walletAmount = 0): PaymentChoice => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return { method: 'CARD', cardToken: r.token, installments: 1, walletAmount }
}

/** A seeded generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0
    return s / 2 ** 32
  }
}

const SEATS = [
  ...Array.from({ length: 9 }, (_, i) => `NORTE/A-${i + 2}`),
  ...Array.from({ length: 10 }, (_, i) => `NORTE/B-${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `NORTE/C-${i + 1}`),
]

describe.each(ENGINES)('organiser dashboards on %s', (engine) => {
  let t: TestApp
  let ownerA: string
  let ownerB: string
  let admin: string
  let fans: string[]
  let eventId: string
  let ip = 0
  const seed = Number(process.env.DASHBOARD_SEED ?? Date.now() % 100_000)
  const random = lcg(seed)

  const db = () => t.db.db
  const addr = () => `10.46.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, host: CO }, remoteAddress: addr(), payload })

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    ownerA = await loginAs(t.app, 'club@palco.co')
    ownerB = await loginAs(t.app, 'eventos@palco.co')
    admin = await loginAs(t.app, 'admin@palco.co')
    fans = []
    for (let i = 0; i < 4; i++)
      fans.push(await registerFan(t.app, 460 + i, CO, `fan46${i}.${Date.now()}@example.co`))
    eventId = await eventOnPlan(db(), false)
    const liga = await db()
      .selectFrom('organisers')
      .select('id')
      .where('slug', '=', 'liga-andina')
      .executeTakeFirstOrThrow()
    await db().updateTable('events').set({ organiser_id: liga.id }).where('id', '=', eventId).execute()
    // A service fee, so the dashboards' fees are not all zero.
    await db()
      .insertInto('event_fees')
      .values({ event_id: eventId, percent_bps: 1_000, fixed_amount: 50_000 })
      .execute()
  })
  afterAll(async () => t?.close())

  const buy = async (fan: string, seats: string[], walletAmount = 0) => {
    const held = await as(fan, 'POST', '/api/reservations', { eventId, seats })
    expect(held.statusCode, held.body).toBe(201)
    const reservationId = held.json().id
    const cart = await as(fan, 'GET', `/api/checkout-service/cart?reservation=${reservationId}`)
    const { contact, billing } = demoCheckoutDetails(`comprador.${randomUUID()}@example.co`)
    const placed = await as(fan, 'POST', '/api/checkout/orders', {
      reservationId,
      contact,
      billing,
      payment: card(walletAmount),
      expectedTotal: cart.json().total,
      currency: 'COP',
      idempotencyKey: randomUUID(),
    })
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().order.status).toBe('PAID')
    return placed.json().order.id as string
  }

  /** The dashboard's figures summed the slow way: every order of the event, and its payments. */
  async function bruteForce() {
    const orders = await db()
      .selectFrom('orders')
      .select(['id', 'total', 'fees', 'lines', 'paid_at'])
      .where('event_id', '=', eventId)
      .where('paid_at', 'is not', null)
      .execute()
    const t0 = { gross: 0, fees: 0, refunds: 0, orders: 0, tickets: 0 }
    for (const o of orders) {
      const pays = await db()
        .selectFrom('payments')
        .select(['amount', 'refund_state'])
        .where('order_id', '=', o.id)
        .execute()
      const total = Number(o.total)
      const refunded = Math.min(
        total,
        pays
          .filter((p) => p.refund_state === 'REQUESTED' || p.refund_state === 'DONE')
          .reduce((a, p) => a + Number(p.amount), 0),
      )
      t0.gross += total
      t0.refunds += refunded
      t0.fees += total > 0 ? Math.floor((Number(o.fees) * (total - refunded)) / total) : 0
      t0.orders += 1
      t0.tickets += (o.lines as unknown[]).length
    }
    return { ...t0, net: t0.gross - t0.refunds - t0.fees }
  }

  /** One tick of the rollup job, as a worker would run it (tests start no worker). */
  const roll = async () => {
    await t.app.jobs.send(SALES_ROLLUPS, {}, { singletonKey: randomUUID() })
    return t.app.jobs.runDue(SALES_ROLLUPS)
  }

  const dashboard = async () => {
    const res = await as(ownerA, 'GET', `/api/admin/events/${eventId}/dashboard`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  it(`reconciles random paid, refunded and partly refunded orders to the minor unit (seed ${seed})`, async () => {
    const ids: string[] = []
    let next = 0
    for (let round = 0; round < 3; round++)
      for (const fan of fans) {
        const n = 1 + Math.floor(random() * 2)
        ids.push(await buy(fan, SEATS.slice(next, next + n)))
        next += n
      }
    // Nothing shows before the job has run: the figures come from the rollups, not from orders.
    expect((await dashboard()).totals.gross).toBe(0)
    expect(await roll()).toBeGreaterThan(0)

    // Some refunded whole, to the card or to the wallet (which then pays part of a later order).
    const refunded = ids.filter(() => random() < 0.4).slice(0, 4)
    if (refunded.length === 0) refunded.push(ids[0] as string)
    for (const [i, id] of refunded.entries()) {
      const to = i === 0 ? 'WALLET' : 'ORIGINAL'
      const r = await as(ownerA, 'POST', `/api/admin/orders/${id}/refund`, { to, reason: 'Dashboard test' })
      expect(r.statusCode, r.body).toBe(200)
    }
    const walletFan = await db()
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', refunded[0] as string)
      .executeTakeFirstOrThrow()
    const fanCookie = fans[
      (await Promise.all(fans.map((f) => as(f, 'GET', '/api/checkout-service/cart/balance')))).findIndex(
        (b) => b.json().balance > 0,
      )
    ] as string
    expect(walletFan.user_id).toBeTruthy()
    // A part-refunded order: paid with the wallet and a card; only the wallet's part given back. Refunds of
    // single payments are not built yet (decisions, order-admin), so the payment is marked as a refund would.
    const split = await buy(fanCookie, SEATS.slice(next, next + 1), 100)
    next += 1
    await db()
      .updateTable('payments')
      .set({ refund_state: 'DONE', refund_method: 'WALLET' })
      .where('order_id', '=', split)
      .where('method', '=', 'WALLET')
      .execute()
    await db()
      .insertInto('sales_rollup_marks')
      .values({ order_id: split })
      .onConflict((oc) => oc.doNothing())
      .execute()
    await roll()
    // A sale at the box office's counter: its own channel.
    const operator = await loginAs(t.app, 'operador@palco.co')
    expect((await as(operator, 'POST', '/api/assistant/shift', { openingFloat: 0 })).statusCode).toBe(201)
    const held = await as(operator, 'POST', '/api/reservations', { eventId, seats: ['NORTE/C-9'] })
    expect(held.statusCode, held.body).toBe(201)
    const due = (await as(operator, 'GET', `/api/checkout-service/cart?reservation=${held.json().id}`)).json()
      .total
    const counter = await as(operator, 'POST', '/api/assistant/sales', {
      reservationId: held.json().id,
      buyer: { kind: 'WALK_IN', name: 'Ana Gómez' },
      tenders: [{ kind: 'CASH', tendered: due }],
      expectedTotal: due,
      currency: 'COP',
      idempotencyKey: randomUUID(),
    })
    expect(counter.statusCode, counter.body).toBe(201)
    await roll()
    const part = await db()
      .selectFrom('sales_contributions')
      .select('parts')
      .where('order_id', '=', split)
      .executeTakeFirstOrThrow()
    const [p] = part.parts as { gross: number; refunds: number; refundedTickets: number }[]
    expect(p?.refunds).toBe(100)
    expect(p?.refundedTickets).toBe(0)
    expect(p?.gross).toBeGreaterThan(100)

    const d = await dashboard()
    const expected = await bruteForce()
    expect(d.totals).toMatchObject(expected)
    expect(expected.refunds).toBeGreaterThan(0)
    expect(expected.fees).toBeGreaterThan(0)
    // Each breakdown adds up to the totals.
    for (const list of [d.byChannel, d.byMethod, d.byTier]) {
      expect(list.reduce((a: number, r: { gross: number }) => a + r.gross, 0)).toBe(expected.gross)
      expect(list.reduce((a: number, r: { refunds: number }) => a + r.refunds, 0)).toBe(expected.refunds)
    }
    expect(d.byHour.reduce((a: number, r: { net: number }) => a + r.net, 0)).toBe(expected.net)
    expect(d.byDay.reduce((a: number, r: { tickets: number }) => a + r.tickets, 0)).toBe(expected.tickets)
    expect(
      d.byChannel.map((c: { key: string; tickets: number }) => [
        c.key,
        c.key === 'BOX_OFFICE' ? c.tickets : 0,
      ]),
    ).toEqual([
      ['BOX_OFFICE', 1],
      ['WEB_DESKTOP', 0],
    ])
    expect(d.byTier.map((c: { key: string }) => c.key)).toEqual(['Norte'])

    // Replaying: every order marked again, and one worked twice by hand, changes nothing.
    await db()
      .insertInto('sales_rollup_marks')
      .values(ids.map((order_id) => ({ order_id })))
      .onConflict((oc) => oc.doNothing())
      .execute()
    await roll()
    await db()
      .transaction()
      .execute(async (trx) => {
        await rollUpOrder(trx, split)
        await rollUpOrder(trx, split)
      })
    expect(await dashboard()).toEqual(d)

    // The organiser's dashboard adds the same figures up.
    const org = await as(ownerA, 'GET', '/api/admin/dashboard')
    expect(org.statusCode, org.body).toBe(200)
    const ev = org.json().events.find((e: { id: string }) => e.id === eventId)
    expect(ev).toMatchObject({ gross: expected.gross, refunds: expected.refunds, net: expected.net })
  })

  it('counts every place of each section once: sold + held + courtesy + blocked + available = capacity', async () => {
    const d = await dashboard()
    const places = await db()
      .selectFrom('event_seats')
      .select(['section_code'])
      .where('event_id', '=', eventId)
      .execute()
    for (const s of d.occupancy) {
      expect(s.sold + s.held + s.courtesy + s.blocked + s.available).toBe(s.capacity)
      expect(s.capacity).toBe(places.filter((p) => p.section_code === s.section).length)
    }
    const norte = d.occupancy.find((s: { section: string }) => s.section === 'NORTE')
    const sold = await db()
      .selectFrom('event_seats')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', '=', eventId)
      .where('status', '=', 'SOLD')
      .executeTakeFirstOrThrow()
    expect(norte.sold + norte.courtesy).toBe(Number(sold.n))
  })

  it('answers 404 to another organiser, for the event and for the organiser', async () => {
    expect((await as(ownerB, 'GET', `/api/admin/events/${eventId}/dashboard`)).statusCode).toBe(404)
    const orgA = (await as(ownerA, 'GET', '/api/admin/dashboard')).json().organiserId
    expect((await as(ownerB, 'GET', `/api/admin/dashboard?organiserId=${orgA}`)).statusCode).toBe(404)
    const mine = await as(ownerB, 'GET', '/api/admin/dashboard')
    expect(mine.statusCode).toBe(200)
    expect(mine.body).not.toContain(eventId)
    // A platform admin reaches every organiser.
    const all = (await as(admin, 'GET', `/api/admin/dashboard?organiserId=${orgA}`)).json()
    expect(all.organisers.length).toBeGreaterThan(1)
    expect(all.events.map((e: { id: string }) => e.id)).toContain(eventId)
  })
})
