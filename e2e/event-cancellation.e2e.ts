import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, signUpAndConfirm } from './support/api'
import { scrollWidth, waitForHydration } from './support/page'
import { buyOnePlaceByCard } from './support/purchase'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 16 part 5 in both countries: an admin cancels an event from `/backoffice/events`, giving a reason;
 * the fan who bought for it finds the purchase refunded, and its page says the event was cancelled. The
 * journey makes an event of its own through the admin API: the demo's events stay on sale for the others.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()

const WORDS = {
  colombia: {
    country: 'COL',
    timeZone: 'America/Bogota',
    reason: 'Motivo de la cancelación',
    confirm: 'Sí, cancelar el evento',
    cancelLabel: (name: string) => `Cancelar ${name}`,
    card: '4013540682746260',
    phone: (stamp: string) => `303${stamp.slice(-7)}`,
    phonePrefix: '+57',
    document: { type: 'CC', number: (stamp: string) => `6${stamp.slice(-9)}` },
  },
  mexico: {
    country: 'MEX',
    timeZone: 'America/Mexico_City',
    reason: 'Reason for the cancellation',
    confirm: 'Yes, cancel the event',
    cancelLabel: (name: string) => `Cancel ${name}`,
    card: '4075595716483764',
    phone: (stamp: string) => `55${stamp.slice(-8)}`,
    phonePrefix: '+52',
    document: { type: 'PP', number: (stamp: string) => `G${stamp.slice(-8)}` },
  },
} as const

/** A published event of the site's country, sold by zone, a week away. */
async function eventOfItsOwn(admin: import('@playwright/test').Page, site: Site, stamp: string) {
  const words = WORDS[site.name]
  const venue = await api<{ id: string }>(admin, 'POST', '/api/admin/venues', {
    country: words.country,
    name: `Sala ${stamp}`,
    city: site.name === 'colombia' ? 'Cali' : 'Puebla',
    timeZone: words.timeZone,
  })
  expect(venue.status, JSON.stringify(venue.data)).toBe(201)
  const start = Date.now() + 7 * DAY
  const name = `Función cancelada ${stamp}`
  const created = await api<{ id: string }>(admin, 'POST', '/api/admin/events', {
    country: words.country,
    type: 'EVENT',
    slug: `funcion-cancelada-${stamp}`,
    name,
    description: 'Un evento que el recorrido cancela.',
    venueId: venue.data.id,
    startsAt: iso(start),
    endsAt: iso(start + 3 * HOUR),
    onSaleAt: iso(Date.now() - HOUR),
    offSaleAt: iso(start),
    zones: [{ name: 'General', price: 5_000_000, capacity: 50, numbered: false }],
  })
  expect(created.status, JSON.stringify(created.data)).toBe(201)
  const published = await api(admin, 'POST', `/api/admin/events/${created.data.id}/publish`)
  expect(published.status, JSON.stringify(published.data)).toBe(200)
  return { id: created.data.id, name, slug: `funcion-cancelada-${stamp}` }
}

for (const site of COUNTRIES) {
  const words = WORDS[site.name]

  test(`an admin cancels an event and its buyer is refunded · ${site.name}`, async ({ browser }) => {
    const stamp = Date.now().toString(36) + site.name.slice(0, 2)
    const admin = await asUser(browser, site, 'admin@palco.co')
    const event = await eventOfItsOwn(admin, site, stamp)

    // A fan of their own buys one place by card.
    const fanContext = await browser.newContext({ baseURL: site.baseURL })
    const fan = await fanContext.newPage()
    const digits = String(Date.now())
    const email = `cancelled.${stamp}@example.com`
    await signUpAndConfirm(fan, site, {
      firstName: 'Rosa',
      lastName: 'Reembolso',
      email,
      phonePrefix: words.phonePrefix,
      phone: words.phone(digits),
      documentType: words.document.type,
      documentNumber: words.document.number(digits),
      gender: 'FEMALE',
      birthDate: '1988-02-11',
    })
    const bought = await buyOnePlaceByCard(
      fan,
      event,
      {
        contact: {
          firstName: 'Rosa',
          lastName: 'Reembolso',
          email,
          phone: `${words.phonePrefix}${words.phone(digits)}`,
        },
        billing: {
          fullName: 'Rosa Reembolso',
          documentType: words.document.type,
          documentNumber: words.document.number(digits),
        },
      },
      { number: words.card, idempotencyKey: `e2e-cancel-${stamp}` },
    )

    // The admin cancels it from the back office, by keyboard, giving the reason buyers will read.
    await admin.goto(urlOf(site, '/backoffice/events'))
    await waitForHydration(admin)
    await admin.getByRole('button', { name: words.cancelLabel(event.name) }).focus()
    await admin.keyboard.press('Enter')
    await admin.getByLabel(words.reason).fill('The venue closed for repairs')
    await expectNoSeriousA11yViolations(admin, `${site.name} /backoffice/events (cancel dialog)`)
    await admin.getByRole('button', { name: words.confirm }).click()
    await expect(admin.getByTestId('event-cancelled')).toBeVisible({ timeout: 20_000 })
    await expect(
      admin.locator(`[data-testid="admin-event"][data-status="CANCELLED"]`, { hasText: event.name }),
    ).toBeVisible()
    await expectNoSeriousA11yViolations(admin, `${site.name} /backoffice/events`)
    await admin.setViewportSize({ width: 375, height: 800 })
    expect(await scrollWidth(admin)).toBeLessThanOrEqual(375)

    // The fan's purchase is refunded, and the event's page says it was cancelled.
    const order = await api<{ status: string }>(fan, 'GET', `/api/checkout/orders/${bought.id}`)
    expect(order.data.status).toBe('REFUNDED')
    await fan.goto(urlOf(site, `/events/${event.slug}`))
    await expect(fan).toHaveURL(/\/cancelled-event/)
    await waitForHydration(fan)
    await expectNoSeriousA11yViolations(fan, `${site.name} /cancelled-event`)
    await fanContext.close()
    await admin.context().close()
  })
}
