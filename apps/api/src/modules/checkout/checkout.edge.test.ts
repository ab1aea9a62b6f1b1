import { randomBytes, randomUUID } from 'node:crypto'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { DomainError } from '@palco/domain/errors/domain-error'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SANDBOX_WEBHOOK_SECRET, loadConfig } from '../../config.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { cartOf } from '../orders/cart.service.js'
import {
  type CashVoucherInput,
  type CashVoucherResult,
  type PaymentProviderAdapter,
  ProviderUnavailableError,
} from '../payments/provider.js'
import { SandboxAdapter, signSandboxBody } from '../payments/providers/sandbox/sandbox.adapter.js'
import { reconcileOnce } from '../payments/reconcile.js'
import { createProviderRegistry } from '../payments/registry.js'
import { handleWebhook } from '../payments/webhooks.service.js'
import { holdPlaces } from '../seating/holds.service.js'
import { type CheckoutDeps, settlementOf } from '../settlement/settlement.service.js'
import { placeOrder } from './checkout.service.js'

/** The sandbox with switches: a provider that is down for vouchers or for status questions. */
class FlakySandbox implements PaymentProviderAdapter {
  readonly code = 'sandbox' as const
  readonly hostedCheckout = true
  readonly savedCards = true
  down = { voucher: false, status: false, card: false }
  constructor(private readonly inner: SandboxAdapter) {}
  saveCard(input: Parameters<SandboxAdapter['saveCard']>[0]) {
    return this.inner.saveCard(input)
  }
  removeSavedCard(card: Parameters<SandboxAdapter['removeSavedCard']>[0]) {
    return this.inner.removeSavedCard(card)
  }
  chargeCard(input: Parameters<SandboxAdapter['chargeCard']>[0]) {
    if (this.down.card) return Promise.reject(new ProviderUnavailableError('sandbox'))
    return this.inner.chargeCard(input)
  }
  createCashVoucher(input: CashVoucherInput): Promise<CashVoucherResult> {
    if (this.down.voucher) return Promise.reject(new ProviderUnavailableError('sandbox'))
    return this.inner.createCashVoucher(input)
  }
  createTransfer(input: Parameters<SandboxAdapter['createTransfer']>[0]) {
    return this.inner.createTransfer(input)
  }
  getStatus(id: string) {
    if (this.down.status) return Promise.reject(new ProviderUnavailableError('sandbox'))
    return this.inner.getStatus(id)
  }
  createPreference(input: Parameters<SandboxAdapter['createPreference']>[0]) {
    return this.inner.createPreference(input)
  }
  findByReference(paymentId: string) {
    return this.inner.findByReference(paymentId)
  }
  refund(...args: Parameters<SandboxAdapter['refund']>) {
    return this.inner.refund(...args)
  }
  verifyWebhook(r: Parameters<SandboxAdapter['verifyWebhook']>[0]) {
    return this.inner.verifyWebhook(r)
  }
  parseWebhook(r: Parameters<SandboxAdapter['parseWebhook']>[0]) {
    return this.inner.parseWebhook(r)
  }
}

const order = (reservationId: string, total: number, payment: Record<string, unknown>) => ({
  reservationId,
  contact: { firstName: 'Ana', lastName: 'Prueba', email: 'ana.prueba@example.co', phone: '+573001234567' },
  billing: { fullName: 'Ana Prueba', documentType: 'CC' as const, documentNumber: '998877' },
  payment: { walletAmount: 0, ...payment } as never,
  expectedTotal: total,
  currency: 'COP' as const,
  idempotencyKey: randomUUID(),
})

