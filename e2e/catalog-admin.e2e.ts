import { type APIRequestContext, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { collectPageErrors, waitForHydration } from './support/page'
import { SITES, urlOf } from './support/sites'

/**
 * Issue 4, done when: an admin creates and publishes an event through the admin API and it appears on the
 * home page; a fan gets 403 from the admin API. The admin works through `/api/admin/*` with the session
 * cookie of a real login (the back office has no screens yet); the fan's browser sees the result.
 */

const site = SITES.colombia
const PASSWORD = 'Palco#2026'
const HOUR = 3_600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()

/** Logs in through the public API; the context keeps the session cookie for the calls that follow. */
async function login(request: APIRequestContext, email: string) {
  const res = await request.post(urlOf(site, '/api/auth/login'), {
    data: { email, password: PASSWORD },
    headers: { origin: site.baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
}

/** Writes carry the site's Origin, as the browser's would (the API refuses cross-site writes). */
const write = { headers: { origin: site.baseURL } }

test.describe('catalogue admin API', () => {
  test('an admin creates and publishes an event; it is on the Colombian home page and opens', async ({
    browser,
    page,
  }) => {
    const stamp = Date.now().toString(36)
    const name = `Concierto de prueba ${stamp}`
    const slug = `concierto-de-prueba-${stamp}`
    const adminContext = await browser.newContext()
    const admin = adminContext.request

    await test.step('the admin logs in and creates a venue and a draft event', async () => {
      await login(admin, 'admin@palco.co')
      const venue = await admin.post(urlOf(site, '/api/admin/venues'), {
        ...write,
        data: { country: 'COL', name: `Teatro ${stamp}`, city: 'Medellín', timeZone: 'America/Bogota' },
      })
      expect(venue.status(), await venue.text()).toBe(201)
      const venueId = ((await venue.json()) as { id: string }).id

      // Soon, so it sorts among the first events of the home page's section.
      const start = Date.now() + 2 * DAY
      const created = await admin.post(urlOf(site, '/api/admin/events'), {
        ...write,
        data: {
          country: 'COL',
          type: 'EVENT',
          slug,
          name,
          description: 'Un concierto creado por el recorrido de administración.',
          venueId,
          startsAt: iso(start),
          endsAt: iso(start + 3 * HOUR),
          onSaleAt: iso(Date.now() - HOUR),
          offSaleAt: iso(start),
          zones: [{ name: 'General', price: 9_000_000, capacity: 200, numbered: false }],
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      const event = (await created.json()) as { id: string; status: string }
      expect(event.status).toBe('DRAFT')

      // A draft is nobody's business but staff's.
      const draftPage = await page.goto(urlOf(site, `/events/${slug}`))
      expect(draftPage?.status()).toBe(404)

      await test.step('and publishes it', async () => {
        const published = await admin.post(urlOf(site, `/api/admin/events/${event.id}/publish`), write)
        expect(published.status(), await published.text()).toBe(200)
        expect(((await published.json()) as { status: string }).status).toBe('PUBLISHED')
      })
    })

    await test.step('a visitor finds it on the Colombian home page', async () => {
      const errors = collectPageErrors(page)
      await page.goto(urlOf(site, '/'))
      await waitForHydration(page)
      const card = page.getByRole('article', { name })
      await expect(card).toBeVisible()
      await expect(card.getByTestId('price-from')).toContainText('90.000')
      await expectNoSeriousA11yViolations(page, 'home with the new event')

      await card.getByRole('link', { name }).click()
      await expect(page).toHaveURL(new RegExp(`/events/${slug}$`))
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(page.getByText('General').first()).toBeVisible()
      await expectNoSeriousA11yViolations(page, 'the new event page')
      expect(errors).toEqual([])
    })

    await test.step('it is not on the Mexican site', async () => {
      const res = await page.goto(urlOf(SITES.mexico, `/events/${slug}`))
      expect(res?.status()).toBe(404)
    })

    await adminContext.close()
  })

  test('a fan gets 403 from the admin API, and a visitor 401', async ({ browser }) => {
    const fanContext = await browser.newContext()
    await login(fanContext.request, 'fan@palco.co')
    const body = {
      country: 'COL',
      name: 'Teatro de un fan',
      city: 'Cali',
      timeZone: 'America/Bogota',
    }
    const asFan = await fanContext.request.post(urlOf(site, '/api/admin/venues'), { ...write, data: body })
    expect(asFan.status()).toBe(403)
    const publishAsFan = await fanContext.request.post(
      urlOf(site, '/api/admin/events/00000000-0000-4000-8000-000000000000/publish'),
      write,
    )
    expect(publishAsFan.status()).toBe(403)
    await fanContext.close()

    const visitor = await browser.newContext()
    const asVisitor = await visitor.request.post(urlOf(site, '/api/admin/venues'), { ...write, data: body })
    expect(asVisitor.status()).toBe(401)
    await visitor.close()
  })
})
