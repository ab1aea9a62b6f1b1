import { gunzipSync } from 'node:zlib'
import { decodeRuns } from '@palco/domain/seating/availability'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { notifySeatChangesSoon } from './holds.repository.js'
import { feedPayloads } from './live-feed.js'
import { sweepOnce } from './sweeper.js'

describe.each(ENGINES)('seating on %s', (engine) => {
  let t: TestApp
  let fanA: string
  let fanB: string
  let operator: string
  let n = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fanA = await loginAs(t.app, 'fan@palco.co')
    fanB = await registerFan(t.app, 1)
    operator = await loginAs(t.app, 'operador@palco.co')
  })
  afterAll(async () => t?.close())

  const hold = (cookie: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie },
      payload: body,
      remoteAddress: `10.1.0.${++n % 250}`,
    })
  const seats = async (eventId: string) =>
    (await t.app.inject({ url: `/api/seats?eventId=${eventId}` })).json()
  const stateOf = async (eventId: string, section: string, index: number) => {
    // Past the shared-snapshot window, so the answer reflects the last write.
    await new Promise((r) => setTimeout(r, 550))
    return decodeRuns((await seats(eventId)).sections[section])[index]
  }

  it('serves the layout with the zone of each section, and 404 across countries', async () => {
    const event = await seatedEvent(t.db.db)
    const res = await t.app.inject({ url: `/api/event/seat-layout?eventId=${event.id}` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.layout.sections.map((s: { code: string }) => s.code)).toEqual(['NORTE', 'GENERAL', 'CERRADA'])
    expect(body.zones.NORTE).toMatchObject({ name: 'Norte', price: { amount: 8_000_000, currency: 'COP' } })
    const again = await t.app.inject({
      url: `/api/event/seat-layout?eventId=${event.id}`,
      headers: { 'if-none-match': res.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    // A zone's new price under the same layout is a new answer, not "not modified" with the old price.
    await sql`update price_zones set price_amount = 9000000 where event_id = ${event.id} and name = 'Norte'`.execute(
      t.db.db,
    )
    const repriced = await t.app.inject({
      url: `/api/event/seat-layout?eventId=${event.id}`,
      headers: { 'if-none-match': res.headers.etag as string },
    })
    expect(repriced.statusCode).toBe(200)
    expect(repriced.json().zones.NORTE.price.amount).toBe(9_000_000)
    expect(
      (
        await t.app.inject({
          url: `/api/event/seat-layout?eventId=${event.id}`,
          headers: { host: 'mx.localhost:3000' },
        })
      ).statusCode,
    ).toBe(404)
    expect((await t.app.inject({ url: '/api/seats?eventId=not-a-uuid' })).statusCode).toBe(400)
    expect(
      (await t.app.inject({ url: '/api/seats?eventId=00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404)
  })

  it('shows a change whose transaction committed after a newer one was already read', async () => {
    const event = await seatedEvent(t.db.db)
    expect(await stateOf(event.id, 'NORTE', 5)).toBe('A')
    const sell = (index: number, seq: ReturnType<typeof sql>) =>
      sql`update event_seats set status = 'SOLD', change_seq = ${seq}
          where event_id = ${event.id} and section_code = 'NORTE' and place_index = ${index}`.execute(t.db.db)
    // A transaction takes its number, another takes the next one and commits first...
    const { rows } = await sql<{ seq: string }>`select nextval('seat_change_seq') as seq`.execute(t.db.db)
    const early = Number(rows[0]?.seq)
    await sell(5, sql`nextval('seat_change_seq')`)
    expect(await stateOf(event.id, 'NORTE', 5)).toBe('S')
    // ...then the first commits, with a number lower than the version the map already has.
    await sell(6, sql`${early}`)
    expect(await stateOf(event.id, 'NORTE', 6)).toBe('S')
    expect(await stateOf(event.id, 'NORTE', 7)).toBe('A')
  })

  it('encodes availability per section with blocked and unsold sections as B', async () => {
    const event = await seatedEvent(t.db.db)
    const body = await seats(event.id)
    // A-1 is BLOCKED; C-10 (EXCLUSIVE) is for sale to those entitled, so the map marks it from the layout.
    expect(body.sections).toEqual({ NORTE: 'BA29', GENERAL: 'A20', CERRADA: 'B5' })
    expect(body.version).toBeGreaterThanOrEqual(0)
    const first = await t.app.inject({ url: `/api/seats?eventId=${event.id}` })
    const again = await t.app.inject({
      url: `/api/seats?eventId=${event.id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    // Browsers ask for gzip: the same body, compressed once per version.
    const zipped = await t.app.inject({
      url: `/api/seats?eventId=${event.id}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(body)
  })

  it('holds seats for 10 minutes, shows them held to everyone, and refuses them to another fan', async () => {
    const event = await seatedEvent(t.db.db)
    const res = await hold(fanA, { eventId: event.id, seats: ['NORTE/B-5', 'NORTE/B-6'] })
    expect(res.statusCode, res.body).toBe(201)
    const view = res.json()
    expect(view.status).toBe('BOOKED')
    expect(view.seats.map((s: { key: string }) => s.key)).toEqual(['NORTE/B-5', 'NORTE/B-6'])
    expect(view.total).toBe(16_000_000)
    const minutes = (Date.parse(view.expiresAt) - Date.parse(view.createdAt)) / 60_000
    expect(minutes).toBeCloseTo(10, 1)
    expect(await stateOf(event.id, 'NORTE', 14)).toBe('H')

    const clash = await hold(fanB, { eventId: event.id, seats: ['NORTE/B-4', 'NORTE/B-5'] })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({ code: 'SEAT_UNAVAILABLE', details: { seats: ['NORTE/B-5'] } })
    // All or nothing: B-4 was free but is not held either.
    expect(await stateOf(event.id, 'NORTE', 13)).toBe('A')
  })

  it('makes one hold of a double click', async () => {
    const event = await seatedEvent(t.db.db)
    const [a, b] = await Promise.all([
      hold(fanA, { eventId: event.id, seats: ['NORTE/A-3'] }),
      hold(fanA, { eventId: event.id, seats: ['NORTE/A-3'] }),
    ])
    const ok = [a, b].filter((r) => r.statusCode === 201)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    const ids = new Set(ok.map((r) => r.json().id))
    expect(ids.size).toBe(1)
    const holds = await t.db.db
      .selectFrom('seat_holds')
      .select('id')
      .where('event_id', '=', event.id)
      .execute()
    expect(holds).toHaveLength(1)
  })

  it('gives a seat asked for by several fans at once to exactly one, and tells the others at once', async () => {
    const event = await seatedEvent(t.db.db)
    const fans = [fanA, fanB, await registerFan(t.app, 71), await registerFan(t.app, 72)]
    const answers = await Promise.all(fans.map((f) => hold(f, { eventId: event.id, seats: ['NORTE/C-5'] })))
    expect(
      answers.filter((r) => r.statusCode === 201),
      answers.map((r) => r.body).join('\n'),
    ).toHaveLength(1)
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409)
      expect(r.json()).toMatchObject({ code: 'SEAT_UNAVAILABLE' })
    }
    // Once answered, the seat's claim is gone: the winner can release it and another fan take it.
    const winner = answers.findIndex((r) => r.statusCode === 201)
    const id = answers[winner]?.json().id
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/reservations/${id}`,
      headers: { cookie: fans[winner] as string },
    })
    expect(gone.statusCode, gone.body).toBeLessThan(300)
    const next = fans[(winner + 1) % fans.length] as string
    expect((await hold(next, { eventId: event.id, seats: ['NORTE/C-5'] })).statusCode).toBe(201)
  })

  it('holds a quantity of an unnumbered section, all or nothing', async () => {
    const event = await seatedEvent(t.db.db, { perFanMax: 50 })
    const ok = await hold(fanA, { eventId: event.id, section: 'GENERAL', quantity: 15 })
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json().seats).toHaveLength(15)
    const tooMany = await hold(fanB, { eventId: event.id, section: 'GENERAL', quantity: 6 })
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().details).toEqual({ section: 'GENERAL', available: 5 })
    expect((await hold(fanB, { eventId: event.id, section: 'GENERAL', quantity: 5 })).statusCode).toBe(201)
  })

  it.each([
    [['NORTE/Z-99'], 'SEAT_NOT_FOUND', 422],
    [['bogus'], 'SEAT_NOT_FOUND', 422],
    [['NORTE/A-1'], 'SEAT_NOT_SELECTABLE', 422],
    [['NORTE/C-10'], 'SEAT_NOT_SELECTABLE', 422],
    [['CERRADA/UNNUMBERED-1'], 'SEAT_NOT_SELECTABLE', 422],
  ])('refuses %o with %s and holds nothing', async (keys, code, status) => {
    const event = await seatedEvent(t.db.db)
    const res = await hold(fanB, { eventId: event.id, seats: [...keys, 'NORTE/B-1'] })
    expect(res.statusCode, res.body).toBe(status)
    expect(res.json().code).toBe(code)
    expect(await stateOf(event.id, 'NORTE', 10)).toBe('A')
  })

  it('lets an operator take an EXCLUSIVE seat', async () => {
    const event = await seatedEvent(t.db.db)
    expect((await hold(operator, { eventId: event.id, seats: ['NORTE/C-10'] })).statusCode).toBe(201)
  })

  it('enforces the per-fan maximum across requests', async () => {
    const event = await seatedEvent(t.db.db, { perFanMax: 3 })
    expect((await hold(fanA, { eventId: event.id, seats: ['NORTE/A-2', 'NORTE/A-3'] })).statusCode).toBe(201)
    const over = await hold(fanA, { eventId: event.id, seats: ['NORTE/A-4', 'NORTE/A-5'] })
    expect(over.statusCode).toBe(422)
    expect(over.json().code).toBe('MAX_PER_FAN_EXCEEDED')
    expect(await stateOf(event.id, 'NORTE', 3)).toBe('A')
    expect((await hold(fanA, { eventId: event.id, seats: ['NORTE/A-4'] })).statusCode).toBe(201)
  })

  it('adds, removes and releases seats; another fan never sees a hold', async () => {
    const event = await seatedEvent(t.db.db)
    const created = (await hold(fanA, { eventId: event.id, seats: ['NORTE/B-1', 'NORTE/B-2'] })).json()
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/reservations/${created.id}`,
      headers: { cookie: fanA },
      payload: { add: ['NORTE/B-3'], remove: ['NORTE/B-1'] },
    })
    expect(patch.statusCode, patch.body).toBe(200)
    expect(patch.json().seats.map((s: { key: string }) => s.key)).toEqual(['NORTE/B-2', 'NORTE/B-3'])
    expect(
      (await t.app.inject({ url: `/api/reservations/${created.id}`, headers: { cookie: fanB } })).statusCode,
    ).toBe(404)
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/reservations/${created.id}`,
          headers: { cookie: fanB },
        })
      ).statusCode,
    ).toBe(404)
    const current = await t.app.inject({
      url: `/api/reservations?eventId=${event.id}`,
      headers: { cookie: fanA },
    })
    expect(current.json().reservation.id).toBe(created.id)

    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/reservations/${created.id}`,
      headers: { cookie: fanA },
    })
    expect(released.json()).toMatchObject({ status: 'CANCELLED', seats: [] })
    expect(await stateOf(event.id, 'NORTE', 11)).toBe('A')
    expect((await t.app.inject({ url: `/api/reservations?eventId=${event.id}` })).statusCode).toBe(401)
  })

  it('lets an expired hold go: the seat is free for the next fan and the old hold cannot be extended', async () => {
    const event = await seatedEvent(t.db.db)
    const created = (await hold(fanA, { eventId: event.id, seats: ['NORTE/C-1'] })).json()
    await t.db.db
      .updateTable('seat_holds')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.id)
      .execute()
    await t.db.db
      .updateTable('event_seats')
      .set({ hold_expires_at: new Date(Date.now() - 1000) })
      .where('hold_id', '=', created.id)
      .execute()

    const view = await t.app.inject({ url: `/api/reservations/${created.id}`, headers: { cookie: fanA } })
    expect(view.json().status).toBe('EXPIRED')
    const extend = await t.app.inject({
      method: 'PATCH',
      url: `/api/reservations/${created.id}`,
      headers: { cookie: fanA },
      payload: { add: ['NORTE/C-2'] },
    })
    expect(extend.json().code).toBe('HOLD_EXPIRED')
    // Taken by another fan before any sweeper ran: expiry is decided in the granting statement.
    expect((await hold(fanB, { eventId: event.id, seats: ['NORTE/C-1'] })).statusCode).toBe(201)
  })

  it('sweeps expired holds and pushes the change to the live feed', async () => {
    const event = await seatedEvent(t.db.db)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address() as { port: number }
    const controller = new AbortController()
    const stream = await fetch(`http://127.0.0.1:${address.port}/api/seats/stream?eventId=${event.id}`, {
      signal: controller.signal,
    })
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    const messages: string[] = []
    const reading = (async () => {
      const decoder = new TextDecoder()
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
        if (done) return
        messages.push(decoder.decode(value))
      }
    })()

    const created = (await hold(fanA, { eventId: event.id, seats: ['NORTE/C-5'] })).json()
    await expect.poll(() => messages.join(''), { timeout: 2000 }).toContain('"state":"H"')
    await t.db.db
      .updateTable('event_seats')
      .set({ hold_expires_at: new Date(Date.now() - 1000) })
      .where('hold_id', '=', created.id)
      .execute()
    await t.db.db
      .updateTable('seat_holds')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.id)
      .execute()
    expect(await sweepOnce(t.db.db)).toBeGreaterThanOrEqual(1)
    await expect.poll(() => messages.join(''), { timeout: 2000 }).toContain('"state":"A"')
    const hold1 = await t.db.db
      .selectFrom('seat_holds')
      .select('status')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(hold1.status).toBe('EXPIRED')
    controller.abort()
    await reading
  })

  it('sends every change of holds that finish together, each as its own feed message', async () => {
    // Holds that finish while a NOTIFY is on its way share the next statement; none may be lost or merged.
    const received: string[] = []
    const stop = await t.db.listen('seat_changes', (payload) => received.push(payload))
    const payloads = [1, 2, 3, 4, 5].map((k) => JSON.stringify({ eventId: `batch-${engine}`, k }))
    await Promise.all(payloads.map((p) => notifySeatChangesSoon(t.db.db, [p])))
    await expect.poll(() => received.filter((p) => p.includes(`batch-${engine}`)).sort()).toEqual(payloads)
    await stop()
  })

  it('proposes adjacent seats without stranding one', async () => {
    const event = await seatedEvent(t.db.db)
    await hold(fanA, { eventId: event.id, seats: ['NORTE/A-5'] })
    await new Promise((r) => setTimeout(r, 550))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seats/best-available',
      payload: { eventId: event.id, quantity: 3 },
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.section).toBe('NORTE')
    expect(body.seats).toHaveLength(3)
    const numbers = body.seats.map((k: string) => Number(k.split('-').pop()))
    expect(numbers[2] - numbers[0]).toBe(2)
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/seats/best-available',
      payload: { eventId: event.id, quantity: 12 },
    })
    expect(tooMany.statusCode).toBe(409)
  })

  const bestAvailable = (eventId: string, quantity: number, remoteAddress = `10.2.0.${++n % 250}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/seats/best-available',
      payload: { eventId, quantity },
      remoteAddress,
    })

  it('refuses the 31st best-available call of a minute from one address with 429 problem JSON', async () => {
    const event = await seatedEvent(t.db.db)
    const address = '10.3.0.1'
    for (let i = 0; i < 30; i++) {
      const ok = await bestAvailable(event.id, 2, address)
      expect(ok.statusCode, `call ${i + 1}: ${ok.body}`).toBe(200)
    }
    const refused = await bestAvailable(event.id, 2, address)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    // Another fan, from another address, is not held back.
    expect((await bestAvailable(event.id, 2)).statusCode).toBe(200)
  })

  it('never proposes seats held a moment ago, through this process or another', async () => {
    const event = await seatedEvent(t.db.db)
    const first = await bestAvailable(event.id, 2)
    expect(first.statusCode, first.body).toBe(200)
    const taken: string[] = first.json().seats
    // Well inside the availability's 500 ms sharing window: only a fresh read can know of this hold.
    expect((await hold(fanA, { eventId: event.id, seats: taken })).statusCode).toBe(201)
    const second = (await bestAvailable(event.id, 2)).json()
    expect(second.seats.filter((k: string) => taken.includes(k))).toEqual([])

    // Another process holds the next proposal: its rows change and its NOTIFY reaches this one's feed.
    const received: string[] = []
    const stop = await t.db.listen('seat_changes', (payload) => received.push(payload))
    const numbers = second.seats.map((k: string) => Number(k.split('-').pop()))
    const { rows } = await sql<{ section_code: string; place_index: number; change_seq: number }>`
      with h as (
        insert into seat_holds (event_id, user_id, status, expires_at)
        values (${event.id}, null, 'BOOKED', now() + interval '10 minutes') returning id, expires_at
      )
      update event_seats set status = 'HELD', hold_id = h.id, hold_expires_at = h.expires_at,
             change_seq = nextval('seat_change_seq')
      from h
      where event_id = ${event.id} and section_code = ${second.section} and row_label = ${second.row}
        and seat_number in (${sql.join(numbers)})
      returning section_code, place_index, change_seq`.execute(t.db.db)
    expect(rows).toHaveLength(2)
    const version = Math.max(...rows.map((r) => Number(r.change_seq)))
    await notifySeatChangesSoon(
      t.db.db,
      feedPayloads(
        version,
        rows.map((r) => ({ ...r, event_id: event.id })),
        'H',
      ),
    )
    await expect.poll(() => received.length).toBeGreaterThan(0)
    await stop()
    // The app's own listener gets the same message; give it a moment, still well inside the window.
    await new Promise((r) => setTimeout(r, 50))
    const third = (await bestAvailable(event.id, 2)).json()
    expect(third.seats.filter((k: string) => [...taken, ...second.seats].includes(k))).toEqual([])
    const states = await t.db.db
      .selectFrom('event_seats')
      .select(['seat_number', 'status'])
      .where('event_id', '=', event.id)
      .where('section_code', '=', third.section)
      .where('row_label', '=', third.row)
      .where(
        'seat_number',
        'in',
        third.seats.map((k: string) => Number(k.split('-').pop())),
      )
      .execute()
    expect(states.map((s) => s.status)).toEqual(['AVAILABLE', 'AVAILABLE'])
  })

  it('keeps a fan’s seat preferences out of every cache', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/fans/seat-customizations',
      headers: { cookie: fanA },
      payload: { preferredSections: ['NORTE'], preferAisle: false },
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.headers['cache-control']).toBe('no-store')
    const got = await t.app.inject({ url: '/api/fans/seat-customizations', headers: { cookie: fanA } })
    expect(got.statusCode).toBe(200)
    expect(got.headers['cache-control']).toBe('no-store')
  })

  it('saves seat preferences that best-available follows', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/fans/seat-customizations',
      headers: { cookie: fanB },
      payload: { preferredSections: ['NORTE'], preferAisle: true },
    })
    expect(put.statusCode, put.body).toBe(200)
    const got = await t.app.inject({ url: '/api/fans/seat-customizations', headers: { cookie: fanB } })
    expect(got.json()).toEqual({ preferredSections: ['NORTE'], preferAisle: true })
  })
})
