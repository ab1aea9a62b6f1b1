import { randomBytes, randomUUID } from 'node:crypto'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { OPENING_SPREAD_SECONDS, seededShuffle } from '@palco/domain/waiting-room/queue-rules'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { PassSigner } from './admission-pass.js'

const SECRET = 'w'.repeat(40)
const HOUR = 3_600_000
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

const card = () => {
  const r = tokenizeSandboxCard(
    { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize failed')
  return r.token
}

describe.each(ENGINES)('the waiting room on %s', (engine) => {
  let t: TestApp
  let admin: string
  let ip = 0
  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true, env: { WAITING_ROOM_SECRET: SECRET } })
    admin = await loginAs(t.app, 'admin@palco.co')
  })
  afterAll(async () => t?.close())

  const addr = () => `10.42.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const roomUrl = (eventId: string) => `/api/admin/events/${eventId}/waiting-room`
  const settings = (eventId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: roomUrl(eventId), headers: { cookie: admin }, payload: body })
  const turnOn = async (eventId: string, opensAt: Date, rate: number | null = null) => {
    const res = await settings(eventId, {
      enabled: true,
      opensAt: opensAt.toISOString(),
      targetCheckouts: 100,
      ratePerMinute: rate,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const adminPost = (eventId: string, what: 'pause' | 'resume') =>
    t.app.inject({ method: 'POST', url: `${roomUrl(eventId)}/${what}`, headers: { cookie: admin } })
  const join = (eventId: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/waiting-rooms/${eventId}/join`,
      headers: { cookie },
      remoteAddress: addr(),
    })
  const status = async (eventId: string, cookie: string) => {
    const res = await t.app.inject({
      url: `/api/waiting-rooms/${eventId}/status`,
      headers: { cookie },
      remoteAddress: addr(),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res
  }
  const device = () => `palco_device=${randomUUID()}`
  /** Lets `seconds` of admission time pass for the room, as if its last step had been that long ago. */
  const elapse = async (eventId: string, seconds: number) => {
    await sql`update waiting_rooms set cursor_at = now() - make_interval(secs => ${seconds})
        where event_id = ${eventId}`.execute(t.db.db)
    // As if the second each process keeps a room for had passed too.
    t.app.waitingRoom.invalidate()
  }
  const hold = (eventId: string, cookie: string, seats: string[], pass?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie, ...(pass ? { 'x-palco-pass': pass } : {}) },
      payload: { eventId, seats },
      remoteAddress: addr(),
    })

  it('draws the pre-queue with the room’s seed at opening and queues later arrivals by arrival', async () => {
    const event = await seatedEvent(t.db.db)
    await turnOn(event.id, new Date(Date.now() + HOUR))
    const early = Array.from({ length: 12 }, device)
    for (const d of early)
      expect((await join(event.id, d)).json()).toMatchObject({ state: 'BEFORE_OPENING', position: null })
    // Opening comes (the admin moves it to now), admission paused so the order stays visible.
    await turnOn(event.id, new Date(Date.now() - 1000))
    expect((await adminPost(event.id, 'pause')).statusCode).toBe(200)
    const late = Array.from({ length: 3 }, device)
    for (const d of late) expect((await join(event.id, d)).statusCode).toBe(200)
    const first = (await status(event.id, early[0] as string)).json()
    expect(first.state).toBe('WAITING')
    expect(first.paused).toBe(true)

    const room = await t.db.db
      .selectFrom('waiting_rooms')
      .selectAll()
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow()
    const places = await t.db.db
      .selectFrom('waiting_room_places')
      .selectAll()
      .where('event_id', '=', event.id)
      .orderBy('seq')
      .execute()
    // Nobody is let in before the pre-queue's first asks, spread over the seconds after opening, are over.
    expect((room.cursor_at as Date).getTime()).toBe(room.opens_at.getTime() + OPENING_SPREAD_SECONDS * 1000)
    const preIds = places.filter((p) => p.pre_queue).map((p) => p.id)
    const drawn = seededShuffle(preIds, room.shuffle_seed)
    const byKey = [...places].sort((a, b) => Number(a.queue_key) - Number(b.queue_key)).map((p) => p.id)
    expect(byKey.slice(0, 12)).toEqual(drawn)
    expect(byKey.slice(12)).toEqual(places.filter((p) => !p.pre_queue).map((p) => p.id))
    expect(drawn).not.toEqual(preIds)
    const positions = await Promise.all(late.map(async (d) => (await status(event.id, d)).json().position))
    expect(positions).toEqual([13, 14, 15])
  })

  it('keeps one place per device and per account: joining again, hammering, or logging in', async () => {
    const event = await seatedEvent(t.db.db)
    await turnOn(event.id, new Date(Date.now() - 1000))
    await adminPost(event.id, 'pause')
    const ahead = device()
    await join(event.id, ahead)
    const visitor = device()
    const firstJoin = (await join(event.id, visitor)).json()
    expect(firstJoin).toMatchObject({ state: 'WAITING', position: 2 })
    const codes = new Set<number>()
    for (let i = 0; i < 25; i++) codes.add((await join(event.id, visitor)).statusCode)
    expect(codes).toEqual(new Set([200, 429]))
    expect((await status(event.id, visitor)).json().position).toBe(2)
    // The visitor logs in on the same device: the place becomes the account's, and a new tab sees it.
    const fan = await registerFan(t.app, 4201)
    expect((await status(event.id, `${fan}; ${visitor}`)).json().position).toBe(2)
    expect((await status(event.id, fan)).json().position).toBe(2)
    expect((await join(event.id, fan)).json().position).toBe(2)
    const count = await t.db.db
      .selectFrom('waiting_room_places')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(2)
  })

  it('pauses and resumes without anyone losing their place, and admits at the rate set', async () => {
    const event = await seatedEvent(t.db.db)
    await turnOn(event.id, new Date(Date.now() - 1000), 60)
    await adminPost(event.id, 'pause')
    const fans = Array.from({ length: 8 }, device)
    for (const d of fans) await join(event.id, d)
    await elapse(event.id, 5)
    const before = await Promise.all(fans.map(async (d) => (await status(event.id, d)).json().position))
    expect(before).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    const resumed = (await adminPost(event.id, 'resume')).json()
    expect(resumed).toMatchObject({ adminPaused: false, waiting: 8 })
    expect((await status(event.id, fans[7] as string)).json().position).toBe(8)
    await elapse(event.id, 3)
    // One request takes the step (others meanwhile skip it and see the step before); then everyone sees it.
    await status(event.id, fans[7] as string)
    const after = await Promise.all(fans.map(async (d) => (await status(event.id, d)).json()))
    expect(after.slice(0, 3).map((s) => s.state)).toEqual(['YOUR_TURN', 'YOUR_TURN', 'YOUR_TURN'])
    expect(after[0]).toMatchObject({ signInToContinue: true, pass: null })
    expect(after.slice(3).map((s) => s.position)).toEqual([1, 2, 3, 4, 5])
    expect((await t.app.inject({ url: roomUrl(event.id), headers: { cookie: admin } })).json()).toMatchObject(
      { admitted: 3, waiting: 5, ratePerMinute: 60 },
    )
  })

  it('counts the places ahead near the front and works them out from the keys further back', async () => {
    const event = await seatedEvent(t.db.db)
    await turnOn(event.id, new Date(Date.now() - 1000))
    await adminPost(event.id, 'pause')
    await sql`insert into waiting_room_places (id, event_id, holder, seq, pre_queue, queue_key)
      select gen_random_uuid(), ${event.id}, 'd:' || gen_random_uuid(), s.n, false, 1000000000000 + s.n
      from (select nextval('waiting_room_arrivals') as n from generate_series(1, 700)) s`.execute(t.db.db)
    const last = device()
    expect((await join(event.id, last)).json()).toMatchObject({ state: 'WAITING', position: 701 })
    expect((await status(event.id, last)).json().position).toBe(701)
  })

  it('refuses a rate of 0 or below, or a target of 0, with a field error', async () => {
    const event = await seatedEvent(t.db.db)
    await turnOn(event.id, new Date())
    for (const ratePerMinute of [0, -5, 2.5]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `${roomUrl(event.id)}/rate`,
        headers: { cookie: admin },
        payload: { ratePerMinute },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { ratePerMinute: expect.any(String) },
      })
    }
    const bad = await settings(event.id, {
      enabled: true,
      opensAt: new Date().toISOString(),
      targetCheckouts: 0,
      ratePerMinute: null,
    })
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { targetCheckouts: expect.any(String) },
    })
    const ok = await t.app.inject({
      method: 'PUT',
      url: `${roomUrl(event.id)}/rate`,
      headers: { cookie: admin },
      payload: { ratePerMinute: 90 },
    })
    expect(ok.json()).toMatchObject({ manualRatePerMinute: 90, ratePerMinute: 90 })
    const fan = await loginAs(t.app, 'fan@palco.co')
    const asFan = await t.app.inject({
      method: 'POST',
      url: `${roomUrl(event.id)}/pause`,
      headers: { cookie: fan },
    })
    expect(asFan.statusCode).toBe(403)
  })

  it('lets only the admitted account’s live, unspent pass hold and buy; anything else is 403 back to the queue', async () => {
    const event = await seatedEvent(t.db.db)
    await turnOn(event.id, new Date(Date.now() - 1000), 60)
    t.app.waitingRoom.invalidate()
    const buyer = await registerFan(t.app, 4202)
    const other = await registerFan(t.app, 4203)
    await join(event.id, buyer)
    await elapse(event.id, 2)
    const turn = (await status(event.id, buyer)).json()
    expect(turn).toMatchObject({ state: 'YOUR_TURN', signInToContinue: false })
    const pass = turn.pass as string

    const refused = async (res: Awaited<ReturnType<typeof hold>>) => {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json()).toMatchObject({
        code: 'WAITING_ROOM_PASS_INVALID',
        details: { queue: `/waiting-room/${event.id}` },
      })
    }
    await refused(await hold(event.id, buyer, ['NORTE/B-1']))
    await refused(await hold(event.id, buyer, ['NORTE/B-1'], `${pass.slice(0, -4)}AAAA`))
    const forger = new PassSigner('f'.repeat(40))
    const claims = { eventId: event.id, userId: 'x', placeId: randomUUID() }
    await refused(await hold(event.id, buyer, ['NORTE/B-1'], await forger.sign(claims, new Date())))
    const signer = new PassSigner(SECRET)
    const place = await t.db.db
      .selectFrom('waiting_room_places')
      .select(['id', 'user_id'])
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow()
    const own = { eventId: event.id, userId: place.user_id as string, placeId: place.id }
    await refused(
      await hold(event.id, buyer, ['NORTE/B-1'], await signer.sign(own, new Date(Date.now() - 11 * 60_000))),
    )
    await refused(await hold(event.id, other, ['NORTE/B-1'], pass))

    const held = await hold(event.id, buyer, ['NORTE/B-1'], pass)
    expect(held.statusCode, held.body).toBe(201)
    const reservationId = held.json().id as string
    // Adding seats to the hold is holding seats: the same pass is asked for; giving one back is not.
    const change = (body: Record<string, string[]>, withPass?: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/reservations/${reservationId}`,
        headers: { cookie: buyer, ...(withPass ? { 'x-palco-pass': withPass } : {}) },
        payload: body,
        remoteAddress: addr(),
      })
    await refused(await change({ add: ['NORTE/B-3'] }))
    const added = await change({ add: ['NORTE/B-3'] }, pass)
    expect(added.statusCode, added.body).toBe(200)
    const given = await change({ remove: ['NORTE/B-3'] })
    expect(given.statusCode, given.body).toBe(200)
    expect(given.json().seats).toHaveLength(1)
    const cart = (
      await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${reservationId}`,
        headers: { cookie: buyer },
      })
    ).json()
    const payload = {
      reservationId,
      contact,
      billing,
      payment: { method: 'CARD', cardToken: card() },
      expectedTotal: cart.total,
      currency: 'COP',
      idempotencyKey: randomUUID(),
    }
    const noPass = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: { cookie: buyer },
      payload,
      remoteAddress: addr(),
    })
    expect(noPass.statusCode).toBe(403)
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: { cookie: buyer, 'x-palco-pass': pass },
      payload,
      remoteAddress: addr(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    expect(paid.json().order.result).toBe('SUCCESSFUL')
    // Single use: the pass bought its tickets and opens nothing more; the waiting page says so.
    await refused(await hold(event.id, buyer, ['NORTE/B-2'], pass))
    expect((await status(event.id, buyer)).json().state).toBe('TURN_USED')

    // Queueing again after buying gives a second turn whose pass works: the place takes a new id, since
    // every process remembers the spent one.
    const rejoined = (await join(event.id, buyer)).json()
    expect(rejoined.state).not.toBe('TURN_USED')
    await elapse(event.id, 2)
    const second = (await status(event.id, buyer)).json()
    expect(second.state).toBe('YOUR_TURN')
    expect(second.pass).not.toBe(pass)
    const again = await hold(event.id, buyer, ['NORTE/B-2'], second.pass)
    expect(again.statusCode, again.body).toBe(201)
  })

  it('leaves events without a room alone, and answers 404 for a room that does not exist', async () => {
    const event = await seatedEvent(t.db.db)
    const fan = await registerFan(t.app, 4204)
    expect((await hold(event.id, fan, ['NORTE/B-1'])).statusCode).toBe(201)
    expect((await join(event.id, device())).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/api/waiting-rooms/${event.id}` })).json()).toMatchObject({
      active: false,
    })
  })

  it('shows queue length and admission rate in /metrics', async () => {
    const text = (await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body
    expect(text).toMatch(/^palco_waiting_room_queue_length \d+$/m)
    expect(text).toMatch(/^palco_waiting_room_admission_rate_per_minute \d+$/m)
  })
})

/** Many real connections joining at once (PostgreSQL only: PGlite has one connection and cannot race). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('joins racing on PostgreSQL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await openTestApp('postgres', { demoAccounts: true })
  })
  afterAll(async () => t?.close())

  it('gives each device exactly one place, whatever the number of tabs joining at once', async () => {
    const event = await seatedEvent(t.db.db)
    const admin = await loginAs(t.app, 'admin@palco.co')
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/waiting-room`,
      headers: { cookie: admin },
      payload: {
        enabled: true,
        opensAt: new Date(Date.now() - 1000).toISOString(),
        targetCheckouts: 10,
        ratePerMinute: null,
      },
    })
    const devices = Array.from({ length: 100 }, () => `palco_device=${randomUUID()}`)
    const answers = await Promise.all(
      [...devices, ...devices, ...devices].map((cookie, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/waiting-rooms/${event.id}/join`,
          headers: { cookie },
          remoteAddress: `10.43.${i % 250}.1`,
        }),
      ),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    const places = await t.db.db
      .selectFrom('waiting_room_places')
      .select(['holder', 'queue_key'])
      .where('event_id', '=', event.id)
      .execute()
    expect(places).toHaveLength(100)
    expect(new Set(places.map((p) => p.queue_key)).size).toBe(100)
    const byDevice = new Map<string, Set<number>>()
    answers.forEach((a, i) => {
      const d = devices[i % 100] as string
      byDevice.set(d, (byDevice.get(d) ?? new Set()).add(a.json().position))
    })
    // Positions may shrink as others are admitted, never two places: every tab of a device sees one key.
    expect([...byDevice.values()].every((s) => s.size >= 1)).toBe(true)
  })
})
