import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, loginAs, openShiftOnSite, signUpAndConfirm } from './support/api'
import { qrCodesOfPdf, scanAtGate, textOfPdf } from './support/gate'
import { screenshotPath, scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 15's journey, in both countries: the operator opens a shift with a float, finds an event, picks two
 * seats together on the fans' map in operator mode, sells them to a walk-in for cash and sees the change to
 * hand back, voids the sale, and closes the shift by a blind count that shows the difference. A fan is
 * refused on the counter's pages. axe on every page; each fits 375 px.
 */

const OPERATOR = 'operador@palco.co'

const WORDS = {
  colombia: {
    float: 'Base de caja',
    open: 'Abrir turno',
    search: 'Buscar evento',
    searchButton: 'Buscar',
    sellEvent: (name: string) => `Vender boletas de ${name}`,
    best: 'Buscar juntas',
    hold: 'Reservar 2 sillas',
    continue: 'Continuar con la venta',
    walkIn: 'Sin cuenta',
    name: 'Nombre completo',
    cash: 'Efectivo recibido',
    paid: 'Pagada',
    voided: 'Anulada',
    counted: 'Efectivo contado',
    close: 'Cerrar turno',
    change: (amount: string) => `Cambio: ${amount}`,
    courtesy: 'Cortesía',
    reason: 'Motivo de la cortesía',
    press: 'Prensa',
    give: 'Entregar 1 cortesía',
    preRegisterMode: 'Pre-registrar',
    firstName: 'Nombres',
    lastName: 'Apellidos',
    email: 'Correo',
    preRegister: 'Pre-registrar',
    reasonCode: 'Código',
    reasonEs: 'Nombre en español',
    reasonEn: 'Nombre en inglés',
    addReason: 'Agregar motivo',
    saved: 'Guardado.',
    accountEmail: 'Correo de su cuenta',
    makeOperator: 'Hacer operador',
    operatorAdded: 'Listo: ya puede abrir un turno en la taquilla.',
    onlyTicked: 'Solo los eventos marcados abajo',
    saveEvents: 'Guardar eventos',
    removeAsk: 'Quitar de la taquilla',
    remove: 'Sí, quitar',
    quota: 'Cupo',
    save: 'Guardar',
    buyerSearch: 'Buscar',
    documentType: 'Tipo de documento',
    documentNumber: 'Número de documento',
    handOver: 'Entregar las instrucciones de pago',
    cardLink: 'Enlace de pago con tarjeta (el comprador paga desde su celular)',
    receiptCode: 'Código del recibo',
    findSale: 'Buscar venta',
    refundReason: 'Motivo del reembolso',
    moneyBack: 'Ya se le devolvió el dinero al comprador',
    refund: 'Reembolsar la venta',
    reserve: 'Reservar las sillas',
    reserved: 'Reservada',
    saleCode: 'Código del recibo o de la compra',
    find: 'Abrir',
    entryDocument: 'Entrada con documento de identidad',
    sellTour: (name: string) => `Vender fechas de la gira ${name}`,
    sellDate: /^Vender boletas para /,
    lowerPrice: 'Bajar el precio',
    awaiting: 'Esperando el pago',
    newTotal: 'Nuevo total',
    overrideReason: 'Motivo',
    saleSummary: 'Resumen de la venta',
    saleTime: 'Tiempo para completar la venta',
    heldForSale: 'Sillas reservadas para la venta',
    useList: 'Elegir desde una lista',
    holdOne: 'Reservar 1 silla',
  },
  mexico: {
    float: 'Opening float',
    open: 'Open shift',
    search: 'Find an event',
    searchButton: 'Search',
    sellEvent: (name: string) => `Sell tickets for ${name}`,
    best: 'Find seats together',
    hold: 'Hold 2 seats',
    continue: 'Continue to the sale',
    walkIn: 'No account',
    name: 'Full name',
    cash: 'Cash received',
    paid: 'Paid',
    voided: 'Voided',
    counted: 'Cash counted',
    close: 'Close shift',
    change: (amount: string) => `Change: ${amount}`,
    courtesy: 'Courtesy',
    reason: 'Reason for the courtesy',
    press: 'Press',
    give: 'Give 1 courtesy',
    preRegisterMode: 'Pre-register',
    firstName: 'First names',
    lastName: 'Last names',
    email: 'Email',
    preRegister: 'Pre-register',
    reasonCode: 'Code',
    reasonEs: 'Name in Spanish',
    reasonEn: 'Name in English',
    addReason: 'Add reason',
    saved: 'Saved.',
    accountEmail: 'Email of their account',
    makeOperator: 'Make operator',
    operatorAdded: 'Done: they can open a shift at the counter now.',
    onlyTicked: 'Only the events ticked below',
    saveEvents: 'Save events',
    removeAsk: 'Remove from the box office',
    remove: 'Yes, remove',
    quota: 'Quota',
    save: 'Save',
    buyerSearch: 'Search',
    documentType: 'ID type',
    documentNumber: 'ID number',
    handOver: 'Hand over the payment instructions',
    cardLink: 'Card payment link (the buyer pays on their phone)',
    receiptCode: 'Receipt code',
    findSale: 'Find sale',
    refundReason: 'Reason for the refund',
    moneyBack: 'The money has been given back to the buyer',
    refund: 'Refund the sale',
    reserve: 'Reserve the seats',
    reserved: 'Reserved',
    saleCode: 'Receipt or purchase code',
    find: 'Open',
    entryDocument: 'Entry with identity document',
    sellTour: (name: string) => `Sell dates of the tour ${name}`,
    sellDate: /^Sell tickets for /,
    lowerPrice: 'Lower the price',
    awaiting: 'Awaiting payment',
    newTotal: 'New total',
    overrideReason: 'Reason',
    saleSummary: 'Sale summary',
    saleTime: 'Time left to complete the sale',
    heldForSale: 'Seats held for the sale',
    useList: 'Choose from a list',
    holdOne: 'Hold 1 seat',
  },
} as const

/** The country's first football event (a seat map), as the counter sells it. */
async function footballEvent(page: Page) {
  const list = await api<{ content: { slug: string; name: string }[] }>(
    page,
    'GET',
    '/api/events?type=FOOTBALL',
  )
  const event = list.data.content[0]
  if (!event) throw new Error('no football event in the demo catalogue')
  const detail = await api<{ id: string }>(page, 'GET', `/api/event?slug=${encodeURIComponent(event.slug)}`)
  return { ...event, id: detail.data.id }
}

/**
 * Logs in at the counter with a shift open (one left open by an earlier journey is kept), optionally from a
 * computer whose clock is set to another zone than the venue's.
 */
async function atCounter(browser: Browser, site: Site, email = OPERATOR, timezoneId?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.baseURL, ...(timezoneId ? { timezoneId } : {}) })
  const page = await context.newPage()
  await loginAs(page, site, email)
  await openShiftOnSite(page, site)
  return page
}

