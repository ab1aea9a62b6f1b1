import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser } from './support/api'
import { LEAGUE_OWNER, ownersEvent } from './support/organiser'
import { scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, urlOf } from './support/sites'

/**
 * Issue 43 part 5 in both countries: a league's owner makes a promo code for their own match at
 * `/backoffice/promo-codes` (375 px, axe-clean), sees it listed, and a fan's cart for that match takes it.
 */

const FAN = { colombia: 'fan@palco.co', mexico: 'fan@palco.mx' } as const

for (const site of COUNTRIES) {
  test(`an organiser makes a promo code that a fan's cart takes · ${site.name}`, async ({ browser }) => {
    const stamp = Date.now().toString(36) + site.name.slice(0, 2)
    const admin = await asUser(browser, site, 'admin@palco.co')
    const owner = await asUser(browser, site, LEAGUE_OWNER[site.name])
    const event = await ownersEvent(admin, owner, site, stamp)
    const code = `E2E-${stamp}`.toUpperCase()

    await owner.setViewportSize({ width: 375, height: 800 })
    await owner.goto(urlOf(site, '/backoffice/promo-codes'))
    await waitForHydration(owner)
    await owner.getByTestId('promo-code').fill(code)
    await owner.getByTestId('promo-percent').fill('15')
    const events = owner.getByTestId('promo-events')
    await events.click()
    await events.fill(event.name)
    await owner.locator('[data-combobox-option]', { hasText: event.name }).click()
    await owner.keyboard.press('Escape')
    await owner.getByTestId('promo-submit').click()
    await expect(owner.getByTestId('promo-done')).toContainText(code)
    await expect(owner.getByTestId('promo-row').filter({ hasText: code })).toHaveCount(1)
    expect(await scrollWidth(owner)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(owner, `${site.name} /backoffice/promo-codes`)

    // A fan holds a place of that match; the cart takes the code and takes 15 % off the tickets.
    const fan = await asUser(browser, site, FAN[site.name])
    const detail = await api<{ zones: { id: string }[] }>(fan, 'GET', `/api/event?slug=${event.slug}`)
    const held = await api<{ id: string }>(fan, 'POST', '/api/reservations', {
      eventId: event.id,
      section: detail.data.zones[0]?.id,
      quantity: 1,
    })
    expect(held.status, JSON.stringify(held.data)).toBe(201)
    const applied = await api<{ discount: number }>(fan, 'POST', '/api/checkout-service/cart/promo', {
      reservationId: held.data.id,
      code: code.toLowerCase(),
    })
    expect(applied.status, JSON.stringify(applied.data)).toBe(200)
    expect(applied.data.discount).toBe(600_000)
    await api(fan, 'DELETE', `/api/reservations/${held.data.id}`)
  })
}
