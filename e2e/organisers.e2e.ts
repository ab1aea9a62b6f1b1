import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, DEMO_PASSWORD } from './support/api'
import { scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, urlOf } from './support/sites'

const here = path.dirname(fileURLToPath(import.meta.url))
const readLocale = (lng: string, ns: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(here, `../apps/web/app/locales/${lng}/${ns}.json`), 'utf8'))

/**
 * Issue 43 part 1 in both countries: a sports organiser's owner logs in at the staff door, lands on the back
 * office's events and sees their league's matches and none of the promoter's concerts; the platform's box
 * office reports stay closed to them. At 375 px, by keyboard, axe-clean.
 */
const OWNERS = { colombia: 'club@palco.co', mexico: 'club@palco.mx' } as const

for (const site of COUNTRIES) {
  test(`an organiser sees only their own events · ${site.name}`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    const auth = readLocale(site.lang, 'auth') as {
      fields: { email: string; password: string }
      operators: { submit: string }
    }
    await page.goto(urlOf(site, '/authorization/operators'))
    await waitForHydration(page)
    await page.getByLabel(auth.fields.email, { exact: true }).fill(OWNERS[site.name])
    await page.getByLabel(auth.fields.password, { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: auth.operators.submit }).press('Enter')
    await expect(page).toHaveURL(urlOf(site, '/backoffice/events'))
    await waitForHydration(page)

    // What the page lists is what the API gives this organiser, and the platform admin sees more.
    const mine = await api<{ events: { id: string; name: string }[] }>(page, 'GET', '/api/admin/events')
    expect(mine.status).toBe(200)
    const rows = page.getByTestId('admin-event')
    await expect(rows).toHaveCount(mine.data.events.length)
    expect(mine.data.events.length).toBeGreaterThan(0)
    // The promoter's concerts are on sale to fans, and not on this organiser's list.
    const concerts = await api<{ content: { name: string }[] }>(
      page,
      'GET',
      '/api/events?category=conciertos',
    )
    expect(concerts.data.content.length).toBeGreaterThan(0)
    for (const concert of concerts.data.content)
      await expect(rows.filter({ hasText: concert.name })).toHaveCount(0)
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(page, `${site.name} /backoffice/events (organiser)`)

    // The back office's own frame (issue 43 part 7): its menu holds their pages, not the fans' links.
    const common = readLocale(site.lang, 'common') as { nav: Record<string, string> }
    await page.getByRole('button', { name: common.nav.openMenu }).click()
    const menu = page.getByRole('navigation', { name: common.nav.backOffice })
    await expect(menu.getByRole('link', { name: common.nav.orders })).toBeVisible()
    await expect(menu.getByRole('link', { name: common.nav.promoCodes })).toBeVisible()
    await expect(menu.getByRole('link', { name: common.nav.tours })).toHaveCount(0)
    await expect(menu.getByRole('link', { name: common.nav.boxOfficeReports })).toHaveCount(0)
    await expectNoSeriousA11yViolations(page, `${site.name} back-office menu`)
    await page.keyboard.press('Escape')

    // The platform's box office is not theirs.
    expect((await api(page, 'GET', '/api/backoffice/box-office/shifts')).status).toBe(403)
    await page.goto(urlOf(site, '/backoffice/box-office'))
    await expect(page).toHaveURL(/\/403/)
  })
}
