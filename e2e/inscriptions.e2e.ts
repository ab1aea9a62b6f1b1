import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, openShiftOnSite, signUpAndConfirm } from './support/api'
import { decodeQr, scanAtGate } from './support/gate'
import { scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 17 in both countries: two runners signed up for the half marathon, one form each — a missing
 * answer and an under-age runner refused on their fields with everything else kept, a reload losing
 * nothing — then paid by card, giving two inscription tickets with the runners' names, one admitted at the
 * gate.
 */

/** The refusal of a file whose content is not its declared type (errors.json UPLOAD_TYPE_MISMATCH). */
const MISMATCH = {
  es: 'El contenido del archivo no corresponde a su tipo',
  en: "The file's content doesn't match its type",
}

const HALF_MARATHON = { colombia: 'media-maraton-de-bogota', mexico: 'mexico-city-half-marathon' } as const
const CARD = { colombia: '4013540682746260', mexico: '4075595716483764' } as const

const WORDS = {
  colombia: {
    phonePrefix: '+57',
    phone: (s: string) => `304${s.slice(-7)}`,
    emergency: (s: string) => `3105${s.slice(-6)}`,
    document: { type: 'CC', number: (s: string) => `5${s.slice(-9)}` },
    required: 'Este dato es obligatorio.',
    mismatch: MISMATCH.es,
    age: 'La edad de este participante el día del evento no corresponde a esta categoría.',
    card: /Tarjeta/,
    pay: /^Pagar/,
    walkIn: 'Sin cuenta',
    name: 'Nombre completo',
    cash: 'Efectivo recibido',
  },
  mexico: {
    phonePrefix: '+52',
    phone: (s: string) => `56${s.slice(-8)}`,
    emergency: (s: string) => `55${s.slice(-8)}`,
    document: { type: 'PP', number: (s: string) => `H${s.slice(-8)}` },
    required: 'This is required.',
    mismatch: MISMATCH.en,
    age: 'This participant’s age on the event’s date does not fit this category.',
    card: /card/i,
    pay: /^Pay/,
    walkIn: 'No account',
    name: 'Full name',
    cash: 'Cash received',
  },
} as const

/** A date `years` years before the race (the form's DATE input takes yyyy-mm-dd). */
const yearsBefore = (startsAt: string, years: number) => {
  const d = new Date(startsAt)
  d.setUTCFullYear(d.getUTCFullYear() - years)
  return d.toISOString().slice(0, 10)
}

/** Fills one runner's form; `name` empty leaves it for the journey to see refused. */
async function fillRunner(page: Page, site: Site, seq: number, runner: { name: string; birth: string }) {
  const words = WORDS[site.name]
  const stamp = String(Date.now() + seq)
  const field = (name: string) => page.locator(`#participant-${seq}-${name}`)
  await field('full_name').fill(runner.name)
  await field('document_number').fill(words.document.number(stamp))
  await field('birth_date').fill(runner.birth)
  await field('email').fill(`runner${seq}.${stamp}@example.com`)
  await field('phone').fill(words.phone(stamp))
  const form = page.getByTestId('participant-form').nth(seq)
  await form.getByRole('radio').first().check()
  await field('shirt_size').selectOption('M')
  await field('emergency_contact').fill('Marta Contacto')
  await field('emergency_phone').fill(words.emergency(stamp))
  await field('accepts_waiver').check()
  await chooseFile(page, seq, PDF)
}

/** A small PDF: what a scanned medical certificate is, as far as checking its type by content goes. */
const PDF = {
  name: 'certificado.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
}

/** Chooses a file for a runner's medical certificate, as the file picker would, and waits for the answer. */
async function chooseFile(page: Page, seq: number, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser')
  await page.locator(`#participant-${seq}-medical_certificate`).click()
  await (await chooser).setFiles(file)
  await expect(page.getByTestId('file-medical_certificate-state').nth(seq)).not.toHaveText(/…$/)
}

for (const site of COUNTRIES) {
  const words = WORDS[site.name]

  test(`two runners sign up for the half marathon, pay and get named tickets · ${site.name}`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000)
    const stamp = String(Date.now())
    await signUpAndConfirm(page, site, {
      firstName: 'Carla',
      lastName: 'Corredora',
      email: `runner.${stamp}@example.com`,
      phonePrefix: words.phonePrefix,
      phone: words.phone(stamp),
      documentType: words.document.type,
      documentNumber: words.document.number(stamp),
      gender: 'FEMALE',
      birthDate: '1990-04-10',
    })
    const event = await api<{ id: string; startsAt: string; zones: { id: string; name: string }[] }>(
      page,
      'GET',
      `/api/event?slug=${HALF_MARATHON[site.name]}`,
    )
    expect(event.status, JSON.stringify(event.data)).toBe(200)
    const zone = event.data.zones.find((z) => z.name === '21K')
    const held = await api<{ id: string }>(page, 'POST', '/api/reservations', {
      eventId: event.data.id,
      section: zone?.id,
      quantity: 2,
    })
    expect(held.status, JSON.stringify(held.data)).toBe(201)

    // The cart leads to the runners' forms before the payment.
    await page.goto(urlOf(site, `/checkout?event=${HALF_MARATHON[site.name]}&reservation=${held.data.id}`))
    await waitForHydration(page)
    await page.getByTestId('continue-to-payment').click()
    await expect(page).toHaveURL(/\/checkout\/inscriptions\/form\?reservation=/)
    await waitForHydration(page)
    await expect(page.getByTestId('participant-form')).toHaveCount(2)
    await fillRunner(page, site, 0, { name: 'Ana Gómez', birth: yearsBefore(event.data.startsAt, 30) })
    await fillRunner(page, site, 1, { name: '', birth: yearsBefore(event.data.startsAt, 16) })
    // A PDF renamed as a picture is refused on its field, by its content; the form keeps the rest.
    await chooseFile(page, 1, { ...PDF, name: 'foto.png', mimeType: 'image/png' })
    await expect(page.getByTestId('participant-form').nth(1)).toContainText(words.mismatch)
    await chooseFile(page, 1, PDF)
    await expect(page.getByTestId('file-medical_certificate-state').nth(1)).toContainText('certificado.pdf')
    // The club's name is asked only of a runner who runs for one.
    await expect(page.locator('#participant-0-club_name')).toBeHidden()
    await page.locator('#participant-0-runs_for_club').check()
    await expect(page.locator('#participant-0-club_name')).toBeVisible()
    await page.locator('#participant-0-club_name').fill('Club Atlético Palco')
    // The blood type is a list to search (its code comes after the page's): typing narrows it, Enter picks.
    const bloodType = page.locator('#participant-0-blood_type')
    await bloodType.pressSequentially('AB')
    // As a person does, the arrow is pressed once the narrowed list is on screen (pressed sooner, on a busy
    // machine, it once picked nothing, most likely reaching a list not drawn yet).
    await expect(page.getByRole('option', { name: 'AB+' })).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(bloodType).toHaveValue('AB+')
    await expect(page.getByTestId('draft-state')).not.toBeEmpty()

    // A missing name is refused on its field, and the focus goes there; nothing typed is lost.
    await page.getByTestId('participants-continue').click()
    await expect(page.getByTestId('participants-problems')).toBeVisible()
    await expect(page.locator('#participant-1-full_name')).toBeFocused()
    await expect(page.getByTestId('participant-form').nth(1)).toContainText(words.required)
    await expectNoSeriousA11yViolations(page, `${site.name} /checkout/inscriptions/form (errors)`)
    await page.locator('#participant-1-full_name').fill('Luis Pérez')

    // The 21K is for runners 18 or older on race day: the API says so on the birth date.
    await page.getByTestId('participants-continue').click()
    await expect(page.getByTestId('participant-form').nth(1)).toContainText(words.age)
    await expect(page.locator('#participant-1-birth_date')).toBeFocused()

    // A reload loses nothing (the draft was saved as the runner's details were typed).
    await page.locator('#participant-1-birth_date').fill(yearsBefore(event.data.startsAt, 25))
    await expect(page.getByTestId('draft-state')).not.toBeEmpty()
    await page.waitForTimeout(1_200)
    await page.reload()
    await waitForHydration(page)
    await expect(page.locator('#participant-1-full_name')).toHaveValue('Luis Pérez')
    await expect(page.locator('#participant-0-club_name')).toHaveValue('Club Atlético Palco')
    await expect(bloodType).toHaveValue('AB+')
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectNoSeriousA11yViolations(page, `${site.name} /checkout/inscriptions/form`)

    // On to the payment, by card.
    await page.getByTestId('participants-continue').click()
    await expect(page).toHaveURL(/\/checkout\/buy\?reservation=/)
    await waitForHydration(page)
    await page.getByRole('radio', { name: words.card }).check()
    const card = page.getByTestId('card-fields')
    await card.getByRole('textbox').nth(0).fill(CARD[site.name])
    await card.getByRole('textbox').nth(1).fill('11/30')
    await card.locator('input[autocomplete="cc-csc"]').fill('123')
    await card.locator('input[autocomplete="cc-name"]').fill('APRO')
    await page.getByTestId('pay-button').click()
    await expect(page).toHaveURL(/\/checkout\/successful_purchase\?order=/, { timeout: 20_000 })
    const orderId = new URL(page.url()).searchParams.get('order') ?? ''

    // Two inscription tickets, each with its runner's name.
    const tickets = await api<{ tickets: { id: string; holderName: string | null }[] }>(
      page,
      'GET',
      `/api/myPurchases/tickets?purchaseId=${orderId}`,
    )
    expect(tickets.data.tickets.map((x) => x.holderName).sort()).toEqual(['Ana Gómez', 'Luis Pérez'])
    // The purchase's ticket rows say whose each one is and its category, in sentence case.
    await page.goto(urlOf(site, `/my-purchases/${orderId}`))
    const rows = page.getByTestId('ticket-item')
    expect((await rows.getByTestId('ticket-holder').allTextContents()).sort()).toEqual([
      'Ana Gómez',
      'Luis Pérez',
    ])
    await expect(rows.first().getByTestId('ticket-category')).toContainText('21K')
    await expect(rows.first().locator('.mantine-Badge-root').first()).toHaveCSS('text-transform', 'none')
    const first = tickets.data.tickets[0]?.id ?? ''
    await page.goto(urlOf(site, `/my-tickets/${first}`))
    await waitForHydration(page)
    await expect(page.getByTestId('ticket-holder')).toContainText(tickets.data.tickets[0]?.holderName ?? '')

    // One of them admitted at the gate, once, the gate showing whom it is for.
    await expect(page.getByTestId('ticket-qr')).toBeVisible()
    const code = await decodeQr(page)
    const gate = await asUser(browser, site, 'operador@palco.co')
    expect(await scanAtGate(gate, event.data.id, code)).toBe('VALID')
    await expect(gate.getByTestId('checkin-result')).toContainText(tickets.data.tickets[0]?.holderName ?? '')
    expect(await scanAtGate(gate, event.data.id, code)).toBe('ALREADY_USED')
    await gate.context().close()
  })
}

