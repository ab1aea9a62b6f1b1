import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { withoutQueue } from './support/api'
import { collectPageErrors, waitForHydration } from './support/page'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 13, defect 6: a control tapped once right after the page paints must do what it says, even though
 * the page's script has not run yet. A phone is imitated by a 375 px touch screen with the CPU slowed 4×, and
 * every script of the app arrives 1.5 s late, so each tap below lands on a page that is painted but not yet
 * hydrated (each test checks that it did).
 */

const PASSWORD = 'Palco#2026'
const FAN: Record<Site['name'], string> = { colombia: 'fan@palco.co', mexico: 'fan@palco.mx' }
const TEXT: Record<
  Site['name'],
  {
    createAccount: string
    back: string
    myProfile: string
    continue: RegExp
    required: string
    cardSecurity: RegExp
    phonePrefix: string
    documentType: string
  }
> = {
  colombia: {
    createAccount: 'Crear una cuenta',
    back: 'Volver',
    myProfile: 'Mi perfil',
    continue: /Continuar/,
    required: 'Este campo es obligatorio.',
    cardSecurity: /Palco nunca recibe el número/,
    phonePrefix: '+57',
    documentType: 'CC',
  },
  mexico: {
    createAccount: 'Create an account',
    back: 'Back',
    myProfile: 'My profile',
    continue: /Continue/,
    required: 'This field is required.',
    cardSecurity: /Palco never receives the number/,
    phonePrefix: '+52',
    documentType: 'CV',
  },
}
const SCRIPT_DELAY_MS = 1_500

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true })

/** Slows the page as a mid-range phone on a slow network would: CPU 4×, every app script 1.5 s late. */
async function slowPhone(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, SCRIPT_DELAY_MS))
    await route.continue()
  })
}

/** Waits for the first paint, then checks that React has not reached the control yet (the tap is early). */
async function expectPaintedNotHydrated(page: Page, control: Locator) {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1)
  await expect(control).toBeVisible()
  const hydrated = await control.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')))
  expect(hydrated, 'the tap lands before the script has hydrated the control').toBe(false)
}

/** Logs the demo fan in through the API, from a light page of the country's site. */
async function login(page: Page, site: Site) {
  await page.goto(urlOf(site, '/api/health'))
  const status = await page.evaluate(
    async ({ email, password }) =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
      ).status,
    { email: FAN[site.name], password: PASSWORD },
  )
  expect(status).toBe(200)
}

/** Calls the API from inside the page, with its cookies and its Origin. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      })
      const text = await res.text()
      return (text ? JSON.parse(text) : null) as T
    },
    { method, path, body },
  )
}

/** Drops the fan's live hold for an event, if any, so a journey starts from none. */
async function dropHold(page: Page, eventId: string) {
  const live = await api<{ reservation: { id: string; status: string } | null }>(
    page,
    'GET',
    `/api/reservations?eventId=${eventId}`,
  )
  if (live.reservation && ['BOOKED', 'ACTIVE'].includes(live.reservation.status))
    await api(page, 'DELETE', `/api/reservations/${live.reservation.id}`)
}

/** One seat of the country's last football event, held for the demo fan (after dropping a leftover hold). */
async function holdOne(page: Page) {
  const list = await api<{ content: { slug: string }[] }>(page, 'GET', '/api/events?type=FOOTBALL')
  const slug = withoutQueue(list.content).at(-1)?.slug
  if (!slug) throw new Error('no football event in the demo catalogue')
  const event = await api<{ id: string }>(page, 'GET', `/api/event?slug=${encodeURIComponent(slug)}`)
  await dropHold(page, event.id)
  const best = await api<{ seats: string[] }>(page, 'POST', '/api/seats/best-available', {
    eventId: event.id,
    quantity: 1,
  })
  const hold = await api<{ id: string }>(page, 'POST', '/api/reservations', {
    eventId: event.id,
    seats: best.seats,
  })
  expect(hold.id).toBeTruthy()
  return { id: hold.id, slug }
}