describe.each(ENGINES)('checkout edge cases on %s', (engine) => {
  let t: TestApp
  let deps: CheckoutDeps
  let flaky: FlakySandbox
  let userId: string

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    flaky = new FlakySandbox(
      new SandboxAdapter({ db: t.db.db, webhookSecret: DEV_SANDBOX_WEBHOOK_SECRET, random: randomBytes }),
    )
    const { settlement: _own, ...base } = {
      ...t.app.checkout,
      providers: createProviderRegistry(loadConfig({ NODE_ENV: 'test' }), t.db.db, { sandbox: flaky }),
    }
    // Settled through this registry too, so a refund asks the flaky provider.
    deps = { ...base, settlement: settlementOf(base) }
    const user = await t.db.db
      .selectFrom('auth_users')
      .select('id')
      .where('email', '=', 'fan@palco.co')
      .executeTakeFirstOrThrow()
    userId = user.id
  })
  afterAll(async () => t?.close())

  const newHold = async (seat: string) => {
    const event = await seatedEvent(t.db.db)
    const view = await holdPlaces(t.db.db, event.id, { userId, staff: false }, { seats: [seat] })
    return { event, view, cart: await cartOf(t.db.db, userId, view.id) }
  }
  const wallet = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('wallet_accounts')
          .select('balance')
          .where('user_id', '=', userId)
          .where('currency', '=', 'COP')
          .executeTakeFirst()
      )?.balance ?? 0,
    )

  it('answers 503 when a voucher cannot be created, undoes everything and keeps the seats for a retry', async () => {
    const { view, cart } = await newHold('NORTE/B-1')
    const before = await wallet()
    flaky.down.voucher = true
    const err = await placeOrder(
      deps,
      { userId },
      order(view.id, cart.total, { method: 'CASH', network: 'cash', walletAmount: 1000 }),
    ).catch((e: unknown) => e)
    flaky.down.voucher = false
    expect(err).toBeInstanceOf(DomainError)
    expect((err as DomainError).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE')
    const o = await t.db.db
      .selectFrom('orders')
      .selectAll()
      .where('hold_id', '=', view.id)
      .executeTakeFirstOrThrow()
    expect(o).toMatchObject({ status: 'CANCELED', failure_code: 'PAYMENT_PROVIDER_UNAVAILABLE' })
    expect(await wallet()).toBe(before)
    const hold = await t.db.db
      .selectFrom('seat_holds')
      .select('status')
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow()
    expect(hold.status).toBe('BOOKED')
    // The fan pays again with another method.
    const card = tokenizeSandboxCard(
      { number: '4509953566233704', holderName: 'APRO', expMonth: 1, expYear: 2040, cvv: '123' },
      randomBytes,
    )
    if (!card.ok) throw new Error('token')
    const paid = await placeOrder(
      deps,
      { userId },
      order(view.id, cart.total, { method: 'CARD', cardToken: card.token, installments: 1 }),
    )
    expect(paid.order.status).toBe('PAID')
  })

  it('places an order whose random code another order already has under a new code', async () => {
    // The first order takes the code all-zero bytes make; the second draws it too, then a fresh one.
    let zeros = 1
    const drawing = { ...deps, random: (n: number) => (zeros-- > 0 ? new Uint8Array(n) : randomBytes(n)) }
    const first = await newHold('NORTE/C-1')
    const a = await placeOrder(
      drawing,
      { userId },
      order(first.view.id, first.cart.total, { method: 'CASH', network: 'cash' }),
    )
    zeros = 1
    const second = await newHold('NORTE/C-2')
    const b = await placeOrder(
      drawing,
      { userId },
      order(second.view.id, second.cart.total, { method: 'CASH', network: 'cash' }),
    )
    expect(b.order.code).not.toBe(a.order.code)
    const orders = await t.db.db
      .selectFrom('orders')
      .select('code')
      .where('code', 'in', [a.order.code, b.order.code])
      .execute()
    expect(orders).toHaveLength(2)
  })

  it('answers a webhook 503 while the provider cannot be asked, then applies the retry', async () => {
    const { view, cart } = await newHold('NORTE/B-2')
    const placed = await placeOrder(
      deps,
      { userId },
      order(view.id, cart.total, { method: 'CASH', network: 'cash' }),
    )
    const payment = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', placed.order.id)
      .executeTakeFirstOrThrow()
    await t.db.db
      .updateTable('sandbox_payments')
      .set({ status: 'APPROVED' })
      .where('id', '=', payment.provider_payment_id ?? '')
      .execute()
    const rawBody = JSON.stringify({
      id: randomUUID(),
      type: 'payment',
      paymentId: payment.provider_payment_id,
    })
    const request = {
      headers: { 'x-sandbox-signature': signSandboxBody(DEV_SANDBOX_WEBHOOK_SECRET, rawBody) },
      query: {},
      rawBody,
    }
    flaky.down.status = true
    const err = await handleWebhook(deps, 'sandbox', request).catch((e: unknown) => e)
    flaky.down.status = false
    expect((err as DomainError).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE')
    expect(await handleWebhook(deps, 'sandbox', request)).toEqual({ status: 'applied', outcome: 'APPROVED' })
    expect(await handleWebhook(deps, 'sandbox', request)).toMatchObject({ status: 'duplicate' })
    const o = await t.db.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow()
    expect(o.status).toBe('PAID')
  })

  it('leaves a notification another delivery is applying to it, and takes one a dead delivery left', async () => {
    const { view, cart } = await newHold('NORTE/B-4')
    const placed = await placeOrder(
      deps,
      { userId },
      order(view.id, cart.total, { method: 'CASH', network: 'cash' }),
    )
    const payment = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', placed.order.id)
      .executeTakeFirstOrThrow()
    await t.db.db
      .updateTable('sandbox_payments')
      .set({ status: 'APPROVED' })
      .where('id', '=', payment.provider_payment_id ?? '')
      .execute()
    const notificationId = randomUUID()
    const rawBody = JSON.stringify({
      id: notificationId,
      type: 'payment',
      paymentId: payment.provider_payment_id,
    })
    const request = {
      headers: { 'x-sandbox-signature': signSandboxBody(DEV_SANDBOX_WEBHOOK_SECRET, rawBody) },
      query: {},
      rawBody,
    }
    // As a delivery that stored the notification and is still asking the provider leaves it.
    const claim = (at: Date) =>
      t.db.db
        .insertInto('payment_webhooks')
        .values({
          provider: 'sandbox',
          notification_id: notificationId,
          provider_payment_id: payment.provider_payment_id ?? '',
          body: rawBody,
          claimed_at: at,
        })
        .onConflict((oc) => oc.columns(['provider', 'notification_id']).doUpdateSet({ claimed_at: at }))
        .execute()
    await claim(new Date())
    expect(await handleWebhook(deps, 'sandbox', request)).toEqual({ status: 'duplicate' })
    // The process applying it died: after a while its claim lapses and the provider's retry applies it.
    await claim(new Date(Date.now() - 10 * 60_000))
    expect(await handleWebhook(deps, 'sandbox', request)).toEqual({ status: 'applied', outcome: 'APPROVED' })
    expect(await handleWebhook(deps, 'sandbox', request)).toMatchObject({ status: 'duplicate' })
  })

  it('expires an unknown card outcome the provider never answers, and gives the seats back', async () => {
    const { event, view, cart } = await newHold('NORTE/B-3')
    const card = tokenizeSandboxCard(
      { number: '4509953566233704', holderName: 'APRO', expMonth: 1, expYear: 2040, cvv: '123' },
      randomBytes,
    )
    if (!card.ok) throw new Error('token')
    flaky.down.card = true
    const placed = await placeOrder(
      deps,
      { userId },
      order(view.id, cart.total, { method: 'CARD', cardToken: card.token, installments: 1 }),
    )
    expect(placed.order.result).toBe('PENDING_CARD')
    // Still down half an hour later: only the clock can end it.
    await reconcileOnce(deps, { now: new Date(Date.now() + 31 * 60_000), staleAfterMs: 0 })
    flaky.down.card = false
    const o = await t.db.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow()
    expect(o.status).toBe('EXPIRED')
    const held = await t.db.db
      .selectFrom('event_seats')
      .select('status')
      .where('event_id', '=', event.id)
      .where('status', 'in', ['HELD', 'SOLD'])
      .execute()
    expect(held).toEqual([])
  })

  it('gives up a payment that was never handed to a provider (a crash between the steps)', async () => {
    const { view, cart } = await newHold('NORTE/B-4')
    const placed = await placeOrder(
      deps,
      { userId },
      order(view.id, cart.total, { method: 'CASH', network: 'cash' }),
    )
    // Pretend the process died right after the first transaction: no provider id, payment CREATED.
    await t.db.db
      .updateTable('payments')
      .set({
        status: 'CREATED',
        provider_payment_id: null,
        expires_at: null,
        created_at: new Date(Date.now() - 20 * 60_000),
      } as never)
      .where('order_id', '=', placed.order.id)
      .execute()
    await t.db.db
      .updateTable('orders')
      .set({ status: 'PENDING', purchase_status: 'STARTED' })
      .where('id', '=', placed.order.id)
      .execute()
    await t.db.db
      .updateTable('seat_holds')
      .set({ status: 'STARTED_PAYMENT' })
      .where('id', '=', view.id)
      .execute()
    await reconcileOnce(deps, { staleAfterMs: -1000 })
    const o = await t.db.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow()
    expect(o).toMatchObject({ status: 'CANCELED', failure_code: 'PAYMENT_PROVIDER_UNAVAILABLE' })
  })

  it('limits order placement per client', async () => {
    const cookie = await loginAs(t.app, 'fan@palco.co')
    const codes: number[] = []
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/orders',
        headers: { cookie },
        payload: {},
        remoteAddress: '10.77.0.1',
      })
      codes.push(res.statusCode)
    }
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true)
    expect(codes[20]).toBe(429)
  })

  it('documents every checkout and payment route in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = Object.keys(res.json().paths)
    for (const p of [
      '/api/checkout-service/cart',
      '/api/checkout-service/cart/promo',
      '/api/checkout-service/cart/balance',
      '/api/checkout/orders',
      '/api/checkout/orders/{id}',
      '/api/payments/webhooks/{provider}',
      '/api/payments/sandbox/payments/{paymentId}',
      '/api/payments/sandbox/payments/{paymentId}/approve',
    ]) {
      expect(paths).toContain(p)
    }
  })
})

