import { randomUUID } from 'node:crypto'
import { inflateSync } from 'node:zlib'
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { userIdOf } from '../../test/ticket-fixtures.js'
import { reconcileOnce } from '../payments/reconcile.js'
import { voidCounterSale } from './counter-sales.service.js'

/**
 * The box office through its API (issue 15): shifts with a blind close, selling to a walk-in or a fan at the
 * counter with cash and change or the card terminal, voids, the audit trail, and who may do any of it.
 */

const CO = 'localhost:3000'

/**
 * The text a PDF draws, page by page, read from its content streams (pdf-lib writes each line as one hex
 * string in WinAnsi): enough to see what a printed ticket says.
 */
async function textOfPdf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'))
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents]
    const drawn = refs
      .map((ref) => {
        const stream = doc.context.lookup(ref as PDFRef)
        if (!(stream instanceof PDFRawStream)) return ''
        const deflated = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode')
        return Buffer.from(deflated ? inflateSync(stream.contents) : stream.contents).toString('latin1')
      })
      .join('\n')
    return [...drawn.matchAll(/<([0-9A-Fa-f]+)> Tj/g)]
      .map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'))
      .join('\n')
  })
}

const OPERATOR = 'operador@palco.co'

describe.each(ENGINES)('the box office on %s', (engine) => {
  let t: TestApp
  let operator: string
  let operatorId: string
  let fan: string
  let fanEmail: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    operator = await loginAs(t.app, OPERATOR)
    operatorId = await userIdOf(t.db.db, OPERATOR)
    fanEmail = `fan81.${Date.now()}@example.co`
    fan = await registerFan(t.app, 81, CO, fanEmail)
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.15.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie = operator,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, host: CO },
      remoteAddress: addr(),
      ...(payload ? { payload } : {}),
    })
  const hold = async (eventId: string, seats: string[]) => {
    const res = await call('POST', '/api/reservations', { eventId, seats })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    const cart = await call('GET', `/api/checkout-service/cart?reservation=${body.id}`)
    return { id: body.id as string, total: cart.json().total as number }
  }
  const sale = (
    reservation: { id: string; total: number },
    tenders: object[],
    buyer: object,
    key = randomUUID(),
    /** More of the sale's body: its entry document. */
    extra: object = {},
  ) =>
    call('POST', '/api/assistant/sales', {
      reservationId: reservation.id,
      buyer,
      tenders,
      expectedTotal: reservation.total,
      currency: 'COP',
      idempotencyKey: key,
      ...extra,
    })
  const walkIn = { kind: 'WALK_IN', name: 'Ana Gómez' }
  const shift = async () => (await call('GET', '/api/assistant/shift')).json().shift

  it('keeps fans out of every box-office route', async () => {
    for (const [method, url] of [
      ['GET', '/api/assistant/shift'],
      ['POST', '/api/assistant/shift'],
      ['POST', '/api/assistant/shift/close'],
      ['GET', '/api/assistant/fans?q=ana@example.co'],
      ['POST', '/api/assistant/sales'],
      ['GET', `/api/assistant/sales/${randomUUID()}`],
      ['POST', `/api/assistant/sales/${randomUUID()}/void`],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined, fan)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
    }
  })

  it('runs a shift: no sale before it opens, cash with change, the terminal, a void, and a blind close', async () => {
    const event = await seatedEvent(db())
    const first = await hold(event.id, ['NORTE/A-2', 'NORTE/A-3'])
    const refused = await sale(first, [{ kind: 'CASH', tendered: first.total }], walkIn)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('SHIFT_NOT_OPEN')

    expect((await call('POST', '/api/assistant/shift', { openingFloat: 50_000_00 })).statusCode).toBe(201)
    const again = await call('POST', '/api/assistant/shift', { openingFloat: 1 })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('SHIFT_ALREADY_OPEN')

    // Short cash and a terminal payment with no authorization are refused, and take nothing.
    const short = await sale(first, [{ kind: 'CASH', tendered: first.total - 1 }], walkIn)
    expect(short.statusCode).toBe(422)
    expect(short.json().code).toBe('TENDER_BELOW_DUE')
    const noRef = await sale(first, [{ kind: 'TPV', amount: first.total }], walkIn)
    expect(noRef.statusCode).toBe(422)
    expect(noRef.json().code).toBe('TENDER_REFERENCE_REQUIRED')

    // Two seats to a walk-in for cash, handing over more than the total: the change is recorded.
    const key = randomUUID()
    const paid = await sale(first, [{ kind: 'CASH', tendered: first.total + 15_000_00 }], walkIn, key)
    expect(paid.statusCode, paid.body).toBe(201)
    const receipt = paid.json()
    expect(receipt).toMatchObject({
      status: 'PAID',
      buyerName: 'Ana Gómez',
      total: first.total,
      change: 15_000_00,
      tenders: [{ kind: 'CASH', amount: first.total, tendered: first.total + 15_000_00, change: 15_000_00 }],
    })
    expect(receipt.tickets).toHaveLength(2)
    expect(receipt.voidableUntil).not.toBeNull()
    // A double tap answers the same sale.
    expect((await sale(first, [{ kind: 'CASH', tendered: first.total }], walkIn, key)).json().orderId).toBe(
      receipt.orderId,
    )

    // The tickets print for the operator who sold them, one page each; every print is counted.
    const pdf = await call('GET', `/api/assistant/sales/${receipt.orderId}/tickets.pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const sheets = await PDFDocument.load(pdf.rawPayload)
    expect(sheets.getPageCount()).toBe(2)
    expect(pdf.headers['x-palco-copy']).toBe('1')
    for (const page of await textOfPdf(pdf.rawPayload)) expect(page).not.toContain('REIMPRESI')
    // A second copy says so on every ticket, here on the 80 mm roll: pages 80 mm wide, as long as a ticket.
    const reprint = await call('GET', `/api/assistant/sales/${receipt.orderId}/tickets.pdf?layout=thermal`)
    expect(reprint.headers['x-palco-copy']).toBe('2')
    const reprinted = await textOfPdf(reprint.rawPayload)
    expect(reprinted).toHaveLength(2)
    for (const page of reprinted) expect(page).toContain('REIMPRESIÓN · copia 2')
    const roll = (await PDFDocument.load(reprint.rawPayload)).getPages().map((p) => p.getSize())
    expect(roll).toHaveLength(2)
    for (const size of roll) {
      expect(size.width).toBeCloseTo(226.8, 1)
      expect(size.height).toBeLessThan(sheets.getPage(0).getHeight())
    }
    expect(
      (await call('GET', `/api/assistant/sales/${receipt.orderId}/tickets.pdf?layout=a4`)).statusCode,
    ).toBe(400)
    expect(
      (await call('GET', `/api/assistant/sales/${receipt.orderId}/tickets.pdf`, undefined, fan)).statusCode,
    ).toBe(403)

    // Part on the terminal, the rest in cash: a terminal sale cannot be voided at the counter.
    const second = await hold(event.id, ['NORTE/B-1'])
    const split = await sale(
      second,
      [
        { kind: 'TPV', amount: 3_000_000, reference: 'AUT-778812' },
        { kind: 'CASH', tendered: second.total - 3_000_000 },
      ],
      walkIn,
    )
    expect(split.statusCode, split.body).toBe(201)
    expect(split.json().tenders.map((x: { kind: string }) => x.kind)).toEqual(['TPV', 'CASH'])
    const refusedVoid = await call('POST', `/api/assistant/sales/${split.json().orderId}/void`)
    expect(refusedVoid.statusCode).toBe(422)
    expect(refusedVoid.json().code).toBe('SALE_NOT_VOIDABLE')

    // The X report while open: totals by tender and event, but no expected cash (the close is blind).
    const open = await shift()
    expect(open).toMatchObject({
      totals: { sales: 2, voids: 0, cash: first.total + second.total - 3_000_000, terminal: 3_000_000 },
      expectedCash: null,
      difference: null,
    })

    // Voiding the cash sale: tickets revoked, seats on sale again, the cash out of the drawer's figure.
    const voided = await call('POST', `/api/assistant/sales/${receipt.orderId}/void`)
    expect(voided.statusCode, voided.body).toBe(200)
    expect(voided.json()).toMatchObject({ status: 'REFUNDED', voidableUntil: null })
    expect(voided.json().tickets.map((x: { status: string }) => x.status)).toEqual(['REFUNDED', 'REFUNDED'])
    expect((await call('POST', `/api/assistant/sales/${receipt.orderId}/void`)).json().code).toBe(
      'SALE_NOT_VOIDABLE',
    )
    const resold = await hold(event.id, ['NORTE/A-2', 'NORTE/A-3'])
    expect(resold.total).toBe(first.total)
    await call('DELETE' as 'POST', `/api/reservations/${resold.id}`)

    // Closing blind: the operator counts 1 000 short of what the drawer should hold.
    const expected = 50_000_00 + second.total - 3_000_000
    const closed = await call('POST', '/api/assistant/shift/close', { countedCash: expected - 1_000_00 })
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json()).toMatchObject({
      expectedCash: expected,
      countedCash: expected - 1_000_00,
      difference: -1_000_00,
      totals: { sales: 1, voids: 1 },
    })
    expect(await shift()).toBeNull()
    const late = await hold(event.id, ['NORTE/C-1'])
    expect((await sale(late, [{ kind: 'CASH', tendered: late.total }], walkIn)).json().code).toBe(
      'SHIFT_NOT_OPEN',
    )

    // Every action is in the audit log with the operator and the address it came from.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'address'])
      .where('actor_user_id', '=', operatorId)
      .orderBy('at')
      .execute()
    expect(audit.map((a) => a.action)).toEqual([
      'shift.open',
      'sale',
      'tickets.print',
      'tickets.print',
      'sale',
      'sale.void',
      'shift.close',
    ])
    expect(audit.every((a) => a.address?.startsWith('10.15.'))).toBe(true)
  })

  it('shows admins the closed shift’s report and the box office’s audit log, and no one else', async () => {
    const admin = await loginAs(t.app, 'admin@palco.co')
    for (const path of [
      '/api/backoffice/box-office/shifts',
      '/api/backoffice/box-office/audit',
      '/api/backoffice/courtesy-reasons',
    ]) {
      expect((await call('GET', path)).statusCode, path).toBe(403)
      expect((await call('GET', path, undefined, fan)).statusCode, path).toBe(403)
    }
    const reports = await call('GET', '/api/backoffice/box-office/shifts', undefined, admin)
    expect(reports.statusCode, reports.body).toBe(200)
    const closed = reports.json().shifts.find((s: { closedAt: string | null }) => s.closedAt)
    expect(closed).toMatchObject({
      operatorEmail: OPERATOR,
      difference: -1_000_00,
      totals: { sales: 1, voids: 1 },
    })
    const log = await call('GET', '/api/backoffice/box-office/audit', undefined, admin)
    expect(log.statusCode, log.body).toBe(200)
    const close = log.json().entries.find((e: { action: string }) => e.action === 'shift.close')
    expect(close).toMatchObject({
      actorEmail: OPERATOR,
      entityId: closed.id,
      changes: { difference: -1_000_00 },
      currency: 'COP',
    })
    // Mexico's back office does not list what Colombia's counters did.
    const mx = await t.app.inject({
      url: '/api/backoffice/box-office/audit',
      headers: { cookie: admin, host: 'mx.localhost:3000' },
    })
    expect(mx.json().entries.map((e: { id: string }) => e.id)).not.toContain(close.id)
    // The reasons come to admins in both languages to edit them.
    const reasons = await call('GET', '/api/backoffice/courtesy-reasons', undefined, admin)
    expect(reasons.json().reasons).toContainEqual({
      code: 'PRESS',
      nameEs: expect.any(String),
      nameEn: expect.any(String),
      active: true,
    })
    expect(close.address).toMatch(/^10\.15\./)
  })

  it('finds a fan by exact email without their purchases, and sells to them and to a pre-registered fan', async () => {
    await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const found = await call('GET', `/api/assistant/fans?q=${encodeURIComponent(fanEmail.toUpperCase())}`)
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json().fans).toHaveLength(1)
    const match = found.json().fans[0]
    expect(Object.keys(match).sort()).toEqual(['document', 'email', 'fanId', 'name', 'phone', 'registered'])
    expect(match.registered).toBe(true)
    // A partial email finds nobody: the counter cannot browse the fan base.
    expect((await call('GET', `/api/assistant/fans?q=${fanEmail.slice(0, 6)}`)).json().fans).toEqual([])

    const event = await seatedEvent(db())
    const forFan = await hold(event.id, ['NORTE/B-5'])
    const sold = await sale(forFan, [{ kind: 'CASH', tendered: forFan.total }], {
      kind: 'FAN',
      fanId: match.fanId,
    })
    expect(sold.statusCode, sold.body).toBe(201)
    const mine = await call('GET', '/api/myPurchases', undefined, fan)
    expect(JSON.stringify(mine.json())).toContain(sold.json().orderId)

    // Pre-registered at the counter, they see the ticket once they sign up with that email.
    const email = `pre81.${Date.now()}@example.co`
    const pre = await call('POST', '/api/v1/fans', { firstName: 'Luis', lastName: 'Pérez', email })
    expect(pre.statusCode, pre.body).toBe(201)
    const forPre = await hold(event.id, ['NORTE/B-6'])
    const preSale = await sale(forPre, [{ kind: 'CASH', tendered: forPre.total }], {
      kind: 'FAN',
      fanId: pre.json().id,
    })
    expect(preSale.statusCode, preSale.body).toBe(201)
    const later = await registerFan(t.app, 82, CO, email)
    const theirs = await call('GET', '/api/myTickets', undefined, later)
    expect(JSON.stringify(theirs.json())).toContain(event.id)
  })

  it('sells to one buyer after another past a zone’s per-fan maximum, which still binds each fan', async () => {
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const event = await seatedEvent(db(), { perFanMax: 2 })
    for (const seats of [
      ['NORTE/C-1', 'NORTE/C-2'],
      ['NORTE/C-3', 'NORTE/C-4'],
      ['NORTE/C-5', 'NORTE/C-6'],
    ]) {
      const held = await hold(event.id, seats)
      const sold = await sale(held, [{ kind: 'CASH', tendered: held.total }], walkIn)
      expect(sold.statusCode, sold.body).toBe(201)
    }
    const greedy = await call(
      'POST',
      '/api/reservations',
      { eventId: event.id, seats: ['NORTE/B-1', 'NORTE/B-2', 'NORTE/B-3'] },
      fan,
    )
    expect(greedy.statusCode).toBe(422)
    expect(greedy.json().code).toBe('MAX_PER_FAN_EXCEEDED')
  })

  it('gives courtesies for a reason within the event’s quota; past it only an admin may', async () => {
    const admin = await loginAs(t.app, 'admin@palco.co')
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const event = await seatedEvent(db())
    const quotaPath = `/api/backoffice/events/${event.id}/courtesy-quota`
    // Only an admin sets the quota.
    expect((await call('PUT', quotaPath, { quota: 2 })).statusCode).toBe(403)
    const set = await call('PUT', quotaPath, { quota: 2 }, admin)
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toMatchObject({ quota: 2, issued: 0, left: 2 })
    const reasons = (await call('GET', '/api/checkout-service/courtesy-reasons')).json().reasons
    expect(reasons.map((r: { code: string }) => r.code)).toContain('PRESS')

    const two = await hold(event.id, ['NORTE/A-4', 'NORTE/A-5'])
    const press = { kind: 'WALK_IN', name: 'Laura Prensa' }
    const noReason = await sale(two, [{ kind: 'COURTESY', reason: '' }], press)
    expect(noReason.json().code).toBe('COURTESY_REASON_REQUIRED')
    expect((await sale(two, [{ kind: 'COURTESY', reason: 'NOPE' }], press)).json().code).toBe(
      'COURTESY_REASON_REQUIRED',
    )
    const given = await sale(two, [{ kind: 'COURTESY', reason: 'PRESS' }], press)
    expect(given.statusCode, given.body).toBe(201)
    expect(given.json()).toMatchObject({
      status: 'PAID',
      change: 0,
      tenders: [{ kind: 'COURTESY', reference: 'PRESS' }],
    })
    const tickets = await db()
      .selectFrom('tickets')
      .select(['kind', 'courtesy_reason'])
      .where('order_id', '=', given.json().orderId)
      .execute()
    expect(tickets).toEqual([
      { kind: 'COURTESY', courtesy_reason: 'PRESS' },
      { kind: 'COURTESY', courtesy_reason: 'PRESS' },
    ])
    expect((await call('GET', `/api/assistant/events/${event.id}/courtesy-quota`)).json().left).toBe(0)

    // The next one past the quota is refused and nothing is sold: the seat is still the operator's to sell.
    const one = await hold(event.id, ['NORTE/A-6'])
    const over = await sale(one, [{ kind: 'COURTESY', reason: 'PRESS' }], press)
    expect(over.statusCode, over.body).toBe(409)
    expect(over.json().code).toBe('COURTESY_QUOTA_EXCEEDED')
    expect((await sale(one, [{ kind: 'CASH', tendered: one.total }], press)).statusCode).toBe(201)

    // Voiding a courtesy gives its places back to the quota; the shift counts courtesies apart from money.
    expect((await call('POST', `/api/assistant/sales/${given.json().orderId}/void`)).statusCode).toBe(200)
    expect((await call('GET', `/api/assistant/events/${event.id}/courtesy-quota`)).json().left).toBe(2)

    // An admin at the counter may go past the quota: that is the approval.
    await call('POST', '/api/assistant/shift', { openingFloat: 0 }, admin)
    const adminHold = await call(
      'POST',
      '/api/reservations',
      { eventId: event.id, seats: ['NORTE/B-8', 'NORTE/B-9', 'NORTE/B-10'] },
      admin,
    )
    expect(adminHold.statusCode, adminHold.body).toBe(201)
    const adminTotal = (
      await call('GET', `/api/checkout-service/cart?reservation=${adminHold.json().id}`, undefined, admin)
    ).json().total as number
    const approved = await call(
      'POST',
      '/api/assistant/sales',
      {
        reservationId: adminHold.json().id,
        buyer: press,
        tenders: [{ kind: 'COURTESY', reason: 'SPONSOR' }],
        expectedTotal: adminTotal,
        currency: 'COP',
        idempotencyKey: randomUUID(),
      },
      admin,
    )
    expect(approved.statusCode, approved.body).toBe(201)
    expect((await call('GET', `/api/assistant/events/${event.id}/courtesy-quota`)).json()).toMatchObject({
      quota: 2,
      issued: 3,
      left: 0,
    })
  })

  it('lets an operator assigned to events sell only those', async () => {
    const admin = await loginAs(t.app, 'admin@palco.co')
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const mine = await seatedEvent(db())
    const other = await seatedEvent(db())
    expect((await call('GET', '/api/assistant/events')).json()).toEqual({ all: true, eventIds: [] })
    const path = `/api/backoffice/operators/${operatorId}/events`
    expect((await call('PUT', path, { eventIds: [mine.id] })).statusCode).toBe(403)
    const assigned = await call('PUT', path, { eventIds: [mine.id] }, admin)
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(assigned.json()).toEqual({ all: false, eventIds: [mine.id] })

    const elsewhere = await hold(other.id, ['NORTE/C-3'])
    const refused = await sale(elsewhere, [{ kind: 'CASH', tendered: elsewhere.total }], walkIn)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('FORBIDDEN')
    const here = await hold(mine.id, ['NORTE/C-3'])
    expect((await sale(here, [{ kind: 'CASH', tendered: here.total }], walkIn)).statusCode).toBe(201)
    // Nothing was sold on the other event: its seat is still the operator's hold, sellable once allowed.
    await call('PUT', path, { eventIds: [] }, admin)
    expect((await sale(elsewhere, [{ kind: 'CASH', tendered: elsewhere.total }], walkIn)).statusCode).toBe(
      201,
    )
  })

  it('lets admins make a confirmed account an operator, list it, and take the box office away once its shift is closed', async () => {
    const admin = await loginAs(t.app, 'admin@palco.co')
    const email = `clerk82.${Date.now()}@example.co`
    const clerk = await registerFan(t.app, 82, CO, email)
    for (const [method, path] of [
      ['GET', '/api/backoffice/operators'],
      ['POST', '/api/backoffice/operators'],
      ['DELETE', `/api/backoffice/operators/${operatorId}`],
      ['GET', '/api/backoffice/box-office/events'],
    ] as const) {
      const body = method === 'POST' ? { email } : undefined
      expect((await call(method, path, body)).statusCode, path).toBe(403)
      expect((await call(method, path, body, clerk)).statusCode, path).toBe(403)
    }
    expect((await call('GET', '/api/assistant/shift', undefined, clerk)).statusCode).toBe(403)

    const grant = (who: string) => call('POST', '/api/backoffice/operators', { email: who }, admin)
    const unknown = await grant('nobody.here@example.co')
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'AUTH0003'])
    expect((await grant('admin@palco.co')).json().code).toBe('InvalidAccountTypeException')
    // Case and spaces as an admin types them; the person's own session gains the counter at once.
    const granted = await grant(` ${email.toUpperCase()} `)
    expect(granted.statusCode, granted.body).toBe(200)
    const clerkId = granted.json().userId
    expect(granted.json()).toMatchObject({ email, all: true, eventIds: [], shiftOpen: false })
    expect((await grant(email)).statusCode).toBe(200)
    const listed = (await call('GET', '/api/backoffice/operators', undefined, admin)).json().operators
    expect(listed.map((o: { email: string }) => o.email)).toEqual(expect.arrayContaining([OPERATOR, email]))
    expect(listed.filter((o: { email: string }) => o.email === email)).toHaveLength(1)

    const opened = await call('POST', '/api/assistant/shift', { openingFloat: 50_000_00 }, clerk)
    expect(opened.statusCode, opened.body).toBe(201)
    const path = `/api/backoffice/operators/${clerkId}`
    const busy = await call('DELETE', path, undefined, admin)
    expect([busy.statusCode, busy.json().code]).toEqual([409, 'OPERATOR_SHIFT_OPEN'])
    expect((await call('GET', '/api/assistant/shift', undefined, clerk)).json().shift).not.toBeNull()
    await call('POST', '/api/assistant/shift/close', { countedCash: 50_000_00 }, clerk)
    const revoked = await call('DELETE', path, undefined, admin)
    expect(revoked.statusCode, revoked.body).toBe(200)
    expect((await call('GET', '/api/assistant/shift', undefined, clerk)).statusCode).toBe(403)
    expect((await call('DELETE', path, undefined, admin)).statusCode).toBe(404)
    const after = (await call('GET', '/api/backoffice/operators', undefined, admin)).json().operators
    expect(after.map((o: { email: string }) => o.email)).not.toContain(email)

    const log = (await call('GET', '/api/backoffice/box-office/audit', undefined, admin)).json().entries
    const actions = log
      .filter((e: { entityId: string }) => e.entityId === clerkId)
      .map((e: { action: string }) => e.action)
    // Granted once (the second grant changed nothing), then revoked.
    expect(actions).toEqual(['operator.revoke', 'operator.grant'])
  })

  it('lists the country’s upcoming events with their courtesy quotas for admins', async () => {
    const admin = await loginAs(t.app, 'admin@palco.co')
    const event = await seatedEvent(db())
    await call('PUT', `/api/backoffice/events/${event.id}/courtesy-quota`, { quota: 7 }, admin)
    const list = await call('GET', '/api/backoffice/box-office/events', undefined, admin)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().events).toContainEqual(
      expect.objectContaining({ eventId: event.id, quota: 7, issued: 0, left: 7 }),
    )
    const mx = await t.app.inject({
      url: '/api/backoffice/box-office/events',
      headers: { cookie: admin, host: 'mx.localhost:3000' },
    })
    expect(mx.json().events.map((e: { eventId: string }) => e.eventId)).not.toContain(event.id)
  })

  it('starts a sale a fan pays later by voucher: the seats wait, the instructions are mailed, the tickets are theirs once paid, the drawer is untouched', async () => {
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const before = (await shift()).totals
    const event = await seatedEvent(db())
    const held = await hold(event.id, ['NORTE/C-4'])
    const found = await call('GET', `/api/assistant/fans?q=${encodeURIComponent(fanEmail)}`)
    const buyer = { kind: 'FAN', fanId: found.json().fans[0].fanId }
    const later = (who: object, key = randomUUID()) =>
      call('POST', '/api/assistant/orders', {
        reservationId: held.id,
        buyer: who,
        payment: { method: 'CASH', network: 'cash' },
        billing: { fullName: 'Fan Número 81', documentType: 'CC', documentNumber: '80123456' },
        expectedTotal: held.total,
        currency: 'COP',
        idempotencyKey: key,
      })
    // A walk-in has no account for the tickets to appear in: they pay at the counter instead.
    const walkInLater = await later({ kind: 'WALK_IN', name: 'Pedro Luego', email: 'pedro@example.co' })
    expect([walkInLater.statusCode, walkInLater.json().code]).toEqual([422, 'PAY_LATER_NEEDS_FAN'])
    const asFan = await t.app.inject({
      method: 'POST',
      url: '/api/assistant/orders',
      headers: { cookie: fan, host: CO },
      payload: {},
    })
    expect(asFan.statusCode).toBe(403)

    const key = randomUUID()
    const started = await later(buyer, key)
    expect(started.statusCode, started.body).toBe(201)
    const { order, next } = started.json()
    expect(order).toMatchObject({ status: 'PENDING_CASH_PAYMENT', result: 'PENDING_PAYMENT' })
    expect(order.voucher.reference).toMatch(/^\d+$/)
    expect(next).toMatch(new RegExp(`^/checkout/cash(/[a-z_]+)?\\?order=${order.id}$`))
    // A second tap answers the same order and mails nothing more.
    expect((await later(buyer, key)).json().order.id).toBe(order.id)
    const instructions = await db()
      .selectFrom('outbox_messages')
      .select(['recipient', 'text_body'])
      .where('template', '=', 'order.payment_instructions')
      .where('text_body', 'like', `%${order.code}%`)
      .execute()
    expect(instructions).toHaveLength(1)
    expect(instructions[0]?.recipient).toBe(fanEmail)
    expect(instructions[0]?.text_body).toContain(order.voucher.reference)
    expect((await call('GET', `/api/assistant/sales/${order.id}`)).json()).toMatchObject({
      status: 'PENDING_CASH_PAYMENT',
      payLater: { method: 'CASH', option: 'cash' },
      tickets: [],
    })

    // The fan pays at the store; the tickets are theirs, and nothing reached the drawer.
    const payment = await db()
      .selectFrom('payments')
      .select(['provider_payment_id'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/payments/${payment.provider_payment_id}/approve`,
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect((await call('GET', `/api/assistant/sales/${order.id}`)).json()).toMatchObject({ status: 'PAID' })
    const theirs = await call('GET', `/api/checkout/orders/${order.id}`, undefined, fan)
    expect(theirs.json()).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL' })
    expect(theirs.json().tickets).toHaveLength(1)
    expect((await shift()).totals).toMatchObject({ cash: before.cash, sales: before.sales })
    const admin = await loginAs(t.app, 'admin@palco.co')
    const log = (await call('GET', '/api/backoffice/box-office/audit', undefined, admin)).json().entries
    expect(log.find((e: { entityId: string }) => e.entityId === order.id)).toMatchObject({
      action: 'sale.pay_later',
      actorEmail: OPERATOR,
      changes: { buyer: buyer.fanId, method: 'cash', total: held.total },
    })
  })

  it('hands a fan a card payment link: the page and the seats last a day, the link is mailed and on the receipt; a refused card ends the sale, a paid one gives the fan the tickets', async () => {
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const before = (await shift()).totals
    const event = await seatedEvent(db())
    const found = await call('GET', `/api/assistant/fans?q=${encodeURIComponent(fanEmail)}`)
    const buyer = { kind: 'FAN', fanId: found.json().fans[0].fanId }
    const link = (held: { id: string; total: number }, key = randomUUID()) =>
      call('POST', '/api/assistant/orders', {
        reservationId: held.id,
        buyer,
        payment: { method: 'LINK' },
        billing: { fullName: 'Fan Número 81', documentType: 'CC', documentNumber: '80123456' },
        expectedTotal: held.total,
        currency: 'COP',
        idempotencyKey: key,
      })
    const pageOf = async (orderId: string) => {
      const receipt = (await call('GET', `/api/assistant/sales/${orderId}`)).json()
      return new URL(receipt.payLater.link.url, 'http://x').searchParams.get('payment') ?? ''
    }
    const decide = (page: string, action: 'approve' | 'decline') =>
      t.app.inject({ method: 'POST', url: `/api/payments/sandbox/payments/${page}/${action}` })

    const refused = await hold(event.id, ['NORTE/B-8'])
    const key = randomUUID()
    const started = await link(refused, key)
    expect(started.statusCode, started.body).toBe(201)
    const { order, next } = started.json()
    expect(order).toMatchObject({ method: 'LINK', result: 'PENDING_PAYMENT' })
    expect(next).toBe(`/checkout/pending?order=${order.id}`)
    expect((await link(refused, key)).json().order.id).toBe(order.id)
    // The operator's ten minutes become the link's day, for the hold and for the page.
    const kept = await db()
      .selectFrom('seat_holds')
      .select(['status', 'expires_at'])
      .where('id', '=', refused.id)
      .executeTakeFirstOrThrow()
    expect(kept.status).toBe('WAITING_FOR_PAYMENT')
    const hours = (new Date(kept.expires_at).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23)
    expect(hours).toBeLessThanOrEqual(24)
    const receipt = (await call('GET', `/api/assistant/sales/${order.id}`)).json()
    expect(receipt).toMatchObject({
      status: 'PENDING',
      payLater: {
        method: 'LINK',
        link: {
          url: expect.stringMatching(/^\/dev\/sandbox-checkout\?payment=/),
          until: new Date(kept.expires_at).toISOString(),
        },
      },
      tickets: [],
    })
    const mails = await db()
      .selectFrom('outbox_messages')
      .select(['recipient', 'text_body', 'html_body'])
      .where('template', '=', 'order.payment_instructions')
      .where('text_body', 'like', `%${order.code}%`)
      .execute()
    expect(mails).toHaveLength(1)
    expect(mails[0]?.recipient).toBe(fanEmail)
    expect(mails[0]?.text_body).toContain(`http://localhost:3000${receipt.payLater.link.url}`)
    expect(mails[0]?.html_body).toContain(`href="http://localhost:3000${receipt.payLater.link.url}"`)

    // A refused card ends the sale: the seat is on sale again at once, the receipt says so.
    const declined = await decide(await pageOf(order.id), 'decline')
    expect(declined.statusCode, declined.body).toBe(200)
    const ended = (await call('GET', `/api/assistant/sales/${order.id}`)).json()
    expect(ended.status).not.toMatch(/^PENDING/)
    expect(ended.payLater.link).toBeNull()
    expect((await hold(event.id, ['NORTE/B-8'])).id).toBeTruthy()

    // Paid on the page (the freed seat and one more, in the operator's one hold of the event): the tickets
    // are in the fan's account, and nothing reached the drawer.
    const paidLater = await link(await hold(event.id, ['NORTE/B-9']))
    expect(paidLater.statusCode, paidLater.body).toBe(201)
    const second = paidLater.json().order
    const approved = await decide(await pageOf(second.id), 'approve')
    expect(approved.statusCode, approved.body).toBe(200)
    expect((await call('GET', `/api/assistant/sales/${second.id}`)).json()).toMatchObject({
      status: 'PAID',
      payLater: { method: 'LINK', link: null },
    })
    const theirs = await call('GET', `/api/checkout/orders/${second.id}`, undefined, fan)
    expect(theirs.json()).toMatchObject({ status: 'PAID', result: 'SUCCESSFUL', method: 'LINK' })
    expect(theirs.json().tickets).toHaveLength(2)
    expect((await shift()).totals).toMatchObject({ cash: before.cash, sales: before.sales })
  })

  it('lets an admin find a terminal sale by its code and refund it, once: the gate refuses its tickets and its seat is on sale again', async () => {
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const event = await seatedEvent(db())
    const held = await hold(event.id, ['NORTE/C-5'])
    const sold = await sale(held, [{ kind: 'TPV', amount: held.total, reference: 'AUT-990011' }], walkIn)
    expect(sold.statusCode, sold.body).toBe(201)
    const { orderId, code } = sold.json()
    expect((await call('POST', `/api/assistant/sales/${orderId}/void`)).json().code).toBe('SALE_NOT_VOIDABLE')

    const admin = await loginAs(t.app, 'admin@palco.co')
    const lookup = `/api/backoffice/box-office/sales?code=${encodeURIComponent(code.toLowerCase())}`
    expect((await call('GET', lookup)).statusCode).toBe(403)
    const found = await call('GET', lookup, undefined, admin)
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json()).toMatchObject({ orderId, status: 'PAID', sellerName: 'Óscar Taquilla' })
    const mx = await t.app.inject({ url: lookup, headers: { cookie: admin, host: 'mx.localhost:3000' } })
    expect(mx.statusCode).toBe(404)

    const refund = (body: object, cookie = admin) =>
      call('POST', `/api/backoffice/box-office/sales/${orderId}/refund`, body, cookie)
    expect((await refund({ reason: 'Cliente devolvió las boletas' }, operator)).statusCode).toBe(403)
    expect((await refund({ reason: '' })).statusCode).toBe(400)
    const [first, second] = await Promise.all([
      refund({ reason: 'Cliente devolvió las boletas' }),
      refund({ reason: 'Cliente devolvió las boletas' }),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422])
    const refunded = first.statusCode === 200 ? first : second
    expect(refunded.json()).toMatchObject({ orderId, status: 'REFUNDED', voidableUntil: null })
    expect(refunded.json().tickets.map((x: { status: string }) => x.status)).toEqual(['REFUNDED'])
    expect((first.statusCode === 422 ? first : second).json().code).toBe('SALE_NOT_REFUNDABLE')
    // The seat is on sale again: the counter holds it for the next buyer.
    expect(
      (await call('POST', '/api/reservations', { eventId: event.id, seats: ['NORTE/C-5'] })).statusCode,
    ).toBe(201)
    const log = (await call('GET', '/api/backoffice/box-office/audit', undefined, admin)).json().entries
    expect(
      log.filter(
        (e: { entityId: string; action: string }) => e.entityId === orderId && e.action === 'sale.refund',
      ),
    ).toEqual([
      expect.objectContaining({
        actorEmail: 'admin@palco.co',
        changes: { reason: 'Cliente devolvió las boletas', total: held.total },
      }),
    ])
  })

  it('keeps seats reserved for a walk-in until a deadline; another counter collects them in its own shift; an unpaid one is released at its deadline', async () => {
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const before = (await shift()).totals
    const event = await seatedEvent(db())
    const hour = 3_600_000
    const reserve = (held: { id: string; total: number }, until: Date, key = randomUUID()) =>
      call('POST', '/api/assistant/reservations', {
        reservationId: held.id,
        buyer: walkIn,
        until: until.toISOString(),
        expectedTotal: held.total,
        currency: 'COP',
        idempotencyKey: key,
      })
    const held = await hold(event.id, ['NORTE/A-2', 'NORTE/A-3'])
    // Under an hour is a sale, past the event's start nobody can come to pay: refused, nothing kept.
    for (const until of [new Date(Date.now() + 30 * 60_000), new Date(Date.now() + 8 * 24 * hour)]) {
      const refused = await reserve(held, until)
      expect([refused.statusCode, refused.json().code]).toEqual([422, 'RESERVATION_DEADLINE_INVALID'])
    }
    const until = new Date(Date.now() + 2 * hour)
    const key = randomUUID()
    const reserved = await reserve(held, until, key)
    expect(reserved.statusCode, reserved.body).toBe(201)
    const r = reserved.json()
    expect(r).toMatchObject({
      status: 'PENDING_CASH_PAYMENT',
      reservedUntil: until.toISOString(),
      tenders: [],
      tickets: [],
      paidAt: null,
    })
    expect((await reserve(held, until, key)).json().orderId).toBe(r.orderId)
    // The seats are nobody else's meanwhile, and no money moved.
    expect(
      (await call('POST', '/api/reservations', { eventId: event.id, seats: ['NORTE/A-2'] }, fan)).statusCode,
    ).not.toBe(201)
    expect((await shift()).totals).toMatchObject({ sales: before.sales, cash: before.cash })

    // Another counter finds it by its code and takes the money in its own shift, once for a double tap.
    const admin = await loginAs(t.app, 'admin@palco.co')
    await call('POST', '/api/assistant/shift', { openingFloat: 0 }, admin)
    const adminShift = async () => (await call('GET', '/api/assistant/shift', undefined, admin)).json().shift
    const adminBefore = (await adminShift()).totals
    const found = await call('GET', `/api/assistant/sales?code=${r.code.toLowerCase()}`, undefined, admin)
    expect(found.json()).toMatchObject({ orderId: r.orderId, reservedUntil: until.toISOString() })
    const collect = (tenders: object[], k = randomUUID()) =>
      call('POST', `/api/assistant/sales/${r.orderId}/collect`, { tenders, idempotencyKey: k }, admin)
    expect((await collect([{ kind: 'CASH', tendered: held.total - 1 }])).json().code).toBe('TENDER_BELOW_DUE')
    expect((await collect([{ kind: 'COURTESY', reason: 'PRESS' }])).statusCode).toBe(400)
    const ck = randomUUID()
    const cash = [{ kind: 'CASH', tendered: held.total + 10_000_00 }]
    const [first, again] = await Promise.all([collect(cash, ck), collect(cash, ck)])
    expect([first.statusCode, again.statusCode], first.body).toEqual([200, 200])
    expect(again.json().orderId).toBe(r.orderId)
    expect(first.json()).toMatchObject({
      status: 'PAID',
      reservedUntil: null,
      change: 10_000_00,
      tenders: [{ kind: 'CASH', amount: held.total, tendered: held.total + 10_000_00 }],
    })
    expect(first.json().tickets).toHaveLength(2)
    expect((await adminShift()).totals).toMatchObject({
      sales: adminBefore.sales + 1,
      cash: adminBefore.cash + held.total,
    })
    // The sale is the collector's now; it is not collected twice.
    expect((await call('GET', `/api/assistant/sales/${r.orderId}`)).statusCode).toBe(404)
    expect((await collect(cash)).json().code).toBe('ORDER_NOT_PAYABLE')
    const log = (await call('GET', '/api/backoffice/box-office/audit', undefined, admin)).json().entries
    expect(
      log
        .filter((e: { entityId: string }) => e.entityId === r.orderId)
        .map((e: { action: string; actorEmail: string }) => [e.action, e.actorEmail])
        .sort(),
    ).toEqual([
      ['sale.collect', 'admin@palco.co'],
      ['sale.reserve', OPERATOR],
    ])

    // Nobody comes: at the deadline the reservation ends and its seat is on sale again.
    const unpaid = await hold(event.id, ['NORTE/A-4'])
    const lapsing = (await reserve(unpaid, until)).json()
    await reconcileOnce(t.app.checkout, { staleAfterMs: -60_000, now: new Date(Date.now() + 3 * hour) })
    expect((await call('GET', `/api/assistant/sales/${lapsing.orderId}`)).json()).toMatchObject({
      status: 'EXPIRED',
      reservedUntil: null,
    })
    expect(
      (await call('POST', '/api/reservations', { eventId: event.id, seats: ['NORTE/A-4'] })).statusCode,
    ).toBe(201)
  })

  it('sells tickets that admit by the holder’s identity document: each once, none after a transfer or a void', async () => {
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const event = await seatedEvent(db())
    const doc = { documentType: 'CC', documentNumber: 'ab-1020304' }
    const gate = (document: object) =>
      call('POST', '/api/checkin/identification', { eventId: event.id, gate: 'Norte 1', ...document })
    const two = await hold(event.id, ['NORTE/B-2', 'NORTE/B-3'])
    const badDoc = await sale(two, [{ kind: 'CASH', tendered: two.total }], walkIn, randomUUID(), {
      identification: { documentType: 'CC', documentNumber: '1' },
    })
    expect(badDoc.statusCode).toBe(400)
    const sold = await sale(two, [{ kind: 'CASH', tendered: two.total }], walkIn, randomUUID(), {
      identification: doc,
    })
    expect(sold.statusCode, sold.body).toBe(201)
    expect(sold.json().identification).toEqual({ documentType: 'CC', documentNumber: 'AB-1020304' })

    // Nobody else's document, nor the same number as another kind of document, gets in.
    expect((await gate({ documentType: 'CC', documentNumber: '99999999' })).json().result).toBe('INVALID')
    expect((await gate({ ...doc, documentType: 'CE' })).json().result).toBe('INVALID')
    // Two tickets: two entries, each a different seat, then the gate says they are all in.
    const first = (await gate(doc)).json()
    const second = (await gate({ ...doc, documentNumber: ' AB-1020304 ' })).json()
    expect([first.result, second.result]).toEqual(['VALID', 'VALID'])
    expect(new Set([first.ticket.seat, second.ticket.seat])).toEqual(new Set([2, 3]))
    const third = (await gate(doc)).json()
    expect(third).toMatchObject({ result: 'ALREADY_USED', gate: 'Norte 1' })
    expect(
      (await call('POST', '/api/checkin/identification', { eventId: event.id, gate: 'X', ...doc }, fan))
        .statusCode,
    ).toBe(403)

    // A fan's ticket by document stops admitting by it once given away: the receiver has another document.
    const found = await call('GET', `/api/assistant/fans?q=${encodeURIComponent(fanEmail)}`)
    const one = await hold(event.id, ['NORTE/B-4'])
    const theirs = await sale(
      one,
      [{ kind: 'CASH', tendered: one.total }],
      { kind: 'FAN', fanId: found.json().fans[0].fanId },
      randomUUID(),
      {
        identification: { documentType: 'CC', documentNumber: '80123456' },
      },
    )
    expect(theirs.statusCode, theirs.body).toBe(201)
    const ticketId = theirs.json().tickets[0].id
    const given = await call(
      'POST',
      `/api/tickets/${ticketId}/transfer`,
      { email: `friend81.${Date.now()}@example.co` },
      fan,
    )
    expect(given.statusCode, given.body).toBe(200)
    expect((await gate({ documentType: 'CC', documentNumber: '80123456' })).json().result).toBe('INVALID')

    // A voided sale's tickets no longer get in by document either.
    const three = await hold(event.id, ['NORTE/B-5'])
    const voided = await sale(three, [{ kind: 'CASH', tendered: three.total }], walkIn, randomUUID(), {
      identification: { documentType: 'PP', documentNumber: 'X1234567' },
    })
    expect((await call('POST', `/api/assistant/sales/${voided.json().orderId}/void`)).statusCode).toBe(200)
    expect((await gate({ documentType: 'PP', documentNumber: 'X1234567' })).json().result).toBe('INVALID')
  })

  it('lowers a price at the counter with a reason: by half at most for an operator, further for an admin, never up or to nothing', async () => {
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 0 })
    const event = await seatedEvent(db())
    const two = await hold(event.id, ['NORTE/C-2', 'NORTE/C-3'])
    const lowered = (total: number, reason = 'Silla con visibilidad reducida', tenders?: object[]) =>
      sale(two, tenders ?? [{ kind: 'CASH', tendered: total }], walkIn, randomUUID(), {
        priceOverride: { total, reason },
      })
    for (const total of [Math.floor(two.total / 2) - 1, two.total, two.total + 1]) {
      const refused = await lowered(total)
      expect([refused.statusCode, refused.json().code], String(total)).toEqual([
        422,
        'PRICE_OVERRIDE_INVALID',
      ])
    }
    expect((await lowered(0)).statusCode).toBe(400)
    expect((await lowered(two.total - 100, '')).statusCode).toBe(400)
    const courtesy = await lowered(two.total - 100, 'Prensa', [{ kind: 'COURTESY', reason: 'PRESS' }])
    expect(courtesy.json().code).toBe('PRICE_OVERRIDE_INVALID')

    // Cash for the lowered total sells it: the lines carry the prices actually charged.
    const price = Math.ceil((two.total * 0.6) / 100) * 100
    const sold = await lowered(price)
    expect(sold.statusCode, sold.body).toBe(201)
    expect(sold.json()).toMatchObject({ status: 'PAID', total: price, change: 0 })
    expect(sold.json().lines.reduce((sum: number, l: { total: number }) => sum + l.total, 0)).toBe(price)
    const admin = await loginAs(t.app, 'admin@palco.co')
    const log = (await call('GET', '/api/backoffice/box-office/audit', undefined, admin)).json().entries
    expect(
      log.find(
        (e: { entityId: string; action: string }) =>
          e.entityId === sold.json().orderId && e.action === 'price.override',
      ),
    ).toMatchObject({
      actorEmail: OPERATOR,
      changes: { listTotal: two.total, total: price, reason: 'Silla con visibilidad reducida' },
    })

    // An admin at the counter may lower it further: that is the approval.
    await call('POST', '/api/assistant/shift', { openingFloat: 0 }, admin)
    const held = await call('POST', '/api/reservations', { eventId: event.id, seats: ['NORTE/C-4'] }, admin)
    const cart = await call(
      'GET',
      `/api/checkout-service/cart?reservation=${held.json().id}`,
      undefined,
      admin,
    )
    const listTotal = cart.json().total as number
    const approved = await call(
      'POST',
      '/api/assistant/sales',
      {
        reservationId: held.json().id,
        buyer: walkIn,
        tenders: [{ kind: 'CASH', tendered: 100 }],
        expectedTotal: listTotal,
        priceOverride: { total: 100, reason: 'Cortesía parcial del club' },
        currency: 'COP',
        idempotencyKey: randomUUID(),
      },
      admin,
    )
    expect(approved.statusCode, approved.body).toBe(201)
    expect(approved.json().total).toBe(100)
  })

  it('keeps one currency per shift and each site to its own country’s sales (issue 40)', async () => {
    const mx = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: operator, host: 'mx.localhost:3000' },
        remoteAddress: addr(),
        ...(payload ? { payload } : {}),
      })
    if (!(await shift())) await call('POST', '/api/assistant/shift', { openingFloat: 10_000_000_00 })
    const before = await shift()
    expect(before.currency).toBe('COP')

    // A Mexican event sold for pesos from the Mexican site, into the Colombian drawer: refused, nothing taken.
    const mexican = await seatedEvent(db(), { country: 'MEX' })
    const held = await mx('POST', '/api/reservations', { eventId: mexican.id, seats: ['NORTE/A-4'] })
    expect(held.statusCode, held.body).toBe(201)
    const cart = await mx('GET', `/api/checkout-service/cart?reservation=${held.json().id}`)
    const refused = await mx('POST', '/api/assistant/sales', {
      reservationId: held.json().id,
      buyer: walkIn,
      tenders: [{ kind: 'CASH', tendered: cart.json().total }],
      expectedTotal: cart.json().total,
      currency: 'MXN',
      idempotencyKey: randomUUID(),
    })
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().code).toBe('SHIFT_OF_OTHER_COUNTRY')
    expect((await shift()).totals).toEqual(before.totals)

    // A Colombian sale is neither read nor voided from the Mexican site.
    const colombian = await seatedEvent(db())
    const seats = await hold(colombian.id, ['NORTE/A-5'])
    const sold = await sale(seats, [{ kind: 'CASH', tendered: seats.total }], walkIn)
    expect(sold.statusCode, sold.body).toBe(201)
    expect((await mx('GET', `/api/assistant/sales/${sold.json().orderId}`)).statusCode).toBe(404)
    expect((await mx('GET', `/api/assistant/sales?code=${sold.json().code}`)).statusCode).toBe(404)
    expect((await mx('POST', `/api/assistant/sales/${sold.json().orderId}/void`)).statusCode).toBe(409)
    expect((await call('GET', `/api/assistant/sales/${sold.json().orderId}`)).json().status).toBe('PAID')
  })

  it('refuses a void after 30 minutes', async () => {
    const current =
      (await shift()) ?? (await call('POST', '/api/assistant/shift', { openingFloat: 0 })).json()
    const event = await seatedEvent(db())
    const reservation = await hold(event.id, ['NORTE/C-2'])
    const sold = await sale(reservation, [{ kind: 'CASH', tendered: reservation.total }], walkIn)
    expect(sold.statusCode, sold.body).toBe(201)
    await expect(
      voidCounterSale(
        t.app.checkout,
        { userId: operatorId, country: 'COL', shiftId: current.id },
        sold.json().orderId,
        async () => {},
        new Date(Date.now() + 31 * 60_000),
      ),
    ).rejects.toMatchObject({ code: 'VOID_WINDOW_CLOSED' })
  })
})
