import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, signUpAndConfirm } from './support/api'
import { decodeQr, scanAtGate } from './support/gate'
import { screenshotPath, scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, type Site, urlOf } from './support/sites'

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
      expect(row?.plan).toMatchObject({ kind: 'PAYMENT', payments: 2, spacingDays: 7 })
      expect(row?.example.schedule.payments).toHaveLength(2)

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

/**
 * Issue 16 parts 2–6 in both countries: a fan buys the demo's paguitos event paying the deposit by card,
 * finds the ticket locked (no QR) in /my-tickets, pays the next installment with a cash voucher marked paid
 * on the sandbox page, then the whole balance by card, and the ticket shows its QR, which the gate admits.
 * Then a plan whose payment is missed is cancelled by the plan pass (run at a moved clock through the
 * sandbox's dev endpoint) and its place goes back on sale; and a deposit paid with "save this card" has its
 * next installment charged on the card when due, the card listed on the profile and removed there. axe and
 * 375 px on the new pages.
 *
 * Each journey buys in a zone of its own of the event (first, second, third priced zone), so none counts or
 * frees another's places; the demo fan ends a run with three places of the event, under the per-fan limit.
 */

const FAN: Record<Site['name'], string> = { colombia: 'fan@palco.co', mexico: 'fan@palco.mx' }
/** The demo operator (README), who checks tickets in at either country's gate. */
const OPERATOR = 'operador@palco.co'
const DAY_MS = 86_400_000
const CARD: Record<Site['name'], string> = { colombia: '4013540682746260', mexico: '4075595716483764' }
const PLAN_EVENT: Record<Site['name'], string> = {
  colombia: 'sinfonica-salsera',
  mexico: 'mariachi-sinfonico-chapultepec',
}

const FAN_WORDS = {
  colombia: {
    card: /^Tarjeta/,
    cash: [/^Efectivo/, 'Puntos de pago en efectivo'],
    payDeposit: /^Pagar cuota inicial de \$/,
    deposit: 'Cuota inicial',
    locked: 'Pendiente de pago',
    paid: 'Pagada',
    inProgress: 'Pago en curso',
    pending: 'Pendiente',
    installments: 'Cuotas',
    saveCard: 'Guardar esta tarjeta para pagar mis cuotas automáticamente en sus fechas de vencimiento',
    noCards: 'No tiene tarjetas guardadas.',
    savedOn: /^Guardada el \d{1,2} de \p{L}+$/u,
    removeCard: (last4: string) => `Quitar la tarjeta Visa terminada en ${last4}`,
    confirmRemove: 'Sí, quitar la tarjeta',
    removed: (last4: string) => `Quitamos la tarjeta Visa terminada en ${last4}.`,
    unavailable: 'El servicio no está disponible en este momento. Intente más tarde.',
    autoCharge: (last4: string) => new RegExp(`tarjeta guardada Visa terminada en ${last4}`),
  },
  mexico: {
    card: /card/i,
    cash: [/^Cash/, 'OXXO'],
    payDeposit: /^Pay deposit MX\$/,
    deposit: 'Deposit',
    locked: 'Awaiting payments',
    paid: 'Paid',
    inProgress: 'Payment in progress',
    pending: 'Pending',
    installments: 'Installments',
    saveCard: 'Save this card to pay my installments automatically on their due dates',
    noCards: 'You have no saved cards.',
    savedOn: /^Saved on \p{L}+, \d{1,2}(st|nd|rd|th)$/u,
    removeCard: (last4: string) => `Remove the Visa card ending in ${last4}`,
    confirmRemove: 'Yes, remove the card',
    removed: (last4: string) => `We removed the Visa card ending in ${last4}.`,
    unavailable: "The service isn't available right now. Please try later.",
    autoCharge: (last4: string) => new RegExp(`saved card Visa ending in ${last4}`),
  },
} as const

/** What the journeys read of `GET /api/checkout/orders/:id`. */
interface PlanOrder {
  code: string
  status: string
  tickets: { id: string }[]
  plan: {
    lines: { seq: number; dueAt: string; status: string }[]
    cancelled: boolean
    autoCharge: { brand: string; last4: string } | null
  } | null
}

interface PlanEvent {
  id: string
  hasLayout: boolean
  zones: { id: string; soldOut: boolean; available: number | null; price: { amount: number } }[]
}