describe('payment configuration', () => {
  it('keeps the sandbox dev endpoints out of production unless asked for', async () => {
    const prod = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }
    const off = await openTestApp('pglite', { env: prod })
    const on = await openTestApp('pglite', { env: { ...prod, SANDBOX_DEV_ENDPOINTS: 'true' } })
    try {
      const url = `/api/payments/sandbox/payments/${randomUUID()}`
      expect((await off.app.inject({ url })).statusCode).toBe(404)
      expect((await off.app.inject({ url })).json().code).toBe('ROUTE_NOT_FOUND')
      expect((await on.app.inject({ url })).json().code).toBe('NOT_FOUND')
      // The sandbox's hosted page is a dev page too: not offered where it cannot be shown.
      expect(off.app.checkout.providers.forCountry('COL').hostedCheckout).toBe(false)
      expect(on.app.checkout.providers.forCountry('COL').hostedCheckout).toBe(true)
      // The webhook route is always there.
      const hook = await off.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        payload: '{}',
      })
      expect(hook.statusCode).toBe(401)
    } finally {
      await off.close()
      await on.close()
    }
  })

  it('refuses to boot a real provider without its credentials', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER_MEX: 'mercadopago' })).toThrow(/MERCADOPAGO_ACCESS_TOKEN/)
    expect(() => loadConfig({ PAYMENT_PROVIDER_MEX: 'mercadopago' })).toThrow(/MERCADOPAGO_PUBLIC_KEY/)
    expect(() => loadConfig({ PAYMENT_PROVIDER_COL: 'kushki' })).toThrow(/KUSHKI_PRIVATE_KEY/)
    expect(() => loadConfig({ PAYMENT_PROVIDER_COL: 'paypal' })).toThrow(/PAYMENT_PROVIDER_COL/)
    expect(loadConfig({}).PAYMENT_PROVIDER_COL).toBe('sandbox')
  })
})
