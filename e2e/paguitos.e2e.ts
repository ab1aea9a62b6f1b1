import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser } from './support/api'
import { screenshotPath, scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, urlOf } from './support/sites'

/**
 * Issue 16 part 1 in both countries: an admin sells an event with paguitos from the back office, sees what
 * the plan comes to for its cheapest place before saving, is told plainly when a plan cannot fit before the
 * event, and stops selling it so. A fan is refused the page.
 */

const WORDS = {
  colombia: {
    payments: 'Pagos después del abono',
    spacing: 'Días entre pagos',
    save: 'Guardar plan',
    remove: 'Dejar de vender con paguitos',
    saved: 'Plan guardado: el evento se vende con paguitos.',
    removed: 'Plan retirado: el evento ya no se vende con paguitos.',
    tooLate: /caería muy cerca del evento/,
    now: /^Hoy: /,
  },
  mexico: {
    payments: 'Payments after the deposit',
    spacing: 'Days between payments',
    save: 'Save plan',
    remove: 'Stop selling with paguitos',
    saved: 'Plan saved: the event is sold with paguitos.',
    removed: 'Plan removed: the event is no longer sold with paguitos.',
    tooLate: /too close to the event/,
    now: /^Now: /,
  },
} as const

for (const site of COUNTRIES) {
  const words = WORDS[site.name]

  test.describe(`paguitos plans · ${site.name}`, () => {
    test('an admin sells an event with paguitos, sees the schedule first, and stops', async ({ browser }) => {
      const page = await asUser(browser, site, 'admin@palco.co')
      await page.goto(urlOf(site, '/backoffice/paguitos'))
      await waitForHydration(page)
      // The latest event not sold with paguitos yet (room for payments before it), so the journey leaves the
      // demo as it found it.
      const select = page.getByTestId('paguitos-event')
      const options = await select
        .locator('option')
        .evaluateAll((els) =>
          els.map((el) => ({ value: (el as HTMLOptionElement).value, label: el.textContent ?? '' })),
        )
      const free = options.filter((o) => !o.label.endsWith('paguitos')).at(-1)
      expect(free, 'an event without a plan').toBeTruthy()
      await select.selectOption(free?.value ?? '')

      const form = page.getByTestId('paguitos-plan')
      const preview = page.getByTestId('paguitos-preview')
      await form.getByLabel(words.payments).fill('2')
      await form.getByLabel(words.spacing).fill('7')
      await expect(preview.getByRole('listitem')).toHaveCount(3)
      await expect(preview.getByRole('listitem').first()).toHaveText(words.now)
      await expectNoSeriousA11yViolations(page, `${site.name} /backoffice/paguitos`)
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(page), '/backoffice/paguitos fits 375 px').toBeLessThanOrEqual(375)
      await page.screenshot({ path: screenshotPath(`${site.name}-backoffice-paguitos-375`), fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })

      // Twenty monthly payments never end before an event weeks away: refused, with what to change.
      await form.getByLabel(words.payments).fill('20')
      await form.getByLabel(words.spacing).fill('30')
      await expect(preview.getByRole('listitem')).toHaveCount(0)
      await form.getByRole('button', { name: words.save }).click()
      await expect(form.getByRole('alert')).toContainText(words.tooLate)

      await form.getByLabel(words.payments).fill('2')
      await form.getByLabel(words.spacing).fill('7')
      await form.getByRole('button', { name: words.save }).click()
      await expect(page.getByTestId('paguitos-done')).toHaveText(words.saved)
      const plans = await api<{
        events: { eventId: string; plan: unknown; example: { schedule: { payments: unknown[] } } }[]
      }>(page, 'GET', '/api/admin/installment-plans')
      const row = plans.data.events.find((e) => e.eventId === free?.value)
      expect(row.plan).toMatchObject({ kind: 'PAYMENT', payments: 2, spacingDays: 7 })
      expect(row.example.schedule.payments).toHaveLength(2)

      await form.getByRole('button', { name: words.remove }).click()
      await expect(page.getByTestId('paguitos-done')).toHaveText(words.removed)
      await page.context().close()
    })

    test('a fan is refused the page', async ({ browser }) => {
      const fan = await asUser(browser, site, site.name === 'colombia' ? 'fan@palco.co' : 'fan@palco.mx')
      await fan.goto(urlOf(site, '/backoffice/paguitos'))
      await expect(fan).toHaveURL(/\/403/)
      await fan.context().close()
    })
  })
}