const planEvent = async (page: Page, site: Site) =>
  api<PlanEvent>(page, 'GET', `/api/event?slug=${encodeURIComponent(PLAN_EVENT[site.name])}`)

/**
 * Places left in a zone of the country's paguitos event, as the event page reads them: past the browser's
 * cache, though the server's own keeps them a few seconds.
 */
const placesLeft = (page: Page, site: Site, zoneId: string) =>
  page.evaluate(
    async ({ slug, zoneId }) => {
      const res = await fetch(`/api/event?slug=${encodeURIComponent(slug)}`, { cache: 'no-store' })
      const event = (await res.json()) as PlanEvent
      return event.zones.find((z) => z.id === zoneId)?.available ?? null
    },
    { slug: PLAN_EVENT[site.name], zoneId },
  )

/**
 * One place of the country's paguitos event (sold by zone), held through the API after any leftover hold:
 * in the `zone`-th zone on sale with a price, so each journey buys in a zone of its own.
 */
async function holdPlanSeat(page: Page, site: Site, zone = 0) {
  const slug = PLAN_EVENT[site.name]
  const event = await planEvent(page, site)
  expect(event.status, JSON.stringify(event.data)).toBe(200)
  const eventId = event.data.id
  const live = await api<{ reservation: { id: string; status: string } | null }>(
    page,
    'GET',
    `/api/reservations?eventId=${eventId}`,
  )
  const old = live.data.reservation
  if (old && ['BOOKED', 'ACTIVE'].includes(old.status))
    await api(page, 'DELETE', `/api/reservations/${old.id}`)
  const chosen = event.data.zones.filter((z) => !z.soldOut && z.price.amount > 0)[zone]
  expect(chosen, `a zone on sale number ${zone}`).toBeTruthy()
  const held = await api<{ id: string }>(page, 'POST', '/api/reservations', {
    eventId,
    ...(event.data.hasLayout
      ? {
          seats: (
            await api<{ seats: string[] }>(page, 'POST', '/api/seats/best-available', {
              eventId,
              quantity: 1,
            })
          ).data.seats,
        }
      : { section: chosen?.id, quantity: 1 }),
  })
  expect(held.status, JSON.stringify(held.data)).toBe(201)
  return { reservationId: held.data.id, slug, eventId, zoneId: chosen?.id ?? '' }
}

async function fillCard(page: Page, site: Site) {
  await page.getByRole('radio', { name: FAN_WORDS[site.name].card }).check()
  const card = page.getByTestId('card-fields')
  await card.locator('input[autocomplete="cc-number"]').fill(CARD[site.name])
  await card.locator('input[autocomplete="cc-exp"]').fill('11/30')
  await card.locator('input[autocomplete="cc-csc"]').fill('123')
  await card.locator('input[autocomplete="cc-name"]').fill('APRO')
}

