import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { asUser, signUpAndConfirm } from './support/api'
import { LEAGUE_OWNER, ownersEvent } from './support/organiser'
import { scrollWidth, waitForHydration } from './support/page'
import { buyOnePlaceByCard } from './support/purchase'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 43 part 6 in both countries: a league's owner opens their event's dashboard from the events list (375
 * px), a fan buys a place by card, and the dashboard shows the sale within 5 seconds of the payment (the
 * rollup job works it; the page is reloaded meanwhile, as its own refresh would). The sales chart has its
 * table for screen readers, shown on request; the organiser's dashboard lists the event with the sale.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
type Texts = { link: { label: string }; chart: { showTable: string } }
const textsOf = (site: Site): Texts =>
  JSON.parse(fs.readFileSync(path.join(here, `../apps/web/app/locales/${site.lang}/dashboards.json`), 'utf8'))

const WORDS = {
  colombia: {
    card: '4013540682746260',
    phone: (d: string) => `305${d.slice(-7)}`,
    phonePrefix: '+57',
    document: { type: 'CC', number: (d: string) => `8${d.slice(-9)}` },
  },
  mexico: {
    card: '4075595716483764',
    phone: (d: string) => `55${d.slice(-8)}`,
    phonePrefix: '+52',
    document: { type: 'PP', number: (d: string) => `G${d.slice(-8)}` },
  },
} as const

async function fanBuys(fan: Page, site: Site, event: { id: string; slug: string }, stamp: string) {
  const words = WORDS[site.name]
  const digits = String(Date.now())
  const person = { firstName: 'Lucía', lastName: 'Tablero', email: `tablero.${stamp}@example.com` }
  await signUpAndConfirm(fan, site, {
    ...person,
    phonePrefix: words.phonePrefix,
    phone: words.phone(digits),
    documentType: words.document.type,
    documentNumber: words.document.number(digits),
    gender: 'FEMALE',
    birthDate: '1990-03-14',
  })
  const buyer = {
    contact: { ...person, phone: `${words.phonePrefix}${words.phone(digits)}` },
    billing: {
      fullName: 'Lucía Tablero',
      documentType: words.document.type,
      documentNumber: words.document.number(digits),
    },
  }
  return buyOnePlaceByCard(fan, event, buyer, {
    number: words.card,
    idempotencyKey: `e2e-dashboard-${stamp}`,
  })
}

for (const site of COUNTRIES) {
  test(`an organiser's dashboard shows a fan's sale within 5 s · ${site.name}`, async ({ browser }) => {
    const texts = textsOf(site)
    const stamp = Date.now().toString(36) + site.name.slice(0, 2)
    const admin = await asUser(browser, site, 'admin@palco.co')
    const owner = await asUser(browser, site, LEAGUE_OWNER[site.name])
    const event = await ownersEvent(admin, owner, site, stamp)

    await owner.setViewportSize({ width: 375, height: 800 })
    await owner.goto(urlOf(site, '/backoffice/events'))
    await waitForHydration(owner)
    await owner.getByRole('link', { name: texts.link.label.replace('{{name}}', event.name) }).click()
    await expect(owner).toHaveURL(new RegExp(`/backoffice/events/${event.id}/dashboard`))
    await expect(owner.getByTestId('dashboard-tickets')).toHaveText('0')
    await waitForHydration(owner)
    expect(await scrollWidth(owner)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/events/:id/dashboard, no sales`)

    const fan = await (await browser.newContext({ baseURL: site.baseURL })).newPage()
    await fanBuys(fan, site, event, stamp)
    const paidAt = Date.now()
    // Within 5 s of the payment's answer: reloaded as often as the test can, as a person would.
    await expect
      .poll(
        async () => {
          await owner.reload()
          return owner.getByTestId('dashboard-tickets').textContent()
        },
        { timeout: 5_000, intervals: [250] },
      )
      .toBe('1')
    const lag = Date.now() - paidAt
    expect(lag).toBeLessThanOrEqual(5_000)
    test.info().annotations.push({ type: 'dashboard lag', description: `${lag} ms` })

    // The chart's figures are a table for screen readers, and shown on request.
    await waitForHydration(owner)
    const table = owner.getByTestId('dashboard-sales-table')
    await expect(table).toHaveCount(1)
    await expect(table.locator('tbody tr')).toHaveCount(1)
    await owner.getByTestId('dashboard-sales').getByRole('button', { name: texts.chart.showTable }).click()
    await expect(owner.getByTestId('dashboard-sales-table')).toBeVisible()
    await expect(owner.getByTestId('dashboard-by-channel')).toBeVisible()
    expect(await scrollWidth(owner)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/events/:id/dashboard, one sale`)

    // The organiser's dashboard lists the event with its sale.
    await owner.goto(urlOf(site, '/backoffice/dashboard'))
    await waitForHydration(owner)
    await expect(owner.getByTestId('dashboard-events').getByRole('link', { name: event.name })).toBeVisible()
    expect(await scrollWidth(owner)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/dashboard`)
  })
}
