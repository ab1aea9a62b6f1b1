import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, signUpAndConfirm } from './support/api'
import { LEAGUE_OWNER, ownersEvent } from './support/organiser'
import { scrollWidth, waitForHydration } from './support/page'
import { newFan } from './support/people'
import { buyOnePlaceByCard } from './support/purchase'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 43 part 3 in both countries: a league's owner makes and publishes an event of their own, a fan buys a
 * place by card, and the owner finds the order by its code at `/backoffice/orders` (375 px, by keyboard),
 * opens it and refunds it whole to the card; the order reads refunded and the fan's ticket is void.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
type Texts = {
  search: Record<string, string>
  detail: Record<string, string>
  refund: Record<string, string>
}
const textsOf = (site: Site): Texts =>
  JSON.parse(fs.readFileSync(path.join(here, `../apps/web/app/locales/${site.lang}/orderadmin.json`), 'utf8'))

const CARDS = { colombia: '4013540682746260', mexico: '4075595716483764' } as const

async function fanBuys(fan: Page, site: Site, event: { id: string; slug: string }, stamp: string) {
  const email = `reembolso.${stamp}@example.com`
  const person = { firstName: 'Tomás', lastName: 'Devuelto', email }
  const details = newFan(site, person)
  await signUpAndConfirm(fan, site, details)
  const buyer = {
    contact: { ...person, phone: `${details.phonePrefix}${details.phone}` },
    billing: {
      fullName: 'Tomás Devuelto',
      documentType: details.documentType,
      documentNumber: details.documentNumber,
    },
  }
  return buyOnePlaceByCard(fan, event, buyer, {
    number: CARDS[site.name],
    idempotencyKey: `e2e-refund-${stamp}`,
  })
}

for (const site of COUNTRIES) {
  test(`an organiser lists an attendee, exports them, and refunds their order · ${site.name}`, async ({
    browser,
  }) => {
    const texts = textsOf(site)
    const stamp = Date.now().toString(36) + site.name.slice(0, 2)
    const admin = await asUser(browser, site, 'admin@palco.co')
    const owner = await asUser(browser, site, LEAGUE_OWNER[site.name])
    const event = await ownersEvent(admin, owner, site, stamp)
    const fan = await (await browser.newContext({ baseURL: site.baseURL })).newPage()
    const order = await fanBuys(fan, site, event, stamp)

    await owner.setViewportSize({ width: 375, height: 800 })
    // Issue 43 part 4: the attendee list shows the buyer, and its CSV export lists them.
    await owner.goto(urlOf(site, `/backoffice/events/${event.id}/attendees`))
    await waitForHydration(owner)
    await expect(owner.getByTestId('attendee-row').filter({ hasText: order.code })).toHaveCount(1)
    expect(await scrollWidth(owner)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/events/:id/attendees`)
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByTestId('attendee-export-csv').click(),
    ])
    const csv = fs.readFileSync((await download.path()) as string, 'utf8')
    expect(csv).toContain(order.code)
    expect(csv).toContain(`reembolso.${stamp}@example.com`)

    await owner.goto(urlOf(site, '/backoffice/orders'))
    await waitForHydration(owner)
    // The fan remembers the card's last four digits: they find the order among the league's.
    await owner.getByRole('textbox', { name: texts.search.label }).fill(CARDS[site.name].slice(-4))
    await owner.keyboard.press('Enter')
    await expect(owner.getByRole('link', { name: order.code })).toBeVisible()
    await owner.getByRole('textbox', { name: texts.search.label }).fill(order.code)
    await owner.keyboard.press('Enter')
    const link = owner.getByRole('link', { name: order.code })
    await expect(link).toBeVisible()
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/orders`)
    await link.focus()
    await owner.keyboard.press('Enter')
    await expect(owner.getByTestId('order-summary')).toHaveAttribute('data-status', 'PAID')
    await expect(owner.getByTestId('order-payments')).toContainText(CARDS[site.name].slice(-4))
    await waitForHydration(owner)
    expect(await scrollWidth(owner)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/orders/:id`)

    await owner.getByTestId('order-refund').click()
    await owner.getByLabel(texts.refund.reason ?? '').fill('El partido cambió de sede')
    await owner.getByTestId('order-refund-confirm').click()
    await expect(owner.getByTestId('order-notice')).toBeVisible({ timeout: 20_000 })
    await expect(owner.getByTestId('order-summary')).toHaveAttribute('data-status', 'REFUNDED')
    await expect(owner.locator('[data-testid="order-tickets"] tr[data-status="REFUNDED"]')).toHaveCount(1)
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/orders/:id refunded`)

    // What the page says is what the API holds.
    const after = await api<{ status: string; tickets: { status: string }[] }>(
      owner,
      'GET',
      `/api/admin/orders/${order.id}`,
    )
    expect(after.data).toMatchObject({ status: 'REFUNDED', tickets: [{ status: 'REFUNDED' }] })
  })
}
