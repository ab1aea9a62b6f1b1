import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import {
  collectPageErrors,
  screenshotPath,
  scrollWidth,
  settleImages,
  waitForHydration,
} from './support/page'
import { COUNTRIES, type Site, urlOf } from './support/sites'

const SECTIONS = ['section-events', 'section-tour', 'section-paguitos'] as const

/** Per country: how a price and an event date must look on the home page (spec §2). */
const FORMATS: Record<Site['name'], { price: RegExp; wrongPrice: RegExp; date: RegExp }> = {
  // "$ 45.000": peso sign, a (no-break) space, dots between thousands, no decimals.
  colombia: {
    price: /(?<![A-Z])\$\s\d{1,3}(?:\.\d{3})+(?![\d,])/,
    wrongPrice: /MX\$|COP|\$\s?\d{1,3}(?:\.\d{3})*,\d/,
    date: /\d{1,2} de [a-záéíóú]+/,
  },
  // "MX$1,200": the Mexican peso must never read as a bare "$" (US dollars) to an en-US reader.
  mexico: {
    price: /MX\$\s?\d{1,3}(?:,\d{3})*(?:\.\d{2})?/,
    wrongPrice: /(?<!MX)\$\s?\d/,
    date: /[A-Z][a-z]+, \d{1,2}(st|nd|rd|th)/,
  },
}

async function expectHome(page: Page, site: Site) {
  await expect(page.locator('html')).toHaveAttribute('lang', site.lang)
  for (const id of SECTIONS) {
    const section = page.getByTestId(id)
    await expect(section, `${id} on ${site.name}`).toBeVisible()
    await expect(section.getByRole('heading', { level: 2 })).not.toBeEmpty()
    await expect(section.locator('article').first(), `${id} has at least one card`).toBeVisible()
  }
}

for (const site of COUNTRIES) {
  test.describe(`home · ${site.name}`, () => {
    test('renders the three sections in the country language, money and dates', async ({ page }) => {
      const errors = collectPageErrors(page)
      const response = await page.goto(urlOf(site, '/'))
      expect(response?.status()).toBe(200)
      await expectHome(page, site)

      const format = FORMATS[site.name]
      const cards = page.locator('main article')
      const cardTexts = await cards.allInnerTexts()
      expect(cardTexts.length).toBeGreaterThan(0)
      const allText = cardTexts.join('\n')

      // Every priced card uses the country's format; none uses the other country's.
      const prices = await page.getByTestId('price-from').allInnerTexts()
      expect(prices.length, 'event cards show a price').toBeGreaterThan(0)
      expect(allText).toMatch(format.price)
      for (const price of prices) {
        expect(price, `price "${price}" on ${site.name}`).not.toMatch(format.wrongPrice)
      }

      // Event dates are written out in the site's language.
      const dates = await page.locator('main article time').allInnerTexts()
      expect(dates.length).toBeGreaterThan(0)
      for (const date of dates) expect(date, `date "${date}" on ${site.name}`).toMatch(format.date)

      await expectNoSeriousA11yViolations(page, `${site.name} /`)
      // The app hydrates under the CSP without errors (a blocked script or a mismatch would log here).
      await waitForHydration(page)
      expect(errors).toEqual([])
    })

    test('header shows the country and the footer its support contacts', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(urlOf(site, '/'))
      await expect(page.getByTestId('country-indicator').first()).toHaveText(site.indicator)

      const footer = page.getByRole('contentinfo')
      const email = footer.getByTestId('support-email')
      await expect(email).toHaveText(site.supportEmail)
      await expect(email).toHaveAttribute('href', `mailto:${site.supportEmail}`)
      if (site.hasStoreLinks) {
        const stores = footer.getByTestId('store-links')
        await expect(stores).toBeVisible()
        await expect(stores.getByRole('link')).toHaveCount(2)
      } else {
        await expect(page.getByTestId('store-links')).toHaveCount(0)
      }
      await expectNoSeriousA11yViolations(page, `${site.name} / (footer)`)
    })

    for (const width of [375, 1280]) {
      test(`full-page screenshot at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 800 })
        await page.goto(urlOf(site, '/'))
        await expectHome(page, site)
        await waitForHydration(page)
        await settleImages(page)
        await page.screenshot({ path: screenshotPath(`${site.name}-home-${width}`), fullPage: true })
        if (width === 375) {
          expect(await scrollWidth(page), 'no horizontal overflow at 375 px').toBeLessThanOrEqual(375)
        }
        await expectNoSeriousA11yViolations(page, `${site.name} / at ${width} px`)
      })
    }
  })
}

/** Per country: a club of the demo catalogue, one of its matches, and the search form's words. */
const FILTER: Record<
  Site['name'],
  { team: string; match: string; sport: string; category: string; search: string; clear: string }
> = {
  colombia: {
    team: 'SAN',
    match: 'santa-fe-vs-nacional',
    sport: 'Deporte o equipo',
    category: 'Categoría',
    search: 'Buscar',
    clear: 'Quitar filtros',
  },
  mexico: {
    team: 'IFC',
    match: 'insurgentes-fc-vs-olmecas',
    sport: 'Sport or team',
    category: 'Category',
    search: 'Search',
    clear: 'Clear filters',
  },
}

for (const site of COUNTRIES) {
  test(`the sport or team filter lists the country's teams and follows the address · ${site.name}`, async ({
    page,
  }) => {
    const f = FILTER[site.name]
    await page.goto(urlOf(site, '/'))
    await waitForHydration(page)
    const sport = page.getByLabel(f.sport)
    const category = page.getByLabel(f.category)
    // Filled from the catalogue: every sport organisation the API lists for the country is offered.
    const organizations = (await page.evaluate(async () =>
      (await fetch('/api/sport-organizations')).json(),
    )) as { code: string; name: string }[]
    expect(organizations.length).toBeGreaterThan(0)
    for (const o of organizations) await expect(sport.locator(`option[value="${o.code}"]`)).toHaveText(o.name)

    // A team's results, then "clear filters": the form follows the address instead of keeping the team.
    await sport.selectOption(f.team)
    await Promise.all([
      page.waitForURL(/\?/),
      page.getByRole('search').getByRole('button', { name: f.search }).click(),
    ])
    await expect(
      page.getByTestId('search-results').locator(`a[href="/events/${f.match}"]`).first(),
    ).toBeVisible()
    await page.getByRole('search').getByRole('link', { name: f.clear }).click()
    await expect(page).toHaveURL(urlOf(site, '/'))
    await expect(page.getByTestId('section-events')).toBeVisible()
    await expect(sport).toHaveValue('')
    // Issue 13: the next search used to carry the old team along and found nothing.
    await category.selectOption('conciertos')
    await Promise.all([
      page.waitForURL(/category=/),
      page.getByRole('search').getByRole('button', { name: f.search }).click(),
    ])
    expect(new URL(page.url()).searchParams.get('sport') ?? '').toBe('')
    await expect(page.getByTestId('search-results').locator('article').first()).toBeVisible()
    // Back to the home page, the form is empty again.
    await page.goBack()
    await expect(page).toHaveURL(urlOf(site, '/'))
    await expect(category).toHaveValue('')
    await expect(sport).toHaveValue('')
    await expectNoSeriousA11yViolations(page, `${site.name} / after clearing the filters`)
  })
}