for (const site of COUNTRIES) {
  const words = WORDS[site.name]

  test(`the box office signs a runner up with the same form before selling · ${site.name}`, async ({
    browser,
  }) => {
    const page = await asUser(browser, site, 'operador@palco.co')
    await openShiftOnSite(page, site)
    const event = await api<{ id: string; startsAt: string; zones: { id: string; name: string }[] }>(
      page,
      'GET',
      `/api/event?slug=${HALF_MARATHON[site.name]}`,
    )
    const held = await api<{ id: string }>(page, 'POST', '/api/reservations', {
      eventId: event.data.id,
      section: event.data.zones.find((z) => z.name === '10K')?.id,
      quantity: 1,
    })
    expect(held.status, JSON.stringify(held.data)).toBe(201)

    // The sale asks for the runner first, on the fans' own form.
    await page.goto(urlOf(site, `/assistant/buy?reservation=${held.data.id}`))
    await expect(page).toHaveURL(/\/assistant\/inscriptions\/form\?reservation=/)
    await waitForHydration(page)
    await fillRunner(page, site, 0, { name: 'Sofía Taquilla', birth: yearsBefore(event.data.startsAt, 15) })
    await expectNoSeriousA11yViolations(page, `${site.name} /assistant/inscriptions/form`)
    await page.getByTestId('participants-continue').click()
    await expect(page).toHaveURL(/\/assistant\/buy\?reservation=/)
    await waitForHydration(page)

    // Sold to a walk-in for cash: the ticket is the runner's.
    await page.getByRole('radio', { name: words.walkIn }).check()
    await page.getByLabel(words.name).fill('Sofía Taquilla')
    const cart = await api<{ total: number }>(
      page,
      'GET',
      `/api/checkout-service/cart?reservation=${held.data.id}`,
    )
    await page.getByLabel(words.cash).fill(String(Math.ceil(cart.data.total / 100)))
    await page.getByTestId('charge').click()
    await expect(page).toHaveURL(/\/assistant\/successful_purchase\?sale=/, { timeout: 20_000 })
    const saleId = new URL(page.url()).searchParams.get('sale') ?? ''
    const sale = await api<{ status: string; tickets: { id: string }[] }>(
      page,
      'GET',
      `/api/assistant/sales/${saleId}`,
    )
    expect(sale.data.status).toBe('PAID')
    expect(sale.data.tickets).toHaveLength(1)
    await page.context().close()
  })
}
