import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, openShiftOnSite, signUpAndConfirm } from './support/api'
import { scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, urlOf } from './support/sites'

/**
 * Paguitos at the box office (issues 15 and 16, `/assistant/installment`), in both countries: the operator
 * sells a held place on the event's plan to a fan, taking the deposit in cash with change; the fan owns a
 * plan with a locked ticket; the plan is found again by its code at the counter, and its balance is taken
 * in cash there, which gives the ticket its code.
 */

const OPERATOR = 'operador@palco.co'
const PLAN_EVENT = { colombia: 'sinfonica-salsera', mexico: 'mariachi-sinfonico-chapultepec' } as const

const WORDS = {
  colombia: {
    search: 'Buscar',
    documentType: 'Tipo de documento',
    documentNumber: 'Número de documento',
    cash: 'Efectivo recibido',
    find: 'Abrir',
    code: 'Código del recibo o de la compra',
    phonePrefix: '+57',
    document: { type: 'CC', number: () => `7${String(Date.now()).slice(-9)}` },
  },
  mexico: {
    search: 'Search',
    documentType: 'ID type',
    documentNumber: 'ID number',
    cash: 'Cash received',
    find: 'Open',
    code: 'Receipt or purchase code',
    phonePrefix: '+52',
    document: { type: 'PP', number: () => `G${String(Date.now()).slice(-8)}` },
  },
} as const

interface PlanOrder {
  id: string
  code: string
  status: string
  outstanding: number
  plan: { lines: { status: string }[] } | null
  tickets: { id: string }[]
}

for (const site of COUNTRIES) {
  const words = WORDS[site.name]

  test(`the box office sells on paguitos and takes the balance later · ${site.name}`, async ({ browser }) => {
    // A fan of their own, signed up in a window of their own.
    const stamp = String(Date.now())
    const email = `counter.plan.${stamp}@example.com`
    const fanContext = await browser.newContext({ baseURL: site.baseURL })
    const fanPage = await fanContext.newPage()
    await signUpAndConfirm(fanPage, site, {
      firstName: 'Marta',
      lastName: 'Taquilla',
      email,
      phonePrefix: words.phonePrefix,
      phone: site.name === 'colombia' ? `302${stamp.slice(-7)}` : `55${stamp.slice(-8)}`,
      documentType: words.document.type,
      documentNumber: words.document.number(),
      gender: 'FEMALE',
      birthDate: '1990-05-20',
    })

    const page = await asUser(browser, site, OPERATOR)
    await openShiftOnSite(page, site)
    // One place of the plan event's last priced zone (the fans' journeys buy in the first ones).
    const event = await api<{
      id: string
      zones: { id: string; soldOut: boolean; price: { amount: number } }[]
    }>(page, 'GET', `/api/event?slug=${PLAN_EVENT[site.name]}`)
    const zone = event.data.zones.filter((z) => !z.soldOut && z.price.amount > 0).at(-1)
    const held = await api<{ id: string }>(page, 'POST', '/api/reservations', {
      eventId: event.data.id,
      section: zone?.id,
      quantity: 1,
    })
    expect(held.status, JSON.stringify(held.data)).toBe(201)

    // The sale offers the plan; its page shows the schedule and takes the deposit.
    await page.goto(urlOf(site, `/assistant/buy?reservation=${held.data.id}`))
    await waitForHydration(page)
    await page.getByTestId('sell-on-plan').click()
    await expect(page).toHaveURL(/\/assistant\/installment\?reservation=/)
    await waitForHydration(page)
    await expect(page.getByTestId('paguitos-schedule').getByTestId('paguitos-line')).not.toHaveCount(0)
    await page.getByTestId('buyer-query').fill(email)
    await page.getByRole('button', { name: words.search, exact: true }).click()
    await page.getByRole('radio', { name: 'Marta Taquilla' }).check()
    await page.getByLabel(words.documentType).selectOption(words.document.type)
    await page.getByLabel(words.documentNumber).fill(words.document.number())
    await expectNoSeriousA11yViolations(page, `${site.name} /assistant/installment?reservation`)
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
    await page.setViewportSize({ width: 1280, height: 800 })
    const quote = await api<{ schedule: { deposit: number } }>(
      page,
      'GET',
      `/api/assistant/plans/quote?reservation=${held.data.id}`,
    )
    // Cash over the deposit: one whole unit more, given back as change.
    const deposit = quote.data.schedule.deposit
    await page.getByLabel(words.cash).fill(String(Math.ceil(deposit / 100) + 1))
    await page.getByTestId('charge').click()
    await expect(page).toHaveURL(/\/assistant\/installment\?order=/, { timeout: 20_000 })
    await waitForHydration(page)
    await expect(page.getByTestId('plan-payment-taken')).toBeVisible()
    const orderId = new URL(page.url()).searchParams.get('order') ?? ''

    // The fan owns the plan: the deposit paid, the rest to come, the ticket locked.
    const mine = await api<PlanOrder>(fanPage, 'GET', `/api/checkout/orders/${orderId}`)
    expect(mine.data.plan?.lines[0]?.status).toBe('PAID')
    expect(mine.data.status).toBe('PENDING')
    const locked = await api<{ qr: unknown; status: string }>(
      fanPage,
      'GET',
      `/api/tickets/${mine.data.tickets[0]?.id}`,
    )
    expect(locked.data).toMatchObject({ status: 'LOCKED', qr: null })

    // Another visit: the plan is found by its code at the counter, and the balance taken in cash.
    await page.goto(urlOf(site, '/assistant'))
    await waitForHydration(page)
    await page.getByLabel(words.code).fill(mine.data.code.toLowerCase())
    await page.getByRole('button', { name: words.find, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/assistant/installment\\?order=${orderId}`))
    await waitForHydration(page)
    // The whole balance: chosen until the form says so (a radio ticked before the page's script would not be).
    const balance = page.getByTestId('part-BALANCE')
    const charge = page.getByTestId('charge')
    const nextOnly = await charge.textContent()
    if (await balance.count())
      await expect(async () => {
        await balance.check()
        expect(await charge.textContent()).not.toBe(nextOnly)
      }).toPass({ timeout: 10_000 })
    await expectNoSeriousA11yViolations(page, `${site.name} /assistant/installment?order`)
    await page.getByLabel(words.cash).fill(String(Math.ceil(mine.data.outstanding / 100)))
    await page.getByTestId('charge').click()
    await expect(page.getByTestId('paguitos-paid')).toBeVisible({ timeout: 20_000 })
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

    const paid = await api<{ qr: unknown; status: string }>(
      fanPage,
      'GET',
      `/api/tickets/${mine.data.tickets[0]?.id}`,
    )
    expect(paid.data.status).toBe('VALID')
    expect(paid.data.qr).not.toBeNull()
    await fanContext.close()
    await page.context().close()
  })
}
