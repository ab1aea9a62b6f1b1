import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import type { Layout } from '@palco/domain/seating/layout'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, DEMO_PASSWORD } from './support/api'
import { screenshotPath, scrollWidth, waitForHydration } from './support/page'
import { SITES, urlOf } from './support/sites'

/**
 * Issue 18, done when: a venue manager (the layout-editor role) draws a small theatre in the editor — two
 * sections of 3 × 10 seats, an unnumbered zone, the stage, a text label — checks it, publishes it; an admin
 * sells an event on it; a fan holds and buys a seat the manager drew, and the ticket shows the section, row
 * and seat as numbered. Export then import gives the same document back.
 */

const site = SITES.colombia
const HOUR = 3_600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()

interface LayoutVersion {
  id: string
  status: string
  data: Layout
}

/** Opens one accordion item of the "Add" panel (unless it is open) and returns its form. */
async function addForm(page: Page, item: string, testId: string) {
  const control = page.getByRole('button', { name: item, exact: true })
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click()
  const form = page.getByTestId(testId)
  await expect(form).toBeVisible()
  return form
}

/** Moves the selection from the drawing by keyboard: Shift + arrow moves 10 units. */
async function nudge(page: Page, key: 'ArrowLeft' | 'ArrowRight' | 'ArrowDown' | 'ArrowUp', times: number) {
  await page.getByTestId('layout-editor-canvas').focus()
  for (let i = 0; i < times; i++) await page.keyboard.press(`Shift+${key}`)
}

async function addRowBlock(page: Page, name: string) {
  const form = await addForm(page, 'Bloque de filas', 'layout-block-form')
  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name)
  await form.getByTestId('layout-block-rows').fill('3')
  await form.getByTestId('layout-block-seats').fill('10')
  await form.getByTestId('layout-block-add').click()
  await expect(page.getByRole('treeitem', { name: new RegExp(`^${name}, .* 30 sillas$`) })).toBeVisible()
}

/**
 * Runs axe while the check is still pending. The check waits 400 ms after the last change, so the selection
 * is nudged right and back (no net move) every 150 ms meanwhile, which keeps its spinner on the page.
 */
async function axeWhileChecking(page: Page, label: string) {
  const canvas = page.getByTestId('layout-editor-canvas')
  await canvas.focus()
  let scanning = true
  const keepChanging = (async () => {
    for (let i = 0; scanning || i % 2 === 1; i++) {
      await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft')
      await page.waitForTimeout(150)
    }
  })()
  await expect(page.getByTestId('layout-check').getByRole('status')).toHaveText('Revisando el plano…')
  await expectNoSeriousA11yViolations(page, label)
  scanning = false
  await keepChanging
}