for (const site of COUNTRIES) {
  test.describe(`a tap before the script · ${site.name}`, () => {
    test('one tap on "create an account" right after the login page paints opens the registration', async ({
      page,
      context,
    }) => {
      const errors = collectPageErrors(page)
      await slowPhone(context, page)
      await page.goto(urlOf(site, '/authorization/login'), { waitUntil: 'commit' })
      const create = page.getByRole('link', { name: TEXT[site.name].createAccount })
      await expectPaintedNotHydrated(page, create)
      await create.tap()

      // The server answers the link: the registration form is on screen before the script has come.
      await expect(page).toHaveURL(/\/authorization\/login\?step=registration$/)
      await expect(page.getByTestId('auth-step')).toHaveAttribute('data-step', 'registration')
      const firstName = page.locator('input[autocomplete="given-name"]')
      await expect(firstName).toBeVisible()
      // Read at once, before the script: the form is the server's, and its lists start at the country's
      // choices, not at their first option.
      const before = await firstName.evaluate((el) => {
        const chosen = (name: string) =>
          (document.querySelector(`select[name="${name}"]`) as HTMLSelectElement).value
        return {
          hydrated: Object.keys(el).some((k) => k.startsWith('__reactProps')),
          lists: [chosen('phonePrefix'), chosen('documentType'), chosen('gender')],
        }
      })
      expect(before.hydrated, 'answered before the script hydrated it').toBe(false)
      expect(before.lists).toEqual([TEXT[site.name].phonePrefix, TEXT[site.name].documentType, ''])
      await waitForHydration(page)
      await expectNoSeriousA11yViolations(page, `${site.name} registration after an early tap`)
      // Once the script runs, the form is the flow's own: "back" leads to the ways of logging in.
      await page.getByRole('button', { name: TEXT[site.name].back }).tap()
      await expect(page.getByTestId('auth-step')).toHaveAttribute('data-step', 'login')
      expect(errors).toEqual([])
    })

    test('one tap on the account menu right after the home page paints opens it at once', async ({
      page,
      context,
    }) => {
      await login(page, site)
      const errors = collectPageErrors(page)
      await slowPhone(context, page)
      await page.goto(urlOf(site, '/'), { waitUntil: 'commit' })
      // On a server's first render the button may stream first as a placeholder, then as the menu's own.
      const account = page.getByTestId('account-menu').filter({ visible: true })
      await expectPaintedNotHydrated(page, account)
      await account.tap()

      // At once, before the script: the browser opens the menu from its button.
      const menu = page.getByRole('menu')
      await expect(menu).toBeVisible({ timeout: 1_000 })
      expect(
        await account.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))),
        'answered before the script hydrated it',
      ).toBe(false)
      await waitForHydration(page)
      await expect(menu).toBeVisible()
      await expect(menu.getByRole('menuitem', { name: TEXT[site.name].myProfile })).toBeVisible()
      await expect(account).toHaveAttribute('aria-expanded', 'true')
      await expectNoSeriousA11yViolations(page, `${site.name} account menu after an early tap`)
      // The keyboard still closes it, and focus is back on the button the tap pressed.
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(account).toBeFocused()
      expect(errors).toEqual([])
    })

    test('a visitor\'s tap on "log in" before the dialog\'s code has come goes to the login page', async ({
      page,
      context,
    }) => {
      const errors = collectPageErrors(page)
      await slowPhone(context, page)
      await page.goto(urlOf(site, '/'))
      // The page is hydrated; the dialog's code, asked for as the finger lands, is still 1.5 s away.
      await waitForHydration(page)
      const login = page.getByTestId('login-button')
      await expect(login).not.toHaveAttribute('aria-haspopup')
      await login.tap()

      await expect(page).toHaveURL(/\/authorization\/login\?redirectTo=%2F$/)
      await expect(page.getByTestId('auth-step')).toHaveAttribute('data-step', 'login', { timeout: 20_000 })
      await expect(page.getByRole('dialog')).toHaveCount(0)
      expect(errors).toEqual([])
    })

    test('one tap on "continue" right after the cart paints goes on to payment, keeping the details out of the URL', async ({
      page,
      context,
    }) => {
      await login(page, site)
      const { id: holdId, slug } = await holdOne(page)
      const hold = { id: holdId }
      try {
        const urls: string[] = []
        page.on('framenavigated', (f) => f === page.mainFrame() && urls.push(f.url()))
        await slowPhone(context, page)
        await page.goto(urlOf(site, `/checkout?event=${encodeURIComponent(slug)}&reservation=${hold.id}`), {
          waitUntil: 'commit',
        })
        const go = page.getByTestId('continue-to-payment')
        await expect(go).toHaveText(TEXT[site.name].continue)
        await expectPaintedNotHydrated(page, go)
        await go.tap()

        await expect(page).toHaveURL(/\/checkout\/buy\?reservation=/, { timeout: 25_000 })
        await expect(page.locator('[data-form="payment"]')).toBeVisible({ timeout: 15_000 })
        expect(urls.filter((u) => u.includes('contact.') || u.includes('billing.'))).toEqual([])
        // The browser sent the details itself; once the script runs, the payment page has them (it would
        // otherwise go back to /checkout) and no cookie keeps them.
        await waitForHydration(page)
        await expect
          .poll(() => page.evaluate((id) => sessionStorage.getItem(`palco.checkout.details.${id}`), hold.id))
          .toContain('"parsed"')
        await expect(page).toHaveURL(/\/checkout\/buy\?reservation=/)
        expect((await context.cookies()).map((c) => c.name)).not.toContain('palco_checkout_details')
      } finally {
        await api(page, 'DELETE', `/api/reservations/${hold.id}`)
      }
    })

    test('details sent before the script with a field missing come back with its message and the rest kept', async ({
      page,
      context,
      browser,
    }) => {
      // Logged in and a seat held from a page with its script; the checkout itself in a browser without one.
      await login(page, site)
      const hold = await holdOne(page)
      const noScript = await browser.newContext({ javaScriptEnabled: false })
      try {
        await noScript.addCookies(await context.cookies())
        const cart = await noScript.newPage()
        await cart.goto(
          urlOf(site, `/checkout?event=${encodeURIComponent(hold.slug)}&reservation=${hold.id}`),
        )
        const firstName = cart.locator('input[name="contact.firstName"]')
        const email = cart.locator('input[name="contact.email"]')
        const typedEmail = `otra.${site.name}@example.com`
        await firstName.fill('')
        await email.fill(typedEmail)
        await cart.getByTestId('continue-to-payment').click()

        await expect(cart).toHaveURL(/\/checkout\?reservation=/)
        await expect(firstName).toHaveAttribute('aria-invalid', 'true')
        await expect(cart.getByText(TEXT[site.name].required)).toBeVisible()
        await expect(email).toHaveValue(typedEmail)

        await firstName.fill('Camila')
        await cart.getByTestId('continue-to-payment').click()
        await expect(cart).toHaveURL(/\/checkout\/buy\?reservation=/)
        expect(cart.url()).not.toContain('example.com')
      } finally {
        await noScript.close()
        await api(page, 'DELETE', `/api/reservations/${hold.id}`)
      }
    })

    test('one tap on "cash" right after the payment page paints chooses it at once', async ({
      page,
      context,
    }) => {
      await login(page, site)
      const hold = await holdOne(page)
      try {
        // The contact and billing details the payment page pays with come from /checkout in this tab.
        await page.goto(
          urlOf(site, `/checkout?event=${encodeURIComponent(hold.slug)}&reservation=${hold.id}`),
        )
        await waitForHydration(page)
        await page.getByTestId('continue-to-payment').click()
        await expect(page.locator('[data-form="payment"]')).toBeVisible()
        test.skip((await page.getByTestId('method-CASH').count()) === 0, 'no cash payment in this country')
        await expect(page.getByText(TEXT[site.name].cardSecurity)).toBeVisible() // the card, chosen at first

        await slowPhone(context, page)
        await page.reload({ waitUntil: 'commit' })
        const cash = page.getByTestId('method-CASH')
        await expectPaintedNotHydrated(page, cash)
        await cash.tap()
        // At once, before the script: the browser ticks it and the card's fields go.
        await expect(cash).toBeChecked({ timeout: 1_000 })
        await expect(page.getByTestId('card-fields')).toBeHidden({ timeout: 1_000 })
        expect(
          await cash.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))),
          'answered before the script hydrated it',
        ).toBe(false)

        // Then the script takes the tick as the choice: the networks to pay at, and no card form.
        await expect(page.locator('[data-testid^="network-"]').first()).toBeVisible({ timeout: 20_000 })
        await expect(cash).toBeChecked()
        await expect(page.getByTestId('card-fields')).toHaveCount(0)
        // Issue 13: the card's security sentence is the card's alone.
        await expect(page.getByText(TEXT[site.name].cardSecurity)).toHaveCount(0)
        await expectNoSeriousA11yViolations(page, `${site.name} /checkout/buy after an early tap`)
      } finally {
        await api(page, 'DELETE', `/api/reservations/${hold.id}`)
      }
    })

    test('card details typed with no script, or before it runs, and Enter pressed never reach a Palco address', async ({
      page,
      context,
      browser,
    }) => {
      const PAN = '4509953566233704'
      // Every request the browser makes, with its body: none may carry the number, the expiry or the CVV.
      const sent: string[] = []
      const record = (c: BrowserContext) =>
        c.on('request', (r) => void sent.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`))
      const fillCardAndPressEnter = async (p: Page) => {
        const card = p.getByTestId('card-fields')
        await card.locator('input[autocomplete="cc-number"]').fill(PAN)
        await card.locator('input[autocomplete="cc-exp"]').fill('12/30')
        await card.locator('input[autocomplete="cc-name"]').fill('APRO')
        await card.locator('input[autocomplete="cc-csc"]').fill('987')
        await card.locator('input[autocomplete="cc-csc"]').press('Enter')
      }
      // The built-in sandbox provider tokenizes at its own endpoint, which stands for a provider's domain
      // (docs/decisions.md, "Presales by bank card": the sandbox's one departure from DESIGN §9); a real
      // provider's tokenizer is never a Palco address. Any other request carrying the card is a leak.
      const SANDBOX_TOKENIZER = /^POST \S+\/api\/payments\/sandbox\/card-tokens /
      const leaked = () =>
        sent.filter(
          (r) =>
            !SANDBOX_TOKENIZER.test(r) &&
            /4509953566233704|4509\+9535|12(%2F|\/)30|[?&](number|expiry|cvv|holderName)=/.test(r),
        )

      await login(page, site)
      const hold = await holdOne(page)
      const noScript = await browser.newContext({ javaScriptEnabled: false })
      try {
        // With scripts off: the server's page, filled in and sent with Enter.
        await noScript.addCookies(await context.cookies())
        record(noScript)
        const off = await noScript.newPage()
        await off.goto(urlOf(site, `/checkout?event=${encodeURIComponent(hold.slug)}&reservation=${hold.id}`))
        await off.getByTestId('continue-to-payment').click()
        await expect(off).toHaveURL(/\/checkout\/buy\?reservation=/)
        await fillCardAndPressEnter(off)
        await off.waitForLoadState('load')
        expect(sent.length, 'the page was sent natively').toBeGreaterThan(2)

        // With the script held back: typed and sent on the painted page before it hydrates.
        record(context)
        await page.goto(
          urlOf(site, `/checkout?event=${encodeURIComponent(hold.slug)}&reservation=${hold.id}`),
        )
        await waitForHydration(page)
        await page.getByTestId('continue-to-payment').click()
        await expect(page.locator('[data-form="payment"]')).toBeVisible()
        await slowPhone(context, page)
        await page.reload({ waitUntil: 'commit' })
        await expectPaintedNotHydrated(page, page.getByTestId('card-fields').locator('input').first())
        await fillCardAndPressEnter(page)
        await waitForHydration(page)
        await page.waitForLoadState('networkidle')
        expect(leaked()).toEqual([])
      } finally {
        await noScript.close()
        await api(page, 'DELETE', `/api/reservations/${hold.id}`)
      }
    })

    test('a quantity chosen and "hold" tapped before the zone picker hydrates holds that many', async ({
      page,
      context,
    }) => {
      await login(page, site)
      const list = await api<{ content: { slug: string }[] }>(page, 'GET', '/api/events')
      let event: { id: string; slug: string } | null = null
      for (const { slug } of list.content) {
        const d = await api<{
          id: string
          hasLayout: boolean
          onSale: boolean
          zones: { soldOut: boolean; perFanMax: number; available?: number | null }[]
        }>(page, 'GET', `/api/event?slug=${encodeURIComponent(slug)}`)
        const first = d.zones.find((z) => !z.soldOut && Math.min(z.perFanMax, z.available ?? 10) > 0)
        if (!d.hasLayout && d.onSale && first && Math.min(first.perFanMax, first.available ?? 10) >= 2) {
          event = { id: d.id, slug }
          break
        }
      }
      test.skip(!event, 'no event sold by zones, two at a time, in this catalogue')
      if (!event) return
      await dropHold(page, event.id)
      await slowPhone(context, page)
      await page.goto(urlOf(site, `/checkout?event=${encodeURIComponent(event.slug)}`), {
        waitUntil: 'commit',
      })
      // The first zone on offer: its quantity select and its hold button.
      const picker = page.getByTestId('zone-picker')
      const hold = picker.getByRole('button').first()
      await expectPaintedNotHydrated(page, hold)
      await picker.getByRole('combobox').first().selectOption('2')
      await hold.tap()

      await expect(page).toHaveURL(/\/checkout\?event=.+&reservation=/, { timeout: 25_000 })
      const reservation = new URL(page.url()).searchParams.get('reservation')
      try {
        await expect(page.getByTestId('summary-line')).toHaveCount(2)
      } finally {
        if (reservation) await api(page, 'DELETE', `/api/reservations/${reservation}`)
      }
    })
  })
}
