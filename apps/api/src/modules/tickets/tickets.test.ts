import { randomBytes, randomUUID } from 'node:crypto'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import type { QrType } from '@palco/domain/tickets/qr'
import {
  dynamicCode,
  fromBase64Url,
  importVerifyKey,
  parseTicketCode,
  type QrMaterial,
  staticDefaultCode,
  verifyTicketCode,
} from '@palco/domain/tickets/qr-code'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import {
  insertPaidOrder,
  insertPassProduct,
  insertTicketEvent,
  userIdOf,
} from '../../test/ticket-fixtures.js'

const DAY = 24 * 3_600_000
const MINUTE = 60_000

describe.each(ENGINES)('tickets on %s', (engine) => {
  let t: TestApp
  let fanA: string
  let fanAId: string
  let fanB: string
  let fanBEmail: string
  let operator: string
  let n = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fanA = await loginAs(t.app, 'fan@palco.co')
    fanAId = await userIdOf(t.db.db, 'fan@palco.co')
    fanB = await registerFan(t.app, 71)
    fanBEmail = (await t.app.inject({ url: '/api/fan', headers: { cookie: fanB } })).json().email
    operator = await loginAs(t.app, 'operador@palco.co')
  })
  afterAll(async () => t?.close())

  const get = (url: string, cookie?: string, host?: string) =>
    t.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...(host ? { host } : {}) } })
  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload, remoteAddress: `10.7.0.${++n % 250}` })
  const scan = (code: string, eventId: string, gate = 'Puerta 1') =>
    post('/api/checkin', operator, { code, eventId, gate })
  /** What a gate that admitted the entry offline sends once the network is back. */
  const replay = (code: string, eventId: string, scannedAt: Date, gate = 'Puerta 1') =>
    post('/api/checkin', operator, { code, eventId, gate, scannedAt: scannedAt.toISOString() })

  /** The code a phone would show now, from GET /api/tickets/:id. */
  async function codeOf(ticketId: string, cookie = fanA, at = Date.now()): Promise<string> {
    const res = await get(`/api/tickets/${ticketId}`, cookie)
    expect(res.statusCode).toBe(200)
    const qr = res.json().qr as QrMaterial
    if ('code' in qr) return qr.code
    return dynamicCode(qr, at)
  }

  async function paidTickets(qrType: QrType = 'STATIC_DEFAULT', opts: { transferable?: boolean } = {}) {
    const event = await insertTicketEvent(t.db.db, { qrType, ...opts })
    const { order, tickets } = await insertPaidOrder(t.db.db, fanAId, event)
    return { event, order, ids: tickets.map((x) => x.id) }
  }

  describe('my purchases', () => {
    it('pages newest first (page 0, size 20 by default) with pending vouchers, scoped to the fan', async () => {
      const event = await insertTicketEvent(t.db.db)
      const old = await insertPaidOrder(t.db.db, fanAId, event, { createdAt: new Date(Date.now() - 3 * DAY) })
      const mid = await insertPaidOrder(t.db.db, fanAId, event, { createdAt: new Date(Date.now() - 2 * DAY) })
      const pending = await insertPaidOrder(t.db.db, fanAId, event, { status: 'PENDING_CASH_PAYMENT' })

      const first = await get('/api/myPurchases', fanA)
      expect(first.statusCode).toBe(200)
      expect(first.json()).toMatchObject({ page: 0, size: 20 })
      const ids = first.json().items.map((p: { id: string }) => p.id)
      expect(ids.indexOf(pending.order.id)).toBeLessThan(ids.indexOf(mid.order.id))
      expect(ids.indexOf(mid.order.id)).toBeLessThan(ids.indexOf(old.order.id))

      const page0 = (await get('/api/myPurchases?page=0&size=2', fanA)).json()
      const page1 = (await get('/api/myPurchases?page=1&size=2', fanA)).json()
      expect(page0.items).toHaveLength(2)
      expect(page0.total).toBe(first.json().total)
      expect(page0.totalPages).toBe(Math.ceil(page0.total / 2))
      expect(page1.items[0].id).not.toBe(page0.items[1].id)

      const p = first.json().items.find((x: { id: string }) => x.id === pending.order.id)
      expect(p).toMatchObject({
        status: 'PENDING_CASH_PAYMENT',
        method: 'CASH',
        total: 10_000_000,
        currency: 'COP',
        ticketCount: 0,
        pending: { kind: 'CASH', reference: '123456789012' },
      })
      expect(p.items).toHaveLength(2)
      const paid = first.json().items.find((x: { id: string }) => x.id === mid.order.id)
      expect(paid).toMatchObject({ status: 'PAID', pending: null, ticketCount: 2 })
      expect(paid.event).toMatchObject({ id: event.id, timeZone: 'America/Bogota' })

      expect((await get('/api/myPurchases', fanB)).json().items).toEqual([])
      expect((await get('/api/myPurchases')).statusCode).toBe(401)
      expect((await get('/api/myPurchases?size=500', fanA)).statusCode).toBe(400)
    })

    it("lists one purchase's tickets; another fan's purchase is 404", async () => {
      const { order, ids } = await paidTickets()
      const res = await get(`/api/myPurchases/tickets?purchaseId=${order.id}`, fanA)
      expect(res.statusCode).toBe(200)
      expect(res.json().purchase.id).toBe(order.id)
      expect(
        res
          .json()
          .tickets.map((x: { id: string }) => x.id)
          .sort(),
      ).toEqual([...ids].sort())
      expect(res.body).not.toMatch(/secret|"qr"/)
      expect((await get(`/api/myPurchases/tickets?purchaseId=${order.id}`, fanB)).statusCode).toBe(404)
    })
  })

  describe('my tickets', () => {
    it('groups by event, upcoming soonest first, past on request, and never carries a secret', async () => {
      const later = await insertTicketEvent(t.db.db, { startsAt: new Date(Date.now() + 30 * DAY) })
      const sooner = await insertTicketEvent(t.db.db, { startsAt: new Date(Date.now() + 2 * DAY) })
      const past = await insertTicketEvent(t.db.db, { startsAt: new Date(Date.now() - 10 * DAY) })
      for (const e of [later, sooner, past]) await insertPaidOrder(t.db.db, fanAId, e)

      const up = await get('/api/myTickets', fanA)
      expect(up.statusCode).toBe(200)
      const events = up.json().events.map((g: { event: { id: string } }) => g.event.id)
      expect(events.indexOf(sooner.id)).toBeLessThan(events.indexOf(later.id))
      expect(events).not.toContain(past.id)
      expect(up.body).not.toMatch(/secret|"qr"/)
      const group = up.json().events.find((g: { event: { id: string } }) => g.event.id === sooner.id)
      expect(group.tickets).toHaveLength(2)
      expect(group.tickets[0]).toMatchObject({ ownership: 'OWNED', status: 'VALID', kind: 'PAID' })

      const old = (await get('/api/myTickets?past=true', fanA)).json().events
      expect(old.map((g: { event: { id: string } }) => g.event.id)).toContain(past.id)
      expect(old.map((g: { event: { id: string } }) => g.event.id)).not.toContain(sooner.id)

      const one = await get(`/api/myTickets/event?eventId=${sooner.id}`, fanA)
      expect(one.statusCode).toBe(200)
      expect(one.json().tickets).toHaveLength(2)
      expect((await get(`/api/myTickets/event?eventId=${sooner.id}`, fanB)).statusCode).toBe(404)
      expect((await get('/api/myTickets')).statusCode).toBe(401)
    })

    it('labels the location by the stadium rules (ATS hides row and seat of unnumbered places)', async () => {
      const event = await insertTicketEvent(t.db.db, { stadiumCode: 'ATS' })
      const { tickets } = await insertPaidOrder(t.db.db, fanAId, event, { seats: 1, unnumbered: true })
      const detail = (await get(`/api/tickets/${tickets[0]?.id}`, fanA)).json()
      expect(detail.location).toEqual([
        { key: 'zone', value: 'Oriental' },
        { key: 'entrySide', value: '-' },
        { key: 'access', value: '-' },
        { key: 'section', value: '101' },
      ])
      const san = await insertTicketEvent(t.db.db, { stadiumCode: 'SAN' })
      const sanTickets = (await insertPaidOrder(t.db.db, fanAId, san, { seats: 1 })).tickets
      expect((await get(`/api/tickets/${sanTickets[0]?.id}`, fanA)).json().location).toEqual([
        { key: 'door', value: '-' },
        { key: 'locality', value: 'Oriental' },
        { key: 'section', value: '101' },
        { key: 'row', value: 'B' },
        { key: 'seat', value: '1' },
      ])
    })

    it('shows a ticket to its owner only, with rules and QR material, never cached', async () => {
      const { ids, event } = await paidTickets('STATIC_DEFAULT')
      const res = await get(`/api/tickets/${ids[0]}`, fanA)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toContain('no-store')
      expect(res.json()).toMatchObject({
        id: ids[0],
        event: { id: event.id, qrType: 'STATIC_DEFAULT' },
        ownership: 'OWNED',
        transferable: true,
        checkIn: null,
        rules: [
          { key: 'noWeapons', count: null },
          { key: 'noFood', count: null },
          { key: 'noSmoking', count: null },
          { key: 'maxTickets', count: 10 },
        ],
        qr: { type: 'STATIC_DEFAULT' },
      })
      expect((await get(`/api/tickets/${ids[0]}`, fanB)).statusCode).toBe(404)
      expect((await get(`/api/tickets/${ids[0]}`, operator)).statusCode).toBe(404)
      expect((await get('/api/tickets/00000000-0000-4000-8000-000000000000', fanA)).statusCode).toBe(404)
    })
  })

  describe('check-in by QR type', () => {
    it.each<QrType>(['STATIC_DEFAULT', 'STATIC_ENCRYPTED', 'DYNAMIC_DEFAULT', 'DYNAMIC_ENCRYPTED'])(
      '%s: admits once, then says when and where it was used',
      async (qrType) => {
        const { ids, event } = await paidTickets(qrType)
        const code = await codeOf(ids[0] as string)
        expect(parseTicketCode(code)?.type).toBe(qrType)
        const first = await scan(code, event.id, 'Puerta 3')
        expect(first.statusCode).toBe(200)
        expect(first.json()).toMatchObject({ result: 'VALID', gate: 'Puerta 3', ticket: { id: ids[0] } })
        const again = await scan(await codeOf(ids[0] as string).catch(() => code), event.id, 'Puerta 7')
        expect(again.json()).toMatchObject({
          result: 'ALREADY_USED',
          gate: 'Puerta 3',
          checkedInAt: first.json().checkedInAt,
        })
        // The fan's ticket now reads as used, without a code to show.
        const detail = (await get(`/api/tickets/${ids[0]}`, fanA)).json()
        expect(detail).toMatchObject({ status: 'USED', qr: null, checkIn: { gate: 'Puerta 3' } })
        // The other ticket of the order is still good; at another event's gate it is the wrong event.
        const other = await insertTicketEvent(t.db.db, { qrType })
        expect((await scan(await codeOf(ids[1] as string), other.id)).json().result).toBe('WRONG_EVENT')
      },
    )

    it('refuses a forged signature, a guessed secret and garbage', async () => {
      const signed = await paidTickets('STATIC_ENCRYPTED')
      const code = await codeOf(signed.ids[0] as string)
      const forged = `${code.slice(0, code.lastIndexOf('.') + 1)}${'A'.repeat(86)}`
      expect((await scan(forged, signed.event.id)).json()).toMatchObject({ result: 'INVALID', ticket: null })
      const moved = code.replace(signed.event.id, '00000000-0000-4000-8000-000000000000')
      expect((await scan(moved, signed.event.id)).json().result).toBe('INVALID')

      const plain = await paidTickets('STATIC_DEFAULT')
      const guessed = staticDefaultCode({ ticketId: plain.ids[0] as string, version: 1 }, new Uint8Array(32))
      expect((await scan(guessed, plain.event.id)).json().result).toBe('INVALID')
      expect((await scan('hello world', plain.event.id)).json().result).toBe('INVALID')
      // Nothing was admitted by the refusals.
      expect((await scan(await codeOf(plain.ids[0] as string), plain.event.id)).json().result).toBe('VALID')
    })

    it.each<QrType>(['DYNAMIC_DEFAULT', 'DYNAMIC_ENCRYPTED'])(
      '%s: a code from outside the time window is EXPIRED',
      async (qrType) => {
        const { ids, event } = await paidTickets(qrType)
        const stale = await codeOf(ids[0] as string, fanA, Date.now() - 60_000)
        expect((await scan(stale, event.id)).json().result).toBe('EXPIRED')
        const early = await codeOf(ids[0] as string, fanA, Date.now() + 120_000)
        expect((await scan(early, event.id)).json().result).toBe('EXPIRED')
        const live = await codeOf(ids[0] as string)
        expect((await scan(live, event.id)).json().result).toBe('VALID')
        // Replaying a stale code of a ticket already inside says so, rather than "expired".
        expect((await scan(stale, event.id)).json()).toMatchObject({
          result: 'ALREADY_USED',
          gate: 'Puerta 1',
        })
      },
    )

    it('offers the gate the events of its country that have not ended', async () => {
      const soon = await insertTicketEvent(t.db.db, { startsAt: new Date(Date.now() + DAY) })
      const ended = await insertTicketEvent(t.db.db, { startsAt: new Date(Date.now() - 5 * DAY) })
      const mx = await insertTicketEvent(t.db.db, { country: 'MEX' })
      const res = await get('/api/checkin/events', operator)
      expect(res.statusCode).toBe(200)
      const ids = res.json().events.map((e: { id: string }) => e.id)
      expect(ids).toContain(soon.id)
      expect(ids).not.toContain(ended.id)
      expect(ids).not.toContain(mx.id)
      expect((await get('/api/checkin/events', fanA)).statusCode).toBe(403)
    })

    it('is for operators only', async () => {
      const { ids, event } = await paidTickets()
      const code = await codeOf(ids[0] as string)
      expect((await post('/api/checkin', fanA, { code, eventId: event.id, gate: 'P1' })).statusCode).toBe(403)
      expect((await get(`/api/checkin/offline-package?eventId=${event.id}`, fanA)).statusCode).toBe(403)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/checkin',
            payload: { code, eventId: event.id, gate: 'P1' },
          })
        ).statusCode,
      ).toBe(401)
    })
  })

  describe('season passes and bundles (issue 13)', () => {
    /** Two matches a pass includes, one it does not, and the pass with two tickets bought for it. */
    async function pass(type: 'SEASON_PASS' | 'EVENT_BUNDLE' | 'TOUR_BUNDLE', qrType: QrType) {
      const first = await insertTicketEvent(t.db.db, { qrType, name: 'Fecha 1' })
      const second = await insertTicketEvent(t.db.db, { qrType, name: 'Fecha 2' })
      const elsewhere = await insertTicketEvent(t.db.db, { qrType, name: 'Otro partido' })
      const product = await insertPassProduct(t.db.db, [first, second], { type, qrType })
      const { tickets } = await insertPaidOrder(t.db.db, fanAId, product)
      return { first, second, elsewhere, product, ids: tickets.map((x) => x.id) as [string, string] }
    }

    it.each<['SEASON_PASS' | 'EVENT_BUNDLE' | 'TOUR_BUNDLE', QrType]>([
      ['SEASON_PASS', 'DYNAMIC_ENCRYPTED'],
      ['SEASON_PASS', 'DYNAMIC_DEFAULT'],
      ['EVENT_BUNDLE', 'STATIC_DEFAULT'],
      ['TOUR_BUNDLE', 'STATIC_ENCRYPTED'],
    ])('%s (%s): admitted once at each included event, nowhere else', async (type, qrType) => {
      const { first, second, elsewhere, ids } = await pass(type, qrType)
      const id = ids[0]

      const in1 = await scan(await codeOf(id), first.id, 'Norte')
      expect(in1.json()).toMatchObject({ result: 'VALID', gate: 'Norte', ticket: { id } })
      expect((await scan(await codeOf(id), first.id, 'Sur')).json()).toMatchObject({
        result: 'ALREADY_USED',
        gate: 'Norte',
        checkedInAt: in1.json().checkedInAt,
      })
      expect((await scan(await codeOf(id), elsewhere.id)).json().result).toBe('WRONG_EVENT')

      // Between the two matches the fan still holds a ticket with a code, listed once, not transferable.
      const between = (await get(`/api/tickets/${id}`, fanA)).json()
      expect(between).toMatchObject({ status: 'VALID', checkIn: null, transferable: false })
      expect(between.qr).not.toBeNull()
      const listed = (await get('/api/myTickets', fanA))
        .json()
        .events.flatMap((g: { tickets: { id: string }[] }) => g.tickets.map((x) => x.id))
      expect(listed.filter((x: string) => x === id)).toHaveLength(1)

      const code2 = await codeOf(id)
      const in2 = await scan(code2, second.id, 'Oriente')
      expect(in2.json()).toMatchObject({ result: 'VALID', gate: 'Oriente' })
      expect((await scan(code2, second.id, 'Occidente')).json()).toMatchObject({
        result: 'ALREADY_USED',
        gate: 'Oriente',
      })
      // Every included event seen: now it reads as used, with the last entry.
      expect((await get(`/api/tickets/${id}`, fanA)).json()).toMatchObject({
        status: 'USED',
        qr: null,
        checkIn: { gate: 'Oriente', at: in2.json().checkedInAt },
      })
      const rows = await t.db.db
        .selectFrom('ticket_checkins')
        .select(['event_id', 'gate'])
        .where('ticket_id', '=', id)
        .orderBy('checked_in_at')
        .execute()
      expect(rows).toEqual([
        { event_id: first.id, gate: 'Norte' },
        { event_id: second.id, gate: 'Oriente' },
      ])
    })

    it('is not transferred once used at any included event', async () => {
      const { second, ids } = await pass('SEASON_PASS', 'STATIC_DEFAULT')
      expect((await scan(await codeOf(ids[1]), second.id)).json().result).toBe('VALID')
      const res = await post(`/api/tickets/${ids[1]}/transfer`, fanA, { email: fanBEmail })
      expect([res.statusCode, res.json().code]).toEqual([409, 'TICKET_ALREADY_USED'])
    })

    it("is in each included event's offline package, with that event's entries only", async () => {
      const { first, second, elsewhere, product, ids } = await pass('SEASON_PASS', 'DYNAMIC_ENCRYPTED')
      const plain = await insertPaidOrder(t.db.db, fanAId, first, { seats: 1 })
      await scan(await codeOf(ids[1]), second.id, 'Oriente')

      const pkgOf = async (eventId: string) => {
        const res = await get(`/api/checkin/offline-package?eventId=${eventId}`, operator)
        expect(res.statusCode).toBe(200)
        return res.json()
      }
      const pkg = await pkgOf(first.id)
      expect(pkg.tickets.map((x: { ticketId: string }) => x.ticketId).sort()).toEqual(
        [...ids, plain.tickets[0]?.id].sort(),
      )
      expect(pkg.tickets.find((x: { ticketId: string }) => x.ticketId === ids[0])).toMatchObject({
        eventId: product.id,
        qrType: 'DYNAMIC_ENCRYPTED',
        secretDigest: null,
      })
      // The entry at the second match does not make the pass "already used" at the first one.
      expect(pkg.checkedIn).toEqual([])
      expect((await pkgOf(second.id)).checkedIn).toEqual([
        expect.objectContaining({ ticketId: ids[1], gate: 'Oriente' }),
      ])
      expect((await pkgOf(elsewhere.id)).tickets).toEqual([])

      // A gate offline at the first match verifies the pass's rotating signed code with the package alone.
      const publicKey = await importVerifyKey(fromBase64Url(pkg.publicKey) as Uint8Array)
      const entry = pkg.tickets.find((x: { ticketId: string }) => x.ticketId === ids[0])
      const offline = (gateEvent: string) =>
        codeOf(ids[0]).then((code) =>
          verifyTicketCode(
            parseTicketCode(code) as NonNullable<ReturnType<typeof parseTicketCode>>,
            {
              ticketId: entry.ticketId,
              eventId: entry.eventId,
              admits: new Set([pkg.eventId]),
              version: entry.version,
              qrType: entry.qrType,
              secret: fromBase64Url(entry.secret) as Uint8Array,
            },
            { eventId: gateEvent, nowMs: Date.now(), publicKey },
          ),
        )
      expect(await offline(first.id)).toBe('VALID')
      expect(await offline(elsewhere.id)).toBe('WRONG_EVENT')
    })
  })

  describe('entries sent late by an offline gate (issue 13)', () => {
    it('records the time the gate scanned, and judges a rotating code at that time', async () => {
      const { ids, event } = await paidTickets('DYNAMIC_ENCRYPTED')
      const scannedAt = new Date(Date.now() - 3 * MINUTE)
      // The code the phone showed three minutes ago: expired now, live when the gate read it.
      const shown = await codeOf(ids[0] as string, fanA, scannedAt.getTime())
      expect((await scan(shown, event.id)).json().result).toBe('EXPIRED')
      const res = await replay(shown, event.id, scannedAt, 'Norte')
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({
        result: 'VALID',
        gate: 'Norte',
        checkedInAt: scannedAt.toISOString(),
      })
      expect((await get(`/api/tickets/${ids[0]}`, fanA)).json().checkIn).toEqual({
        at: scannedAt.toISOString(),
        gate: 'Norte',
      })
      // Replayed again (a retry after a lost answer), it is the same entry.
      expect((await replay(shown, event.id, scannedAt, 'Norte')).json()).toMatchObject({
        result: 'ALREADY_USED',
        checkedInAt: scannedAt.toISOString(),
      })
    })

    it('refuses a scan time in the future or more than a day old, and admits nobody for it', async () => {
      const { ids, event } = await paidTickets('STATIC_DEFAULT')
      const code = await codeOf(ids[0] as string)
      for (const at of [new Date(Date.now() + 10 * MINUTE), new Date(Date.now() - DAY - MINUTE)]) {
        const res = await replay(code, event.id, at)
        expect([res.statusCode, res.json().code]).toEqual([422, 'RULE_BROKEN'])
      }
      expect(
        (await post('/api/checkin', operator, { code, eventId: event.id, gate: 'P', scannedAt: 'ayer' }))
          .statusCode,
      ).toBe(400)
      // A clock a few seconds fast is not a reason to lose the entry: it is recorded at the server's time.
      const before = Date.now()
      const fast = await replay(code, event.id, new Date(Date.now() + 30_000))
      expect(fast.json().result).toBe('VALID')
      expect(Date.parse(fast.json().checkedInAt)).toBeLessThanOrEqual(Date.now())
      expect(Date.parse(fast.json().checkedInAt)).toBeGreaterThanOrEqual(before - 1000)
    })
  })

  describe('transfer', () => {
    it('moves the ticket to a registered fan with a new code; both are notified; the old code is refused', async () => {
      const { ids, event } = await paidTickets('STATIC_DEFAULT')
      const id = ids[0] as string
      const oldCode = await codeOf(id)
      const res = await post(`/api/tickets/${id}/transfer`, fanA, { email: fanBEmail.toUpperCase() })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        ticketId: id,
        ownership: 'TRANSFERRED',
        receiverPreRegistered: false,
      })
      expect(res.json().transferredTo).not.toBe(fanBEmail)

      const senderView = (await get(`/api/tickets/${id}`, fanA)).json()
      expect(senderView).toMatchObject({ ownership: 'TRANSFERRED', status: 'TRANSFERRED', qr: null })
      const receiverView = (await get(`/api/tickets/${id}`, fanB)).json()
      expect(receiverView).toMatchObject({ ownership: 'RECEIVED', status: 'VALID', transferable: false })
      const receiverList = (await get('/api/myTickets', fanB)).json().events
      expect(
        receiverList.flatMap((g: { tickets: { id: string }[] }) => g.tickets.map((x) => x.id)),
      ).toContain(id)

      const mail = await t.db.db
        .selectFrom('outbox_messages')
        .select(['recipient', 'template'])
        .where('template', 'like', 'ticket.transfer.%')
        .execute()
      expect(mail).toEqual(
        expect.arrayContaining([
          { recipient: 'fan@palco.co', template: 'ticket.transfer.sent' },
          { recipient: fanBEmail, template: 'ticket.transfer.received' },
        ]),
      )

      expect((await scan(oldCode, event.id)).json().result).toBe('INVALID')
      const newCode = await codeOf(id, fanB)
      expect(newCode).not.toBe(oldCode)
      expect((await scan(newCode, event.id)).json().result).toBe('VALID')
    })

    it('refuses a second transfer by either side, to oneself, after check-in, and when the event forbids it', async () => {
      const { ids, event } = await paidTickets()
      const [a, b] = [ids[0] as string, ids[1] as string]
      const code = async (res: Promise<{ json(): { code: string }; statusCode: number }>) => {
        const r = await res
        return [r.statusCode, r.json().code]
      }
      expect(await code(post(`/api/tickets/${a}/transfer`, fanA, { email: 'fan@palco.co' }))).toEqual([
        422,
        'TRANSFER_TO_SELF',
      ])
      expect(
        await code(post(`/api/tickets/${a}/transfer`, fanA, { phonePrefix: '+57', phone: '3001234567' })),
      ).toEqual([422, 'TRANSFER_TO_SELF'])
      expect((await post(`/api/tickets/${a}/transfer`, fanA, { email: 'not-an-email' })).statusCode).toBe(400)

      expect((await post(`/api/tickets/${a}/transfer`, fanA, { email: fanBEmail })).statusCode).toBe(200)
      expect(await code(post(`/api/tickets/${a}/transfer`, fanA, { email: 'x@example.co' }))).toEqual([
        409,
        'TICKET_ALREADY_TRANSFERRED',
      ])
      expect(await code(post(`/api/tickets/${a}/transfer`, fanB, { email: 'fan@palco.co' }))).toEqual([
        409,
        'TICKET_ALREADY_TRANSFERRED',
      ])

      expect((await scan(await codeOf(b), event.id)).json().result).toBe('VALID')
      expect(await code(post(`/api/tickets/${b}/transfer`, fanA, { email: fanBEmail }))).toEqual([
        409,
        'TICKET_ALREADY_USED',
      ])

      const locked = await paidTickets('STATIC_DEFAULT', { transferable: false })
      expect(await code(post(`/api/tickets/${locked.ids[0]}/transfer`, fanA, { email: fanBEmail }))).toEqual([
        422,
        'TICKET_NOT_TRANSFERABLE',
      ])
      expect((await get(`/api/tickets/${locked.ids[0]}`, fanA)).json().transferable).toBe(false)
      // Someone else's ticket does not exist for this fan.
      expect(
        (await post(`/api/tickets/${locked.ids[0]}/transfer`, fanB, { email: fanBEmail })).statusCode,
      ).toBe(404)
    })

    it('pre-registers an unknown receiver by email or phone, who owns it once signed up', async () => {
      const { ids } = await paidTickets()
      const email = `amigo.${Date.now()}@example.co`
      const res = await post(`/api/tickets/${ids[0]}/transfer`, fanA, { email })
      expect(res.statusCode).toBe(200)
      expect(res.json().receiverPreRegistered).toBe(true)
      const fan = await t.db.db
        .selectFrom('fans')
        .select(['id', 'registration_status'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      expect(fan.registration_status).toBe('PRE_REGISTERED')
      const row = await t.db.db
        .selectFrom('tickets')
        .select(['owner_user_id', 'owner_fan_id', 'ownership'])
        .where('id', '=', ids[0] as string)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ owner_user_id: null, owner_fan_id: fan.id, ownership: 'RECEIVED' })

      const byPhone = await post(`/api/tickets/${ids[1]}/transfer`, fanA, {
        phonePrefix: '+57',
        phone: '3157654321',
      })
      expect(byPhone.statusCode).toBe(200)
      const sms = await t.db.db
        .selectFrom('outbox_messages')
        .select(['channel'])
        .where('recipient', '=', '+573157654321')
        .executeTakeFirstOrThrow()
      expect(sms.channel).toBe('sms')

      // Signing up with the pre-registered email completes that fan and the ticket is theirs.
      const userId = crypto.randomUUID()
      await t.db.db
        .insertInto('auth_users')
        .values({ id: userId, name: 'Amigo', email, emailVerified: true, image: null, role: 'fan' })
        .execute()
      await t.db.db.updateTable('fans').set({ user_id: userId }).where('id', '=', fan.id).execute()
      const { ticketDetail } = await import('./tickets.service.js')
      expect(await ticketDetail(t.db.db, { userId, email }, ids[0] as string)).toMatchObject({
        ownership: 'RECEIVED',
        status: 'VALID',
      })
    })
  })

  describe('through the real checkout', () => {
    it('a card purchase shows up in my purchases and my tickets, and its code gets in', async () => {
      const event = await seatedEvent(t.db.db)
      const held = await post('/api/reservations', fanA, {
        eventId: event.id,
        seats: ['NORTE/B-3', 'NORTE/B-4'],
      })
      expect(held.statusCode, held.body).toBe(201)
      const cart = (await get(`/api/checkout-service/cart?reservation=${held.json().id}`, fanA)).json()
      const card = tokenizeSandboxCard(
        { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
        randomBytes,
      )
      if (!card.ok) throw new Error('tokenize failed')
      const paid = await post('/api/checkout/orders', fanA, {
        reservationId: held.json().id,
        ...demoCheckoutDetails('fan@palco.co'),
        payment: { method: 'CARD', cardToken: card.token, installments: 1, walletAmount: 0 },
        expectedTotal: cart.total,
        currency: 'COP',
        idempotencyKey: randomUUID(),
      })
      expect(paid.statusCode, paid.body).toBeLessThan(300)
      const orderId = paid.json().order.id as string

      const purchases = (await get('/api/myPurchases', fanA)).json()
      expect(purchases.items[0]).toMatchObject({
        id: orderId,
        status: 'PAID',
        method: 'CARD',
        ticketCount: 2,
      })
      const mine = (await get(`/api/myPurchases/tickets?purchaseId=${orderId}`, fanA)).json()
      expect(mine.tickets).toHaveLength(2)
      const group = (await get(`/api/myTickets/event?eventId=${event.id}`, fanA)).json()
      expect(group.tickets.map((x: { id: string }) => x.id).sort()).toEqual(
        mine.tickets.map((x: { id: string }) => x.id).sort(),
      )
      expect((await scan(await codeOf(mine.tickets[0].id), event.id)).json().result).toBe('VALID')
    })
  })

  describe('PDF', () => {
    it('prints static tickets with their code and explains dynamic ones; owner only', async () => {
      const fixed = await paidTickets('STATIC_ENCRYPTED')
      const pdf = await get(`/api/tickets/${fixed.ids[0]}/pdf`, fanA)
      expect(pdf.statusCode).toBe(200)
      expect(pdf.headers['content-type']).toBe('application/pdf')
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
      const rotating = await paidTickets('DYNAMIC_DEFAULT')
      const dyn = await get(`/api/tickets/${rotating.ids[0]}/pdf`, fanA, 'mx.localhost:3000')
      expect(dyn.statusCode).toBe(200)
      expect(dyn.rawPayload.length).toBeLessThan(pdf.rawPayload.length)
      expect((await get(`/api/tickets/${fixed.ids[0]}/pdf`, fanB)).statusCode).toBe(404)
      // A whole purchase prints one page per ticket the fan still holds.
      const all = await get(`/api/myPurchases/pdf?purchaseId=${fixed.order.id}`, fanA)
      expect(all.statusCode).toBe(200)
      expect((await PDFDocument.load(all.rawPayload)).getPageCount()).toBe(2)
      expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1)
      expect((await get(`/api/myPurchases/pdf?purchaseId=${fixed.order.id}`, fanB)).statusCode).toBe(404)
    })
  })

  describe('offline package', () => {
    it('lets a gate verify without the network, knowing superseded and used tickets', async () => {
      const { ids, event } = await paidTickets('STATIC_DEFAULT')
      const oldCode = await codeOf(ids[0] as string)
      await post(`/api/tickets/${ids[0]}/transfer`, fanA, { email: fanBEmail })
      await scan(await codeOf(ids[1] as string), event.id, 'Norte')
      const res = await get(`/api/checkin/offline-package?eventId=${event.id}`, operator)
      expect(res.statusCode).toBe(200)
      const pkg = res.json()
      expect(pkg).toMatchObject({
        eventId: event.id,
        qrType: 'STATIC_DEFAULT',
        stepSeconds: 15,
        windowSteps: 1,
      })
      expect(pkg.revoked).toEqual([{ ticketId: ids[0], validVersion: 2 }])
      expect(pkg.checkedIn).toEqual([expect.objectContaining({ ticketId: ids[1], gate: 'Norte' })])
      // Static secrets travel only as digests.
      expect(pkg.tickets.every((x: { secret: string | null }) => x.secret === null)).toBe(true)

      const publicKey = await importVerifyKey(fromBase64Url(pkg.publicKey) as Uint8Array)
      const verifyOffline = async (code: string) => {
        const parsed = parseTicketCode(code)
        if (!parsed) return 'INVALID'
        const known = pkg.tickets.find((x: { ticketId: string }) => x.ticketId === parsed.ticketId)
        return verifyTicketCode(
          parsed,
          known && {
            ticketId: known.ticketId,
            eventId: known.eventId,
            admits: new Set([pkg.eventId]),
            version: known.version,
            qrType: known.qrType,
            secretDigest: fromBase64Url(known.secretDigest) as Uint8Array,
          },
          { eventId: event.id, nowMs: Date.now(), publicKey },
        )
      }
      expect(await verifyOffline(oldCode)).toBe('INVALID')
      expect(await verifyOffline(await codeOf(ids[0] as string, fanB))).toBe('VALID')
    })
  })
})
