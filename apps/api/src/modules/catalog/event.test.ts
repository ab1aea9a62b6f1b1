import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertEvent, insertVenue } from '../../test/fixtures.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { getEventDetail } from './event.service.js'
import { LayoutCapacities } from './layout-capacity.js'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const COL = { host: 'localhost:3000' }
const MX = { host: 'mx.localhost:3000' }
const ZONE_DEFAULTS = { numbered: false, color: '#1c7ed6', per_fan_max: 10, zone_type: 'GRANDSTAND' }

/** A tiny seat map: section A has 2 rows of 3 numbered seats, B is a standing area for 50. */
const LAYOUT = {
  format: 'palco.layout',
  version: 1,
  sections: [
    {
      code: 'A',
      numbered: true,
      rows: [
        {
          label: 'A',
          seats: [
            [1, 0, 0],
            [2, 0, 0],
            [3, 0, 0],
          ],
        },
        {
          label: 'B',
          seats: [
            [1, 0, 0],
            [2, 0, 0],
            [3, 0, 0],
          ],
        },
      ],
    },
    { code: 'B', numbered: false, capacity: 50 },
  ],
}

describe.each(ENGINES)('event page API on %s', (engine) => {
  let t: TestApp
  const ids: Record<string, string> = {}
  const now = Date.now()

  beforeAll(async () => {
    t = await openTestApp(engine)
    const db = t.db.db
    const bogota = await insertVenue(db, 'COL')
    const cdmx = await insertVenue(db, 'MEX')
    const [sports] = await db
      .insertInto('categories')
      .values({ slug: 'deportes', name_es: 'Deportes', name_en: 'Sports', position: 0 })
      .returning('id')
      .execute()
    const san = await db
      .insertInto('sport_organizations')
      .values({ country: 'COL', code: 'SAN', name: 'Santa Fe', sport: 'FOOTBALL', logo_url: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    const layout = await db
      .insertInto('layouts')
      .values({
        venue_id: bogota.id,
        name: 'Mapa',
        kind: 'Classic',
        version: 1,
        data: JSON.stringify(LAYOUT),
        seat_count: 56,
      })
      .returning('id')
      .executeTakeFirstOrThrow()

    const add = async (
      key: string,
      venue: typeof bogota,
      overrides: Parameters<typeof insertEvent>[2] = {},
    ) => {
      const e = await insertEvent(db, venue, { slug: key, ...overrides })
      ids[key] = e.id
      return e
    }
    await add('clasico', bogota, {
      name: 'Clásico',
      startsAt: new Date(now + 3 * DAY),
      prices: [4_500_000, 12_000_000],
    })
    await db
      .updateTable('events')
      .set({ category_id: sports?.id ?? null, sport_organization_id: san.id, description: 'Fecha de liga.' })
      .where('id', '=', ids.clasico as string)
      .execute()
    await add('borrador', bogota, { status: 'DRAFT' })
    await add('privado', bogota, { visibility: 'PRIVATE' })
    await add('oculto', bogota, { visibility: 'NONE' })
    await add('desactivado', bogota, { status: 'DISABLED' })
    await add('pasado', bogota, { startsAt: new Date(now - 3 * DAY) })
    await add('en-curso', bogota, { startsAt: new Date(now - HOUR) })
    await add('pronto', bogota, { startsAt: new Date(now + 30 * DAY) })
    await add('en-la-web-del-organizador', bogota, { pageCategory: 'WEB_ODE' })
    await add('curso', bogota, { type: 'INSCRIPTION', pageCategory: 'ENROLLMENTS' })
    await db
      .updateTable('events')
      .set({ on_sale_at: new Date(now + 2 * DAY) })
      .where('id', '=', ids.pronto as string)
      .execute()
    await add('agotado', bogota, { prices: [1_000_000] })
    await db
      .updateTable('price_zones')
      .set({ capacity: 0 })
      .where('event_id', '=', ids.agotado as string)
      .execute()
    await add('final', cdmx, { prices: [150_000] })
    await add('con-mapa', bogota, { prices: [] })
    await db
      .updateTable('events')
      .set({ layout_id: layout.id })
      .where('id', '=', ids['con-mapa'] as string)
      .execute()
    await db
      .insertInto('price_zones')
      .values([
        {
          event_id: ids['con-mapa'] as string,
          name: 'Mapa',
          price_amount: 8_000_000,
          capacity: null,
          section_codes: ['A', 'B'],
          position: 0,
          ...ZONE_DEFAULTS,
        },
        {
          event_id: ids['con-mapa'] as string,
          name: 'Sin cupo',
          price_amount: 0,
          capacity: null,
          position: 1,
          ...ZONE_DEFAULTS,
        },
      ])
      .execute()

    // A season pass with one public match and one draft.
    await add('abono', bogota, {
      type: 'SEASON_PASS',
      startsAt: new Date(now + 2 * DAY),
      prices: [20_000_000],
    })
    await db
      .insertInto('event_product_items')
      .values([
        { product_id: ids.abono as string, event_id: ids.borrador as string, position: 0 },
        { product_id: ids.abono as string, event_id: ids.clasico as string, position: 1 },
      ])
      .execute()

    const tour = await db
      .insertInto('tours')
      .values({ country: 'COL', slug: 'gira', name: 'Gira', description: 'Tres noches', image_url: null })
      .returningAll()
      .executeTakeFirstOrThrow()
    for (const d of [10, 12, 14]) {
      await add(`gira-${d}`, bogota, { tourId: tour.id, type: 'TOUR', startsAt: new Date(now + d * DAY) })
    }
    await add('gira-borrador', bogota, {
      tourId: tour.id,
      type: 'TOUR',
      status: 'DRAFT',
      startsAt: new Date(now + 11 * DAY),
    })
    const drafts = await db
      .insertInto('tours')
      .values({ country: 'COL', slug: 'gira-secreta', name: 'Secreta', description: '', image_url: null })
      .returningAll()
      .executeTakeFirstOrThrow()
    await add('secreta-1', bogota, { tourId: drafts.id, type: 'TOUR', status: 'DRAFT' })
    const mxTour = await db
      .insertInto('tours')
      .values({ country: 'MEX', slug: 'tour-mx', name: 'Tour', description: '', image_url: null })
      .returningAll()
      .executeTakeFirstOrThrow()
    await add('tour-mx-1', cdmx, { tourId: mxTour.id, type: 'TOUR', prices: [90_000] })

    await db
      .insertInto('sponsor_banners')
      .values([
        {
          event_id: ids.clasico as string,
          name: 'Segundo',
          image_url: '/b.svg',
          link_url: null,
          position: 1,
        },
        {
          event_id: ids.clasico as string,
          name: 'Principal',
          image_url: '/a.svg',
          link_url: 'https://example.com',
          position: 0,
        },
        {
          event_id: ids.borrador as string,
          name: 'Oculto',
          image_url: '/c.svg',
          link_url: null,
          position: 0,
        },
      ])
      .execute()
    await db
      .insertInto('ticket_frames')
      .values([
        { country: 'COL', event_id: null, name: 'Palco Colombia', image_url: '/frame-co.svg' },
        {
          country: 'COL',
          event_id: ids.clasico as string,
          name: 'Clásico',
          image_url: null,
          accent_color: '#c92a2a',
        },
      ])
      .execute()
  })
  afterAll(async () => t?.close())

  const get = (url: string, headers: Record<string, string> = COL) => t.app.inject({ url, headers })

  it('answers one event by slug with everything its page needs', async () => {
    const res = await get('/api/event?slug=clasico')
    expect(res.statusCode).toBe(200)
    const e = res.json()
    expect(e).toMatchObject({
      id: ids.clasico,
      slug: 'clasico',
      type: 'FOOTBALL',
      name: 'Clásico',
      description: 'Fecha de liga.',
      currency: 'COP',
      saleState: 'ON_SALE',
      onSale: true,
      notYetOnSale: false,
      expired: false,
      disabled: false,
      soldOut: false,
      hasLayout: false,
      priceFrom: { amount: 4_500_000, currency: 'COP' },
      venue: { name: 'Estadio El Campín', city: 'Bogotá', timeZone: 'America/Bogota' },
      category: { slug: 'deportes', name: 'Deportes' },
      sportOrganization: { code: 'SAN', name: 'Santa Fe', sport: 'FOOTBALL' },
      includedEvents: [],
      tour: null,
    })
    expect(e.zones).toHaveLength(2)
    expect(e.zones[0]).toMatchObject({
      name: 'Zona 1',
      price: { amount: 4_500_000, currency: 'COP' },
      capacity: 100,
      available: 100,
      soldOut: false,
      perFanMax: 10,
    })
    expect(e.sponsorBanners.map((b: { name: string }) => b.name)).toEqual(['Principal', 'Segundo'])
    expect(new Date(e.startsAt).getTime()).toBeGreaterThan(now)
  })

  it('answers by id too, and names the category in the site language', async () => {
    const byId = await get(`/api/event?id=${ids.clasico}`)
    expect(byId.statusCode).toBe(200)
    expect(byId.json().slug).toBe('clasico')
    const upper = await get(`/api/event?id=${(ids.clasico as string).toUpperCase()}`)
    expect(upper.json().id).toBe(ids.clasico)
  })

  it('answers 404 problem JSON for unknown, malformed, hidden and other-country events', async () => {
    const urls = [
      '/api/event?slug=no-existe',
      `/api/event?id=${randomUUID()}`,
      '/api/event?id=abc',
      "/api/event?id=1'%20or%20'1'%3D'1",
      '/api/event?slug=borrador',
      `/api/event?id=${ids.borrador}`,
      '/api/event?slug=oculto',
      '/api/event?slug=final',
      `/api/event?id=${ids.final}`,
    ]
    for (const url of urls) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toContain('application/problem+json')
      expect(res.json(), url).toMatchObject({ status: 404, code: 'NOT_FOUND' })
    }
    const mexican = await get('/api/event?slug=final', MX)
    expect(mexican.statusCode).toBe(200)
    expect(mexican.json().currency).toBe('MXN')
  })

  it('needs exactly one of id and slug', async () => {
    for (const url of ['/api/event', '/api/event?id=&slug=', `/api/event?id=${ids.clasico}&slug=clasico`]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().code).toBe('VALIDATION_FAILED')
    }
  })

  it('opens a private event by its exact link but never lists it', async () => {
    const res = await get('/api/event?slug=privado')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ visibility: 'PRIVATE', onSale: true })
    const listed = await get('/api/events?size=100')
    const slugs = listed.json().content.map((e: { slug: string }) => e.slug)
    expect(slugs).toContain('clasico')
    for (const hidden of ['privado', 'borrador', 'oculto', 'desactivado', 'pasado'])
      expect(slugs).not.toContain(hidden)
    const home = JSON.stringify((await get('/api/events/categorized')).json())
    for (const hidden of ['privado', 'borrador', 'oculto']) expect(home).not.toContain(`"${hidden}"`)
  })

  it('states where an event stands: expired, disabled, sales closed, not yet on sale, sold out', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['pasado', { saleState: 'EXPIRED', expired: true, onSale: false }],
      ['desactivado', { saleState: 'DISABLED', disabled: true, onSale: false }],
      ['en-curso', { saleState: 'SALES_CLOSED', onSale: false, expired: false }],
      ['pronto', { saleState: 'NOT_YET_ON_SALE', notYetOnSale: true, onSale: false }],
      ['agotado', { saleState: 'ON_SALE', soldOut: true }],
    ]
    for (const [slug, expected] of cases) {
      const res = await get(`/api/event?slug=${slug}`)
      expect(res.statusCode, slug).toBe(200)
      expect(res.json(), slug).toMatchObject(expected)
    }
    const soldOut = (await get('/api/event?slug=agotado')).json()
    expect(soldOut.zones[0]).toMatchObject({ capacity: 0, available: 0, soldOut: true })
  })

  it('counts a mapped zone from its layout sections, and leaves an uncapped zone unlimited', async () => {
    const e = (await get('/api/event?slug=con-mapa')).json()
    expect(e.hasLayout).toBe(true)
    expect(e.zones[0]).toMatchObject({ name: 'Mapa', capacity: 56, available: 56, soldOut: false })
    expect(e.zones[1]).toMatchObject({ name: 'Sin cupo', capacity: null, available: null, soldOut: false })
    expect(e.priceFrom).toEqual({ amount: 8_000_000, currency: 'COP' })
  })

  it('subtracts what the seating module reports as taken', async () => {
    const db = t.db.db
    const zones = await db
      .selectFrom('price_zones')
      .select('id')
      .where('event_id', '=', ids['con-mapa'] as string)
      .orderBy('position')
      .execute()
    const taken = new Map([[zones[0]?.id as string, 56]])
    const e = await getEventDetail(
      db,
      { country: 'COL', locale: 'es-CO', now: new Date() },
      { slug: 'con-mapa' },
      { layouts: new LayoutCapacities(), takenPlaces: async () => taken },
    )
    expect(e.zones[0]).toMatchObject({ capacity: 56, available: 0, soldOut: true })
    // The free uncapped zone is still open, so the event as a whole is not sold out.
    expect(e.soldOut).toBe(false)
  })

  it('lists what a season pass includes, leaving out hidden events', async () => {
    const e = (await get('/api/event?slug=abono')).json()
    expect(e.type).toBe('SEASON_PASS')
    expect(e.includedEvents.map((i: { slug: string }) => i.slug)).toEqual(['clasico'])
    expect(e.includedEvents[0]).toMatchObject({
      venueName: 'Estadio El Campín',
      priceFrom: { amount: 4_500_000 },
    })
  })

  it('gives a tour date its tour and the upcoming public dates', async () => {
    const e = (await get('/api/event?slug=gira-12')).json()
    expect(e.tour).toMatchObject({ slug: 'gira', name: 'Gira' })
    expect(e.tour.dates.map((d: { slug: string }) => d.slug)).toEqual(['gira-10', 'gira-12', 'gira-14'])
    expect(e.tour.dates[0]).toMatchObject({
      city: 'Bogotá',
      timeZone: 'America/Bogota',
      saleState: 'ON_SALE',
    })
  })

  it('checks the sale state for ODE products, 404 when unknown', async () => {
    const cases: [string, Record<string, unknown>][] = [
      [
        `id=${ids.clasico}`,
        { slug: 'clasico', saleState: 'ON_SALE', onSale: true, expired: false, disabled: false },
      ],
      ['slug=pasado', { saleState: 'EXPIRED', expired: true, onSale: false }],
      ['slug=desactivado', { saleState: 'DISABLED', disabled: true }],
      ['slug=pronto', { notYetOnSale: true }],
      ['slug=agotado', { soldOut: true }],
      [
        'slug=en-la-web-del-organizador',
        {
          pageCategory: 'WEB_ODE',
          type: 'FOOTBALL',
          onSale: true,
          path: '/events/en-la-web-del-organizador',
        },
      ],
      [
        'slug=curso',
        { pageCategory: 'ENROLLMENTS', type: 'INSCRIPTION', path: '/inscriptions/detail?event=curso' },
      ],
    ]
    for (const [query, expected] of cases) {
      const res = await get(`/api/event/check?${query}`)
      expect(res.statusCode, query).toBe(200)
      expect(res.json(), query).toMatchObject(expected)
      expect(res.headers['cache-control'], query).toContain('max-age')
      // The organiser's website reads it from its own origin.
      expect(res.headers['access-control-allow-origin'], query).toBe('*')
    }
    for (const query of ['slug=nada', 'id=nada', 'slug=borrador', 'slug=final', `id=${randomUUID()}`]) {
      const res = await get(`/api/event/check?${query}`)
      expect(res.statusCode, query).toBe(404)
      expect(res.json().code).toBe('NOT_FOUND')
      expect(res.headers['access-control-allow-origin'], query).toBe('*')
    }
    expect((await get('/api/event/check')).statusCode).toBe(400)
  })

  it('serves sponsor banners by event id, in order, and 404 for hidden or foreign events', async () => {
    const res = await get(`/api/event/sponsor-banners?eventId=${ids.clasico}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([
      expect.objectContaining({
        name: 'Principal',
        imageUrl: '/a.svg',
        linkUrl: 'https://example.com',
        position: 0,
      }),
      expect.objectContaining({ name: 'Segundo', linkUrl: null, position: 1 }),
    ])
    expect((await get(`/api/event/sponsor-banners?eventId=${ids.pasado}`)).json()).toEqual([])
    for (const eventId of [ids.borrador, ids.final, 'junk', randomUUID()]) {
      const miss = await get(`/api/event/sponsor-banners?eventId=${eventId}`)
      expect(miss.statusCode, eventId).toBe(404)
    }
    const missing = await get('/api/event/sponsor-banners')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().fields).toHaveProperty('eventId')
  })

  it("serves an event's own ticket frame, else the country default, and the default alone", async () => {
    const own = await get(`/api/event/ticket-frame?eventId=${ids.clasico}`)
    expect(own.json()).toMatchObject({ name: 'Clásico', eventId: ids.clasico, accentColor: '#c92a2a' })
    const fallback = await get(`/api/event/ticket-frame?eventId=${ids.pronto}`)
    expect(fallback.json()).toMatchObject({
      name: 'Palco Colombia',
      eventId: null,
      imageUrl: '/frame-co.svg',
    })
    const frame = await get('/api/frame')
    expect(frame.json()).toMatchObject({ name: 'Palco Colombia', eventId: null, backgroundColor: '#ffffff' })
    // Mexico has no default frame in this fixture.
    expect((await get('/api/frame', MX)).statusCode).toBe(404)
    expect((await get(`/api/event/ticket-frame?eventId=${ids.final}`, MX)).statusCode).toBe(404)
    expect((await get(`/api/event/ticket-frame?eventId=${ids.final}`)).statusCode).toBe(404)
    expect((await get('/api/event/ticket-frame?eventId=x')).statusCode).toBe(404)
  })

  it('lists categories in the site language and sport organisations per country', async () => {
    expect((await get('/api/categories')).json()).toEqual([
      expect.objectContaining({ slug: 'deportes', name: 'Deportes' }),
    ])
    expect((await get('/api/categories', MX)).json()).toEqual([
      expect.objectContaining({ slug: 'deportes', name: 'Sports' }),
    ])
    expect((await get('/api/sport-organizations')).json()).toEqual([
      expect.objectContaining({ code: 'SAN', name: 'Santa Fe', sport: 'FOOTBALL', logoUrl: null }),
    ])
    expect((await get('/api/sport-organizations', MX)).json()).toEqual([])
  })

  it('lists tours and one tour with its upcoming public dates', async () => {
    const tours = (await get('/api/tours')).json()
    expect(tours.map((x: { slug: string }) => x.slug)).toEqual(['gira'])
    expect(tours[0]).toMatchObject({ dates: 3 })
    const res = await get('/api/tour?slug=gira')
    expect(res.statusCode).toBe(200)
    const tour = res.json()
    expect(tour).toMatchObject({
      slug: 'gira',
      name: 'Gira',
      description: 'Tres noches',
      priceFrom: { amount: 5_000_000, currency: 'COP' },
    })
    expect(tour.dates.map((d: { slug: string }) => d.slug)).toEqual(['gira-10', 'gira-12', 'gira-14'])
    expect(tour.dates[0]).toMatchObject({ venueName: 'Estadio El Campín', city: 'Bogotá', hasLayout: false })
    for (const [url, headers] of [
      ['/api/tour?slug=nada', COL],
      ['/api/tour?slug=gira-secreta', COL],
      ['/api/tour?slug=tour-mx', COL],
      ['/api/tour?slug=gira', MX],
    ] as const) {
      expect((await get(url, headers)).statusCode, url).toBe(404)
    }
    expect((await get('/api/tour?slug=tour-mx', MX)).json().dates).toHaveLength(1)
    expect((await get('/api/tour')).statusCode).toBe(400)
  })

  it('revalidates an event with its ETag and sees a change once the cache is cleared', async () => {
    const first = await get('/api/event?slug=clasico')
    const etag = first.headers.etag as string
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/)
    expect((await get('/api/event?slug=clasico', { ...COL, 'if-none-match': etag })).statusCode).toBe(304)
    await t.db.db
      .updateTable('events')
      .set({ name: 'Clásico capitalino' })
      .where('id', '=', ids.clasico as string)
      .execute()
    t.app.catalogCache.clear()
    const changed = await get('/api/event?slug=clasico', { ...COL, 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().name).toBe('Clásico capitalino')
    expect(changed.headers.etag).not.toBe(etag)
  })
})
