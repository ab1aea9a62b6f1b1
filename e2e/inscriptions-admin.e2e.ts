import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser } from './support/api'
import { scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, type Site } from './support/sites'

/**
 * Issue 17 part 6 in both countries: the admin opens the half marathon on `/backoffice/inscriptions`, sees
 * its form's fields, tries to save a category's age rule with a form that lost its birth date and is told
 * why on the age rules, puts the field back and saves, and downloads the entries as CSV. The demo form and
 * age rules are put back as they were at the end, since the sign-up journeys run on them.
 */

const here = path.dirname(fileURLToPath(import.meta.url))

type AdminTexts = {
  title: string
  categories: { minAge: string }
  form: { json: string }
  problems: { birthDateFieldRequired: string }
  saved: string
  entries: { download: string }
}
const textsOf = (site: Site) => {
  const read = (ns: string) =>
    JSON.parse(fs.readFileSync(path.join(here, `../apps/web/app/locales/${site.lang}/${ns}.json`), 'utf8'))
  return {
    admin: read('inscriptions').admin as AdminTexts,
    nav: read('common').nav as Record<string, string>,
  }
}

const RACE = {
  colombia: { slug: 'media-maraton-de-bogota', firstColumn: 'Compra' },
  mexico: { slug: 'mexico-city-half-marathon', firstColumn: 'Purchase' },
} as const

type Zone = { id: string; name: string; ageRule: { minAge: number | null; maxAge: number | null } | null }
type Field = Record<string, unknown> & { name: string }

