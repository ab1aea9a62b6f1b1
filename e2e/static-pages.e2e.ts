import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { screenshotPath, scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, SITES, type Site, urlOf } from './support/sites'

const CONTENT_PATHS = ['/tos', '/privacy-policies', '/faqs', '/about-us'] as const

async function openAndReadHeading(page: Page, site: Site, path: string, status = 200): Promise<string> {
  const response = await page.goto(urlOf(site, path))
  expect(response?.status(), `${site.name} ${path} status`).toBe(status)
  await expect(page.locator('html')).toHaveAttribute('lang', site.lang)
  const h1 = page.getByRole('heading', { level: 1 })
  await expect(h1).toHaveCount(1)
  await expect(h1).toBeVisible()
  const text = (await h1.textContent())?.trim() ?? ''
  expect(text, `${site.name} ${path} has a non-empty h1`).not.toBe('')
  await expectNoSeriousA11yViolations(page, `${site.name} ${path}`)
  return text
}

test.describe('content pages', () => {
  for (const path of CONTENT_PATHS) {
    test(`${path} is written for each country`, async ({ page }) => {
      const colombia = await openAndReadHeading(page, SITES.colombia, path)
      const mexico = await openAndReadHeading(page, SITES.mexico, path)
      expect(colombia, `${path}: Colombia and Mexico show different headings`).not.toBe(mexico)
    })
  }

  for (const site of COUNTRIES) {
    test(`FAQ answers open with the keyboard · ${site.name}`, async ({ page }) => {
      await openAndReadHeading(page, site, '/faqs')
      await waitForHydration(page)
      const question = page.getByRole('main').getByRole('button').first()
      await expect(question).toHaveAttribute('aria-expanded', 'false')
      const panelId = await question.getAttribute('aria-controls')
      expect(panelId, 'the question button names the answer it controls').toBeTruthy()
      const answer = page.locator(`[id="${panelId}"]`)
      await expect(answer).toBeHidden()

      await question.focus()
      await expect(question).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(question).toHaveAttribute('aria-expanded', 'true')
      await expect(answer).toBeVisible()
      await expect(answer).not.toBeEmpty()
      await expectNoSeriousA11yViolations(page, `${site.name} /faqs (answer open)`)

      await page.keyboard.press('Enter')
      await expect(question).toHaveAttribute('aria-expanded', 'false')
      await expect(answer).toBeHidden()
    })

    test(`terms at 375 px · ${site.name}`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 })
      await openAndReadHeading(page, site, '/tos')
      await waitForHydration(page)
      await page.screenshot({ path: screenshotPath(`${site.name}-tos-375`), fullPage: true })
      expect(await scrollWidth(page), 'no horizontal overflow at 375 px').toBeLessThanOrEqual(375)
    })
  }
})

test.describe('message and error pages', () => {
  for (const site of COUNTRIES) {
    test(`/403 answers 403 with a heading · ${site.name}`, async ({ page }) => {
      await openAndReadHeading(page, site, '/403', 403)
    })

    test(`an unknown path answers 404 with a way home · ${site.name}`, async ({ page }) => {
      await openAndReadHeading(page, site, '/no-such-page', 404)
      const home = page.getByRole('main').locator('a[href="/"]')
      await expect(home.first()).toBeVisible()
      await home.first().click()
      await expect(page).toHaveURL(urlOf(site, '/'))
      await expect(page.getByTestId('section-events')).toBeVisible()
    })

    for (const path of ['/expired-event', '/disabled-event']) {
      test(`${path} explains itself · ${site.name}`, async ({ page }) => {
        await openAndReadHeading(page, site, path)
        await expect(page.getByRole('main').locator('a[href="/"]').first()).toBeVisible()
      })
    }
  }
})