/** The page fits a phone's width; a screenshot of it there. */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 800 })
  expect(await scrollWidth(page), `${name} fits 375 px`).toBeLessThanOrEqual(375)
  await page.screenshot({ path: screenshotPath(`${name}-375`), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/**
 * Buys a held place on the plan from the cart, paying the deposit by card (saving it when `saveCard`),
 * and answers the order's id from the success page.
 */
async function buyOnPlan(
  page: Page,
  site: Site,
  hold: { reservationId: string; slug: string },
  opts: { saveCard?: boolean; name?: string } = {},
) {
  const words = FAN_WORDS[site.name]
  await page.goto(
    urlOf(site, `/checkout?event=${encodeURIComponent(hold.slug)}&reservation=${hold.reservationId}`),
  )
  await waitForHydration(page)
  await page.getByTestId('continue-paguitos').click()
  await expect(page).toHaveURL(/\/checkout\/installment\?reservation=/)
  await waitForHydration(page)
  await expect(page.getByTestId('paguitos-schedule').getByTestId('paguitos-line')).toHaveCount(3)
  await fillCard(page, site)
  const save = page.getByRole('checkbox', { name: words.saveCard })
  // The box is offered with the card (the sandbox keeps cards), unticked: saving is the fan's choice.
  await expect(save).not.toBeChecked()
  if (opts.saveCard) {
    await save.check()
    await expectNoSeriousA11yViolations(page, `${site.name} /checkout/installment?reservation (save card)`)
    if (opts.name) await fitsPhone(page, opts.name)
  }
  await page.getByTestId('pay-button').click()
  await expect(page).toHaveURL(/\/checkout\/successful_purchase\?order=/, { timeout: 20_000 })
  await waitForHydration(page)
  return new URL(page.url()).searchParams.get('order') ?? ''
}

const orderOf = (page: Page, orderId: string) =>
  api<PlanOrder>(page, 'GET', `/api/checkout/orders/${orderId}`)

/** `POST /api/payments/sandbox/plans/:id/pass`: the plan pass for this plan, as if the clock read `at`. */
async function passAt(page: Page, orderId: string, at: string) {
  const res = await api<{ did: string }>(page, 'POST', `/api/payments/sandbox/plans/${orderId}/pass`, { at })
  expect(res.status, JSON.stringify(res.data)).toBe(200)
  return res.data.did
}

for (const site of COUNTRIES) {
  const words = FAN_WORDS[site.name]

  test.describe(`paguitos checkout · ${site.name}`, () => {
    test('a fan buys with paguitos, pays a voucher and then the balance, and the ticket comes alive', async ({
      browser,
    }) => {
      test.setTimeout(180_000)
      const page = await asUser(browser, site, FAN[site.name])
      const hold = await holdPlanSeat(page, site)

      // The cart offers the plan next to the normal way on.
      await page.goto(
        urlOf(site, `/checkout?event=${encodeURIComponent(hold.slug)}&reservation=${hold.reservationId}`),
      )
      await waitForHydration(page)
      const offer = page.getByTestId('continue-paguitos')
      await expect(offer).toHaveText(/paguitos/)
      await expectNoSeriousA11yViolations(page, `${site.name} /checkout with paguitos`)
      await fitsPhone(page, `${site.name}-paguitos-cart`)
      await offer.click()
      await expect(page).toHaveURL(/\/checkout\/installment\?reservation=/)
      await waitForHydration(page)

      // The schedule: the deposit today and two payments, then the deposit paid by card.
      const schedule = page.getByTestId('paguitos-schedule')
      await expect(schedule.getByRole('table')).toBeVisible()
      await expect(schedule.getByTestId('paguitos-line')).toHaveCount(3)
      await expect(schedule.getByTestId('paguitos-line').first()).toContainText(words.deposit)
      await expectNoSeriousA11yViolations(page, `${site.name} /checkout/installment?reservation`)
      await expect(page.getByRole('radio', { name: /wallet|billetera/i })).toHaveCount(0)
      await fillCard(page, site)
      await fitsPhone(page, `${site.name}-paguitos-buy`)
      await expect(page.getByTestId('pay-button')).toHaveText(words.payDeposit)
      await page.getByTestId('pay-button').click()

      // The deposit is in: the seats are the fan's, the tickets wait for the last payment.
      await expect(page).toHaveURL(/\/checkout\/successful_purchase\?order=/, { timeout: 20_000 })
      await waitForHydration(page)
      await expect(page.getByTestId('paguitos-next')).toBeVisible()
      await expectNoSeriousA11yViolations(page, `${site.name} /checkout/successful_purchase (paguitos)`)
      await fitsPhone(page, `${site.name}-paguitos-success`)
      const orderId = new URL(page.url()).searchParams.get('order') ?? ''
      const order = await api<{ code: string; tickets: { id: string }[]; plan: unknown }>(
        page,
        'GET',
        `/api/checkout/orders/${orderId}`,
      )
      expect(order.data.plan).not.toBeNull()
      const ticketId = order.data.tickets[0]?.id ?? ''
      expect(ticketId).not.toBe('')

      // My purchases links to the plan's installments.
      await page.goto(urlOf(site, '/my-purchases'))
      await waitForHydration(page)
      const purchase = page.getByTestId('purchase').filter({ hasText: order.data.code })
      await expect(purchase.getByTestId('purchase-installments')).toHaveText(words.installments)

      // The ticket is listed, locked: no QR, no print, no transfer; a way to the installments instead.
      await page.goto(urlOf(site, '/my-tickets'))
      await waitForHydration(page)
      const item = page.locator(`a[href="/my-tickets/${ticketId}"]`)
      await expect(item).toContainText(words.locked)
      await item.click()
      await expect(page).toHaveURL(new RegExp(`/my-tickets/${ticketId}$`))
      await waitForHydration(page)
      await expect(page.getByTestId('ticket-locked')).toBeVisible()
      await expect(page.getByTestId('ticket-qr')).toHaveCount(0)
      await expect(page.getByTestId('transfer-open')).toHaveCount(0)
      await expect(page.locator(`a[href$="/api/tickets/${ticketId}/pdf"]`)).toHaveCount(0)
      await expectNoSeriousA11yViolations(page, `${site.name} /my-tickets/:id (locked)`)
      await fitsPhone(page, `${site.name}-paguitos-ticket-locked`)
      const pdf = await api<{ code: string }>(page, 'GET', `/api/tickets/${ticketId}/pdf`)
      expect(pdf.data.code).toBe('TICKET_LOCKED')
      await page.getByTestId('ticket-installments').click()

      // The plan: deposit paid, two payments pending; the next one paid with a cash voucher.
      await expect(page).toHaveURL(new RegExp(`/checkout/installment\\?order=${orderId}`))
      await waitForHydration(page)
      const lines = page.getByTestId('paguitos-line')
      await expect(lines).toHaveCount(3)
      await expect(lines.nth(0)).toContainText(words.paid)
      await expect(lines.nth(1)).toContainText(words.pending)
      await expectNoSeriousA11yViolations(page, `${site.name} /checkout/installment?order`)
      await fitsPhone(page, `${site.name}-paguitos-plan`)
      await expect(page.getByTestId('part-NEXT')).toBeChecked()
      for (const name of words.cash) await page.getByRole('radio', { name }).check()
      await page.getByTestId('pay-button').click()
      const waiting = page.getByTestId('paguitos-waiting')
      await expect(waiting.getByTestId('voucher-reference')).toHaveText(/\S+/, { timeout: 20_000 })
      await expect(lines.nth(1)).toContainText(words.inProgress)
      await expectNoSeriousA11yViolations(page, `${site.name} /checkout/installment?order (voucher)`)
      await page.getByTestId('sandbox-link').click()
      await expect(page).toHaveURL(/\/dev\/sandbox-payments\?payment=/)
      await waitForHydration(page)
      await page.getByTestId('sandbox-approve').click()
      await expect(page.getByTestId('sandbox-status')).toHaveText('APPROVED')

      // Back on the plan: two paid, the balance (the last payment) paid by card.
      await page.goto(urlOf(site, `/checkout/installment?order=${orderId}`))
      await waitForHydration(page)
      await expect(lines.nth(1)).toContainText(words.paid)
      await expect(page.getByTestId('part-NEXT')).toHaveCount(0)
      await fillCard(page, site)
      await page.getByTestId('pay-button').click()
      await expect(page.getByTestId('paguitos-paid')).toBeVisible({ timeout: 20_000 })
      await expect(lines.nth(2)).toContainText(words.paid)
      await expectNoSeriousA11yViolations(page, `${site.name} /checkout/installment?order (paid)`)

      // The ticket has its code now, and the gate lets it in once.
      await page.goto(urlOf(site, `/my-tickets/${ticketId}`))
      await waitForHydration(page)
      await expect(page.getByTestId('ticket-qr')).toBeVisible()
      await expect(page.getByTestId('ticket-locked')).toHaveCount(0)
      const gate = await asUser(browser, site, OPERATOR)
      const code = await decodeQr(page)
      expect(await scanAtGate(gate, hold.eventId, code)).toBe('VALID')
      expect(await scanAtGate(gate, hold.eventId, code)).toBe('ALREADY_USED')
      const used = await api<{ status: string }>(page, 'GET', `/api/tickets/${ticketId}`)
      expect(used.data.status).toBe('USED')
      await gate.context().close()
      await page.context().close()
    })

    test('a plan whose payment is missed is cancelled, and its place goes back on sale', async ({
      browser,
    }) => {
      test.setTimeout(120_000)
      const page = await asUser(browser, site, FAN[site.name])
      const event = await planEvent(page, site)
      // The second zone on sale: this journey's own.
      const zoneId = event.data.zones.filter((z) => !z.soldOut && z.price.amount > 0)[1]?.id ?? ''
      const before = await placesLeft(page, site, zoneId)
      expect(before, 'a zone with a counted capacity').not.toBeNull()
      const hold = await holdPlanSeat(page, site, 1)
      expect(hold.zoneId).toBe(zoneId)
      const orderId = await buyOnPlan(page, site, hold)
      const bought = await orderOf(page, orderId)
      const ticketId = bought.data.tickets[0]?.id ?? ''
      const first = bought.data.plan?.lines[1]
      expect(first?.status).toBe('PENDING')
      expect(bought.data.plan?.autoCharge).toBeNull()
      // The place is the plan's: one fewer on sale (the event's figures are cached a few seconds).
      await expect.poll(() => placesLeft(page, site, zoneId), { timeout: 30_000 }).toBe((before ?? 0) - 1)

      // Four days past the first installment's due date, unpaid: past the three days' grace, the pass cancels.
      const at = new Date(Date.parse(first?.dueAt ?? '') + 4 * DAY_MS).toISOString()
      expect(await passAt(page, orderId, at)).toBe('CANCELLED')
      const cancelled = await orderOf(page, orderId)
      expect(cancelled.data.plan?.cancelled).toBe(true)

      // The plan page says so, and offers nothing to pay.
      await page.goto(urlOf(site, `/checkout/installment?order=${orderId}`))
      await waitForHydration(page)
      await expect(page.getByTestId('paguitos-cancelled')).toBeVisible()
      await expect(page.getByTestId('pay-button')).toHaveCount(0)
      await expectNoSeriousA11yViolations(page, `${site.name} /checkout/installment?order (cancelled)`)
      await fitsPhone(page, `${site.name}-paguitos-cancelled`)

      // The ticket is gone from the fan's tickets.
      await page.goto(urlOf(site, '/my-tickets'))
      await waitForHydration(page)
      await expect(page.locator(`a[href="/my-tickets/${ticketId}"]`)).toHaveCount(0)

      // The place is on sale again, and can be held again.
      await expect.poll(() => placesLeft(page, site, zoneId), { timeout: 30_000 }).toBe(before)
      const again = await api<{ id: string }>(page, 'POST', '/api/reservations', {
        eventId: hold.eventId,
        section: zoneId,
        quantity: 1,
      })
      expect(again.status, JSON.stringify(again.data)).toBe(201)
      await api(page, 'DELETE', `/api/reservations/${again.data.id}`)
      await page.context().close()
    })

    test('a saved card pays the installment when due, is listed on the profile and removed there', async ({
      browser,
    }) => {
      test.setTimeout(120_000)
      const page = await asUser(browser, site, FAN[site.name])
      const last4 = CARD[site.name].slice(-4)
      // Cards left by an earlier run against a reused server go first, so the profile starts empty.
      const leftover = await api<{ cards: { id: string }[] }>(page, 'GET', '/api/payments/cards')
      for (const card of leftover.data.cards) await api(page, 'DELETE', `/api/payments/cards/${card.id}`)
      await page.goto(urlOf(site, '/profile'))
      await waitForHydration(page)
      const section = page.getByTestId('profile-cards')
      await expect(section.getByTestId('saved-cards-empty')).toHaveText(words.noCards)

      // The deposit paid by card with "save this card" ticked: the plan is charged on it from now on.
      const hold = await holdPlanSeat(page, site, 2)
      const orderId = await buyOnPlan(page, site, hold, {
        saveCard: true,
        name: `${site.name}-paguitos-save-card`,
      })
      const bought = await orderOf(page, orderId)
      expect(bought.data.plan?.autoCharge).toEqual({ brand: 'visa', last4 })
      const first = bought.data.plan?.lines[1]
      expect(first?.status).toBe('PENDING')
      await page.goto(urlOf(site, `/checkout/installment?order=${orderId}`))
      await waitForHydration(page)
      await expect(page.getByTestId('paguitos-auto-charge')).toHaveText(words.autoCharge(last4))

      // The profile lists it: brand, last digits, the day it was saved.
      await page.goto(urlOf(site, '/profile'))
      await waitForHydration(page)
      const cards = section.getByTestId('saved-card')
      await expect(cards).toHaveCount(1)
      await expect(cards.first()).toContainText(`Visa •••• ${last4}`)
      await expect(cards.first().getByText(words.savedOn)).toBeVisible()
      await expect(section.getByTestId('saved-cards-empty')).toHaveCount(0)
      await expectNoSeriousA11yViolations(page, `${site.name} /profile (saved cards)`)
      await fitsPhone(page, `${site.name}-profile-cards`)

      // The first installment's due date comes: the pass charges the saved card, and the plan shows it paid.
      expect(await passAt(page, orderId, first?.dueAt ?? '')).toBe('CHARGED')
      await page.goto(urlOf(site, `/checkout/installment?order=${orderId}`))
      await waitForHydration(page)
      const lines = page.getByTestId('paguitos-line')
      await expect(lines).toHaveCount(3)
      await expect(lines.nth(0)).toContainText(words.paid)
      await expect(lines.nth(1)).toContainText(words.paid)
      await expect(lines.nth(2)).toContainText(words.pending)

      // Removed from the profile by keyboard: asked first; a failure is said in words, then it goes.
      await page.goto(urlOf(site, '/profile'))
      await waitForHydration(page)
      const remove = section.getByRole('button', { name: words.removeCard(last4) })
      await remove.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(last4)
      await expectNoSeriousA11yViolations(page, `${site.name} /profile remove card dialog`)
      await page.route(
        '**/api/payments/cards/*',
        (route) =>
          route.request().method() === 'DELETE'
            ? route.fulfill({
                status: 503,
                contentType: 'application/problem+json',
                body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE' }),
              })
            : route.fallback(),
        { times: 1 },
      )
      await dialog.getByRole('button', { name: words.confirmRemove }).click()
      await expect(dialog.getByRole('alert')).toHaveText(words.unavailable)
      await expect(cards).toHaveCount(1)
      const confirm = dialog.getByRole('button', { name: words.confirmRemove })
      await confirm.focus()
      await page.keyboard.press('Enter')
      await expect(dialog).toHaveCount(0)
      const done = section.getByTestId('saved-card-removed')
      await expect(done).toHaveText(words.removed(last4))
      await expect(done).toBeFocused()
      await expect(cards).toHaveCount(0)
      await expect(section.getByTestId('saved-cards-empty')).toHaveText(words.noCards)
      expect((await api<{ cards: unknown[] }>(page, 'GET', '/api/payments/cards')).data.cards).toEqual([])

      // The plan is paid by hand from then on.
      expect((await orderOf(page, orderId)).data.plan?.autoCharge).toBeNull()
      await page.context().close()
    })
  })
}

test.describe('paguitos checkout · an event without a plan', () => {
  const site = COUNTRIES[0] as Site
  test('the cart offers no plan, and the plan page says so with the way to pay in full', async ({ page }) => {
    // A fan of their own: the demo fan may already hold the most places one fan may have of the match.
    const stamp = String(Date.now())
    await signUpAndConfirm(page, site, {
      firstName: 'Laura',
      lastName: 'Prueba',
      email: `paguitos.${stamp}@example.com`,
      phonePrefix: '+57',
      phone: `301${stamp.slice(-7)}`,
      documentType: 'CC',
      documentNumber: `8${stamp.slice(-9)}`,
      gender: 'FEMALE',
      birthDate: '1992-03-14',
    })
    const list = await api<{ content: { slug: string }[] }>(page, 'GET', '/api/events?type=FOOTBALL')
    const slug = list.data.content[0]?.slug ?? ''
    const event = await api<{ id: string }>(page, 'GET', `/api/event?slug=${encodeURIComponent(slug)}`)
    const live = await api<{ reservation: { id: string; status: string } | null }>(
      page,
      'GET',
      `/api/reservations?eventId=${event.data.id}`,
    )
    const old = live.data.reservation
    if (old && ['BOOKED', 'ACTIVE'].includes(old.status))
      await api(page, 'DELETE', `/api/reservations/${old.id}`)
    const best = await api<{ seats: string[] }>(page, 'POST', '/api/seats/best-available', {
      eventId: event.data.id,
      quantity: 1,
    })
    const held = await api<{ id: string }>(page, 'POST', '/api/reservations', {
      eventId: event.data.id,
      seats: best.data.seats,
    })
    expect(held.status, JSON.stringify(held.data)).toBe(201)
    await page.goto(urlOf(site, `/checkout?event=${encodeURIComponent(slug)}&reservation=${held.data.id}`))
    await waitForHydration(page)
    await expect(page.getByTestId('continue-to-payment')).toBeVisible()
    await expect(page.getByTestId('continue-paguitos')).toHaveCount(0)
    await page.goto(urlOf(site, `/checkout/installment?reservation=${held.data.id}`))
    await waitForHydration(page)
    const notice = page.getByTestId('paguitos-not-offered')
    await expect(notice).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'colombia /checkout/installment (no plan)')
    await notice.getByRole('link', { name: 'Pagar el valor completo' }).click()
    await expect(page).toHaveURL(/\/checkout(\/buy)?\?reservation=/)
    await api(page, 'DELETE', `/api/reservations/${held.data.id}`)
  })
})
