import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, DEMO_PASSWORD, signUpAndConfirm } from './support/api'
import { LEAGUE_OWNER } from './support/organiser'
import { scrollWidth, waitForHydration } from './support/page'
import { newFan } from './support/people'
import { COUNTRIES, urlOf } from './support/sites'

const here = path.dirname(fileURLToPath(import.meta.url))
const readLocale = (lng: string, ns: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(here, `../apps/web/app/locales/${lng}/${ns}.json`), 'utf8'))

/**
 * Issue 43 part 1 in both countries: a sports organiser's owner logs in at the staff door, lands on the back
 * office's events and sees their league's matches and none of the promoter's concerts; the platform's box
 * office reports stay closed to them. At 375 px, by keyboard, axe-clean.
 */
for (const site of COUNTRIES) {
  test(`an organiser sees only their own events · ${site.name}`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    const auth = readLocale(site.lang, 'auth') as {
      fields: { email: string; password: string }
      operators: { submit: string }
    }
    await page.goto(urlOf(site, '/authorization/operators'))
    await waitForHydration(page)
    await page.getByLabel(auth.fields.email, { exact: true }).fill(LEAGUE_OWNER[site.name])
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

type StaffTexts = {
  add: Record<string, string>
  roles: Record<string, string>
  roleOf: string
  save: string
  saved: string
  removeAsk: string
  remove: string
}

/**
 * Issue 43 part 1, an owner's staff page in both countries: the owner adds a fan who signed up as read-only
 * staff, makes them a manager, and takes them off again; the person's own session follows each change at once.
 * At 375 px, by keyboard, axe-clean.
 */
for (const site of COUNTRIES) {
  test(`an owner adds a person to the staff, changes their role and takes them off · ${site.name}`, async ({
    browser,
  }) => {
    const texts = readLocale(site.lang, 'staffadmin') as StaffTexts
    const stamp = Date.now().toString(36) + site.name.slice(0, 2)
    const email = `equipo.${stamp}@example.com`
    const person = await (await browser.newContext({ baseURL: site.baseURL })).newPage()
    await signUpAndConfirm(person, site, newFan(site, { firstName: 'Sara', lastName: 'Equipo', email }))
    expect((await api(person, 'GET', '/api/admin/events')).status).toBe(403)

    const owner = await asUser(browser, site, LEAGUE_OWNER[site.name])
    await owner.setViewportSize({ width: 375, height: 800 })
    await owner.goto(urlOf(site, '/backoffice/staff'))
    await waitForHydration(owner)
    const add = owner.getByTestId('add-staff')
    await add.getByLabel(texts.add.email, { exact: false }).fill(email)
    await add.getByRole('button', { name: texts.add.submit }).press('Enter')
    await expect(add.getByRole('status')).toHaveText(texts.add.done)
    const card = owner.locator(`[data-testid=staff-member][data-email="${email}"]`)
    await expect(card).toBeVisible()
    // The person now reads the league's events, and manages nothing.
    expect((await api(person, 'GET', '/api/admin/events')).status).toBe(200)
    expect((await api(person, 'GET', '/api/backoffice/box-office/shifts')).status).toBe(403)
    await person.goto(urlOf(site, '/backoffice/events'))
    await expect(person).toHaveURL(urlOf(site, '/backoffice/events'))

    await card.getByLabel(texts.roleOf.replace('{{name}}', 'Sara Equipo')).selectOption('manager')
    await card.getByRole('button', { name: texts.save }).click()
    await expect(card.getByRole('status')).toHaveText(texts.saved)
    expect(await scrollWidth(owner)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/staff`)

    await card.getByRole('button', { name: texts.removeAsk.replace('{{name}}', 'Sara Equipo') }).click()
    await card.getByRole('button', { name: texts.remove, exact: true }).click()
    await expect(card).toHaveCount(0)
    expect((await api(person, 'GET', '/api/admin/events')).status).toBe(403)
    await owner.context().close()
    await person.context().close()
  })
}
