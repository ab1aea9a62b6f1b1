import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const BLOCKING = new Set(['serious', 'critical'])

/**
 * Runs axe on the page as it is now (WCAG 2.0/2.1 A and AA) and fails the test on any serious or critical
 * violation, printing each rule id, its help text and the offending nodes. The failure is soft: the rest
 * of the journey still runs, so one contrast problem does not hide a broken page behind it.
 *
 * `rules` adds rules the tags leave out — axe's experimental ones, such as label-content-name-mismatch
 * (WCAG 2.5.3) — run in a second pass, since axe runs either a set of tags or a list of rules at a time.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label?: string,
  opts: { rules?: string[] } = {},
): Promise<void> {
  const where = label ?? page.url()
  await settleTransitions(page)
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const extra = opts.rules?.length
    ? (await new AxeBuilder({ page }).withRules(opts.rules).analyze()).violations
    : []
  const blocking = [...results.violations, ...extra].filter((v) => v.impact && BLOCKING.has(v.impact))
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const summary = (n.failureSummary ?? '').split('\n').join('\n        ')
          return `    - ${n.target.join(' ')}\n      ${n.html}\n        ${summary}`
        })
        .join('\n')
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`
    })
    .join('\n')
  if (blocking.length > 0) {
    console.log(`\naxe violations on ${where}:\n${report}\n`)
    await test.info().attach(`axe ${where}`, { body: report, contentType: 'text/plain' })
  }
  const summary = blocking.map((v) => `${v.id} [${v.impact}] × ${v.nodes.length}: ${v.help}`)
  expect.soft(summary, `serious accessibility violations on ${where}`).toEqual([])
}

/**
 * Waits for finite CSS transitions and animations (a dialog fading in) to end, so axe measures the colours
 * a person reads rather than a half-transparent frame. Endless ones (spinners) are ignored.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined)
}
