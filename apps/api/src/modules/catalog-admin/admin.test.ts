import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smallLayout } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

describe.each(ENGINES)('catalogue admin API on %s', (engine) => {
  let t: TestApp
  let admin: string
  let fan: string
  let venueId: string
  let layoutId: string
  let n = 0

  const call = (
    method: 'POST' | 'PATCH' | 'GET' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

  const eventBody = (overrides: Record<string, unknown> = {}) => {
    const start = Date.now() + 20 * DAY
    return {
      country: 'COL',
      type: 'FOOTBALL',
      slug: `partido-${++n}`,
      name: `Partido ${n}`,
      description: 'Un partido de prueba.',
      venueId,
      layoutId,
      startsAt: iso(start),
      endsAt: iso(start + 2 * 3_600_000),
      onSaleAt: iso(Date.now() - DAY),
      offSaleAt: iso(start),
      zones: [
        { name: 'Norte', price: 8_000_000, sectionCodes: ['NORTE'] },
        { name: 'General', price: 3_000_000, sectionCodes: ['GENERAL'], numbered: false },
      ],
      ...overrides,
    }
  }

  beforeAll(async () => {
    t = await openTestApp(engine, {
      demoAccounts: true,
      env: { DATA_DIR: path.join(os.tmpdir(), `palco-admin-${Date.now()}`) },
    })
    admin = await loginAs(t.app, 'admin@palco.co')
    fan = await loginAs(t.app, 'fan@palco.co')
    const venue = await call('POST', '/api/admin/venues', admin, {
      country: 'COL',
      name: 'Coliseo de Prueba',
      city: 'Bogotá',
      timeZone: 'America/Bogota',
    })
    expect(venue.statusCode, venue.body).toBe(201)
    venueId = venue.json().id
    const layout = await call('POST', '/api/admin/layouts', admin, {
      venueId,
      name: 'Principal',
      data: smallLayout(),
    })
    expect(layout.statusCode, layout.body).toBe(201)
    expect(layout.json()).toMatchObject({ version: 1, seatCount: 55, status: 'PUBLISHED' })
    layoutId = layout.json().id
  })
  afterAll(async () => t?.close())

  it('sells an event with paguitos on a plan that fits before it, shows what it comes to, and stops', async () => {
    const created = await call('POST', '/api/admin/events', admin, eventBody({ name: 'Final a cuotas' }))
    expect(created.statusCode, created.body).toBe(201)
    const id = created.json().id
    const url = `/api/admin/events/${id}/installment-plan`
    const plan = {
      kind: 'PAYMENT',
      deposit: { kind: 'PERCENT', bps: 2_500 },
      payments: 2,
      spacingDays: 7,
      lastDueDaysBeforeEvent: 3,
    }
    expect((await call('PUT', url, fan, plan)).statusCode).toBe(403)
    // Three monthly payments cannot end 30 days before an event 20 days away.
    const late = await call('PUT', url, admin, {
      ...plan,
      payments: 3,
      spacingDays: 30,
      lastDueDaysBeforeEvent: 30,
    })
    expect(late.statusCode).toBe(422)
    expect(late.json()).toMatchObject({ code: 'RULE_BROKEN', fields: { payments: 'planDoesNotFit' } })
    expect((await call('PUT', url, admin, { ...plan, payments: 0 })).statusCode).toBe(400)

    const saved = await call('PUT', url, admin, plan)
    expect(saved.statusCode, saved.body).toBe(200)
    // The cheapest place, 30,000.00: a quarter now, the rest in two equal payments a week apart.
    expect(saved.json()).toMatchObject({
      eventId: id,
      plan: { ...plan, minPayment: 0 },
      example: {
        total: 3_000_000,
        schedule: {
          deposit: 750_000,
          payments: [
            { seq: 1, amount: 1_125_000 },
            { seq: 2, amount: 1_125_000 },
          ],
        },
      },
    })
    const listed = (await call('GET', '/api/admin/installment-plans', admin)).json().events
    expect(listed.find((e: { eventId: string }) => e.eventId === id)?.plan).toMatchObject({ payments: 2 })
    expect((await call('GET', `/api/admin/events/${id}`, admin)).json()).toMatchObject({
      installmentsEnabled: true,
    })
    const trail = (await call('GET', `/api/admin/audit/${id}`, admin)).json()
    expect(JSON.stringify(trail)).toContain('installment_plan.save')
    // Another site's admin page does not reach it.
    const mx = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: admin, host: 'mx.localhost:3000' },
      payload: plan,
    })
    expect(mx.statusCode).toBe(404)

    expect((await call('DELETE', url, admin)).statusCode).toBe(204)
    const after = (await call('GET', '/api/admin/installment-plans', admin)).json().events
    expect(after.find((e: { eventId: string }) => e.eventId === id)).toMatchObject({
      plan: null,
      example: null,
    })
    expect((await call('GET', `/api/admin/events/${id}`, admin)).json()).toMatchObject({
      installmentsEnabled: false,
    })
  })

  it('refuses fans (403) and visitors (401)', async () => {
    expect((await call('POST', '/api/admin/events', fan, eventBody())).statusCode).toBe(403)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/events', payload: eventBody() })).statusCode,
    ).toBe(401)
  })

  it.each([
    ['POST', '/api/admin/venues', {}],
    ['POST', '/api/admin/events', { zones: 'none' }],
    ['PATCH', '/api/admin/events/not-a-uuid', { name: 7 }],
    ['POST', '/api/admin/layouts', null],
  ] as const)(
    'answers %s %s to visitors and fans before looking at the body',
    async (method, url, payload) => {
      // A 400 naming the fields would describe the admin API to anyone who asks.
      const asVisitor = await t.app.inject({ method, url, ...(payload ? { payload } : {}) })
      expect(asVisitor.statusCode).toBe(401)
      expect(asVisitor.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
      expect(asVisitor.json()).not.toHaveProperty('fields')
      const asFan = await t.app.inject({
        method,
        url,
        headers: { cookie: fan },
        ...(payload ? { payload } : {}),
      })
      expect(asFan.statusCode).toBe(403)
      expect(asFan.json()).not.toHaveProperty('fields')
    },
  )

  it('creates a draft nobody sees, publishes it (places made), and it lists on the home page', async () => {
    const created = await call('POST', '/api/admin/events', admin, eventBody({ name: 'Gran Final' }))
    expect(created.statusCode, created.body).toBe(201)
    const event = created.json()
    expect(event.status).toBe('DRAFT')
    const before = (await t.app.inject({ url: '/api/events/categorized' })).json()
    expect(before.events.map((e: { id: string }) => e.id)).not.toContain(event.id)

    const published = await call('POST', `/api/admin/events/${event.id}/publish`, admin)
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json().status).toBe('PUBLISHED')
    const places = await t.db.db
      .selectFrom('event_seats')
      .select('place_index')
      .where('event_id', '=', event.id)
      .execute()
    expect(places).toHaveLength(55)
    const after = (await t.app.inject({ url: '/api/events/categorized' })).json()
    expect(after.events.map((e: { name: string }) => e.name)).toContain('Gran Final')

    const trail = (await call('GET', `/api/admin/audit/${event.id}`, admin)).json()
    expect(trail.entries.map((e: { action: string }) => e.action)).toEqual(['create', 'publish'])
    expect(trail.entries[0].actor).toBe('admin@palco.co')
  })

  it.each([
    [{ zones: [{ name: 'Norte', price: 0, sectionCodes: ['NORTE'] }] }, 'zones.0.price'],
    [{ zones: [{ name: 'Norte', price: -5, sectionCodes: ['NORTE'] }] }, 'zones.0.price'],
    [{ endsAt: iso(Date.now() + 19 * DAY) }, 'endsAt'],
    [{ offSaleAt: iso(Date.now() - 2 * DAY) }, 'offSaleAt'],
    [
      { zones: [{ name: 'General', price: 100, sectionCodes: ['GENERAL'], capacity: 21 }] },
      'zones.0.capacity',
    ],
  ])('refuses %o naming %s', async (patch, field) => {
    const res = await call('POST', '/api/admin/events', admin, eventBody(patch))
    expect([400, 422]).toContain(res.statusCode)
    expect(res.json().fields).toHaveProperty(field)
    if (!field.endsWith('.price') || res.statusCode === 422)
      expect(res.json().code).toMatch(/RULE_BROKEN|VALIDATION_FAILED/)
  })

  it('lets a courtesy zone be free', async () => {
    const res = await call(
      'POST',
      '/api/admin/events',
      admin,
      eventBody({
        zones: [{ name: 'Cortesía', price: 0, courtesy: true, sectionCodes: ['GENERAL'], numbered: false }],
      }),
    )
    expect(res.statusCode, res.body).toBe(201)
  })

  it('keeps slugs unique per country (409 naming slug)', async () => {
    const body = eventBody()
    expect((await call('POST', '/api/admin/events', admin, body)).statusCode).toBe(201)
    const again = await call('POST', '/api/admin/events', admin, { ...body, name: 'Otro' })
    expect(again.statusCode).toBe(409)
    expect(again.json().fields).toHaveProperty('slug')
  })

  it('updates a draft, freezes zones after publishing, and disables', async () => {
    const event = (await call('POST', '/api/admin/events', admin, eventBody())).json()
    const renamed = await call('PATCH', `/api/admin/events/${event.id}`, admin, { name: 'Renombrado' })
    expect(renamed.json().name).toBe('Renombrado')
    await call('POST', `/api/admin/events/${event.id}/publish`, admin)
    const frozen = await call('PATCH', `/api/admin/events/${event.id}`, admin, { zones: [] })
    expect(frozen.statusCode).toBe(422)
    expect(frozen.json().fields).toEqual({ zones: 'fixedAfterPublish' })
    const disabled = await call('POST', `/api/admin/events/${event.id}/disable`, admin)
    expect(disabled.json().status).toBe('DISABLED')
    const listed = (await t.app.inject({ url: '/api/events' })).json()
    expect(listed.content.map((e: { id: string }) => e.id)).not.toContain(event.id)
  })

  it('moves an event only as its status table allows, each move once in the audit trail (issue 14)', async () => {
    const event = (await call('POST', '/api/admin/events', admin, eventBody())).json()
    const disabled = await call('POST', `/api/admin/events/${event.id}/disable`, admin)
    expect(disabled.json().status).toBe('DISABLED')
    // Disabling again changes nothing and records nothing.
    expect((await call('POST', `/api/admin/events/${event.id}/disable`, admin)).json().status).toBe(
      'DISABLED',
    )
    const back = await call('POST', `/api/admin/events/${event.id}/publish`, admin)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().status).toBe('PUBLISHED')
    const trail = (await call('GET', `/api/admin/audit/${event.id}`, admin)).json()
    expect(
      trail.entries.map((e: { action: string; changes: { from?: string } }) => [e.action, e.changes.from]),
    ).toEqual([
      ['create', undefined],
      ['disable', 'DRAFT'],
      ['publish', 'DISABLED'],
    ])
  })

  it('makes a season pass of existing events, and a tour with dates', async () => {
    const a = (await call('POST', '/api/admin/events', admin, eventBody())).json()
    const b = (await call('POST', '/api/admin/events', admin, eventBody())).json()
    const pass = await call(
      'POST',
      '/api/admin/events',
      admin,
      eventBody({
        type: 'SEASON_PASS',
        layoutId: null,
        zones: [{ name: 'Abono', price: 20_000_000, capacity: 100, numbered: false }],
        includedEventIds: [a.id, b.id],
      }),
    )
    expect(pass.statusCode, pass.body).toBe(201)
    expect(pass.json().includedEventIds).toEqual([a.id, b.id])
    const wrong = await call('POST', '/api/admin/events', admin, eventBody({ includedEventIds: [a.id] }))
    expect(wrong.json().fields).toHaveProperty('includedEventIds')

    const tour = await call('POST', '/api/admin/tours', admin, {
      country: 'COL',
      slug: `gira-${n}`,
      name: 'Gira de prueba',
    })
    expect(tour.statusCode, tour.body).toBe(201)
    const date = await call(
      'POST',
      '/api/admin/events',
      admin,
      eventBody({ type: 'TOUR', tourId: tour.json().id }),
    )
    expect(date.json().tourId).toBe(tour.json().id)
  })

  it('validates layouts and versions them', async () => {
    const bad = await call('POST', '/api/admin/layouts', admin, {
      venueId,
      name: 'Rota',
      data: { format: 'palco.layout', version: 1, sections: [] },
    })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().fields).join(' ')).toMatch(/data\./)
    const v2 = await call('POST', '/api/admin/layouts', admin, {
      venueId,
      name: 'Principal',
      data: smallLayout(),
    })
    expect(v2.json().version).toBe(2)
  })

  it('stores uploaded images and serves them; refuses other files', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4d40000000049454e44ae426082',
      'hex',
    )
    const boundary = '----palco'
    const body = (type: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
    const headers = { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers,
      payload: body('image/png', png),
    })
    expect(ok.statusCode, ok.body).toBe(201)
    const served = await t.app.inject({ url: ok.json().url })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(png)).toBe(true)
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers,
      payload: body('image/png', Buffer.from('<script>')),
    })
    expect(fake.statusCode).toBe(415)
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers,
      payload: body('image/svg+xml', Buffer.from('<svg/>')),
    })
    expect(svg.statusCode).toBe(415)
  })
})
