import { randomBytes, randomUUID } from 'node:crypto'
import type { OrderView } from '@palco/domain/checkout/contract'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { eventOnPlan } from '../../test/plan-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

/**
 * Paguitos at the box office (issues 15 and 16, `/assistant/installment`): a plan sold at the counter with a
 * cash deposit, its next installment paid by the fan from their account, and its balance taken at a counter
 * in a later shift — each payment in the drawer that took it, the tickets locked until the last.
 */

const CO = 'localhost:3000'
const OPERATOR = 'operador@palco.co'
const { billing } = demoCheckoutDetails('camila.compras@example.co')

describe.each(ENGINES)('paguitos plans at the box office, on %s', (engine) => {
  let t: TestApp
  let operator: string
  let fan: string
  let fanEmail: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    operator = await loginAs(t.app, OPERATOR)
    fanEmail = `fan162.${Date.now()}@example.co`
    fan = await registerFan(t.app, 162, CO, fanEmail)
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.17.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = operator) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, host: CO },
      remoteAddress: addr(),
      ...(payload ? { payload } : {}),
    })
  const shift = async () => (await call('GET', '/api/assistant/shift')).json().shift
  /** An event two months away sold with PLAN, and the operator's hold of one of its seats. */
  const heldOnPlan = async (seat: string) => {
    const eventId = await eventOnPlan(db())
    const res = await call('POST', '/api/reservations', { eventId, seats: [seat] })
    expect(res.statusCode, res.body).toBe(201)
    const quote = await call('GET', `/api/assistant/plans/quote?reservation=${res.json().id}`)
    expect(quote.statusCode, quote.body).toBe(200)
    return { eventId, reservationId: res.json().id as string, quote: quote.json() }
  }
  const fanBuyer = async () => {
    const found = await call('GET', `/api/assistant/fans?q=${encodeURIComponent(fanEmail)}`)
    return { kind: 'FAN', fanId: found.json().fans[0].fanId as string }
  }
  const sellPlan = (
    held: Awaited<ReturnType<typeof heldOnPlan>>,
    buyer: object,
    tenders: object[],
    key = randomUUID(),
    deposit = held.quote.schedule.deposit as number,
  ) =>
    call('POST', '/api/assistant/plans', {
      reservationId: held.reservationId,
      buyer,
      billing,
      tenders,
      expectedTotal: held.quote.total,
      expectedDeposit: deposit,
      currency: 'COP',
      idempotencyKey: key,
    })
  const ticketsOf = async (orderId: string) =>
    (await call('GET', `/api/myPurchases/tickets?purchaseId=${orderId}`, undefined, fan)).json().tickets as {
      status: string
      kind: string
    }[]

  it('sells on a plan with a cash deposit, lets the fan pay online and a later shift take the balance', async () => {
    if (await shift()) await call('POST', '/api/assistant/shift/close', { countedCash: 0 })
    expect((await call('POST', '/api/assistant/shift', { openingFloat: 0 })).statusCode).toBe(201)
    const held = await heldOnPlan('NORTE/A-5')
    const deposit = held.quote.schedule.deposit as number
    expect(deposit).toBeGreaterThan(0)
    expect(deposit).toBeLessThan(held.quote.total)
    const buyer = await fanBuyer()

    // A walk-in cannot be reminded or pay from an account; a stale deposit and short cash take nothing.
    const walkIn = await sellPlan(held, { kind: 'WALK_IN', name: 'Ana Gómez' }, [
      { kind: 'CASH', tendered: deposit },
    ])
    expect(walkIn.json().code).toBe('PAY_LATER_NEEDS_FAN')
    const stale = await sellPlan(
      held,
      buyer,
      [{ kind: 'CASH', tendered: deposit }],
      randomUUID(),
      deposit + 1,
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', details: { total: deposit } })
    const short = await sellPlan(held, buyer, [{ kind: 'CASH', tendered: deposit - 1 }])
    expect(short.json().code).toBe('TENDER_BELOW_DUE')
    const courtesy = await sellPlan(held, buyer, [{ kind: 'COURTESY', reason: 'PRENSA', recipient: 'X' }])
    expect(courtesy.statusCode).toBe(400)

    // Cash over the deposit: the change is given; a replay answers the same sale.
    const key = randomUUID()
    const sold = await sellPlan(held, buyer, [{ kind: 'CASH', tendered: deposit + 1_000_00 }], key)
    expect(sold.statusCode, sold.body).toBe(201)
    expect(sold.json().change).toBe(1_000_00)
    const replay = await sellPlan(held, buyer, [{ kind: 'CASH', tendered: deposit + 1_000_00 }], key)
    expect(replay.json()).toEqual(sold.json())
    const orderId = sold.json().orderId as string
    expect((await shift()).totals.cash).toBe(deposit)

    // The fan owns a plan like one bought online: locked tickets, the schedule, the next payment.
    const mine = (await call('GET', `/api/checkout/orders/${orderId}`, undefined, fan)).json() as OrderView
    expect(mine).toMatchObject({ status: 'PENDING', purchaseKind: 'INSTALLMENT', paid: deposit })
    expect(mine.plan?.lines.map((l) => l.status)).toEqual(['PAID', 'PENDING', 'PENDING'])
    expect((await ticketsOf(orderId)).map((x) => [x.status, x.kind])).toEqual([['LOCKED', 'DEPOSIT']])
    const seat = await db()
      .selectFrom('event_seats')
      .select('status')
      .where('event_id', '=', held.eventId)
      .where('row_label', '=', 'A')
      .where('seat_number', '=', 5)
      .executeTakeFirstOrThrow()
    expect(seat.status).toBe('SOLD')
    const mails = await db()
      .selectFrom('outbox_messages')
      .select('template')
      .where('recipient', '=', fanEmail)
      .where('template', '=', 'installment.opened')
      .execute()
    expect(mails).toHaveLength(1)

    // The fan pays the next installment by card from their account.
    const token = tokenizeSandboxCard(
      { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
      randomBytes,
    )
    if (!token.ok) throw new Error('tokenize failed')
    const next = mine.plan?.next?.amount ?? 0
    const online = await call(
      'POST',
      `/api/checkout/orders/${orderId}/payments`,
      {
        part: 'NEXT',
        payment: { method: 'CARD', cardToken: token.token, installments: 1, walletAmount: 0 },
        expectedAmount: next,
        idempotencyKey: randomUUID(),
      },
      fan,
    )
    expect(online.statusCode, online.body).toBe(201)

    // The next day's shift finds the plan by its code and takes the balance in cash.
    expect((await call('POST', '/api/assistant/shift/close', { countedCash: deposit })).statusCode).toBe(200)
    expect((await call('POST', '/api/assistant/shift', { openingFloat: 0 })).statusCode).toBe(201)
    const found = await call('GET', `/api/assistant/plans?code=${mine.code.toLowerCase()}`)
    expect(found.statusCode, found.body).toBe(200)
    const plan = found.json() as OrderView
    expect(plan.plan?.lines.map((l) => l.status)).toEqual(['PAID', 'PAID', 'PENDING'])
    const pay = (expectedAmount: number, part = 'BALANCE', payKey = randomUUID()) =>
      call('POST', `/api/assistant/plans/${orderId}/payments`, {
        part,
        expectedAmount,
        tenders: [{ kind: 'CASH', tendered: expectedAmount + 500_00 }],
        idempotencyKey: payKey,
      })
    const wrong = await pay(plan.outstanding + 1)
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json().code).toBe('AMOUNT_MISMATCH')
    const payKey = randomUUID()
    const paid = await pay(plan.outstanding, 'BALANCE', payKey)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toMatchObject({ change: 500_00, order: { status: 'PAID', outstanding: 0 } })
    expect((await pay(plan.outstanding, 'BALANCE', payKey)).json().order.status).toBe('PAID')
    // The balance is in this shift's drawer, the deposit stays in the first one's.
    expect((await shift()).totals.cash).toBe(plan.outstanding)
    expect((await ticketsOf(orderId)).map((x) => [x.status, x.kind])).toEqual([['VALID', 'PAID']])
    expect((await pay(1, 'NEXT')).json().code).toBe('ORDER_NOT_PAYABLE')
  })

  it('keeps fans out, and finds no plan that is not one', async () => {
    for (const [method, url] of [
      ['GET', '/api/assistant/plans?code=ABCDEF'],
      ['POST', '/api/assistant/plans'],
      ['POST', `/api/assistant/plans/${randomUUID()}/payments`],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined, fan)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
    expect((await call('GET', '/api/assistant/plans?code=NOPE1234')).statusCode).toBe(404)
    expect((await call('GET', `/api/assistant/plans/${randomUUID()}`)).statusCode).toBe(404)
  })
})
