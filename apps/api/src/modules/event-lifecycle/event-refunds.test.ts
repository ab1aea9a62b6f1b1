import { randomBytes, randomUUID } from 'node:crypto'
import type { PaymentChoice } from '@palco/domain/checkout/contract'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { eventOnPlan } from '../../test/plan-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { createJobRunner, type JobRunner } from '../jobs/job-runner.js'
import type { PaymentProviderAdapter } from '../payments/provider.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { EVENT_REFUNDS, eventRefundsJob } from './event-cancellation.service.js'

/**
 * A cancelled event's refunds as a job in batches (issue 42 part 3): a batch run twice, even at once, returns
 * each payment's money once; a worker killed in the middle of a batch — after the provider gave one payment's
 * money back, before we wrote it down — is replaced by another that finishes with every order refunded once.
 */

const CO = 'localhost:3000'
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

const card = (): PaymentChoice => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return { method: 'CARD', cardToken: r.token, installments: 1, walletAmount: 0 }
}

/** The provider's refunds, counted per payment with the key each was asked with; one may hang for good. */
function spyOnRefunds(deps: CheckoutDeps, hangAtCall?: number) {
  const calls: { providerPaymentId: string; key: string }[] = []
  let hung = () => {}
  const reachedHang = new Promise<void>((resolve) => {
    hung = resolve
  })
  const wrap = (adapter: PaymentProviderAdapter): PaymentProviderAdapter =>
    new Proxy(adapter, {
      get(target, prop) {
        if (prop === 'refund')
          return async (...args: Parameters<PaymentProviderAdapter['refund']>) => {
            calls.push({ providerPaymentId: args[0], key: args[2] })
            const answer = await target.refund(...args)
            if (calls.length === hangAtCall) {
              // The worker dies here: the provider has given the money back, nothing is written down.
              hung()
              return new Promise<never>(() => {})
            }
            return answer
          }
        const v = Reflect.get(target, prop, target)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
  const providers = {
    ...deps.providers,
    byCode: (code: string) => {
      const a = deps.providers.byCode(code)
      return a && wrap(a)
    },
  }
  return { deps: { ...deps, providers }, calls, reachedHang }
}

describe.each(ENGINES)("a cancelled event's refunds, on %s", (engine) => {
  let t: TestApp
  let fan: string
  let admin: string
  let ip = 0
  const runners: JobRunner[] = []
  // Retried at once, and a job whose worker stops answering expires after a second (production: minutes).
  const timings = { retryDelaySeconds: 0, expireInSeconds: 1 }

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true, jobs: timings })
    fan = await registerFan(t.app, 181, CO, `fan181.${Date.now()}@example.co`)
    admin = await loginAs(t.app, 'admin@palco.co')
  })
  afterAll(async () => {
    for (const r of runners) await r.stop({ timeoutMs: 1000 })
    await t?.close()
  })

  const db = () => t.db.db
  const addr = () => `10.18.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, host: CO }, remoteAddress: addr(), payload })

  /** An event with `n` orders paid by card, one seat each; answers the event and the orders. */
  async function soldEvent(n: number) {
    const eventId = await eventOnPlan(db(), false)
    const orders: string[] = []
    for (let i = 1; i <= n; i++) {
      const held = await as(fan, 'POST', '/api/reservations', { eventId, seats: [`NORTE/B-${i}`] })
      expect(held.statusCode, held.body).toBe(201)
      const reservationId = held.json().id as string
      const cart = await as(fan, 'GET', `/api/checkout-service/cart?reservation=${reservationId}`)
      const placed = await as(fan, 'POST', '/api/checkout/orders', {
        reservationId,
        contact,
        billing,
        payment: card(),
        expectedTotal: cart.json().total,
        currency: 'COP',
        idempotencyKey: randomUUID(),
      })
      expect(placed.statusCode, placed.body).toBe(201)
      orders.push(placed.json().order.id as string)
    }
    return { eventId, orders }
  }

  const cancel = async (eventId: string, refunds: number) => {
    const res = await as(admin, 'POST', `/api/admin/events/${eventId}/cancel`, {
      reason: 'The venue was closed by the authorities',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ refundedOrders: refunds, refunds })
  }
  const progress = async (eventId: string) =>
    (await as(admin, 'GET', `/api/admin/events/${eventId}/refunds`)).json()
  const paymentsOf = (orders: string[]) =>
    db()
      .selectFrom('payments')
      .select(['order_id', 'provider_payment_id', 'status', 'refund_state', 'refund_method'])
      .where('order_id', 'in', orders)
      .execute()
  const runner = () => {
    const r = createJobRunner(t.db, timings)
    runners.push(r)
    return r
  }

  /** Every order refunded, each payment's money asked back from the provider under one key only. */
  async function expectRefundedOnce(orders: string[], calls: { providerPaymentId: string; key: string }[]) {
    const payments = await paymentsOf(orders)
    expect(payments).toHaveLength(orders.length)
    for (const p of payments) {
      expect(p).toMatchObject({ status: 'REFUNDED', refund_state: 'DONE', refund_method: 'PROVIDER' })
      const keys = new Set(
        calls.filter((c) => c.providerPaymentId === p.provider_payment_id).map((c) => c.key),
      )
      expect(keys.size).toBe(1)
      const sandbox = await t.app.inject({ url: `/api/payments/sandbox/payments/${p.provider_payment_id}` })
      expect(sandbox.json()).toMatchObject({ status: 'REFUNDED' })
    }
    const statuses = await db().selectFrom('orders').select('status').where('id', 'in', orders).execute()
    expect(statuses.map((o) => o.status)).toEqual(orders.map(() => 'REFUNDED'))
  }

  it('applies a batch run twice, and twice at once, once', async () => {
    const { eventId, orders } = await soldEvent(3)
    await cancel(eventId, 3)
    const spy = spyOnRefunds(t.app.checkout)
    const batch = eventRefundsJob(spy.deps, runner(), 10)
    const ctx = { id: randomUUID(), now: new Date() }
    await Promise.all([batch.handle({ eventId }, ctx), batch.handle({ eventId }, ctx)])
    await batch.handle({ eventId }, ctx)
    await expectRefundedOnce(orders, spy.calls)
    // A payment is asked for again only when two runs met on it; the third run found nothing left.
    expect(spy.calls.length).toBeLessThanOrEqual(6)
    expect(await progress(eventId)).toEqual({ eventId, total: 3, refunded: 3 })
    // The job the cancellation queued finds nothing left to do either.
    expect(await t.app.jobs.runDue(EVENT_REFUNDS)).toBe(1)
    expect(await progress(eventId)).toEqual({ eventId, total: 3, refunded: 3 })
  })

  it('finishes the refunds of a worker killed mid-batch with each order refunded once', async () => {
    const { eventId, orders } = await soldEvent(5)
    await cancel(eventId, 5)
    expect(await progress(eventId)).toEqual({ eventId, total: 5, refunded: 0 })
    // Only the site's own events: the Mexican site does not know this one.
    const elsewhere = await t.app.inject({
      url: `/api/admin/events/${eventId}/refunds`,
      headers: { cookie: admin, host: 'mx.localhost:3000' },
    })
    expect(elsewhere.statusCode).toBe(404)

    // Batches of two: the first done, the worker dies in the second, after the provider refunded its first.
    const dying = spyOnRefunds(t.app.checkout, 3)
    const first = runner()
    first.define(eventRefundsJob(dying.deps, first, 2))
    void first.runDue(EVENT_REFUNDS)
    await dying.reachedHang
    expect(await progress(eventId)).toEqual({ eventId, total: 5, refunded: 2 })

    // Another worker: the killed batch's job expires and is retried; the batches after it run too.
    const spy = spyOnRefunds(t.app.checkout)
    const second = runner()
    second.define(eventRefundsJob(spy.deps, second, 2))
    const deadline = Date.now() + 15_000
    while ((await progress(eventId)).refunded < 5 && Date.now() < deadline) {
      await second.recover()
      await second.runDue(EVENT_REFUNDS)
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(await progress(eventId)).toEqual({ eventId, total: 5, refunded: 5 })
    const calls = [...dying.calls, ...spy.calls]
    await expectRefundedOnce(orders, calls)
    // Only the payment the dead worker left unwritten was asked for twice, under the same key.
    expect(calls).toHaveLength(6)
  })
})
