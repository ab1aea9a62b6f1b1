import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertEvent, insertVenue } from '../../test/fixtures.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

const DAY = 24 * 3_600_000
const COL = { host: 'localhost:3000' }
const slugs = (body: { content: { slug: string }[] }) => body.content.map((e) => e.slug)

/**
 * Spec §2 event page categories (issue 17 part 7): the category decides which of our lists shows an event.
 * HOME → the home's sections; INSCRIPTION and ENROLLMENTS → the two tabs of `/inscriptions`; WEB_ODE → none,
 * its organiser's website sells it and reaches it by link.
 */
describe.each(ENGINES)('event page categories on %s', (engine) => {
  let t: TestApp
  const now = Date.now()
  const get = (url: string) => t.app.inject({ url, headers: COL })

  beforeAll(async () => {
    t = await openTestApp(engine)
    const bogota = await insertVenue(t.db.db, 'COL')
    const at = (days: number) => new Date(now + days * DAY)
    await insertEvent(t.db.db, bogota, { slug: 'partido', name: 'Partido', startsAt: at(1) })
    await insertEvent(t.db.db, bogota, {
      slug: 'carrera',
      name: 'Carrera',
      type: 'INSCRIPTION',
      pageCategory: 'INSCRIPTION',
      startsAt: at(2),
    })
    await insertEvent(t.db.db, bogota, {
      slug: 'curso',
      name: 'Curso',
      type: 'INSCRIPTION',
      pageCategory: 'ENROLLMENTS',
      startsAt: at(3),
    })
    await insertEvent(t.db.db, bogota, {
      slug: 'en-su-web',
      name: 'Partido en su web',
      pageCategory: 'WEB_ODE',
      startsAt: at(4),
    })
  })
  afterAll(async () => t?.close())

  it('puts only HOME events in the home sections', async () => {
    const home = (await get('/api/events/categorized')).json()
    expect(slugs({ content: home.events })).toEqual(['partido'])
  })

  it('lists races and courses apart on the sign-up tabs, and both together', async () => {
    expect(slugs((await get('/api/events?type=INSCRIPTION')).json())).toEqual(['carrera', 'curso'])
    expect(slugs((await get('/api/events?type=INSCRIPTION&pageCategory=INSCRIPTION')).json())).toEqual([
      'carrera',
    ])
    expect(slugs((await get('/api/events?type=INSCRIPTION&pageCategory=ENROLLMENTS')).json())).toEqual([
      'curso',
    ])
    const bad = await get('/api/events?pageCategory=ANYWHERE')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('pageCategory')
  })

  it('lists a WEB_ODE event nowhere, not even when asked, yet opens its page by link', async () => {
    expect(slugs((await get('/api/events')).json())).toEqual(['partido', 'carrera', 'curso'])
    expect(slugs((await get('/api/events?q=web')).json())).toEqual([])
    expect((await get('/api/events?pageCategory=WEB_ODE')).json().content).toEqual([])
    const page = await get('/api/event?slug=en-su-web')
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ pageCategory: 'WEB_ODE', onSale: true })
  })
})
