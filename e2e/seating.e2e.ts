import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { screenshotPath, waitForHydration } from './support/page'
import { SITES, urlOf } from './support/sites'

const site = SITES.colombia
const PASSWORD = 'Palco#2026'

async function login(context: BrowserContext, email: string) {
  const res = await context.request.post(urlOf(site, '/api/auth/login'), {
    data: { email, password: PASSWORD },
    headers: { origin: site.baseURL },
  })
  expect(res.status(), await res.text()).toBe(200)
}

async function stadiumSlug(context: BrowserContext): Promise<string> {
  const res = await context.request.get(urlOf(site, '/api/events?type=FOOTBALL'))
  const body = (await res.json()) as { content: { slug: string }[] }
  const first = body.content[0]
  if (!first) throw new Error('no football event in the demo catalogue')
  return first.slug
}

/** Opens the accessible seat list on a numbered lower-tier section and its first row. */
async function openList(page: Page) {
  const list = page.locator('#seat-list')
  await expect(list).toBeVisible({ timeout: 30_000 })
  const section = list.locator('select').first()
  const value = await section.evaluate((el) => {
    const options = [...(el as HTMLSelectElement).options].map((o) => o.value)
    return options.find((v) => v.endsWith('_101')) ?? options[0] ?? ''
  })
  await section.selectOption(value)
  const row = list.locator('select').nth(1)
  const firstRow = await row.evaluate(
    (el) => [...(el as HTMLSelectElement).options].map((o) => o.value).find(Boolean) ?? '',
  )
  await row.selectOption(firstRow)
  return list
}

test.describe('seat map and holds', () => {
  test('a fan holds a seat by keyboard; another fan sees it taken at once; the countdown lets it go', async ({
    browser,
  }) => {
    const fanContext = await browser.newContext()
    const otherContext = await browser.newContext()
    await login(fanContext, 'fan@palco.co')
    await login(otherContext, 'operador@palco.co')
    const slug = await stadiumSlug(fanContext)
    const path = `/checkout/stadium?event=${encodeURIComponent(slug)}`

    const other = await otherContext.newPage()
    await other.goto(urlOf(site, path))
    await waitForHydration(other)
    const otherList = await openList(other)

    const fan = await fanContext.newPage()
    await fan.clock.install()
    await fan.goto(urlOf(site, path))
    await waitForHydration(fan)
    const list = await openList(fan)
    await expectNoSeriousA11yViolations(fan, 'stadium page')

    // Keyboard only: focus the first free seat, press Enter; focus the hold button, press Enter.
    const seat = list.locator('button[aria-pressed="false"]:not([aria-disabled="true"])').first()
    const seatLabel = (await seat.getAttribute('aria-label')) ?? ''
    const seatNumber = /\d+/.exec(seatLabel)?.[0] ?? ''
    const mySeat = list.locator(`button[aria-label^="Silla ${seatNumber},"]`).first()
    await mySeat.focus()
    await fan.keyboard.press('Enter')
    await expect(mySeat).toHaveAttribute('aria-pressed', 'true')
    const holdButton = fan.getByTestId('hold-button')
    await holdButton.focus()
    const held = fan.waitForResponse(
      (r) => r.url().includes('/api/reservations') && r.request().method() === 'POST',
    )
    await fan.keyboard.press('Enter')
    expect((await held).status()).toBe(201)
    const heldAt = Date.now()
    await expect(fan.getByTestId('hold-panel')).toBeVisible()
    await expect(fan.getByTestId('hold-panel')).toContainText('09:')

    // The other fan's list shows that very seat as taken, pushed by the live feed.
    const same = otherList.locator(`button[aria-label^="Silla ${seatNumber},"]`).first()
    await expect(same).toHaveAttribute('aria-disabled', 'true', { timeout: 5_000 })
    const seenAfterMs = Date.now() - heldAt
    test.info().annotations.push({ type: 'live-feed', description: `seen taken after ${seenAfterMs} ms` })
    expect(seenAfterMs).toBeLessThan(2_000)
    // Issue 13: a screen reader hears that the seat is now the fan's, for how long — and never that other
    // people took it (the live feed reports the fan's own hold too).
    await expect(fan.getByTestId('held-announcement')).toContainText(/Reservamos para usted .*minutos/)
    await fan.waitForTimeout(1_500)
    await expect(fan.getByRole('status').filter({ hasText: /[Oo]tras? personas?/ })).toHaveCount(0)
    await fan.screenshot({ path: screenshotPath('colombia-stadium-held-1280.png') })

    // Ten minutes later the countdown ends: the seats go back and the other fan can take them.
    await fan.clock.fastForward('10:05')
    await expect(fan.getByRole('status').filter({ hasText: /venció/ })).toBeVisible()
    await expect(same).not.toHaveAttribute('aria-disabled', 'true', { timeout: 5_000 })

    await fanContext.close()
    await otherContext.close()
  })

  test('a visitor sees the map and is asked to log in to hold seats', async ({ page }) => {
    const slug = await stadiumSlug(page.context())
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(urlOf(site, `/checkout/stadium?event=${encodeURIComponent(slug)}`))
    await waitForHydration(page)
    await expect(page.locator('#seat-list')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('link', { name: /Ingresar/ }).last()).toHaveAttribute('href', /redirectTo=/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.screenshot({ path: screenshotPath('colombia-stadium-375.png'), fullPage: true })
    await expectNoSeriousA11yViolations(page, 'stadium page, visitor, 375 px')
  })

  test('a first visit asks for the layout, the seats and the renderer while the page parses, each once', async ({
    page,
  }) => {
    const slug = await stadiumSlug(page.context())
    const asked: string[] = []
    page.on('request', (r) => asked.push(new URL(r.url()).pathname))
    await page.goto(urlOf(site, `/checkout/stadium?event=${encodeURIComponent(slug)}`))
    await waitForHydration(page)
    await expect(page.locator('#seat-list')).toBeVisible({ timeout: 30_000 })
    // One request each: the page's script takes the answers its inline script started (issue 13, cold map).
    expect(asked.filter((p) => p === '/api/event/seat-layout')).toHaveLength(1)
    expect(asked.filter((p) => p === '/api/seats')).toHaveLength(1)
    // Started before the page's own modules, not after hydration; the renderer's chunk with them.
    const first = (test: (p: string) => boolean) => asked.findIndex(test)
    const entry = first((p) => /\/assets\/entry\.client-/.test(p))
    expect(first((p) => p === '/api/event/seat-layout')).toBeLessThan(entry)
    expect(first((p) => p === '/api/seats')).toBeLessThan(entry)
    const renderer = first((p) => /\/assets\/seat-map-[^/]+\.js$/.test(p))
    expect(renderer).toBeGreaterThan(-1)
    expect(asked.filter((p) => /\/assets\/seat-map-[^/]+\.js$/.test(p))).toHaveLength(1)
  })
})