for (const site of COUNTRIES) {
  const race = RACE[site.name]

  test(`an admin edits the half marathon's form and age rules and downloads its entries · ${site.name}`, async ({
    browser,
  }) => {
    const texts = textsOf(site)
    const admin = await asUser(browser, site, 'admin@palco.co')
    const detail = await api<{ id: string; name: string; zones: Zone[] }>(
      admin,
      'GET',
      `/api/event?slug=${race.slug}`,
    )
    expect(detail.status).toBe(200)
    const event = detail.data
    const formPath = `/api/admin/events/${event.id}/inscription-form`
    const stored = await api<{ definition: { fields: Field[] } }>(admin, 'GET', formPath)
    expect(stored.status).toBe(200)
    const original = stored.data.definition
    const originalRules = event.zones.map((z) => ({
      zoneId: z.id,
      minAge: z.ageRule?.minAge ?? null,
      maxAge: z.ageRule?.maxAge ?? null,
    }))

    try {
      await admin.goto('/')
      await waitForHydration(admin)
      // Where the other back-office pages are: the account menu.
      await admin.getByTestId('account-menu').click()
      await admin.getByRole('menuitem', { name: texts.nav.inscriptionForms }).click()
      await expect(admin).toHaveURL(/\/backoffice\/inscriptions$/)
      await expect(admin.getByRole('heading', { level: 1, name: texts.admin.title })).toBeVisible()
      await admin.setViewportSize({ width: 375, height: 812 })
      await waitForHydration(admin)
      await expectNoSeriousA11yViolations(admin, `/backoffice/inscriptions · ${site.name}`)

      // By keyboard: the race's link, then Enter.
      await admin.getByRole('link', { name: event.name }).focus()
      await admin.keyboard.press('Enter')
      await expect(admin).toHaveURL(new RegExp(`event=${event.id}`))
      const editor = admin.getByTestId('inscription-form-editor')
      await expect(editor.getByTestId('inscription-field')).toHaveCount(original.fields.length)
      for (const name of ['full_name', 'birth_date', 'medical_certificate'])
        await expect(editor.locator(`[data-field-name="${name}"]`)).toBeVisible()
      expect(await scrollWidth(admin)).toBeLessThanOrEqual(375)
      await expectNoSeriousA11yViolations(admin, `the half marathon's editor · ${site.name}`)

      // A minimum age for 10K, with a form whose birth date field is gone: refused, and said on the ages.
      const tenK = editor.getByTestId('inscription-category').filter({ hasText: '10K' })
      await tenK.getByLabel(texts.admin.categories.minAge).fill('15')
      const json = editor.getByLabel(texts.admin.form.json)
      const broken = { fields: original.fields.filter((f) => f.name !== 'birth_date') }
      await json.fill(JSON.stringify(broken, null, 2))
      await expect(editor.locator('[data-field-name="birth_date"]')).toHaveCount(0)
      const save = editor.getByTestId('inscription-save')
      const refused = admin.waitForResponse(
        (r) => r.url().endsWith(formPath) && r.request().method() === 'PUT',
      )
      await save.focus()
      await admin.keyboard.press('Enter')
      expect((await refused).status()).toBe(422)
      await expect(editor.getByTestId('inscription-age-rules-problem')).toHaveText(
        texts.admin.problems.birthDateFieldRequired,
      )
      await expect(editor.getByRole('alert')).toBeVisible()
      await expectNoSeriousA11yViolations(admin, `the editor with a refused form · ${site.name}`)

      // The field back: saved, with the 10K's new age.
      await json.fill(JSON.stringify(original, null, 2))
      await expect(editor.locator('[data-field-name="birth_date"]')).toBeVisible()
      const accepted = admin.waitForResponse(
        (r) => r.url().endsWith(formPath) && r.request().method() === 'PUT',
      )
      await save.click()
      const answer = await accepted
      expect(answer.status()).toBe(200)
      const body = (await answer.json()) as { ageRules: { zoneId: string; minAge: number | null }[] }
      const tenKZone = event.zones.find((z) => z.name === '10K')
      expect(body.ageRules.find((r) => r.zoneId === tenKZone?.id)?.minAge).toBe(15)
      await expect(editor.getByTestId('inscription-saved')).toHaveText(texts.admin.saved)
      await expect(editor.getByTestId('inscription-age-rules-problem')).toHaveCount(0)

      // The entries: how many stand (as the API counts them), and a plain link that downloads a CSV whose
      // first column is the purchase.
      const entriesSection = admin.getByTestId('inscription-entries')
      const counted = await api<{ total: number }>(admin, 'GET', `/api/admin/events/${event.id}/inscriptions`)
      expect(counted.status).toBe(200)
      await expect(entriesSection.getByTestId('inscription-entry-count')).toContainText(
        String(counted.data.total),
      )
      await expect(entriesSection.getByTestId('inscription-entry-list').locator('tbody tr')).toHaveCount(
        Math.min(counted.data.total, 50),
      )
      const link = entriesSection.getByRole('link', { name: texts.admin.entries.download })
      await expect(link).toHaveAttribute('download', '')
      const href = (await link.getAttribute('href')) ?? ''
      expect(href).toBe(`/api/admin/events/${event.id}/inscriptions.csv`)
      const downloading = admin.waitForEvent('download')
      await link.click()
      const download = await downloading
      expect(download.suggestedFilename()).toMatch(/\.csv$/)
      const file = fs.readFileSync((await download.path()) ?? '', 'utf8')
      expect(
        file
          .replace(/^\uFEFF/, '')
          .split(/\r?\n/)[0]
          ?.split(',')[0],
      ).toBe(race.firstColumn)
      const csv = await admin.evaluate(async (url) => {
        const res = await fetch(url)
        return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
      }, href)
      expect(csv.status).toBe(200)
      expect(csv.type).toMatch(/^text\/csv/)
      expect(csv.text.replace(/^\uFEFF/, '').split(',')[0]).toBe(race.firstColumn)
    } finally {
      // Other journeys sign runners up on this form and these ages.
      const restored = await api(admin, 'PUT', formPath, { definition: original, ageRules: originalRules })
      expect(restored.status, JSON.stringify(restored.data)).toBe(200)
      await admin.context().close()
    }
  })
}
