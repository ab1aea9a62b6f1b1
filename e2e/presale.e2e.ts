import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, loginAs } from './support/api'
import { screenshotPath, scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 42 part 2, in both countries: the demo's basketball night has a bank-card presale tier (README, demo
 * section). Its payment step offers card alone and names the sponsor; another bank's card is refused with a
 * message naming the sponsor, the tickets still held; the sponsor's card then buys them.
 */

const FAN: Record<Site['name'], string> = { colombia: 'fan@palco.co', mexico: 'fan@palco.mx' }
const PRESALE: Record<Site['name'], { slug: string; zone: string; sponsor: string; card: string }> = {
  colombia: {
    slug: 'piratas-vs-titanes',
    zone: 'Preventa Banco Andino',
    sponsor: 'Banco Andino',
    card: '4599991000000017',
  },
  mexico: {
    slug: 'regios-vs-capitalinos',
    zone: 'Banco Quetzal Presale',
    sponsor: 'Banco Quetzal',
    card: '5252520000000019',
  },
}
/** The sandbox's ordinary test cards: another bank's. */
const OTHER_BANK: Record<Site['name'], string> = { colombia: '4013540682746260', mexico: '4075595716483764' }

/** One place of the presale tier held through the API (a leftover hold of the event dropped first). */
async function holdPresalePlace(page: Page, slug: string, zoneName: string) {
  const event = await api<{ id: string; zones: { id: string; name: string }[] }>(
    page,
    'GET',
    `/api/event?slug=${encodeURIComponent(slug)}`,
  )
  expect(event.status).toBe(200)
  const zone = event.data.zones.find((z) => z.name === zoneName)
  expect(zone, `the demo's presale tier ${zoneName}`).toBeTruthy()
  const live = await api<{ reservation: { id: string; status: string } | null }>(
    page,
    'GET',
    `/api/reservations?eventId=${event.data.id}`,
  )
  const existing = live.data.reservation
  if (existing && ['BOOKED', 'ACTIVE'].includes(existing.status))
    await api(page, 'DELETE', `/api/reservations/${existing.id}`)
  const held = await api<{ id: string }>(page, 'POST', '/api/reservations', {
    eventId: event.data.id,
    section: zone?.id,
    quantity: 1,
  })
  expect(held.status, JSON.stringify(held.data)).toBe(201)
  return held.data.id
}

async function fillCard(page: Page, number: string) {
  const card = page.getByTestId('card-fields')
  await card.getByRole('textbox').nth(0).fill(number)
  await card.getByRole('textbox').nth(1).fill('11/30')
  await card.locator('input[autocomplete="cc-csc"]').fill('123')
  await card.locator('input[autocomplete="cc-name"]').fill('APRO')
}

for (const site of COUNTRIES) {
  test(`a bank-card presale · ${site.name}: another bank's card is refused and the hold kept; the sponsor's card buys`, async ({
    page,
  }) => {
    const presale = PRESALE[site.name]
    await loginAs(page, site, FAN[site.name])
    const reservationId = await holdPresalePlace(page, presale.slug, presale.zone)

    await page.goto(urlOf(site, `/checkout?event=${presale.slug}&reservation=${reservationId}`))
    await waitForHydration(page)
    await expect(page.getByTestId('summary-line')).toHaveCount(1)
    await page.getByTestId('continue-to-payment').click()
    await expect(page).toHaveURL(/\/checkout\/buy\?reservation=/)
    await expect(page.locator('[data-form="payment"]')).toBeVisible()

    // Card alone, under a notice naming the sponsor; at 375 px without sideways scrolling.
    const notice = page.getByTestId('presale-notice')
    await expect(notice).toContainText(presale.sponsor)
    await expect(page.locator('input[name="method"]')).toHaveCount(1)
    await expect(page.getByTestId('method-CARD')).toBeVisible()
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await expectNoSeriousA11yViolations(page, `${site.name} /checkout/buy (presale)`)

    // Another bank's card: refused by name of the sponsor, on the same page, the tickets still held.
    await fillCard(page, OTHER_BANK[site.name])
    await page.getByTestId('pay-button').click()
    const refusal = page.locator('[data-error-code="PRESALE_CARD_REFUSED"]')
    await expect(refusal).toBeVisible({ timeout: 20_000 })
    await expect(refusal).toContainText(presale.sponsor)
    await expect(refusal).not.toContainText('{{')
    await expect(page).toHaveURL(/\/checkout\/buy\?reservation=/)
    await page.screenshot({ path: screenshotPath(`${site.name}-presale-refused`), fullPage: true })
    const cart = await api<{ reservationStatus: string }>(
      page,
      'GET',
      `/api/checkout-service/cart?reservation=${reservationId}`,
    )
    expect(cart.status, JSON.stringify(cart.data)).toBe(200)
    expect(['BOOKED', 'ACTIVE']).toContain(cart.data.reservationStatus)

    // The sponsor's card pays.
    await fillCard(page, presale.card)
    await page.getByTestId('pay-button').click()
    await expect(page).toHaveURL(/\/checkout\/successful_purchase\?order=/, { timeout: 20_000 })
    await expect(page.getByTestId('issued-ticket')).toHaveCount(1)
  })
}
