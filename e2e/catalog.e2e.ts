import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { scrollWidth } from './support/page'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/** Per country: the demo data the journey walks through and how its money and offsets look. */
const JOURNEY: Record<
  Site['name'],
  {
    team: string
    match: string
    currency: string
    offset: string
    price: RegExp
    wrongPrice: RegExp
    labels: { category: string; sport: string; search: string; tours: string; details: RegExp }
  }
> = {
  colombia: {
    team: 'SAN',
    match: 'santa-fe-vs-nacional',
    currency: 'COP',
    offset: '-05:00',
    price: /^\$\s\d{1,3}(?:\.\d{3})+$/,
    wrongPrice: /MX\$|COP|,\d/,
    labels: {
      category: 'Categoría',
      sport: 'Deporte o equipo',
      search: 'Buscar',
      tours: 'Giras',
      details: /^Ver detalles/,
    },
  },
  mexico: {
    team: 'IFC',
    match: 'insurgentes-fc-vs-olmecas',
    currency: 'MXN',
    offset: '-06:00',
    price: /^MX\$\d{1,3}(?:,\d{3})*(?:\.\d{2})?$/,
    wrongPrice: /(?<!MX)\$/,
    labels: {
      category: 'Category',
      sport: 'Sport or team',
      search: 'Search',
      tours: 'Tours',
      details: /^See details/,
    },
  },
}

interface ApiEvent {
  name: string
  startsAt: string
  venue: { name: string; timeZone: string }
}

/** HH:mm of an instant on the venue's clock (spec §2), computed apart from the app's own formatter. */
function wallClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))
}

async function submitSearch(page: Page, label: string) {
  await Promise.all([
    page.waitForURL(/\?/),
    page.getByRole('search').getByRole('button', { name: label }).click(),
  ])
}

for (const site of COUNTRIES) {
  const j = JOURNEY[site.name]

  test.describe(`catalogue journey · ${site.name}`, () => {
    test('home → filters → event page → tours → a tour date', async ({ page }) => {
      // Home, then a category filter: the results replace the three sections.
      await page.goto(urlOf(site, '/'))
      await expect(page.getByTestId('section-events')).toBeVisible()
      await page.getByLabel(j.labels.category).selectOption('conciertos')
      await submitSearch(page, j.labels.search)
      expect(new URL(page.url()).searchParams.get('category')).toBe('conciertos')
      const results = page.getByTestId('search-results')
      await expect(results).toBeVisible()
      await expect(page.getByTestId('section-events')).toHaveCount(0)
      await expect(results.locator('article').first()).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} / filtered by category`)

      // The sport filter: the country's club finds its match (and season pass).
      await page.getByLabel(j.labels.category).selectOption('')
      await page.getByLabel(j.labels.sport).selectOption(j.team)
      await submitSearch(page, j.labels.search)
      const match = results.getByRole('link').and(page.locator(`a[href="/events/${j.match}"]`))
      await expect(match).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} / filtered by sport`)

      // The event page: heading, venue-local time, prices in the country's format, link preview, JSON-LD.
      // Asked from the page: Chromium resolves mx.localhost, Node's resolver does not.
      const expected = (await page.evaluate(
        async (path) => (await fetch(path)).json(),
        `/api/event?slug=${j.match}`,
      )) as ApiEvent
      await match.click()
      await expect(page).toHaveURL(new RegExp(`/events/${j.match}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.name)
      await expect(page.getByTestId('event-time')).toContainText(
        wallClock(expected.startsAt, expected.venue.timeZone),
      )
      await expect(page.getByTestId('event-venue')).toContainText(expected.venue.name)
      const prices = await page.getByTestId('zone-price').allInnerTexts()
      expect(prices.length).toBeGreaterThan(3)
      for (const price of prices) {
        expect(price.trim(), `price "${price}"`).toMatch(j.price)
        expect(price, `price "${price}"`).not.toMatch(j.wrongPrice)
      }
      await expect(page.getByTestId('buy-tickets')).toHaveAttribute(
        'href',
        `/checkout/stadium?event=${j.match}`,
      )
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', expected.name)
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\/.+\.svg$/)
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '')
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'SportsEvent',
        name: expected.name,
      })
      expect(ld.startDate.endsWith(j.offset)).toBe(true)
      expect(ld.location).toMatchObject({ '@type': 'Place', name: expected.venue.name })
      expect(ld.offers.length).toBeGreaterThan(3)
      expect(ld.offers[0]).toMatchObject({
        priceCurrency: j.currency,
        availability: 'https://schema.org/InStock',
      })
      await expectNoSeriousA11yViolations(page, `${site.name} /events/${j.match}`)

      // Keyboard: the primary action is reachable by Tab.
      await page.getByRole('heading', { level: 1 }).click()
      let reached = false
      for (let i = 0; i < 10 && !reached; i++) {
        await page.keyboard.press('Tab')
        reached = await page.getByTestId('buy-tickets').evaluate((el) => el === document.activeElement)
      }
      expect(reached, 'Buy tickets is reachable by keyboard').toBe(true)

      // Tours, then one tour's dates, then a date's own page.
      await page.getByRole('navigation').getByRole('link', { name: j.labels.tours }).click()
      await expect(page).toHaveURL(/\/tours$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(j.labels.tours)
      await expectNoSeriousA11yViolations(page, `${site.name} /tours`)
      await page.getByTestId('tour-list').getByRole('link').first().click()
      await expect(page).toHaveURL(/\/checkout\/tour\/select\?tour=/)
      const dates = page.getByTestId('tour-date')
      await expect(dates).toHaveCount(4)
      for (const price of await dates.getByTestId('price-from').allInnerTexts()) {
        expect(price).not.toMatch(j.wrongPrice)
      }
      await expectNoSeriousA11yViolations(page, `${site.name} /checkout/tour/select`)
      const city = ((await dates.first().getByRole('heading', { level: 3 }).textContent()) ?? '').trim()
      await dates.first().getByRole('link', { name: j.labels.details }).click()
      await expect(page).toHaveURL(/\/events\//)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(city)
      await expect(page.getByTestId('tour-dates')).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} tour date page`)
    })

    test('event page fits 375 px and an unknown event is a 404 page', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 })
      const res = await page.goto(urlOf(site, `/events/${j.match}`))
      expect(res?.status()).toBe(200)
      expect(await scrollWidth(page), 'no horizontal overflow at 375 px').toBeLessThanOrEqual(375)
      await expectNoSeriousA11yViolations(page, `${site.name} event at 375 px`)
      const missing = await page.goto(urlOf(site, '/events/no-such-event'))
      expect(missing?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
    })
  })
}
