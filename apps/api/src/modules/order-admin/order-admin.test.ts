import { randomBytes, randomUUID } from 'node:crypto'
import type { PaymentChoice } from '@palco/domain/checkout/contract'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { staticDefaultCode } from '@palco/domain/tickets/qr-code'
import { type SqlBool, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { eventOnPlan } from '../../test/plan-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

/**
 * Issue 43 part 3 through HTTP: an organiser finds a fan's order by what the fan remembers, reads it whole,
 * refunds it (to the card, or to the wallet) once even when asked twice at the same moment, and resends its
 * tickets; another organiser finds nothing and refunds nothing; box-office staff read but do not refund.
 */

const CO = 'localhost:3000'
const REASON = 'The fan cannot attend'

const card = (): PaymentChoice => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return { method: 'CARD', cardToken: r.token, installments: 1, walletAmount: 0 }
}

describe.each(ENGINES)('the organiser console’s orders on %s', (engine) => {
  let t: TestApp
  let fan: string
  let ownerA: string
  let ownerB: string
  let boxA: string
  let admin: string
  let operator: string
  let ip = 0
  const email = `comprador.${Date.now()}@example.co`
  const { contact, billing } = demoCheckoutDetails(email)

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fan = await registerFan(t.app, 431, CO, `fan431.${Date.now()}@example.co`)
    ownerA = await loginAs(t.app, 'club@palco.co')
    ownerB = await loginAs(t.app, 'eventos@palco.co')
    boxA = await loginAs(t.app, 'taquilla.club@palco.co')
    admin = await loginAs(t.app, 'admin@palco.co')
    operator = await loginAs(t.app, 'operador@palco.co')
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.43.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, host: CO }, remoteAddress: addr(), payload })

  /** A published event of Liga Andina (organiser A) with a fan's paid card order of two seats. */
  const paidOrder = async (seats = ['NORTE/A-3', 'NORTE/A-4']) => {
    const eventId = await eventOnPlan(db(), false)
    const liga = await db()
      .selectFrom('organisers')
      .select('id')
      .where('slug', '=', 'liga-andina')
      .executeTakeFirstOrThrow()
    await db().updateTable('events').set({ organiser_id: liga.id }).where('id', '=', eventId).execute()
    const held = await as(fan, 'POST', '/api/reservations', { eventId, seats })
    expect(held.statusCode, held.body).toBe(201)
    const reservationId = held.json().id
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
    const order = placed.json().order
    expect(order.status).toBe('PAID')
    return { eventId, id: order.id as string, code: order.code as string, total: cart.json().total as number }
  }
  const tickets = (orderId: string) =>
    db().selectFrom('tickets').select(['id', 'status', 'qr_secret']).where('order_id', '=', orderId).execute()
  const balance = async () =>
    (await as(fan, 'GET', '/api/checkout-service/cart/balance')).json().balance as number

  it('finds an order by code, e-mail, document and card’s last four for its organiser only, and shows it whole', async () => {
    const o = await paidOrder()
    for (const q of [o.code, o.code.toLowerCase(), email.toUpperCase(), billing.documentNumber, '3704']) {
      const found = await as(ownerA, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`)
      expect(found.statusCode, found.body).toBe(200)
      expect(
        found.json().orders.map((r: { id: string }) => r.id),
        q,
      ).toContain(o.id)
    }
    const other = await as(ownerB, 'GET', `/api/admin/orders?q=${o.code}`)
    expect(other.json().orders).toEqual([])
    expect((await as(ownerB, 'GET', '/api/admin/orders?q=3704')).json().orders).toEqual([])
    expect((await as(ownerA, 'GET', '/api/admin/orders?q=3705')).json().orders).toEqual([])
    expect((await as(admin, 'GET', `/api/admin/orders?q=${o.code}`)).json().orders).toHaveLength(1)
    expect((await as(ownerA, 'GET', '/api/admin/orders?q=ab')).statusCode).toBe(400)

    const page = await as(ownerA, 'GET', `/api/admin/orders/${o.id}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({
      code: o.code,
      status: 'PAID',
      refundable: true,
      buyer: { email, hasWallet: true },
      total: { amount: o.total, currency: 'COP' },
      payments: [{ method: 'CARD', status: 'PAID', cardLast4: '3704' }],
      tickets: [{ status: 'PAID', checkedInAt: null }, { status: 'PAID' }],
    })
    expect(page.json().history.map((h: { action: string }) => h.action)).toEqual([
      'order.placed',
      'order.paid',
    ])
    expect((await as(ownerB, 'GET', `/api/admin/orders/${o.id}`)).statusCode).toBe(404)
  })

  it('refunds once to the card when asked twice at the same moment; the gate refuses its tickets', async () => {
    const o = await paidOrder(['NORTE/B-3', 'NORTE/B-4'])
    const [first, second] = await Promise.all([
      as(ownerA, 'POST', `/api/admin/orders/${o.id}/refund`, { to: 'ORIGINAL', reason: REASON }),
      as(ownerA, 'POST', `/api/admin/orders/${o.id}/refund`, { to: 'ORIGINAL', reason: REASON }),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409])
    const done = first.statusCode === 200 ? first : second
    expect(done.json()).toMatchObject({
      status: 'REFUNDED',
      refundable: false,
      notRefundableBecause: 'ALREADY_REFUNDED',
      payments: [{ status: 'REFUNDED', refundState: 'DONE', refundMethod: 'PROVIDER' }],
    })
    expect(done.json().history.map((h: { action: string }) => h.action)).toContain('order.refund')
    // The provider was asked once: its one payment is refunded.
    const [paid] = done.json().payments as { id: string }[]
    const row = await db()
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('id', '=', paid?.id as string)
      .executeTakeFirstOrThrow()
    const sandbox = await db()
      .selectFrom('sandbox_payments')
      .select('status')
      .where(sql<SqlBool>`id::text = ${row.provider_payment_id}`)
      .execute()
    expect(sandbox.map((s) => s.status)).toEqual(['REFUNDED'])
    const [ticket] = await tickets(o.id)
    expect(ticket?.status).toBe('REFUNDED')
    const scan = await as(operator, 'POST', '/api/checkin', {
      code: staticDefaultCode(
        { ticketId: ticket?.id as string, version: 1 },
        new Uint8Array(ticket?.qr_secret as Uint8Array),
      ),
      eventId: o.eventId,
      gate: 'Norte',
    })
    expect(scan.json().result).not.toBe('VALID')
    // Its seats are on sale again: another fan holds one.
    const again = await as(fan, 'POST', '/api/reservations', { eventId: o.eventId, seats: ['NORTE/B-3'] })
    expect(again.statusCode, again.body).toBe(201)
    const mails = await db()
      .selectFrom('outbox_messages')
      .select('text_body')
      .where('template', '=', 'order.refund')
      .where('recipient', '=', email)
      .execute()
    expect(mails.filter((m) => m.text_body.includes(o.code))).toHaveLength(1)
  })

  it('refunds to the wallet when asked, and refuses what it may not', async () => {
    const o = await paidOrder(['NORTE/C-3'])
    const before = await balance()
    expect(
      (await as(ownerB, 'POST', `/api/admin/orders/${o.id}/refund`, { to: 'WALLET', reason: REASON }))
        .statusCode,
    ).toBe(404)
    expect(
      (await as(boxA, 'POST', `/api/admin/orders/${o.id}/refund`, { to: 'WALLET', reason: REASON }))
        .statusCode,
    ).toBe(403)
    expect((await as(boxA, 'GET', `/api/admin/orders/${o.id}`)).statusCode).toBe(200)
    const bad = await as(ownerA, 'POST', `/api/admin/orders/${o.id}/refund`, { to: 'WALLET', reason: 'x' })
    expect(bad.statusCode).toBe(400)
    const refunded = await as(ownerA, 'POST', `/api/admin/orders/${o.id}/refund`, {
      to: 'WALLET',
      reason: REASON,
    })
    expect(refunded.statusCode, refunded.body).toBe(200)
    expect(refunded.json().payments).toMatchObject([{ status: 'REFUNDED', refundMethod: 'WALLET' }])
    expect(await balance()).toBe(before + o.total)
    const twice = await as(ownerA, 'POST', `/api/admin/orders/${o.id}/refund`, {
      to: 'WALLET',
      reason: REASON,
    })
    expect(twice.statusCode).toBe(409)
    expect(await balance()).toBe(before + o.total)
  })

  it('resends a paid order’s tickets, audited, and not a refunded one’s', async () => {
    const o = await paidOrder(['NORTE/C-4'])
    const count = async () =>
      (
        await db()
          .selectFrom('outbox_messages')
          .select('id')
          .where('template', '=', 'order.confirmation')
          .where('recipient', '=', email)
          .execute()
      ).length
    const before = await count()
    const sent = await as(ownerA, 'POST', `/api/admin/orders/${o.id}/resend`)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toEqual({ sentTo: email })
    expect(await count()).toBe(before + 1)
    expect((await as(ownerB, 'POST', `/api/admin/orders/${o.id}/resend`)).statusCode).toBe(404)
    const page = (await as(ownerA, 'GET', `/api/admin/orders/${o.id}`)).json()
    expect(page.history.at(-1)).toMatchObject({ action: 'order.tickets_resent', actor: 'club@palco.co' })
  })
})
