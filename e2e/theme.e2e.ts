import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { collectPageErrors, waitForHydration } from './support/page'
import { SITES, urlOf } from './support/sites'

const home = urlOf(SITES.colombia, '/')
const scheme = (page: Page) => page.locator('html')

async function themeCookie(context: BrowserContext): Promise<string | undefined> {
  const cookies = await context.cookies(home)
  return cookies.find((c) => c.name === 'palco_theme')?.value
}

/** Performs `act` and expects the theme form post it triggers to succeed (a redirect or a 200). */
async function expectThemePostOk(page: Page, act: () => Promise<void>): Promise<void> {
  const posted = page.waitForResponse(
    (r) => r.url().includes('/preferences/theme') && r.request().method() === 'POST',
  )
  await act()
  const response = await posted
  expect(response.status(), `POST ${response.url()} answered ${response.status()}`).toBeLessThan(400)
}

test.describe('theme switch', () => {
  test('switches to dark, keeps it across reloads, and switches back', async ({ page, context }) => {
    const errors = collectPageErrors(page)
    await page.goto(home)
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light')
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page, 'colombia / (light)')

    const toggle = page.getByTestId('theme-switch')
    await expect(toggle).toHaveAttribute('type', 'submit')
    const lightLabel = await toggle.getAttribute('aria-label')
    await expectThemePostOk(page, () => toggle.click())
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await expect.poll(() => themeCookie(context)).toBe('dark')
    // The button now offers the way back, under a different accessible name.
    await expect(toggle).not.toHaveAttribute('aria-label', lightLabel ?? '')

    await page.reload()
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await expectNoSeriousA11yViolations(page, 'colombia / (dark)')

    await waitForHydration(page)
    await expectThemePostOk(page, () => page.getByTestId('theme-switch').click())
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light')
    await expect.poll(() => themeCookie(context)).toBe('light')
    await page.reload()
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light')
    expect(errors).toEqual([])
  })

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto(home)
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light')
    await waitForHydration(page)

    const isSwitchFocused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'theme-switch')
    let presses = 0
    while (!(await isSwitchFocused())) {
      expect(presses, 'the theme switch is reachable with Tab within 30 presses').toBeLessThan(30)
      await page.keyboard.press('Tab')
      presses++
    }
    await expect(page.getByTestId('theme-switch')).toBeFocused()
    await expectThemePostOk(page, () => page.keyboard.press('Enter'))
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark')
    await expectNoSeriousA11yViolations(page, 'colombia / (dark, after keyboard switch)')

    // Focus stays on the switch, so pressing Enter again undoes the change.
    await expect(page.getByTestId('theme-switch')).toBeFocused()
    await expectThemePostOk(page, () => page.keyboard.press('Enter'))
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light')
  })

  test('works before the page is interactive (plain form post)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    try {
      await page.goto(urlOf(SITES.colombia, '/faqs'))
      await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light')
      await expectThemePostOk(page, () => page.getByTestId('theme-switch').click())
      await expect(page).toHaveURL(urlOf(SITES.colombia, '/faqs'))
      await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark')
      expect(await themeCookie(context)).toBe('dark')
    } finally {
      await context.close()
    }
  })

  test('a malformed theme cookie renders the light theme without an error', async ({ page, context }) => {
    const errors = collectPageErrors(page)
    await context.addCookies([{ name: 'palco_theme', value: 'purple', url: home }])
    const response = await page.goto(home)
    expect(response?.status()).toBe(200)
    await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light')
    await expect(page.getByTestId('section-events')).toBeVisible()
    await waitForHydration(page)
    await expectNoSeriousA11yViolations(page, 'colombia / (cookie palco_theme=purple)')
    expect(errors).toEqual([])
  })
})
