import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'

/** Resolves once React has hydrated the server-rendered document (its fiber is attached to the node). */
export async function waitForHydration(page: Page, selector = '[data-testid=theme-switch]'): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((sel) => {
          const el = document.querySelector(sel)
          return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'))
        }, selector),
      { message: `page ${page.url()} never hydrated` },
    )
    .toBe(true)
}

/** Scrolls through the page so lazy images load, then waits until every image has settled. */
export async function settleImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8))
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y)
      await new Promise(requestAnimationFrame)
    }
    window.scrollTo(0, 0)
  })
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete)))
    .toBe(true)
}

/** Where a journey's screenshots go: e2e/.artifacts/screenshots/<name>.png. */
export function screenshotPath(name: string): string {
  return path.join(test.info().project.testDir, '.artifacts', 'screenshots', `${name}.png`)
}

/** The page's widest content, to catch horizontal overflow on narrow screens. */
export function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth)
}

/** Collects uncaught page errors and console errors (CSP violations and hydration failures show up here). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`)
  })
  return errors
}
