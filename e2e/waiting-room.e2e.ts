import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, loginAs, QUEUED_EVENTS } from './support/api'
import { scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 42 part 1, in both countries: the demo's league final sells through a waiting room. A fan joins from
 * the event page, waits, is told it is their turn (live region, focus on the way on) and buys by card with
 * the pass the room gave; an admin pauses and resumes the room in the back office, nobody losing a place.
 */

const FAN: Record<Site['name'], string> = { colombia: 'fan@palco.co', mexico: 'fan@palco.mx' }
const CARD: Record<Site['name'], string> = { colombia: '4013540682746260', mexico: '4075595716483764' }
const FINAL: Record<Site['name'], string> = {
  colombia: 'superliga-nacional-vs-santa-fe',
  mexico: 'champions-cup-olmecas-vs-insurgentes',
}

async function eventIdOf(page: Page, slug: string) {
  const event = await api<{ id: string }>(page, 'GET', `/api/event?slug=${encodeURIComponent(slug)}`)
  expect(event.status).toBe(200)
  return event.data.id
}

/** Joins from the event page and waits on the waiting page until it says it is the fan's turn. */
async function waitForTurn(page: Page, site: Site, slug: string) {
  await page.goto(urlOf(site, `/events/${slug}`))
  await waitForHydration(page)
  await page.getByTestId('join-queue').click()
  await expect(page).toHaveURL(/\/waiting-room\/[0-9a-f-]{36}$/)
  await waitForHydration(page)
  const room = page.getByTestId('waiting-room')
  await expect(room).toHaveAttribute('data-state', /WAITING|YOUR_TURN|TURN_USED|TURN_EXPIRED/)
  // A turn used by an earlier run of this journey: queue again, at the back.
  if (['TURN_USED', 'TURN_EXPIRED'].includes((await room.getAttribute('data-state')) ?? ''))
    await page.getByTestId('queue-rejoin').click()
  await expectNoSeriousA11yViolations(page, `${site.name} waiting room`)
  // The room admits about one fan every 3 s (20 a minute) and the page asks every 4 s.
  await expect(room).toHaveAttribute('data-state', 'YOUR_TURN', { timeout: 45_000 })
  await expect(page.getByTestId('queue-announcer')).toHaveAttribute('aria-live', 'assertive')
  await expect(page.getByTestId('queue-continue')).toBeFocused()
  await expectNoSeriousA11yViolations(page, `${site.name} waiting room, your turn`)
}

for (const site of COUNTRIES) {
  test.describe(`waiting room, ${site.name}`, () => {
    test('a fan waits, is admitted and buys with the pass', async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width: 375, height: 780 })
      await loginAs(page, site, FAN[site.name])
      const slug = FINAL[site.name]
      expect(QUEUED_EVENTS.has(slug)).toBe(true)
      const eventId = await eventIdOf(page, slug)
      // Without a turn, holding is refused with the way back to the queue.
      const best = await api<{ seats: string[] }>(page, 'POST', '/api/seats/best-available', {
        eventId,
        quantity: 1,
      })
      expect(best.status, JSON.stringify(best.data)).toBe(200)
      const early = await api<{ code: string }>(page, 'POST', '/api/reservations', {
        eventId,
        seats: best.data.seats,
      })
      expect(early.status).toBe(403)
      expect(early.data.code).toBe('WAITING_ROOM_PASS_INVALID')

      await waitForTurn(page, site, slug)
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
      await page.getByTestId('queue-continue').click()
      await expect(page).toHaveURL(new RegExp(`/checkout/stadium\\?event=${slug}`))

      // The seats, as the map would take them, held with the pass cookie the waiting page got.
      const held = await api<{ id: string }>(page, 'POST', '/api/reservations', {
        eventId,
        seats: best.data.seats,
      })
      expect(held.status, JSON.stringify(held.data)).toBe(201)

      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(urlOf(site, `/checkout?event=${encodeURIComponent(slug)}&reservation=${held.data.id}`))
      await waitForHydration(page)
      await page.getByTestId('continue-to-payment').click()
      await expect(page).toHaveURL(/\/checkout\/buy\?reservation=/)
      await page.getByRole('radio', { name: site.name === 'colombia' ? /Tarjeta/ : /card/i }).check()
      const card = page.getByTestId('card-fields')
      await card.getByRole('textbox').nth(0).fill(CARD[site.name])
      await card.getByRole('textbox').nth(1).fill('11/30')
      await card.locator('input[autocomplete="cc-csc"]').fill('123')
      await card.locator('input[autocomplete="cc-name"]').fill('APRO')
      await page.getByTestId('pay-button').click()
      await expect(page).toHaveURL(/\/checkout\/successful_purchase\?order=/, { timeout: 20_000 })
      await expect(page.getByTestId('issued-ticket')).toHaveCount(1)

      // The pass bought its tickets: it holds nothing more, and the page sends the fan back to the queue.
      const again = await api<{ code: string; details: { queue: string } }>(
        page,
        'POST',
        '/api/reservations',
        {
          eventId,
          seats: best.data.seats,
        },
      )
      expect(again.status).toBe(403)
      expect(again.data).toMatchObject({
        code: 'WAITING_ROOM_PASS_INVALID',
        details: { queue: `/waiting-room/${eventId}` },
      })
      await page.goto(urlOf(site, `/waiting-room/${eventId}`))
      await expect(page.getByTestId('waiting-room')).toHaveAttribute('data-state', 'TURN_USED')
    })

    test('an admin pauses and resumes the queue without anyone losing their place', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000)
      await loginAs(page, site, 'admin@palco.co')
      const slug = FINAL[site.name]
      const eventId = await eventIdOf(page, slug)
      const room = () =>
        api<{ adminPaused: boolean; waiting: number; admitted: number }>(
          page,
          'GET',
          `/api/admin/events/${eventId}/waiting-room`,
        )
      await page.goto(urlOf(site, '/backoffice/events'))
      await waitForHydration(page)
      const name = (await api<{ name: string }>(page, 'GET', `/api/event?slug=${slug}`)).data.name
      const label = site.name === 'colombia' ? `Fila virtual de ${name}` : `Waiting room of ${name}`
      await page.getByRole('button', { name: label, exact: true }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByTestId('room-state')).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} back office waiting room`)
      await dialog.getByTestId('room-pause').click()
      await expect(dialog.getByTestId('room-state')).toHaveAttribute('data-paused', 'true')
      expect((await room()).data.adminPaused).toBe(true)

      // A visitor (their own browser, no account) joins meanwhile: told of the pause, their place kept.
      const visitor = await (await browser.newContext({ baseURL: site.baseURL })).newPage()
      await visitor.goto(urlOf(site, `/waiting-room/${eventId}`))
      await waitForHydration(visitor)
      await expect(visitor.getByTestId('waiting-room')).toHaveAttribute('data-state', 'WAITING')
      await expect(visitor.getByTestId('queue-paused')).toBeVisible()
      await expect(visitor.getByTestId('queue-position')).toBeVisible()
      const before = await room()
      const places = before.data.waiting + before.data.admitted

      await dialog.getByTestId('room-resume').click()
      await expect(dialog.getByTestId('room-state')).toHaveAttribute('data-paused', 'false')
      const after = await room()
      expect(after.data.adminPaused).toBe(false)
      expect(after.data.waiting + after.data.admitted).toBe(places)
      // Admission goes on: the visitor's turn comes, and they are asked to log in to use it.
      await expect(visitor.getByTestId('waiting-room')).toHaveAttribute('data-state', 'YOUR_TURN', {
        timeout: 45_000,
      })
      await expect(visitor.getByTestId('queue-sign-in')).toBeVisible()
      // A rate of 0 is a field error, in the page's language.
      await dialog.getByTestId('room-rate').fill('0')
      await dialog.getByTestId('room-set-rate').click()
      await expect(dialog.getByText(/mayor que 0|greater than 0/)).toBeVisible()
      await visitor.context().close()
    })
  })
}