/** Holds the best seat of the event (or of one section) for the operator, as "find seats together" would. */
async function holdBestSeat(page: Page, eventId: string, section?: string) {
  const best = await api<{ seats: string[] }>(page, 'POST', '/api/seats/best-available', {
    eventId,
    quantity: 1,
    ...(section ? { section } : {}),
  })
  const held = await api<{ id: string }>(page, 'POST', '/api/reservations', {
    eventId,
    seats: best.data.seats,
  })
  expect(held.status, JSON.stringify(held.data)).toBe(201)
  return held.data.id
}

/**
 * At the counter, one seat of a football event held and the demo fan chosen as the buyer, with their
 * identity document typed in the "pays later" form, which is answered (the payment option is the caller's).
 */
async function payLaterForDemoFan(browser: Browser, site: Site) {
  const colombia = site.name === 'colombia'
  const words = WORDS[site.name]
  const fanEmail = colombia ? 'fan@palco.co' : 'fan@palco.mx'
  const page = await atCounter(browser, site)
  const event = await footballEvent(page)
  const reservationId = await holdBestSeat(page, event.id)
  await page.goto(
    urlOf(site, `/assistant/buy?event=${encodeURIComponent(event.slug)}&reservation=${reservationId}`),
  )
  await waitForHydration(page)
  await page.getByTestId('buyer-query').fill(fanEmail)
  await page.getByRole('button', { name: words.buyerSearch, exact: true }).click()
  await page.getByRole('radio', { name: colombia ? 'Camila Rojas' : 'Diego Hernández' }).check()
  const later = page.getByTestId('pay-later')
  await later.getByLabel(words.documentType).selectOption(colombia ? 'CC' : 'PP')
  await later.getByLabel(words.documentNumber).fill(colombia ? '1020304050' : 'G12345678')
  return { page, later, fanEmail }
}

/** The sale paid later is the fan's: signed in as them, the order is paid with its one ticket. */
async function expectTicketsInFanAccount(browser: Browser, site: Site, fanEmail: string, orderId: string) {
  const fan = await asUser(browser, site, fanEmail)
  const theirs = await api<{ status: string; tickets: unknown[] }>(
    fan,
    'GET',
    `/api/checkout/orders/${orderId}`,
  )
  expect(theirs.data.status).toBe('PAID')
  expect(theirs.data.tickets).toHaveLength(1)
  await fan.context().close()
}

/** Whole units of the country's currency, as the counter types them (amounts travel in minor units). */
const major = (minor: number) => Math.round(minor / 100)

/** A whole amount grouped as the country's pages write it: 210.000 in Colombia, 210,000 in Mexico. */
const grouped = (site: Site, amount: number) =>
  String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, site.name === 'colombia' ? '.' : ',')

/**
 * The QR codes of the tickets PDF the receipt's "print" link opens, fetched from the page (the journeys'
 * *.localhost hosts resolve only in the browser) and read off the printed picture.
 */
async function printedCodes(page: Page, link = 'print-tickets'): Promise<string[]> {
  return qrCodesOfPdf(await printedPdf(page, link))
}

async function printedPdf(page: Page, link = 'print-tickets'): Promise<Uint8Array> {
  const href = (await page.getByTestId(link).getAttribute('href')) ?? ''
  const printed = await page.evaluate(async (url) => {
    const res = await fetch(url)
    return { status: res.status, bytes: Array.from(new Uint8Array(await res.arrayBuffer())) }
  }, href)
  expect(printed.status).toBe(200)
  return Uint8Array.from(printed.bytes)
}

/** A section's name as the event's seat map and its list show it (the layout's own name). */
async function layoutSectionName(page: Page, eventId: string, code: string): Promise<string> {
  type Section = { code: string; name: string; sections?: Section[] }
  const res = await api<{ layout: { sections: Section[] } }>(
    page,
    'GET',
    `/api/event/seat-layout?eventId=${eventId}`,
  )
  const find = (list: Section[]): Section | undefined =>
    list.map((s) => (s.code === code ? s : find(s.sections ?? []))).find(Boolean)
  const name = find(res.data.layout.sections)?.name
  if (!name) throw new Error(`no section ${code} in the layout`)
  return name
}

