import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertEvent, insertVenue } from '../../test/fixtures.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const COL = { host: 'localhost:3000' }
const MX = { host: 'mx.localhost:3000' }
const slugs = (body: { content: { slug: string }[] }) => body.content.map((e) => e.slug)
/** The calendar date an instant falls on in Bogotá, as the search form sends it. */
const bogotaDate = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(ms))

describe.each(ENGINES)('catalogue listing on %s', (engine) => {
  let t: TestApp
  const now = Date.now()
  beforeAll(async () => {
    t = await openTestApp(engine)
    const db = t.db.db
    const bogota = await insertVenue(db, 'COL')
    const cdmx = await insertVenue(db, 'MEX')
    const medellin = await db
      .insertInto('venues')
      .values({
        country: 'COL',
        name: 'Arena Aburrá',
        city: 'Medellín',
        time_zone: 'America/Bogota',
        address: null,
        stadium_code: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const [sports, concerts] = await db
      .insertInto('categories')
      .values([
        { slug: 'deportes', name_es: 'Deportes', name_en: 'Sports', position: 0 },
        { slug: 'conciertos', name_es: 'Conciertos', name_en: 'Concerts', position: 1 },
      ])
      .returning('id')
      .execute()
    const san = await db
      .insertInto('sport_organizations')
      .values({ country: 'COL', code: 'SAN', name: 'Santa Fe', sport: 'FOOTBALL', logo_url: null })
      .returning('id')
      .executeTakeFirstOrThrow()

    const clasico = await insertEvent(db, bogota, {
      slug: 'clasico',
      name: 'Clásico',
      startsAt: new Date(now + 3 * DAY),
      prices: [4_500_000, 12_000_000, 0],
    })
    await db
      .updateTable('events')
      .set({ category_id: sports?.id ?? null, sport_organization_id: san.id })
      .where('id', '=', clasico.id)
      .execute()
    await db
      .insertInto('price_zones')
      .values({
        event_id: clasico.id,
        name: 'Parqueadero',
        price_amount: 1_000_000,
        capacity: 50,
        per_fan_max: 2,
        zone_type: 'PARKING',
        numbered: false,
        color: '#868e96',
        position: 9,
      })
      .execute()
    const concierto = await insertEvent(db, bogota, {
      slug: 'concierto',
      name: 'Sinfónica 100% salsa',
      type: 'EVENT',
      installments: true,
      startsAt: new Date(now + 5 * DAY),
    })
    await db
      .updateTable('events')
      .set({ category_id: concerts?.id ?? null })
      .where('id', '=', concierto.id)
      .execute()
    await insertEvent(db, medellin, {
      slug: 'baloncesto',
      type: 'BASKETBALL',
      startsAt: new Date(now + 6 * DAY),
    })
    await insertEvent(db, bogota, { slug: 'borrador', name: 'Clásico borrador', status: 'DRAFT' })
    await insertEvent(db, bogota, { slug: 'privado', name: 'Clásico privado', visibility: 'PRIVATE' })
    await insertEvent(db, bogota, { slug: 'oculto', name: 'Clásico oculto', visibility: 'NONE' })
    await insertEvent(db, bogota, { slug: 'desactivado', status: 'DISABLED' })
    await insertEvent(db, bogota, { slug: 'pasado', startsAt: new Date(now - 3 * DAY) })
    await insertEvent(db, cdmx, { slug: 'final', name: 'Final', prices: [150_000] })
    const tour = await db
      .insertInto('tours')
      .values({ country: 'COL', slug: 'gira', name: 'Gira', description: '', image_url: null })
      .returningAll()
      .executeTakeFirstOrThrow()
    for (const d of [10, 12, 14]) {
      await insertEvent(db, d === 12 ? medellin : bogota, {
        slug: `gira-${d}`,
        name: `Gira — ${d}`,
        tourId: tour.id,
        type: 'TOUR',
        startsAt: new Date(now + d * DAY),
        prices: [9_000_000 + d],
      })
    }
    // A draft date must not lower the tour's price or add a date.
    await insertEvent(db, bogota, {
      tourId: tour.id,
      type: 'TOUR',
      status: 'DRAFT',
      startsAt: new Date(now + 11 * DAY),
      prices: [100],
    })
  })
  afterAll(async () => t?.close())

  it('lists only what a fan may see in the host country, soonest first, tour dates included', async () => {
    const res = await t.app.inject({ url: '/api/events', headers: COL })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(slugs(body)).toEqual(['clasico', 'concierto', 'baloncesto', 'gira-10', 'gira-12', 'gira-14'])
    expect(body).toMatchObject({ page: 0, size: 20, totalElements: 6, totalPages: 1 })
    // Neither the free zone nor the cheaper parking makes the match "from $0" or "from $10.000".
    expect(body.content[0].priceFrom).toEqual({ amount: 4_500_000, currency: 'COP' })
    const detail = await t.app.inject({ url: '/api/event?slug=clasico', headers: COL })
    expect(detail.json().priceFrom).toEqual({ amount: 4_500_000, currency: 'COP' })
    expect(detail.json().zones).toHaveLength(4)
    expect(body.content[0]).toMatchObject({ venueName: 'Estadio El Campín', timeZone: 'America/Bogota' })
  })

  it('takes the country from the host name', async () => {
    const res = await t.app.inject({ url: '/api/events', headers: MX })
    expect(slugs(res.json())).toEqual(['final'])
    expect(res.json().content[0].priceFrom.currency).toBe('MXN')
    const unknown = await t.app.inject({ url: '/api/events?size=2', headers: { host: 'whatever.example' } })
    expect(slugs(unknown.json())).toEqual(['clasico', 'concierto'])
  })

  it('pages from 0 and says how many pages there are', async () => {
    const page1 = await t.app.inject({ url: '/api/events?page=1&size=4', headers: COL })
    expect(page1.json()).toMatchObject({ page: 1, size: 4, totalElements: 6, totalPages: 2 })
    expect(slugs(page1.json())).toEqual(['gira-12', 'gira-14'])
    const beyond = await t.app.inject({ url: '/api/events?page=9&size=4', headers: COL })
    expect(beyond.json()).toMatchObject({ content: [], page: 9, totalElements: 6, totalPages: 2 })
    for (const bad of ['page=-1', 'size=0', 'size=101', 'page=x']) {
      const res = await t.app.inject({ url: `/api/events?${bad}`, headers: COL })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().fields).toHaveProperty(bad.split('=')[0] as string)
    }
  })

  it('filters by type and category', async () => {
    const concerts = await t.app.inject({ url: '/api/events?type=EVENT', headers: COL })
    expect(slugs(concerts.json())).toEqual(['concierto'])
    const tours = await t.app.inject({ url: '/api/events?type=TOUR&size=2', headers: COL })
    expect(tours.json()).toMatchObject({ totalElements: 3, totalPages: 2 })
    const sports = await t.app.inject({ url: '/api/events?category=deportes', headers: COL })
    expect(slugs(sports.json())).toEqual(['clasico'])
    const none = await t.app.inject({ url: '/api/events?category=teatro', headers: COL })
    expect(none.json()).toMatchObject({ content: [], totalElements: 0, totalPages: 0 })
    const bad = await t.app.inject({ url: '/api/events?type=OPERA', headers: COL })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('type')
  })

  it('filters by sport: an organisation code in the host country, or a sport type', async () => {
    const club = await t.app.inject({ url: '/api/events?sport=SAN', headers: COL })
    expect(slugs(club.json())).toEqual(['clasico'])
    const lower = await t.app.inject({ url: '/api/events?sport=san', headers: COL })
    expect(slugs(lower.json())).toEqual(['clasico'])
    const basketball = await t.app.inject({ url: '/api/events?sport=BASKETBALL', headers: COL })
    expect(slugs(basketball.json())).toEqual(['baloncesto'])
    const football = await t.app.inject({ url: '/api/events?sport=FOOTBALL', headers: COL })
    expect(slugs(football.json())).toEqual(['clasico'])
    // Santa Fe is Colombian: the Mexican site has no such club.
    const elsewhere = await t.app.inject({ url: '/api/events?sport=SAN', headers: MX })
    expect(elsewhere.json().content).toEqual([])
    const bad = await t.app.inject({ url: '/api/events?sport=%27%3B--', headers: COL })
    expect(bad.statusCode).toBe(400)
  })

  it('searches name, venue and city whatever the case and accents, never finding hidden events', async () => {
    const cases: [string, string[]][] = [
      ['clasico', ['clasico']],
      ['CLÁSICO', ['clasico']],
      ['medellin', ['baloncesto', 'gira-12']],
      ['campín', ['clasico', 'concierto', 'gira-10', 'gira-14']],
      ['100%', ['concierto']],
      ['%', ['concierto']],
      ['_', []],
      ['nada que ver', []],
    ]
    for (const [q, expected] of cases) {
      const res = await t.app.inject({ url: `/api/events?q=${encodeURIComponent(q)}`, headers: COL })
      expect(res.statusCode, q).toBe(200)
      expect(slugs(res.json()), q).toEqual(expected)
    }
  })

  it('filters by a date range of local days, both ends included', async () => {
    // The day after the match has ended, whatever the hour now, through the basketball's day.
    const from = bogotaDate(now + 4 * DAY + 2 * HOUR)
    const to = bogotaDate(now + 6 * DAY)
    const res = await t.app.inject({ url: `/api/events?from=${from}&to=${to}`, headers: COL })
    expect(slugs(res.json())).toEqual(['concierto', 'baloncesto'])
    const onward = await t.app.inject({
      url: `/api/events?from=${bogotaDate(now + 11 * DAY + 2 * HOUR)}`,
      headers: COL,
    })
    expect(slugs(onward.json())).toEqual(['gira-12', 'gira-14'])
    const backwards = await t.app.inject({ url: `/api/events?from=${to}&to=${from}`, headers: COL })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect(backwards.json().fields).toHaveProperty('to')
    const notADate = await t.app.inject({ url: '/api/events?from=tomorrow', headers: COL })
    expect(notADate.json().fields).toHaveProperty('from')
  })

  it('treats empty filters from a GET form as no filter, and combines the rest', async () => {
    const res = await t.app.inject({ url: '/api/events?q=&category=&sport=&type=&from=&to=', headers: COL })
    expect(res.statusCode).toBe(200)
    expect(res.json().totalElements).toBe(6)
    const both = await t.app.inject({ url: '/api/events?q=gira&sport=', headers: COL })
    expect(slugs(both.json())).toEqual(['gira-10', 'gira-12', 'gira-14'])
    const combined = await t.app.inject({ url: '/api/events?q=medellin&type=TOUR', headers: COL })
    expect(slugs(combined.json())).toEqual(['gira-12'])
  })

  it('groups the home page into events, tour and paguitos', async () => {
    const res = await t.app.inject({ url: '/api/events/categorized', headers: COL })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.events.map((e: { slug: string }) => e.slug)).toEqual(['clasico', 'concierto', 'baloncesto'])
    expect(body.paguitos.map((e: { slug: string }) => e.slug)).toEqual(['concierto'])
    expect(body.tour).toHaveLength(1)
    expect(body.tour[0]).toMatchObject({ slug: 'gira', dates: 3, cities: ['Bogotá', 'Medellín'] })
    expect(body.tour[0].priceFrom).toEqual({ amount: 9_000_010, currency: 'COP' })
  })

  it('is cacheable: short public max-age varied by host, an ETag, and 304 when it still matches', async () => {
    const first = await t.app.inject({ url: '/api/events/categorized', headers: COL })
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/)
    expect(first.headers.vary).toContain('host')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/".+"$/)
    const again = await t.app.inject({
      url: '/api/events/categorized',
      headers: { ...COL, 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    const listed = await t.app.inject({
      url: '/api/events',
      headers: { ...COL, 'if-none-match': `"other", ${etag.replace('W/', '')}` },
    })
    expect(listed.statusCode).toBe(200)
    const mexico = await t.app.inject({
      url: '/api/events/categorized',
      headers: { ...MX, 'if-none-match': etag },
    })
    expect(mexico.statusCode).toBe(200)
    expect(mexico.headers.etag).not.toBe(etag)
  })

  it('documents every public catalogue route in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/events',
        '/api/events/categorized',
        '/api/event',
        '/api/event/check',
        '/api/event/sponsor-banners',
        '/api/event/ticket-frame',
        '/api/frame',
        '/api/categories',
        '/api/sport-organizations',
        '/api/tours',
        '/api/tour',
      ]),
    )
    const params = doc.paths['/api/events'].get.parameters.map((p: { name: string }) => p.name)
    expect(params).toEqual(
      expect.arrayContaining(['page', 'size', 'type', 'category', 'sport', 'q', 'from', 'to']),
    )
  })
})