test('a venue manager draws a theatre, publishes it, and a fan buys a seat of it', async ({ browser }) => {
  test.setTimeout(180_000)
  const stamp = Date.now().toString(36)
  const manager = await asUser(browser, site, 'planos@palco.co')
  await manager.setViewportSize({ width: 1280, height: 900 })

  // A new layout from the canvas defaults, at a demo venue.
  await manager.goto(urlOf(site, '/backoffice/layout_editor'))
  await waitForHydration(manager)
  await expectNoSeriousA11yViolations(manager, '/backoffice/layout_editor')
  const newForm = manager.getByTestId('layout-new')
  const venue = newForm.getByLabel('Escenario', { exact: false }).first()
  const venueId = await venue.evaluate((el) => (el as HTMLSelectElement).options[1]?.value ?? '')
  await venue.selectOption(venueId)
  const name = `Teatro ${stamp}`
  await newForm.getByTestId('layout-new-name').fill(name)
  await newForm.getByTestId('layout-new-submit').click()
  await manager.waitForURL(/\/backoffice\/layout_editor\/[0-9a-f-]{36}$/)
  const layoutId = manager.url().split('/').pop() ?? ''
  await expect(manager.getByTestId('layout-editor')).toBeVisible({ timeout: 30_000 })
  await expect(manager.getByTestId('layout-status')).toHaveText('Borrador')

  // The default section stays as it came (the check says nothing of it and publishing leaves it out);
  // two blocks of 3 × 10 seats, an unnumbered zone and a label come.
  await expect(manager.getByRole('treeitem', { name: /^Sin Sección, GENERAL/ })).toBeVisible()
  await addRowBlock(manager, 'Platea izquierda')
  await nudge(manager, 'ArrowLeft', 8)
  await addRowBlock(manager, 'Platea derecha')
  await nudge(manager, 'ArrowRight', 8)
  const zone = await addForm(manager, 'Zona sin numerar', 'layout-zone-form')
  await zone.getByRole('textbox', { name: 'Nombre', exact: true }).fill('General')
  await zone.getByTestId('layout-zone-capacity').fill('40')
  await zone.getByRole('button', { name: 'Agregar zona' }).click()
  await expect(manager.getByRole('treeitem', { name: /^General, .*40 cupos, sin numerar$/ })).toBeVisible()
  await nudge(manager, 'ArrowDown', 14)
  const shapes = await addForm(manager, 'Textos, formas e imágenes', 'layout-text-input')
  await shapes.fill('Entrada principal')
  await manager.getByTestId('layout-text-add').click()
  await nudge(manager, 'ArrowUp', 8)

  // The section tree is a keyboard tree: arrows walk it, Enter selects.
  const tree = manager.getByRole('tree')
  await tree.getByRole('treeitem').first().focus()
  await manager.keyboard.press('End')
  await manager.keyboard.press('Home')
  await manager.keyboard.press('ArrowDown')
  await manager.keyboard.press('Enter')
  await expect(tree.locator('[role="treeitem"][aria-selected="true"]')).toHaveCount(1)

  // While the check runs, its status line says so (axe checks the page then too); then checked, saved, published.
  await axeWhileChecking(manager, '/backoffice/layout_editor/:id while the check runs')
  await expect(manager.getByText('No se encontraron problemas.')).toBeVisible({ timeout: 10_000 })
  await expectNoSeriousA11yViolations(manager, '/backoffice/layout_editor/:id')
  await manager.screenshot({ path: screenshotPath('colombia-layout-editor-1280') })
  await manager.getByTestId('layout-save').click()
  await expect(manager.getByTestId('layout-notice')).toContainText('Borrador guardado')
  await manager.getByTestId('layout-publish').click()
  await expect(manager.getByTestId('layout-status')).toHaveText('Publicado', { timeout: 15_000 })
  await manager.setViewportSize({ width: 375, height: 800 })
  expect(await scrollWidth(manager)).toBeLessThanOrEqual(375)
  await manager.screenshot({ path: screenshotPath('colombia-layout-editor-375'), fullPage: true })
  await manager.setViewportSize({ width: 1280, height: 900 })

  const stored = await api<LayoutVersion>(manager, 'GET', `/api/admin/layouts/${layoutId}`)
  expect(stored.data.status).toBe('PUBLISHED')
  const codeOf = (sectionName: string) => {
    const s = stored.data.data.sections.find((x) => x.name === sectionName)
    if (!s) throw new Error(`no section ${sectionName}`)
    return s.code
  }
  expect(stored.data.data.sections.map((s) => s.name).sort()).toEqual([
    'General',
    'Platea derecha',
    'Platea izquierda',
  ])
  expect(stored.data.data.shapes?.map((s) => s.text)).toContain('Entrada principal')

  // Export downloads layout.json; importing that file gives the very same document back.
  const downloading = manager.waitForEvent('download')
  await manager.getByTestId('layout-export').click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('layout.json')
  const file = fs.readFileSync((await download.path()) ?? '', 'utf8')
  expect(JSON.parse(file)).toEqual(stored.data.data)
  await manager.goto(urlOf(site, '/backoffice/layout_editor'))
  await waitForHydration(manager)
  const importForm = manager.getByTestId('layout-import-form')
  await importForm.getByLabel('Escenario', { exact: false }).first().selectOption(venueId)
  await importForm.getByRole('textbox', { name: 'Nombre', exact: true }).fill(`${name} importado`)
  const choosing = manager.waitForEvent('filechooser')
  await importForm.getByTestId('layout-import-file').click()
  await (await choosing).setFiles({
    name: 'layout.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  })
  await importForm.getByTestId('layout-import-submit').click()
  await manager.waitForURL(
    (url) => /layout_editor\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(layoutId),
  )
  const importedId = manager.url().split('/').pop() ?? ''
  const imported = await api<LayoutVersion>(manager, 'GET', `/api/admin/layouts/${importedId}`)
  expect(imported.data.status).toBe('DRAFT')
  expect(imported.data.data).toEqual(stored.data.data)

  // An admin sells an event on the published version.
  const admin = await asUser(browser, site, 'admin@palco.co')
  const start = Date.now() + 10 * DAY
  const slug = `teatro-dibujado-${stamp}`
  const created = await api<{ id: string }>(admin, 'POST', '/api/admin/events', {
    country: 'COL',
    type: 'EVENT',
    slug,
    name: `Función en el ${name}`,
    description: 'Una función en un teatro dibujado en el editor.',
    venueId,
    layoutId,
    startsAt: iso(start),
    endsAt: iso(start + 2 * HOUR),
    onSaleAt: iso(Date.now() - HOUR),
    offSaleAt: iso(start),
    zones: [
      {
        name: 'Platea',
        price: 9_000_000,
        sectionCodes: [codeOf('Platea izquierda'), codeOf('Platea derecha')],
      },
      { name: 'General', price: 4_000_000, sectionCodes: [codeOf('General')], numbered: false },
    ],
  })
  expect(created.status, JSON.stringify(created.data)).toBe(201)
  const published = await api(admin, 'POST', `/api/admin/events/${created.data.id}/publish`)
  expect(published.status, JSON.stringify(published.data)).toBe(200)

  // A fan picks row B, seat 5 of the left stalls from the seat list and holds it.
  const fan = await asUser(browser, site, 'fan@palco.co')
  await fan.goto(urlOf(site, `/checkout/stadium?event=${slug}`))
  await waitForHydration(fan)
  const list = fan.locator('#seat-list')
  await expect(list).toBeVisible({ timeout: 30_000 })
  await list.locator('select').first().selectOption(codeOf('Platea izquierda'))
  await list.locator('select').nth(1).selectOption('B')
  await list.locator('button[aria-label^="Silla 5,"]').first().click()
  const holding = fan.waitForResponse(
    (r) => r.url().includes('/api/reservations') && r.request().method() === 'POST',
  )
  await fan.getByTestId('hold-button').click()
  const hold = await holding
  expect(hold.status()).toBe(201)
  const reservationId = ((await hold.json()) as { id: string }).id

  const cart = await api<{ total: number; currency: string }>(
    fan,
    'GET',
    `/api/checkout-service/cart?reservation=${reservationId}`,
  )
  const card = tokenizeSandboxCard(
    { number: '4013540682746260', expMonth: 11, expYear: 2030, cvv: '123', holderName: 'APRO' },
    (n) => new Uint8Array(randomBytes(n)),
  )
  if (!card.ok) throw new Error('sandbox card refused')
  const order = await api<{ order: { status: string; tickets: { id: string }[] } }>(
    fan,
    'POST',
    '/api/checkout/orders',
    {
      reservationId,
      contact: { firstName: 'Camila', lastName: 'Rojas', email: 'fan@palco.co', phone: '+573001234567' },
      billing: { fullName: 'Camila Rojas', documentType: 'CC', documentNumber: '1020304050' },
      payment: { method: 'CARD', cardToken: card.token, installments: 1, walletAmount: 0 },
      expectedTotal: cart.data.total,
      currency: cart.data.currency,
      idempotencyKey: `e2e-layout-editor-${stamp}`,
    },
  )
  expect(order.data.order?.status, JSON.stringify(order.data)).toBe('PAID')

  // The ticket names the section, row and seat exactly as the manager drew and numbered them.
  await fan.goto(urlOf(site, `/my-tickets/${order.data.order.tickets[0]?.id}`))
  await waitForHydration(fan)
  const location = fan.locator('dd', { hasText: 'Fila' })
  // By the name the manager gave the section (the seat map's), not its code.
  await expect(location).toContainText('Sección Platea izquierda')
  await expect(location).toContainText('Fila B')
  await expect(location).toContainText('Silla 5')

  // The published version stays as it was: opening it is read-only, and a new version is a new draft.
  await manager.goto(urlOf(site, `/backoffice/layout_editor/${layoutId}`))
  await waitForHydration(manager)
  await expect(manager.getByTestId('layout-status')).toHaveText('Publicado')
  await expect(manager.getByTestId('layout-save')).toHaveCount(0)
  await manager.getByTestId('layout-new-version').click()
  await manager.waitForURL((url) => !url.pathname.endsWith(layoutId) && !url.pathname.endsWith(importedId))
  await expect(manager.getByTestId('layout-status')).toHaveText('Borrador')

  await manager.context().close()
  await admin.context().close()
  await fan.context().close()
})

test('the layout editor logs in at the staff door and lands on the layout list, in both countries', async ({
  browser,
}) => {
  for (const [s, lng] of [
    [SITES.colombia, 'es-CO'],
    [SITES.mexico, 'en-US'],
  ] as const) {
    const auth = JSON.parse(
      fs.readFileSync(new URL(`../apps/web/app/locales/${lng}/auth.json`, import.meta.url), 'utf8'),
    )
    const editor = JSON.parse(
      fs.readFileSync(new URL(`../apps/web/app/locales/${lng}/layouteditor.json`, import.meta.url), 'utf8'),
    )
    const context = await browser.newContext({ baseURL: s.baseURL })
    const page = await context.newPage()
    await page.goto(urlOf(s, '/authorization/operators'))
    await waitForHydration(page)
    await page.getByLabel(auth.fields.email, { exact: true }).fill('planos@palco.co')
    await page.getByLabel(auth.fields.password, { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: auth.operators.submit }).click()
    await expect(page).toHaveURL(urlOf(s, '/backoffice/layout_editor'))
    await expect(page.getByRole('heading', { level: 1, name: editor.list.title })).toBeVisible()
    await context.close()
  }
})

test('fans and operators are turned away from the editor', async ({ browser }) => {
  for (const email of ['fan@palco.co', 'operador@palco.co']) {
    const page = await asUser(browser, site, email)
    await page.goto(urlOf(site, '/backoffice/layout_editor'))
    await expect(page).toHaveURL(/\/403\?redirectTo=/)
    expect((await api(page, 'GET', '/api/admin/layouts')).status).toBe(403)
    await page.context().close()
  }
})

test('the editor list and a layout open in Mexico, by keyboard and at 375 px', async ({ browser }) => {
  const mx = SITES.mexico
  const page = await asUser(browser, mx, 'admin@palco.co')
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(urlOf(mx, '/backoffice/layout_editor'))
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Layout editor' })).toBeVisible()
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await page.screenshot({ path: screenshotPath('mexico-layout-editor-list-375'), fullPage: true })
  await expectNoSeriousA11yViolations(page, 'mx /backoffice/layout_editor')

  // A Mexican venue's layout opens in the editor, in English, at both widths.
  await page.getByTestId('layout-row').first().getByRole('link').click()
  await expect(page.getByTestId('layout-tree').getByRole('treeitem').first()).toBeVisible({ timeout: 15_000 })
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
  await page.screenshot({ path: screenshotPath('mexico-layout-editor-375'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByTestId('layout-status')).toHaveText('Published')
  await page.screenshot({ path: screenshotPath('mexico-layout-editor-1280') })
  await page.context().close()
})