for (const site of COUNTRIES) {
  const words = WORDS[site.name]

  test.describe(`box office · ${site.name}`, () => {
    test('a shift: open, sell two seats to a walk-in for cash with change, void, close blind', async ({
      browser,
    }) => {
      // A whole shift from its float to its close and the admin's report, with three printouts decoded: the
      // longest journey of the suite, given the room of a slow test.
      test.slow()
      const page = await asUser(browser, site, OPERATOR)
      // A retried run may have left a shift open or seats held: start clean.
      const open = await api<{ shift: { id: string } | null }>(page, 'GET', '/api/assistant/shift')
      if (open.data.shift) await api(page, 'POST', '/api/assistant/shift/close', { countedCash: 0 })
      const event = await footballEvent(page)
      const live = await api<{ reservation: { id: string } | null }>(
        page,
        'GET',
        `/api/reservations?eventId=${event.id}`,
      )
      if (live.data.reservation) await api(page, 'DELETE', `/api/reservations/${live.data.reservation.id}`)

      // Open the shift with a float.
      await page.goto(urlOf(site, '/assistant'))
      await waitForHydration(page)
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant without a shift`)
      await page.getByLabel(words.float).fill('500000')
      await page.getByRole('button', { name: words.open }).click()
      await expect(page.getByTestId('shift-report')).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant with a shift`)

      // Find the event with the search form, and open its map in operator mode.
      await page.getByLabel(words.search).fill(event.name)
      await page.getByRole('button', { name: words.searchButton, exact: true }).click()
      await page
        .getByRole('link', { name: words.sellEvent(event.name) })
        .first()
        .click()
      await expect(page).toHaveURL(/\/assistant\/stadium\?event=/)
      await waitForHydration(page)
      await expect(page.locator('#seat-list')).toBeVisible({ timeout: 30_000 })
      // Before any hold, the counter has the fans' list-based choice too: from the map by keyboard to the list,
      // a section and row from its selects, a seat by Enter.
      await page.getByRole('link', { name: words.useList }).focus()
      await page.keyboard.press('Enter')
      const list = page.locator('#seat-list')
      await expect(list).toBeFocused()
      const [sectionSelect, rowSelect] = [list.locator('select').first(), list.locator('select').nth(1)]
      const firstOption = (el: HTMLSelectElement) => [...el.options].map((o) => o.value).find(Boolean) ?? ''
      await sectionSelect.selectOption(await sectionSelect.evaluate(firstOption))
      await rowSelect.selectOption(await rowSelect.evaluate(firstOption))
      await list.locator('button[aria-pressed="false"]:not([aria-disabled])').first().press('Enter')
      await expect(page.getByTestId('hold-button')).toHaveText(words.holdOne)
      await page.getByRole('button', { name: words.best }).click()
      await page.getByRole('button', { name: words.hold }).click()
      await expect(page.getByTestId('hold-panel')).toBeVisible()
      // The counter's pages speak to the operator selling, not to a fan buying.
      await expect(page.getByTestId('hold-panel')).toContainText(words.heldForSale)
      await expect(page.getByTestId('hold-panel')).toContainText(words.saleTime)
      // One name for a section everywhere: the one the seat list gives it, on the hold, the sale's summary,
      // the receipt and the printed tickets.
      const held = await api<{ reservation: { seats: { section: string }[] } }>(
        page,
        'GET',
        `/api/reservations?eventId=${event.id}`,
      )
      const sectionName = await layoutSectionName(
        page,
        event.id,
        held.data.reservation.seats[0]?.section ?? '',
      )
      await expect(page.getByTestId('hold-panel')).toContainText(sectionName)
      await page.getByRole('link', { name: words.continue }).click()
      await expect(page).toHaveURL(/\/assistant\/buy\?event=.+&reservation=/)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { name: words.saleSummary })).toBeVisible()
      await expect(page.getByTestId('hold-timer')).toContainText(words.saleTime)
      await expect(page.getByTestId('summary-line').first()).toContainText(sectionName)

      // A walk-in, paying cash with more than the total: the change shows before charging.
      const reservation = new URL(page.url()).searchParams.get('reservation') ?? ''
      const cart = await api<{ total: number }>(
        page,
        'GET',
        `/api/checkout-service/cart?reservation=${reservation}`,
      )
      const handed = major(cart.data.total) + 20_000
      await page.getByRole('radio', { name: words.walkIn }).check()
      await page.getByLabel(words.name).fill('Ana Gómez')
      await page.getByLabel(words.cash).fill(String(handed))
      await expect(page.getByTestId('change-due')).toContainText(
        site.name === 'colombia' ? '20.000' : '20,000',
      )
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/buy`)
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(page), '/assistant/buy fits 375 px').toBeLessThanOrEqual(375)
      await page.screenshot({ path: screenshotPath(`${site.name}-assistant-buy-375`), fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.getByTestId('charge').click()

      // The receipt: paid, the change to hand back, voidable for 30 minutes.
      await expect(page).toHaveURL(/\/assistant\/successful_purchase\?sale=/)
      await waitForHydration(page)
      await expect(page.getByTestId('receipt-status')).toHaveText(words.paid)
      await expect(page.getByTestId('hand-change')).toContainText(
        site.name === 'colombia' ? '20.000' : '20,000',
      )
      await expect(page.getByTestId('receipt')).toContainText('Ana Gómez')
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/successful_purchase`)
      await page.screenshot({
        path: screenshotPath(`${site.name}-assistant-receipt-1280`),
        fullPage: true,
      })
      // The tickets print as a PDF for the operator who sold them.
      await expect(page.getByTestId('receipt')).toContainText(sectionName)
      const voidedCodes = await printedCodes(page)
      expect(voidedCodes).toHaveLength(2)
      // The open shift's cash as a cashier counts it: what the buyer handed over (not the sale's total), the
      // change given back, and what the sale left in the drawer.
      const saleUrl = page.url()
      await page.goto(urlOf(site, '/assistant'))
      await expect(page.getByTestId('shift-cash-received')).toContainText(grouped(site, handed))
      await expect(page.getByTestId('shift-change')).toContainText(grouped(site, 20_000))
      await expect(page.getByTestId('shift-cash')).toContainText(grouped(site, major(cart.data.total)))
      await page.goto(saleUrl)
      await waitForHydration(page)
      await page.getByTestId('void-sale').click()
      await expect(page.getByTestId('receipt-status')).toHaveText(words.voided)
      await expect(page.getByTestId('void-sale')).toHaveCount(0)
      const receiptUrl = page.url()
      // A voided sale's printed tickets no longer get anyone in.
      expect(await scanAtGate(page, event.id, voidedCodes[0] ?? '')).toBe('INVALID')
      await page.goto(receiptUrl)

      // The seats are on sale again, and the voided sale left the drawer as it was.
      await page.goto(urlOf(site, '/assistant'))
      await waitForHydration(page)
      await expect(page.getByTestId('shift-sales')).toHaveText('0')
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(page), '/assistant fits 375 px').toBeLessThanOrEqual(375)
      await page.screenshot({ path: screenshotPath(`${site.name}-assistant-home-375`), fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })

      // A courtesy for the press, within the event's quota (set by an admin): no money, ticket kind COURTESY.
      const admin = await asUser(browser, site, 'admin@palco.co')
      const quota = await api(admin, 'PUT', `/api/backoffice/events/${event.id}/courtesy-quota`, {
        quota: 50,
      })
      expect(quota.status, JSON.stringify(quota.data)).toBe(200)
      await admin.context().close()
      const courtesyHold = await holdBestSeat(page, event.id)
      await page.goto(
        urlOf(site, `/assistant/buy?event=${encodeURIComponent(event.slug)}&reservation=${courtesyHold}`),
      )
      await waitForHydration(page)
      await page.getByRole('radio', { name: words.walkIn }).check()
      await page.getByLabel(words.name).fill('Laura Prensa')
      await page.getByRole('radio', { name: words.courtesy, exact: true }).check()
      await page.getByLabel(words.reason).selectOption({ label: words.press })
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/buy (courtesy)`)
      await page.getByRole('button', { name: words.give }).click()
      await expect(page).toHaveURL(/\/assistant\/successful_purchase\?sale=/)
      await expect(page.getByTestId('receipt')).toContainText(`${words.courtesy} · ${words.press}`)
      // The courtesy ticket printed on the 80 mm roll, read off the PDF as a scanner reads paper, gets its
      // holder in once.
      const [courtesyCode] = await printedCodes(page, 'print-tickets-thermal')
      expect(await scanAtGate(page, event.id, courtesyCode ?? '')).toBe('VALID')
      expect(await scanAtGate(page, event.id, courtesyCode ?? '')).toBe('ALREADY_USED')
      await page.goto(urlOf(site, '/assistant'))
      await waitForHydration(page)

      // The close is blind: counting 1 000 short shows the difference only after closing.
      await expect(page.getByTestId('shift-close-result')).toHaveCount(0)
      await page.getByLabel(words.counted).fill('499000')
      await page.getByRole('button', { name: words.close }).click()
      await expect(page.getByTestId('shift-close-result')).toBeVisible()
      await expect(page.getByTestId('shift-difference')).toContainText(
        site.name === 'colombia' ? '1.000' : '1,000',
      )
      await expect(page.getByLabel(words.float)).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant after closing`)
      await page.context().close()

      // An admin reads the closed shift's report and what the counter did, in the back office.
      const reports = await asUser(browser, site, 'admin@palco.co')
      await reports.goto(urlOf(site, '/backoffice/box-office'))
      await waitForHydration(reports)
      const shiftRow = reports.getByTestId('backoffice-shift').filter({ hasText: OPERATOR }).first()
      await expect(shiftRow.getByTestId('backoffice-shift-difference')).toContainText(
        site.name === 'colombia' ? '1.000' : '1,000',
      )
      for (const action of ['shift.close', 'sale.void', 'tickets.print', 'courtesy'])
        await expect(
          reports.locator(`[data-testid="audit-entry"][data-action="${action}"]`).first(),
        ).toContainText(OPERATOR)
      // An admin adds a courtesy reason; the counter is offered it from then on.
      const newReason = reports.locator('[data-testid="courtesy-reason"][data-code="new"]')
      await newReason.getByLabel(words.reasonCode).fill('radio_local')
      await newReason.getByLabel(words.reasonEs).fill('Emisora local')
      await newReason.getByLabel(words.reasonEn).fill('Local radio')
      await newReason.getByRole('button', { name: words.addReason }).click()
      await expect(newReason.getByRole('status')).toHaveText(words.saved)
      await expect(reports.locator('[data-testid="courtesy-reason"][data-code="RADIO_LOCAL"]')).toBeVisible()
      const offered = await api<{ reasons: { code: string }[] }>(
        reports,
        'GET',
        '/api/checkout-service/courtesy-reasons',
      )
      expect(offered.data.reasons.map((r) => r.code)).toContain('RADIO_LOCAL')
      await expectNoSeriousA11yViolations(reports, `${site.name} /backoffice/box-office`)
      await reports.screenshot({
        path: screenshotPath(`${site.name}-backoffice-box-office-1280`),
        fullPage: true,
      })
      await reports.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(reports), '/backoffice/box-office fits 375 px').toBeLessThanOrEqual(375)
      await reports.screenshot({
        path: screenshotPath(`${site.name}-backoffice-box-office-375`),
        fullPage: true,
      })
      await reports.context().close()
    })

    test('a fan pre-registered at the counter signs up later and finds the ticket', async ({ browser }) => {
      const page = await atCounter(browser, site)
      const event = await footballEvent(page)
      const reservationId = await holdBestSeat(page, event.id)
      const cart = await api<{ total: number }>(
        page,
        'GET',
        `/api/checkout-service/cart?reservation=${reservationId}`,
      )

      const email = `taquilla.${site.name}.${Date.now()}@example.com`
      await page.goto(
        urlOf(site, `/assistant/buy?event=${encodeURIComponent(event.slug)}&reservation=${reservationId}`),
      )
      await waitForHydration(page)
      await page.getByRole('radio', { name: words.preRegisterMode }).check()
      await page.getByLabel(words.firstName).fill('Camilo')
      await page.getByLabel(words.lastName).fill('Taquilla')
      await page.getByLabel(words.email, { exact: true }).fill(email)
      await page.getByRole('button', { name: words.preRegister, exact: true }).click()
      await expect(page.getByTestId('pre-registered')).toBeVisible()
      await page.getByLabel(words.cash).fill(String(major(cart.data.total)))
      await page.getByTestId('charge').click()
      await expect(page).toHaveURL(/\/assistant\/successful_purchase\?sale=/)
      await expect(page.getByTestId('receipt')).toContainText('Camilo Taquilla')
      await api(page, 'POST', '/api/assistant/shift/close', { countedCash: major(cart.data.total) * 100 })
      await page.context().close()

      // The buyer signs up with that email later, proves it, and the ticket is theirs.
      const context = await browser.newContext({ baseURL: site.baseURL })
      const buyer = await context.newPage()
      const colombia = site.name === 'colombia'
      await signUpAndConfirm(buyer, site, {
        firstName: 'Camilo',
        lastName: 'Taquilla',
        email,
        phonePrefix: colombia ? '+57' : '+52',
        phone: colombia ? `302${String(Date.now()).slice(-7)}` : `56${String(Date.now()).slice(-8)}`,
        documentType: colombia ? 'CC' : 'PP',
        documentNumber: `8${String(Date.now()).slice(-9)}`,
        gender: 'MALE',
        birthDate: '1990-02-03',
      })
      await buyer.goto(urlOf(site, '/my-tickets'))
      await waitForHydration(buyer)
      await expect(buyer.locator('main')).toContainText(event.name)
      await context.close()
    })

    test('a fan pays later: the counter hands over a voucher, the fan is mailed it, and once paid the receipt says so and the tickets are theirs', async ({
      browser,
    }) => {
      const { page, later, fanEmail } = await payLaterForDemoFan(browser, site)
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/buy (pay later)`)
      await later.getByRole('button', { name: words.handOver }).click()

      // The fans' own voucher page, at the counter: printed for the fan, who also gets it by email.
      await expect(page).toHaveURL(/\/assistant\/cash(\/[a-z_]+)?\?order=/)
      const orderId = new URL(page.url()).searchParams.get('order') ?? ''
      await waitForHydration(page)
      const code = (await page.getByTestId('order-code').textContent()) ?? ''
      await expect(page.getByTestId('counter-actions')).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/cash`)
      await page.screenshot({ path: screenshotPath(`${site.name}-assistant-cash-1280`), fullPage: true })
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(page), '/assistant/cash fits 375 px').toBeLessThanOrEqual(375)
      await page.screenshot({ path: screenshotPath(`${site.name}-assistant-cash-375`), fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      await expect
        .poll(async () => {
          const box = await api<{ messages: { template: string; subject: string }[] }>(
            page,
            'GET',
            `/api/dev/outbox?to=${encodeURIComponent(fanEmail)}`,
          )
          return box.data.messages.some(
            (m) => m.template === 'order.payment_instructions' && m.subject.includes(code),
          )
        })
        .toBe(true)

      // The counter's pending twin opens the sale's receipt, which says the payment is awaited.
      await page.goto(urlOf(site, `/assistant/pending?order=${orderId}`))
      await expect(page).toHaveURL(new RegExp(`/assistant/successful_purchase\\?sale=${orderId}`))
      await expect(page.getByTestId('receipt-status')).toHaveText(words.awaiting)
      await page.goto(urlOf(site, `/assistant/cash?order=${orderId}`))
      await waitForHydration(page)

      // The fan pays at the store (the sandbox marks it paid); the counter's page then shows the receipt.
      await page.getByTestId('sandbox-link').click()
      await waitForHydration(page)
      await page.getByTestId('sandbox-approve').click()
      await expect(page.getByTestId('sandbox-status')).toHaveText('APPROVED')
      await page.goto(urlOf(site, `/assistant/cash?order=${orderId}`))
      await expect(page).toHaveURL(new RegExp(`/assistant/successful_purchase\\?sale=${orderId}`))
      await expect(page.getByTestId('receipt-status')).toHaveText(words.paid)
      await expect(page.getByTestId('receipt-pay-later')).toBeVisible()
      await page.context().close()

      await expectTicketsInFanAccount(browser, site, fanEmail, orderId)
    })

    test('a fan pays later on a card link: the receipt shows its QR code, and follows the payment made on the buyer’s phone', async ({
      browser,
    }) => {
      const { page, later, fanEmail } = await payLaterForDemoFan(browser, site)
      await later.getByRole('radio', { name: words.cardLink }).check()
      await later.getByRole('button', { name: words.handOver }).click()

      // The receipt waits for the payment and shows the link's QR code for the buyer to scan.
      await expect(page).toHaveURL(/\/assistant\/successful_purchase\?sale=/)
      const orderId = new URL(page.url()).searchParams.get('sale') ?? ''
      await waitForHydration(page)
      await expect(page.getByTestId('receipt-status')).toHaveText(words.awaiting)
      const panel = page.getByTestId('payment-link')
      await expect(panel.getByRole('img')).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/successful_purchase (card link)`)
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(page), 'the card link receipt fits 375 px').toBeLessThanOrEqual(375)
      await page.screenshot({ path: screenshotPath(`${site.name}-assistant-card-link-375`), fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      const href = (await page.getByTestId('payment-link-open').getAttribute('href')) ?? ''
      expect(href).toMatch(/\/dev\/sandbox-checkout\?payment=/)

      // The buyer pays on their phone (another page); the counter's receipt turns paid by itself.
      const phone = await page.context().newPage()
      await phone.goto(urlOf(site, href))
      await waitForHydration(phone)
      await phone.getByTestId('sandbox-approve').click()
      await expect(page.getByTestId('receipt-status')).toHaveText(words.paid, { timeout: 20_000 })
      await expect(page.getByTestId('payment-link')).toHaveCount(0)
      await page.context().close()

      await expectTicketsInFanAccount(browser, site, fanEmail, orderId)
    })

    test('an admin makes a new person an operator for one event, sets its courtesy quota, then removes them', async ({
      browser,
    }) => {
      // The person signs up and confirms their email as any fan does; they keep their own password.
      const context = await browser.newContext({ baseURL: site.baseURL })
      const clerk = await context.newPage()
      const colombia = site.name === 'colombia'
      const email = `cajero.${site.name}.${Date.now()}@example.com`
      await signUpAndConfirm(clerk, site, {
        firstName: 'Carla',
        lastName: 'Cajera',
        email,
        phonePrefix: colombia ? '+57' : '+52',
        phone: colombia ? `303${String(Date.now()).slice(-7)}` : `57${String(Date.now()).slice(-8)}`,
        documentType: colombia ? 'CC' : 'PP',
        documentNumber: `7${String(Date.now()).slice(-9)}`,
        gender: 'FEMALE',
        birthDate: '1991-03-04',
      })
      expect((await api(clerk, 'GET', '/api/assistant/shift')).status).toBe(403)

      const admin = await asUser(browser, site, 'admin@palco.co')
      const event = await footballEvent(admin)
      await admin.goto(urlOf(site, '/backoffice/operators'))
      await waitForHydration(admin)
      await admin.getByLabel(words.accountEmail).fill(email.toUpperCase())
      await admin.getByRole('button', { name: words.makeOperator }).click()
      await expect(admin.getByTestId('grant-operator').getByRole('status')).toHaveText(words.operatorAdded)
      const card = admin.locator(`[data-testid="operator"][data-email="${email}"]`)
      await card.getByRole('radio', { name: words.onlyTicked }).check()
      await card
        .getByRole('checkbox', { name: new RegExp(event.name) })
        .first()
        .check()
      await card.getByRole('button', { name: words.saveEvents }).click()
      await expect(card.getByRole('status')).toHaveText(words.saved)
      // The person's own session sells that event, and only it, from their next click.
      const mine = await api<{ all: boolean; eventIds: string[] }>(clerk, 'GET', '/api/assistant/events')
      expect(mine.data.all).toBe(false)
      expect(mine.data.eventIds).toContain(event.id)
      await clerk.goto(urlOf(site, '/assistant'))
      await expect(clerk).toHaveURL(/\/assistant$/)
      await expectNoSeriousA11yViolations(admin, `${site.name} /backoffice/operators`)
      await admin.screenshot({
        path: screenshotPath(`${site.name}-backoffice-operators-1280`),
        fullPage: true,
      })
      await admin.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(admin), '/backoffice/operators fits 375 px').toBeLessThanOrEqual(375)
      await admin.screenshot({
        path: screenshotPath(`${site.name}-backoffice-operators-375`),
        fullPage: true,
      })
      await admin.setViewportSize({ width: 1280, height: 800 })

      // Removed, the card goes and the counter refuses them.
      await card.getByRole('button', { name: words.removeAsk }).click()
      await card.getByRole('button', { name: words.remove }).click()
      await expect(card).toHaveCount(0)
      await clerk.goto(urlOf(site, '/assistant'))
      await expect(clerk).toHaveURL(/\/403\?redirectTo=/)

      // The event's courtesy quota, set on the box-office page, is what the counter then reads.
      await admin.goto(urlOf(site, '/backoffice/box-office'))
      await waitForHydration(admin)
      const quota = admin.locator(`[data-testid="courtesy-quota"][data-event="${event.id}"]`)
      await quota.getByLabel(words.quota).fill('75')
      await quota.getByRole('button', { name: words.save }).click()
      await expect(quota.getByRole('status')).toHaveText(words.saved)
      const read = await api<{ quota: number }>(
        admin,
        'GET',
        `/api/assistant/events/${event.id}/courtesy-quota`,
      )
      expect(read.data.quota).toBe(75)
      await context.close()
      await admin.context().close()
    })

    test('an admin refunds a card-terminal sale found by its receipt code; its printed code no longer gets in', async ({
      browser,
    }) => {
      const page = await atCounter(browser, site)
      const event = await footballEvent(page)
      const reservationId = await holdBestSeat(page, event.id)
      const cart = await api<{ total: number; currency: string }>(
        page,
        'GET',
        `/api/checkout-service/cart?reservation=${reservationId}`,
      )
      const sold = await api<{ orderId: string; code: string }>(page, 'POST', '/api/assistant/sales', {
        reservationId,
        buyer: { kind: 'WALK_IN', name: 'Tomás Datáfono' },
        tenders: [{ kind: 'TPV', amount: cart.data.total, reference: 'AUT-445566' }],
        expectedTotal: cart.data.total,
        currency: cart.data.currency,
        idempotencyKey: crypto.randomUUID(),
      })
      expect(sold.status, JSON.stringify(sold.data)).toBe(201)
      await page.goto(urlOf(site, `/assistant/successful_purchase?sale=${sold.data.orderId}`))
      await waitForHydration(page)
      const [code] = await printedCodes(page)
      await expect(page.getByTestId('void-sale')).toHaveCount(0)

      const admin = await asUser(browser, site, 'admin@palco.co')
      await admin.goto(urlOf(site, '/backoffice/box-office'))
      await waitForHydration(admin)
      await admin.getByLabel(words.receiptCode).fill(sold.data.code.toLowerCase())
      await admin.getByRole('button', { name: words.findSale }).click()
      const found = admin.getByTestId('refund-sale')
      await expect(found.getByTestId('receipt')).toContainText('Tomás Datáfono')
      await found.getByLabel(words.refundReason).fill('El comprador no puede asistir')
      await found.getByRole('button', { name: words.refund }).click()
      // Refused until the admin says the money went back; then done, once.
      await expect(found.getByTestId('receipt-status')).toHaveText(words.paid)
      await found.getByLabel(words.moneyBack).check()
      await found.getByRole('button', { name: words.refund }).click()
      await expect(found.getByRole('status')).toBeVisible()
      await expect(found.getByTestId('receipt-status')).toHaveText(words.voided)
      await expectNoSeriousA11yViolations(admin, `${site.name} /backoffice/box-office (refund)`)
      await admin.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(admin), '/backoffice/box-office fits 375 px').toBeLessThanOrEqual(375)
      await admin.context().close()

      expect(await scanAtGate(page, event.id, code ?? '')).toBe('INVALID')
      await page.context().close()
    })

    test('seats reserved for a walk-in who enters by identity document are paid at another counter, found by the receipt code; the document gets in once, then the printed code is already used', async ({
      browser,
    }) => {
      // The counter's computer is on Tokyo's clock; the deadline typed is still the venue's time.
      const page = await atCounter(browser, site, OPERATOR, 'Asia/Tokyo')
      const event = await footballEvent(page)
      const reservationId = await holdBestSeat(page, event.id)
      await page.goto(urlOf(site, `/assistant/buy?reservation=${reservationId}`))
      await waitForHydration(page)
      await page.getByRole('radio', { name: words.walkIn }).check()
      await page.getByLabel(words.name).fill('Rosa Reserva')
      const until = page.getByTestId('reserve-until')
      const day = (await until.inputValue()).slice(0, 10)
      await until.fill(`${day}T18:30`)
      const entry = page.getByTestId('entry-document')
      await entry.getByRole('checkbox', { name: words.entryDocument }).check()
      await entry.getByLabel(words.documentType).selectOption('CC')
      await entry.getByLabel(words.documentNumber).fill('52123456')
      await page.getByRole('button', { name: words.reserve }).click()

      // The receipt says until when the seats are kept, and the code to pay with at any counter.
      await expect(page).toHaveURL(/\/assistant\/successful_purchase\?sale=/)
      await waitForHydration(page)
      await expect(page.getByTestId('receipt-status')).toHaveText(words.reserved)
      await expect(page.getByTestId('reserved-until')).toBeVisible()
      const saleId = new URL(page.url()).searchParams.get('sale') ?? ''
      const sale = await api<{ code: string; total: number; reservedUntil: string }>(
        page,
        'GET',
        `/api/assistant/sales/${saleId}`,
      )
      await expect(page.getByTestId('reserved-until')).toContainText(sale.data.code)
      // 18:30 at the venue (Bogotá UTC−5, Mexico City UTC−6), said back as 18:30.
      const [y, m, d] = day.split('-').map(Number) as [number, number, number]
      expect(new Date(sale.data.reservedUntil).getTime()).toBe(
        Date.UTC(y, m - 1, d, site.name === 'colombia' ? 23 : 24, 30),
      )
      await expect(page.getByTestId('reserved-until')).toContainText('18:30')
      await expect(page.getByTestId('receipt-entry-document')).toContainText('52123456')
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/successful_purchase (reserved)`)
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(page), 'a reservation’s receipt fits 375 px').toBeLessThanOrEqual(375)
      await page.screenshot({ path: screenshotPath(`${site.name}-assistant-reserved-375`), fullPage: true })
      await page.context().close()

      // The buyer comes back to another counter, which finds the reservation by its code and takes cash.
      const other = await atCounter(browser, site, 'admin@palco.co')
      await other.goto(urlOf(site, '/assistant'))
      await waitForHydration(other)
      await other.getByLabel(words.saleCode).fill(sale.data.code.toLowerCase())
      await other.getByRole('button', { name: words.find, exact: true }).click()
      await expect(other).toHaveURL(new RegExp(`/assistant/successful_purchase\\?sale=${saleId}`))
      await waitForHydration(other)
      await other.getByLabel(words.cash).fill(String(major(sale.data.total) + 5_000))
      await expect(other.getByTestId('change-due')).toContainText(
        site.name === 'colombia' ? '5.000' : '5,000',
      )
      await other.getByTestId('charge').click()
      await expect(other.getByTestId('receipt-status')).toHaveText(words.paid)
      await expect(other.getByTestId('reserved-until')).toHaveCount(0)
      await expectNoSeriousA11yViolations(other, `${site.name} /assistant/successful_purchase (collected)`)
      const [code] = await printedCodes(other)
      expect(await scanAtGate(other, event.id, '52123456', 'document')).toBe('VALID')
      expect(await scanAtGate(other, event.id, code ?? '')).toBe('ALREADY_USED')
      await expectNoSeriousA11yViolations(other, `${site.name} /assistant/check-in (by document)`)
      await other.context().close()
    })

    test('an operator lowers a price with a reason: refused below half, then sold at the new total', async ({
      browser,
    }) => {
      const page = await atCounter(browser, site)
      const event = await footballEvent(page)
      const reservationId = await holdBestSeat(page, event.id)
      const cart = await api<{ total: number }>(
        page,
        'GET',
        `/api/checkout-service/cart?reservation=${reservationId}`,
      )
      await page.goto(urlOf(site, `/assistant/buy?reservation=${reservationId}`))
      await waitForHydration(page)
      await page.getByRole('radio', { name: words.walkIn }).check()
      await page.getByLabel(words.name).fill('Pablo Rebaja')
      const override = page.getByTestId('price-override')
      await override.getByRole('checkbox', { name: words.lowerPrice }).check()
      await override.getByLabel(words.newTotal).fill(String(Math.floor(major(cart.data.total) / 3)))
      await override.getByLabel(words.overrideReason).fill('Silla con visibilidad reducida')
      await page.getByLabel(words.cash).fill(String(major(cart.data.total)))
      await page.getByTestId('charge').click()
      // A third of the price is past an operator's bound: said on the field, nothing sold.
      await expect(page.getByRole('alert').first()).toBeVisible()
      await expect(page).toHaveURL(/\/assistant\/buy\?/)
      const half = Math.ceil(major(cart.data.total) / 2)
      await override.getByLabel(words.newTotal).fill(String(half))
      await page.getByLabel(words.cash).fill(String(half))
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/buy (price lowered)`)
      await page.getByTestId('charge').click()
      await expect(page).toHaveURL(/\/assistant\/successful_purchase\?sale=/)
      await expect(page.getByTestId('receipt-status')).toHaveText(words.paid)
      const saleId = new URL(page.url()).searchParams.get('sale') ?? ''
      const sold = await api<{ total: number }>(page, 'GET', `/api/assistant/sales/${saleId}`)
      expect(sold.data.total).toBe(half * 100)
      await page.context().close()
    })

    test('a tour’s dates are sold from the counter: the tour page in operator mode leads each date to the counter’s seat map or zones', async ({
      browser,
    }) => {
      const page = await atCounter(browser, site)
      const tours = await api<{ slug: string; name: string }[]>(page, 'GET', '/api/tours')
      const tour = tours.data[0]
      if (!tour) throw new Error('no tour in the demo catalogue')
      await page.goto(urlOf(site, '/assistant'))
      await waitForHydration(page)
      await page.getByRole('link', { name: words.sellTour(tour.name) }).click()
      await expect(page).toHaveURL(/\/assistant\/tour\/select\?tour=/)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tour.name)
      const sell = page.getByRole('link', { name: words.sellDate })
      await expect(sell.first()).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} /assistant/tour/select`)
      await page.setViewportSize({ width: 375, height: 800 })
      expect(await scrollWidth(page), '/assistant/tour/select fits 375 px').toBeLessThanOrEqual(375)
      await sell.first().click()
      await expect(page).toHaveURL(/\/assistant(\/stadium)?\?event=/)
      await page.context().close()
    })

    test('a theatre’s section reads as its seat map names it on the counter’s sale, receipt and printed tickets', async ({
      browser,
    }) => {
      const page = await asUser(browser, site, OPERATOR)
      await openShiftOnSite(page, site)
      const slug = site.name === 'colombia' ? 'la-casa-de-bernarda-alba' : 'the-last-train-to-veracruz'
      const event = await api<{ id: string }>(page, 'GET', `/api/event?slug=${slug}`)
      const eventId = event.data.id
      const live = await api<{ reservation: { id: string } | null }>(
        page,
        'GET',
        `/api/reservations?eventId=${eventId}`,
      )
      if (live.data.reservation) await api(page, 'DELETE', `/api/reservations/${live.data.reservation.id}`)
      const section = 'BALCON_SECCION_CENTRO'
      const reservationId = await holdBestSeat(page, eventId, section)
      // "Balcón centro" / "Balcony centre": not the code's "BALCON CENTRO", nor the price zone's name.
      const name = await layoutSectionName(page, eventId, section)
      await page.goto(urlOf(site, `/assistant/stadium?event=${slug}`))
      await expect(page.getByTestId('hold-panel')).toContainText(name)
      await page.goto(urlOf(site, `/assistant/buy?reservation=${reservationId}`))
      await expect(page.getByTestId('summary-line')).toContainText(name)
      const cart = await api<{ total: number; currency: string }>(
        page,
        'GET',
        `/api/checkout-service/cart?reservation=${reservationId}`,
      )
      const sold = await api<{ orderId: string }>(page, 'POST', '/api/assistant/sales', {
        reservationId,
        buyer: { kind: 'WALK_IN', name: 'Teresa Teatro' },
        tenders: [{ kind: 'CASH', tendered: cart.data.total }],
        expectedTotal: cart.data.total,
        currency: cart.data.currency,
        idempotencyKey: crypto.randomUUID(),
      })
      expect(sold.status, JSON.stringify(sold.data)).toBe(201)
      await page.goto(urlOf(site, `/assistant/successful_purchase?sale=${sold.data.orderId}`))
      await expect(page.getByTestId('receipt')).toContainText(name)
      expect(await textOfPdf(await printedPdf(page))).toContain(name)
      // The drawer is the site's: left open, the other country's journeys could not sell.
      await api(page, 'POST', '/api/assistant/shift/close', { countedCash: 0 })
      await page.context().close()
    })

    test('a fan is refused on the counter pages', async ({ browser }) => {
      const fan = await asUser(browser, site, site.name === 'colombia' ? 'fan@palco.co' : 'fan@palco.mx')
      for (const path of [
        '/assistant/buy',
        '/assistant/stadium',
        '/assistant/successful_purchase',
        '/assistant/tour/select',
        '/backoffice/box-office',
        '/backoffice/operators',
      ]) {
        await fan.goto(urlOf(site, path))
        await expect(fan).toHaveURL(new RegExp(`/403\\?redirectTo=${encodeURIComponent(path)}`))
      }
      expect((await api(fan, 'GET', '/api/assistant/shift')).status).toBe(403)
      await fan.context().close()
    })
  })
}
