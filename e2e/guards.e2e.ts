import { expect, type Response, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { COUNTRIES, urlOf } from './support/sites'

/** Protected paths and the login page a logged-out visitor must be sent to (spec §6). */
const GUARDED = [
  { path: '/profile', login: '/authorization/login' },
  { path: '/my-purchases', login: '/authorization/login' },
  { path: '/my-tickets', login: '/authorization/login' },
  { path: '/my-tickets?tab=past', login: '/authorization/login' },
  { path: '/assistant', login: '/authorization/operators' },
  { path: '/assistant/buy', login: '/authorization/operators' },
  { path: '/backoffice/layout_editor', login: '/authorization/operators' },
] as const

/** The redirect must happen on the server, so the protected page is never sent to the browser. */
async function expectServerRedirect(response: Response | null) {
  const first = response?.request().redirectedFrom()
  expect(first, 'the server answered with a redirect').toBeTruthy()
  const status = (await first?.response())?.status() ?? 0
  expect(status).toBeGreaterThanOrEqual(300)
  expect(status).toBeLessThan(400)
}

for (const site of COUNTRIES) {
  test.describe(`logged-out visitor · ${site.name}`, () => {
    for (const { path, login } of GUARDED) {
      test(`${path} asks to log in first`, async ({ page }) => {
        const response = await page.goto(urlOf(site, path))
        await expectServerRedirect(response)
        const expected = new URL(urlOf(site, login))
        expected.searchParams.set('redirectTo', path)
        await expect(page).toHaveURL(expected.toString())
        // URLSearchParams writes "/" as %2F, exactly the encoding the app promises.
        expect(page.url()).toContain(`redirectTo=${encodeURIComponent(path)}`)
        await expect(page.locator('html')).toHaveAttribute('lang', site.lang)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectNoSeriousA11yViolations(page, `${site.name} ${login} (from ${path})`)
      })
    }
  })
}
