import { randomBytes, randomUUID } from 'node:crypto'
import type { OrderView, PaymentChoice } from '@palco/domain/checkout/contract'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { staticDefaultCode } from '@palco/domain/tickets/qr-code'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { eventOnPlan } from '../../test/plan-fixtures.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { userIdOf } from '../../test/ticket-fixtures.js'
import { runPlanPass } from './installments.service.js'

/**
 * Issue 16 parts 2, 4, 5 and 6 through the HTTP interface, with the plan pass run at moved clocks: buying on
 * a plan, the locked ticket, paying on time and early, a voucher installment, and a missed plan cancelled
 * with its seats back on sale exactly once.
 */

const CO = 'localhost:3000'
const DAY = 86_400_000
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

const card = (holderName = 'APRO'): PaymentChoice => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName, expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return { method: 'CARD', cardToken: r.token, installments: 1, walletAmount: 0 }
}

describe.each(ENGINES)('paguitos plans at checkout, on %s', (engine) => {
  let t: TestApp
  let fan: string
  let fanId: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    const email = `fan161.${Date.now()}@example.co`
    fan = await registerFan(t.app, 161, CO, email)
    fanId = await userIdOf(t.db.db, email)
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.16.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: fan, host: CO }, remoteAddress: addr(), payload })
  /** An event two months away sold with PLAN, and a reservation of two of its seats. */
  const planEvent = async (seats = ['NORTE/A-3', 'NORTE/A-4']) => {
    const eventId = await eventOnPlan(db())
    const res = await call('POST', '/api/reservations', { eventId, seats })
    if (res.statusCode !== 201) throw new Error(`hold failed ${res.body}`)
    return { eventId, reservationId: res.json().id as string }
  }
  const buy = async (reservationId: string, payment: PaymentChoice = card(), saveCard?: boolean) => {
    const quote = (await call('GET', `/api/checkout-service/installment?reservation=${reservationId}`)).json()
    const res = await call('POST', '/api/checkout-service/installment', {
      reservationId,
      contact,
      billing,
      payment,
      expectedTotal: quote.total,
      currency: 'COP',
      idempotencyKey: randomUUID(),
      ...(saveCard === undefined ? {} : { saveCard }),
    })
    return { quote, res }
  }
  const view = async (orderId: string) =>
    (await call('GET', `/api/checkout/orders/${orderId}`)).json() as OrderView
  const payPart = (orderId: string, part: 'NEXT' | 'BALANCE', expectedAmount: number, payment = card()) =>
    call('POST', `/api/checkout/orders/${orderId}/payments`, {
      part,
      payment,
      expectedAmount,
      idempotencyKey: randomUUID(),
    })
  /** The order's voucher marked paid at the (sandbox) store, as the fan paying it in cash would. */
  const payVoucherOf = async (orderId: string) => {
    const payment = await db()
      .selectFrom('payments')
      .select(['provider_payment_id'])
      .where('order_id', '=', orderId)
      .where('method', '=', 'CASH')
      .executeTakeFirstOrThrow()
    return t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/payments/${payment.provider_payment_id}/approve`,
    })
  }
  const seatStates = (eventId: string) =>
    db()
      .selectFrom('event_seats')
      .select(['status'])
      .where('event_id', '=', eventId)
      .where('section_code', '=', 'NORTE')
      .where('row_label', '=', 'A')
      .where('seat_number', 'in', [3, 4])
      .execute()
  const myTickets = async (orderId: string) =>
    (await call('GET', `/api/myPurchases/tickets?purchaseId=${orderId}`)).json().tickets as {
      id: string
      status: string
      kind: string
    }[]
  const mails = (template: string) =>
    db()
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject'])
      .where('template', '=', template)
      .where('recipient', '=', contact.email)
      .execute()

  it('quotes the plan, sells the seats with the deposit, locks the tickets, and unlocks them with the last payment', async () => {
    const { eventId, reservationId } = await planEvent()
    const { quote, res } = await buy(reservationId)
    expect(
      quote.schedule.deposit +
        quote.schedule.payments.reduce((s: number, p: { amount: number }) => s + p.amount, 0),
    ).toBe(quote.total)
    expect(res.statusCode, res.body).toBe(201)
    const o = res.json().order as OrderView
    expect(res.json().next).toBe(`/checkout/successful_purchase?order=${o.id}`)
    expect(o).toMatchObject({
      status: 'PENDING',
      purchaseKind: 'INSTALLMENT',
      result: 'SUCCESSFUL',
      paid: quote.schedule.deposit,
    })
    expect(o.plan?.standing).toBe('CURRENT')
    expect(o.plan?.lines.map((l) => l.status)).toEqual(['PAID', 'PENDING', 'PENDING'])
    expect(o.plan?.next).toMatchObject({ seq: 1, amount: quote.schedule.payments[0].amount })
    expect((await seatStates(eventId)).map((s) => s.status)).toEqual(['SOLD', 'SOLD'])
    const hold = await db()
      .selectFrom('seat_holds')
      .select('status')
      .where('id', '=', reservationId)
      .executeTakeFirstOrThrow()
    expect(hold.status).toBe('BOOKED_FOREVER')

    // The locked ticket: listed, no code, not transferable, not printed.
    const tickets = await myTickets(o.id)
    expect(tickets.map((x) => [x.status, x.kind])).toEqual([
      ['LOCKED', 'DEPOSIT'],
      ['LOCKED', 'DEPOSIT'],
    ])
    const detail = (await call('GET', `/api/tickets/${tickets[0]?.id}`)).json()
    expect(detail).toMatchObject({ status: 'LOCKED', qr: null, transferable: false })
    expect((await call('GET', `/api/tickets/${tickets[0]?.id}/pdf`)).json()).toMatchObject({
      code: 'TICKET_LOCKED',
    })
    // A code made from the locked ticket's secret (it is never shown) is refused at the gate, saying why.
    const secret = await db()
      .selectFrom('tickets')
      .select('qr_secret')
      .where('id', '=', tickets[0]?.id ?? '')
      .executeTakeFirstOrThrow()
    const operator = await loginAs(t.app, 'operador@palco.co')
    const gate = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { cookie: operator, host: CO },
      payload: {
        code: staticDefaultCode(
          { ticketId: tickets[0]?.id ?? '', version: 1 },
          new Uint8Array(secret.qr_secret),
        ),
        eventId,
        gate: 'Puerta 1',
      },
    })
    expect(gate.json()).toMatchObject({ result: 'NOT_PAID' })
    const transfer = await call('POST', `/api/tickets/${tickets[0]?.id}/transfer`, {
      email: 'amigo@example.co',
    })
    expect(transfer.json()).toMatchObject({ code: 'TICKET_NOT_TRANSFERABLE' })
    expect(await mails('installment.opened')).toHaveLength(1)
    // The purchases list says it is a plan, so the page can lead to its installments.
    const purchases = (await call('GET', '/api/myPurchases')).json().items as { id: string; plan: boolean }[]
    expect(purchases.find((p) => p.id === o.id)?.plan).toBe(true)

    // A stale amount is refused with the right one; then the next installment, then the balance early.
    const first = o.plan?.next?.amount ?? 0
    const stale = await payPart(o.id, 'NEXT', first + 1)
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', details: { total: first } })
    const second = await payPart(o.id, 'NEXT', first)
    expect(second.statusCode, second.body).toBe(201)
    expect(second.json().order.plan.lines.map((l: { status: string }) => l.status)).toEqual([
      'PAID',
      'PAID',
      'PENDING',
    ])
    const rest = second.json().order.outstanding as number
    const last = await payPart(o.id, 'BALANCE', rest)
    expect(last.statusCode, last.body).toBe(201)
    expect(last.json().order).toMatchObject({
      status: 'PAID',
      outstanding: 0,
      plan: { standing: 'PAID', next: null },
    })
    const unlocked = await myTickets(o.id)
    expect(unlocked.map((x) => [x.status, x.kind])).toEqual([
      ['VALID', 'PAID'],
      ['VALID', 'PAID'],
    ])
    expect((await call('GET', `/api/tickets/${unlocked[0]?.id}`)).json().qr).not.toBeNull()
    // Nothing more to pay.
    expect((await payPart(o.id, 'NEXT', 1)).json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE' })
  })

  it('keeps the plan when an installment card declines, and takes an installment by voucher', async () => {
    const { eventId, reservationId } = await planEvent(['NORTE/B-1'])
    const o = (await buy(reservationId)).res.json().order as OrderView
    const amount = o.plan?.next?.amount ?? 0
    const declined = await payPart(o.id, 'NEXT', amount, card('OTHE'))
    expect(declined.json().order).toMatchObject({ status: 'PENDING', result: 'SUCCESSFUL' })
    const voucher = await payPart(o.id, 'NEXT', amount, { method: 'CASH', network: 'cash', walletAmount: 0 })
    expect(voucher.statusCode, voucher.body).toBe(201)
    const waiting = voucher.json().order as OrderView
    expect(waiting).toMatchObject({ status: 'PENDING', voucher: { amount } })
    // With a voucher out for it, what is left to ask for is only the installment after it.
    const after = o.plan?.lines[2]?.amount ?? 0
    expect((await payPart(o.id, 'BALANCE', 1)).json()).toMatchObject({ details: { total: after } })
    const approved = await payVoucherOf(o.id)
    expect(approved.statusCode, approved.body).toBe(200)
    const paid = await view(o.id)
    expect(paid.plan?.lines.map((l) => l.status)).toEqual(['PAID', 'PAID', 'PENDING'])
    expect(paid.status).toBe('PENDING')
    const seats = await db()
      .selectFrom('event_seats')
      .select('status')
      .where('event_id', '=', eventId)
      .where('status', '=', 'SOLD')
      .execute()
    expect(seats).toHaveLength(1)
  })

  it('reminds before and on the due date, warns when overdue, then cancels the plan once: seats back on sale, later payments to the wallet', async () => {
    const { eventId, reservationId } = await planEvent(['NORTE/C-1', 'NORTE/C-2'])
    const o = (await buy(reservationId)).res.json().order as OrderView
    const deps = t.app.checkout
    // Pay the first installment so one payment goes back to the wallet when the plan is cancelled.
    const firstAmount = o.plan?.next?.amount ?? 0
    expect((await payPart(o.id, 'NEXT', firstAmount)).statusCode).toBe(201)
    const due2 = Date.parse(o.plan?.lines[2]?.dueAt ?? '')
    const at = (ms: number) => new Date(ms)
    const noticesOf = () =>
      db()
        .selectFrom('installment_notices')
        .select(['seq', 'kind'])
        .where('order_id', '=', o.id)
        .orderBy('sent_at')
        .execute()
    await runPlanPass(deps, at(due2 - 5 * DAY))
    expect(await noticesOf()).toEqual([])
    await runPlanPass(deps, at(due2 - 2 * DAY))
    await runPlanPass(deps, at(due2 - 2 * DAY))
    await runPlanPass(deps, at(due2 + 3_600_000))
    await runPlanPass(deps, at(due2 + DAY + 3_600_000))
    expect(await noticesOf()).toEqual([
      { seq: 2, kind: 'DUE_SOON' },
      { seq: 2, kind: 'DUE_TODAY' },
      { seq: 2, kind: 'OVERDUE' },
    ])
    // Each notice once by mail and once by SMS to the order's phone, however many passes ran.
    const sms = await db()
      .selectFrom('outbox_messages')
      .select('template')
      .where('channel', '=', 'sms')
      .where('recipient', '=', contact.phone)
      .where('template', '=', 'installment.due_soon')
      .execute()
    expect(sms.length).toBeGreaterThanOrEqual(1)
    // Two processes past the grace at once: one cancels, the seats come back once.
    const late = at(due2 + 3 * DAY + 60_000)
    // (The earlier tests' open plans were bought at the same time on the same plan: they lapse too.)
    const open = await db()
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'PENDING')
      .where('plan_opened_at', 'is not', null)
      .execute()
    const [a, b] = await Promise.all([runPlanPass(deps, late), runPlanPass(deps, late)])
    expect(a.cancelled + b.cancelled).toBe(open.length)
    const cancelled = await view(o.id)
    expect(cancelled).toMatchObject({
      status: 'CANCELED',
      result: 'FAIL',
      failureCode: 'INSTALLMENT_MISSED',
      plan: { cancelled: true },
    })
    const seats = await db()
      .selectFrom('event_seats')
      .select(['status', 'hold_id'])
      .where('event_id', '=', eventId)
      .where('section_code', '=', 'NORTE')
      .where('row_label', '=', 'C')
      .where('seat_number', 'in', [1, 2])
      .execute()
    expect(seats).toEqual([
      { status: 'AVAILABLE', hold_id: null },
      { status: 'AVAILABLE', hold_id: null },
    ])
    expect(await myTickets(o.id)).toEqual([])
    const wallet = await db()
      .selectFrom('wallet_entries')
      .select(['amount', 'kind'])
      .where('order_id', '=', o.id)
      .execute()
    expect(wallet.map((w) => Number(w.amount))).toEqual([firstAmount])
    expect(await mails('installment.cancelled')).not.toHaveLength(0)
    // A cancelled plan takes no payment.
    expect((await payPart(o.id, 'NEXT', 1)).json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE' })
  })

  it('charges a saved card on each due date, once even when two passes run, and unlocks the tickets with the last', async () => {
    const { reservationId } = await planEvent(['NORTE/A-5', 'NORTE/A-6'])
    const { quote, res } = await buy(reservationId, card(), true)
    expect(quote.canSaveCard).toBe(true)
    expect(res.statusCode, res.body).toBe(201)
    const o = res.json().order as OrderView
    expect(o.plan?.autoCharge).toEqual({ brand: 'visa', last4: '3704' })
    const cards = (await call('GET', '/api/payments/cards')).json().cards
    expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '3704' })])
    const deps = t.app.checkout
    const due = (seq: number) => Date.parse(o.plan?.lines[seq]?.dueAt ?? '')
    // Not yet due: nothing charged.
    expect((await runPlanPass(deps, new Date(due(1) - 60_000))).charged).toBe(0)
    const [a, b] = await Promise.all([
      runPlanPass(deps, new Date(due(1))),
      runPlanPass(deps, new Date(due(1))),
    ])
    expect(a.charged + b.charged).toBeGreaterThanOrEqual(1)
    const once = await view(o.id)
    expect(once.payments.filter((p) => p.status === 'PAID')).toHaveLength(2)
    expect(once.plan?.lines.map((l) => l.status)).toEqual(['PAID', 'PAID', 'PENDING'])
    await runPlanPass(deps, new Date(due(2) + 60_000))
    const done = await view(o.id)
    expect(done).toMatchObject({ status: 'PAID', outstanding: 0 })
    expect((await myTickets(o.id)).map((x) => x.status)).toEqual(['VALID', 'VALID'])
    const keys = await db()
      .selectFrom('payments')
      .select('idempotency_key')
      .where('order_id', '=', o.id)
      .where('saved_card_id', 'is not', null)
      .orderBy('created_at')
      .execute()
    expect(keys.map((k) => k.idempotency_key).slice(1)).toEqual([`inst-${o.id}-1-0`, `inst-${o.id}-2-0`])
  })

  it('retries a declining saved card a day and two days later, then cancels; a removed card is never charged', async () => {
    const { reservationId } = await planEvent(['NORTE/B-4'])
    const o = (await buy(reservationId, card(), true)).res.json().order as OrderView
    // The card starts declining after the deposit (a sandbox card saved by OTHE declines).
    const declining = card('OTHE')
    if (declining.method !== 'CARD') throw new Error('card')
    const order = await db()
      .selectFrom('orders')
      .select('saved_card_id')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow()
    await db()
      .updateTable('saved_cards')
      .set({ provider_card_id: `sbxcard_${declining.cardToken.slice(4)}` })
      .where('id', '=', order.saved_card_id ?? '')
      .execute()
    const deps = t.app.checkout
    const due = Date.parse(o.plan?.lines[1]?.dueAt ?? '')
    for (const day of [0, 0.5, 1, 2, 2.5]) await runPlanPass(deps, new Date(due + day * DAY))
    const attempts = await db()
      .selectFrom('installment_charges')
      .select('attempt')
      .where('order_id', '=', o.id)
      .orderBy('attempt')
      .execute()
    expect(attempts.map((x) => x.attempt)).toEqual([0, 1, 2])
    const rejected = (await view(o.id)).payments.filter((p) => p.status === 'REJECTED')
    expect(rejected).toHaveLength(3)
    expect((await view(o.id)).status).toBe('PENDING')

    // Another plan whose card is removed: the pass sends the due notice instead of charging.
    const other = await planEvent(['NORTE/B-5'])
    const o2 = (await buy(other.reservationId, card(), true)).res.json().order as OrderView
    const row = await db()
      .selectFrom('orders')
      .select('saved_card_id')
      .where('id', '=', o2.id)
      .executeTakeFirstOrThrow()
    expect((await call('DELETE', `/api/payments/cards/${row.saved_card_id}`)).statusCode).toBe(204)
    expect((await view(o2.id)).plan?.autoCharge).toBeNull()
    const due2 = Date.parse(o2.plan?.lines[1]?.dueAt ?? '')
    await runPlanPass(deps, new Date(due2 + 60_000))
    expect((await view(o2.id)).payments).toHaveLength(1)
    await runPlanPass(deps, new Date(due + 3 * DAY + 60_000))
    expect((await view(o.id)).status).toBe('CANCELED')
  })

  it('lets a person trying the sandbox run the pass on their own plan at a moved clock', async () => {
    const { eventId, reservationId } = await planEvent(['NORTE/B-6'])
    const o = (await buy(reservationId)).res.json().order as OrderView
    const stranger = await registerFan(t.app, 163, CO, `fan163.${Date.now()}@example.co`)
    const at = new Date(Date.parse(o.plan?.lines[1]?.dueAt ?? '') + 4 * DAY).toISOString()
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/plans/${o.id}/pass`,
      headers: { cookie: stranger, host: CO },
      payload: { at },
    })
    expect(theirs.statusCode).toBe(404)
    const mine = await call('POST', `/api/payments/sandbox/plans/${o.id}/pass`, { at })
    expect(mine.json()).toEqual({ did: 'CANCELLED' })
    expect((await view(o.id)).status).toBe('CANCELED')
    const seat = await db()
      .selectFrom('event_seats')
      .select('status')
      .where('event_id', '=', eventId)
      .where('row_label', '=', 'B')
      .where('seat_number', '=', 6)
      .executeTakeFirstOrThrow()
    expect(seat.status).toBe('AVAILABLE')
  })

  it('offers no plan whose deposit would not cover the service fees', async () => {
    const { eventId, reservationId } = await planEvent(['NORTE/C-3'])
    // A fixed fee of 40 000 on an 80 000 place: the 25 % deposit of the 120 000 total (30 000) falls short.
    await db()
      .insertInto('event_fees')
      .values({ event_id: eventId, percent_bps: 0, fixed_amount: 4_000_000 })
      .execute()
    const { quote, res } = await buy(reservationId)
    expect(quote.schedule).toBeNull()
    expect(res.json()).toMatchObject({ code: 'INSTALLMENT_NOT_OFFERED' })
  })

  it('refunds to the wallet a voucher paid for an installment after its plan was cancelled', async () => {
    const { reservationId } = await planEvent(['NORTE/C-4'])
    const o = (await buy(reservationId)).res.json().order as OrderView
    const amount = o.plan?.next?.amount ?? 0
    const voucher = await payPart(o.id, 'NEXT', amount, { method: 'CASH', network: 'cash', walletAmount: 0 })
    expect(voucher.statusCode, voucher.body).toBe(201)
    const at = new Date(Date.parse(o.plan?.lines[1]?.dueAt ?? '') + 4 * DAY).toISOString()
    expect((await call('POST', `/api/payments/sandbox/plans/${o.id}/pass`, { at })).json()).toEqual({
      did: 'CANCELLED',
    })
    const late = await payVoucherOf(o.id)
    expect(late.statusCode, late.body).toBe(200)
    const after = await view(o.id)
    expect(after.payments.find((p) => p.method === 'CASH')?.status).toBe('REFUNDED')
    expect(after.tickets).toHaveLength(1)
    expect((await myTickets(o.id)).map((x) => x.status)).toEqual([])
    const wallet = await db()
      .selectFrom('wallet_entries')
      .select(['amount'])
      .where('order_id', '=', o.id)
      .execute()
    expect(wallet.map((w) => Number(w.amount))).toContain(amount)
  })

  it('keeps a plan whose missed installment is paid within the grace, and does not cancel it after', async () => {
    const { reservationId } = await planEvent(['NORTE/C-5'])
    const o = (await buy(reservationId)).res.json().order as OrderView
    const due = Date.parse(o.plan?.lines[1]?.dueAt ?? '')
    const pass = (days: number) =>
      call('POST', `/api/payments/sandbox/plans/${o.id}/pass`, {
        at: new Date(due + days * DAY).toISOString(),
      })
    expect((await pass(1.5)).json()).toEqual({ did: 'NOTIFIED' })
    // Overdue, then paid: the plan goes on, and the pass past the first grace leaves it alone.
    expect((await payPart(o.id, 'NEXT', o.plan?.next?.amount ?? 0)).statusCode).toBe(201)
    expect((await pass(3.5)).json()).toEqual({ did: 'NOTHING' })
    const after = await view(o.id)
    expect(after).toMatchObject({ status: 'PENDING', plan: { cancelled: false } })
    expect(after.plan?.lines.map((l) => l.status)).toEqual(['PAID', 'PAID', 'PENDING'])
  })

  it('refuses an event without a plan, the wallet for a deposit, and another fan', async () => {
    const event = await seatedEvent(db())
    const res = await call('POST', '/api/reservations', { eventId: event.id, seats: ['NORTE/B-2'] })
    expect(res.statusCode, res.body).toBe(201)
    const reservationId = res.json().id as string
    const quote = (await call('GET', `/api/checkout-service/installment?reservation=${reservationId}`)).json()
    expect(quote).toMatchObject({ schedule: null })
    expect((await buy(reservationId)).res.json()).toMatchObject({ code: 'INSTALLMENT_NOT_OFFERED' })
    const planned = await planEvent(['NORTE/B-3'])
    expect((await buy(planned.reservationId, { method: 'WALLET' })).res.json()).toMatchObject({
      code: 'PAYMENT_METHOD_UNAVAILABLE',
    })
    const stranger = await registerFan(t.app, 162, CO, `fan162.${Date.now()}@example.co`)
    const other = await t.app.inject({
      url: `/api/checkout-service/installment?reservation=${planned.reservationId}`,
      headers: { cookie: stranger, host: CO },
    })
    expect(other.statusCode).toBe(404)
    expect(fanId).toBeTruthy()
  })
})
