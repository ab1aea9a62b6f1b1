import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '../../db/seed/demo.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

const COL = { host: 'localhost:3000' }
const MX = { host: 'mx.localhost:3000' }

// The public API over the demo catalogue a fresh `npm start` shows: what the e2e journeys and the
// benchmark rely on.
describe.each(ENGINES)('catalogue API over the demo data on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await openTestApp(engine)
    await seedDemoData(t.db.db)
  })
  afterAll(async () => t?.close())

  it('sells a stadium match zone by zone, capacities read off the seat map', async () => {
    const res = await t.app.inject({ url: '/api/event?slug=santa-fe-vs-nacional', headers: COL })
    expect(res.statusCode).toBe(200)
    const e = res.json()
    expect(e).toMatchObject({
      hasLayout: true,
      onSale: true,
      soldOut: false,
      venue: { timeZone: 'America/Bogota' },
    })
    const total = e.zones.reduce((n: number, z: { capacity: number }) => n + z.capacity, 0)
    expect(total).toBeGreaterThanOrEqual(40_000)
    for (const z of e.zones) expect(z.available).toBe(z.capacity)
    expect(e.sponsorBanners.map((b: { name: string }) => b.name)).toEqual(['Banco Cumbre', 'Aerovía'])
    expect(e.sportOrganization).toMatchObject({ code: 'SAN' })
  })

  it('has a default ticket frame per country and a season pass frame of its own', async () => {
    expect((await t.app.inject({ url: '/api/frame', headers: COL })).json().name).toBe('Palco Colombia')
    expect((await t.app.inject({ url: '/api/frame', headers: MX })).json().name).toBe('Palco Mexico')
    const pass = (
      await t.app.inject({ url: '/api/event?slug=insurgentes-fc-season-pass', headers: MX })
    ).json()
    expect(pass.includedEvents).toHaveLength(2)
    const frame = await t.app.inject({ url: `/api/event/ticket-frame?eventId=${pass.id}`, headers: MX })
    expect(frame.json()).toMatchObject({ name: 'Insurgentes Season Pass', eventId: pass.id })
  })

  it('finds the tour in each country and its four dates', async () => {
    for (const [headers, slug] of [
      [COL, 'los-rayos-del-valle-tierra-adentro'],
      [MX, 'luna-nortena-desert-lights-tour'],
    ] as const) {
      const tours = (await t.app.inject({ url: '/api/tours', headers })).json()
      expect(tours.map((x: { slug: string }) => x.slug)).toEqual([slug])
      const tour = (await t.app.inject({ url: `/api/tour?slug=${slug}`, headers })).json()
      expect(tour.dates).toHaveLength(4)
      expect(new Set(tour.dates.map((d: { city: string }) => d.city)).size).toBe(4)
    }
  })

  it('filters the demo by category, sport and text', async () => {
    const concerts = (await t.app.inject({ url: '/api/events?category=conciertos', headers: COL })).json()
    expect(concerts.content.map((e: { slug: string }) => e.slug)).toContain('sinfonica-salsera')
    const club = (await t.app.inject({ url: '/api/events?sport=IFC', headers: MX })).json()
    // The pass starts with its first match, so their order is a tie: compare as a set.
    expect(club.content.map((e: { slug: string }) => e.slug).sort()).toEqual([
      'insurgentes-fc-season-pass',
      'insurgentes-fc-vs-olmecas',
    ])
    const city = (await t.app.inject({ url: '/api/events?q=monterrey', headers: MX })).json()
    expect(city.totalElements).toBeGreaterThanOrEqual(2)
  })
})
