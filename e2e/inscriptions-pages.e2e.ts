import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser } from './support/api'
import { screenshotPath, scrollWidth, waitForHydration } from './support/page'
import { COUNTRIES, urlOf } from './support/sites'

/**
 * Issue 17 part 2, the first two pages, in both countries: a fan finds the demo race among the country's
 * open sign-ups, reads its categories (price, places left, limits), and picking one for one participant
 * holds the place and leads to the participants' form. A visitor is sent to log in and back first.
 */

const RACE = {
  colombia: {
    slug: 'carrera-10k-bogota-corre',
    name: 'Carrera 10K Bogotá Corre',
    fan: 'fan@palco.co',
    nav: 'Inscripciones',
    heading: 'Inscripciones',
    category: '10K competitiva',
    freeCategory: 'Carrera infantil 2K (cortesía)',
    free: 'Gratis',
    placesLeft: /^Quedan? \d[\d.]* cupos?$/,
    price: /^\$\s\d{1,3}(?:\.\d{3})+$/,
    submit: 'Continuar con la inscripción',
    title: /Inscripción · Palco$/,
    course: {
      slug: 'curso-de-tenis-de-vacaciones',
      name: 'Curso de tenis de vacaciones',
      badge: 'Curso',
      back: 'Todos los cursos',
    },
    tabs: { nav: 'Tipo de inscripción', races: 'Carreras y torneos', courses: 'Cursos y escuelas' },
    organizerSite: { slug: 'jazz-en-la-sabana', name: 'Jazz en la Sabana' },
  },
  mexico: {
    slug: 'chapultepec-10k-run',
    name: 'Chapultepec 10K Run',
    fan: 'fan@palco.mx',
    nav: 'Sign-ups',
    heading: 'Sign-ups',
    category: '10K Race',
    freeCategory: 'Kids 2K (complimentary)',
    free: 'Free',
    placesLeft: /^\d[\d,]* places? left$/,
    price: /^MX\$\d{1,3}(?:,\d{3})*(?:\.\d{2})?$/,
    submit: 'Continue to sign-up',
    title: /Sign-up · Palco$/,
    course: {
      slug: 'tennis-holiday-course',
      name: 'Tennis Holiday Course',
      badge: 'Course',
      back: 'All courses',
    },
    tabs: { nav: 'Kind of sign-up', races: 'Races and tournaments', courses: 'Courses and schools' },
    organizerSite: { slug: 'jazz-in-the-park', name: 'Jazz in the Park' },
  },
} as const

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`never reached by Tab: ${target}`)
}

async function expectFits375(page: Page, where: string, shot: string) {
  await page.setViewportSize({ width: 375, height: 812 })
  expect(await scrollWidth(page), `${where} fits 375 px`).toBeLessThanOrEqual(375)
  await page.screenshot({ path: screenshotPath(shot), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** Lets go of any live hold the fan has on the race, so the journey starts and ends with none. */
async function releaseHold(page: Page, slug: string) {
  const event = await api<{ id: string }>(page, 'GET', `/api/event?slug=${slug}`)
  const live = await api<{ reservation: { id: string; status: string } | null }>(
    page,
    'GET',
    `/api/reservations?eventId=${event.data.id}`,
  )
  const held = live.data.reservation
  if (held && ['BOOKED', 'ACTIVE'].includes(held.status))
    await api(page, 'DELETE', `/api/reservations/${held.id}`)
}

/** The demo race with a form (issue "Money first", items 8 and 15): its waiver in the site's language only. */
const HALF = {
  colombia: {
    slug: 'media-maraton-de-bogota',
    waiver: 'Declaro estar en condiciones de salud para correr',
    otherWaiver: 'I declare I am fit to run',
  },
  mexico: {
    slug: 'mexico-city-half-marathon',
    waiver: 'I declare I am fit to run',
    otherWaiver: 'Declaro estar en condiciones',
  },
} as const

for (const site of COUNTRIES) {
  const race = RACE[site.name]

  test.describe(`inscription pages · ${site.name}`, () => {
    test('the list shows the race and its page the categories, by keyboard and at 375 px', async ({
      page,
    }) => {
      await page.goto(urlOf(site, '/'))
      await waitForHydration(page)
      const nav = page.getByRole('navigation', {
        name: site.name === 'colombia' ? 'Navegación principal' : 'Main navigation',
      })
      await nav.getByRole('link', { name: race.nav, exact: true }).click()
      await expect(page).toHaveURL(/\/inscriptions$/)
      await expect(page).toHaveTitle(new RegExp(`^${race.heading} · Palco$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(race.heading)

      const card = page.getByTestId('inscription-card').filter({ hasText: race.name })
      await expect(card).toHaveCount(1)
      await expect(card.getByTestId('price-from')).toContainText(/\d/)
      await expect(card.getByTestId('places-left')).toHaveText(race.placesLeft)
      await expect(card.locator('time')).toHaveAttribute('datetime', /.+/)
      await expectNoSeriousA11yViolations(page, `${site.name} /inscriptions`)
      await expectFits375(page, '/inscriptions', `${site.name}-inscriptions-375`)

      const link = card.getByRole('link', { name: race.name })
      await expect(link).toHaveAttribute('href', `/inscriptions/detail?event=${race.slug}`)
      await waitForHydration(page)
      await tabTo(page, link)
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/inscriptions/detail\\?event=${race.slug}$`))
      await waitForHydration(page)

      await expect(page).toHaveTitle(race.title)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(race.name)
      const options = page.getByTestId('category-option')
      await expect(options).toHaveCount(3)
      const paid = options.filter({ hasText: race.category })
      await expect(paid.getByTestId('category-price')).toHaveText(race.price)
      await expect(paid.getByTestId('category-places')).toHaveText(race.placesLeft)
      await expect(options.filter({ hasText: race.freeCategory }).getByTestId('category-price')).toHaveText(
        race.free,
      )
      // Headings in order: the page's name, then its sections.
      const levels = await page
        .locator('main')
        .locator('h1, h2, h3, h4')
        .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))))
      expect(levels[0]).toBe(1)
      for (let i = 1; i < levels.length; i++)
        expect(levels[i] ?? 0).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1)
      await expectNoSeriousA11yViolations(page, `${site.name} /inscriptions/detail`)
      await expectFits375(page, '/inscriptions/detail', `${site.name}-inscription-detail-375`)

      // A visitor who signs up by keyboard is asked to log in first, and comes back to the same choice.
      const category = page.getByRole('radio', { name: race.category, exact: true })
      await tabTo(page, category)
      await expect(category).toBeChecked()
      await tabTo(page, page.getByRole('button', { name: race.submit }))
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/authorization\/login\?redirectTo=/)
      const back = new URL(page.url()).searchParams.get('redirectTo') ?? ''
      expect(back).toContain(`/inscriptions/detail?event=${race.slug}&category=`)
      expect(back).toContain('participants=1')
    })

    test('the demo fan picks a category for one participant and lands on the form', async ({ browser }) => {
      const page = await asUser(browser, site, race.fan)
      await releaseHold(page, race.slug)
      await page.goto(urlOf(site, `/inscriptions/detail?event=${race.slug}`))
      await waitForHydration(page)
      await page.getByRole('radio', { name: race.category, exact: true }).check()
      await page.getByRole('combobox').selectOption('1')
      // The participants' form page is the next step; an event whose form asks nothing moves on from there
      // to the cart by itself, so the journey checks where this page sent the fan, then where they are.
      const toForm = page.waitForRequest(
        new RegExp(`/checkout/inscriptions/form(\\.data)?\\?reservation=[0-9a-f-]{36}&event=${race.slug}`),
      )
      await page.getByRole('button', { name: race.submit }).click()
      await toForm
      await expect(page).toHaveURL(/\/checkout(\/inscriptions\/form)?\?reservation=[0-9a-f-]{36}/)
      await releaseHold(page, race.slug)
      await page.context().close()
    })

    test('choosing again replaces an unfinished sign-up, shown with continue and release; the waiver reads in one language', async ({
      browser,
    }) => {
      const half = HALF[site.name]
      const page = await asUser(browser, site, race.fan)
      await releaseHold(page, half.slug)
      const detail = urlOf(site, `/inscriptions/detail?event=${half.slug}`)
      const choose = async (participants: number) => {
        await page.goto(detail)
        await waitForHydration(page)
        await page.getByRole('radio', { name: '10K', exact: true }).check()
        await page.getByRole('combobox').selectOption(String(participants))
        await page.getByRole('button', { name: race.submit }).click()
        await expect(page).toHaveURL(/\/checkout\/inscriptions\/form\?reservation=/)
      }
      await choose(2)
      await expect(page.getByTestId('participant-form')).toHaveCount(2)
      const waiver = page.getByTestId('field-waiver').first()
      await expect(waiver).toContainText(half.waiver)
      await expect(waiver).not.toContainText(half.otherWaiver)
      // Back on the race's page, the held places are said, and choosing 2 again is 2 runners, not 4.
      await page.goto(detail)
      await expect(page.getByTestId('unfinished-sign-up')).toContainText('10K × 2')
      await choose(2)
      await expect(page.getByTestId('participant-form')).toHaveCount(2)
      await page.goto(detail)
      await expect(page.getByTestId('unfinished-sign-up')).toContainText('10K × 2')
      await expectNoSeriousA11yViolations(page, `${site.name} /inscriptions/detail (unfinished sign-up)`)
      await page.setViewportSize({ width: 375, height: 812 })
      expect(await scrollWidth(page)).toBeLessThanOrEqual(375)
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.getByTestId('unfinished-release').click()
      await expect(page.getByTestId('unfinished-sign-up')).toHaveCount(0)
      await expect(page.getByTestId('sign-up-form')).toBeVisible()
      await page.context().close()
    })

    test('the race’s event page leads here, and another kind of event is not an inscription', async ({
      page,
    }) => {
      await page.goto(urlOf(site, `/events/${race.slug}`))
      await expect(page).toHaveURL(new RegExp(`/inscriptions/detail\\?event=${race.slug}$`))
      const list = await api<{ content: { slug: string; type: string }[] }>(
        page,
        'GET',
        '/api/events?size=50',
      )
      const other = list.data.content.find((e) => e.type !== 'INSCRIPTION')
      expect(other, 'the demo catalogue has a non-inscription event').toBeTruthy()
      const res = await page.goto(urlOf(site, `/inscriptions/detail?event=${other?.slug}`))
      expect(res?.status()).toBe(404)
      const missing = await page.goto(urlOf(site, '/inscriptions/detail'))
      expect(missing?.status()).toBe(404)
    })

    test('courses have a tab of their own, and an event sold on its organiser’s website is listed nowhere', async ({
      page,
    }) => {
      // Spec §2 event page categories: INSCRIPTION and ENROLLMENTS are the two tabs of /inscriptions,
      // only HOME events are on the home page, and WEB_ODE is found through its organiser's website.
      await page.goto(urlOf(site, '/inscriptions'))
      await waitForHydration(page)
      const tabs = page.getByRole('navigation', { name: race.tabs.nav })
      const cards = page.getByTestId('inscription-card')
      await expect(cards.filter({ hasText: race.course.name })).toHaveCount(1)
      await expect(cards.filter({ hasText: race.name })).toHaveCount(1)

      const courses = tabs.getByRole('link', { name: race.tabs.courses })
      await tabTo(page, courses)
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/inscriptions\?kind=courses$/)
      await expect(courses).toHaveAttribute('aria-current', 'page')
      await expect(cards.filter({ hasText: race.course.name })).toHaveCount(1)
      await expect(cards.filter({ hasText: race.name })).toHaveCount(0)
      await expectNoSeriousA11yViolations(page, `${site.name} /inscriptions?kind=courses`)
      await expectFits375(page, '/inscriptions?kind=courses', `${site.name}-inscription-courses-375`)

      await cards.getByRole('link', { name: race.course.name }).click()
      await expect(page).toHaveURL(new RegExp(`/inscriptions/detail\\?event=${race.course.slug}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(race.course.name)
      await expect(page.locator('main').getByText(race.course.badge, { exact: true })).toBeVisible()
      await page.getByRole('link', { name: race.course.back, exact: true }).click()
      await expect(page).toHaveURL(/\/inscriptions\?kind=courses$/)

      await tabs.getByRole('link', { name: race.tabs.races }).click()
      await expect(page).toHaveURL(/\/inscriptions\?kind=races$/)
      await expect(cards.filter({ hasText: race.name })).toHaveCount(1)
      await expect(cards.filter({ hasText: race.course.name })).toHaveCount(0)

      // Neither sign-ups nor the organiser's event are on the home page; the event opens by its link.
      const home = await api<{ events: { slug: string }[] }>(page, 'GET', '/api/events/categorized')
      const onHome = home.data.events.map((e) => e.slug)
      expect(onHome).not.toContain(race.slug)
      expect(onHome).not.toContain(race.course.slug)
      expect(onHome).not.toContain(race.organizerSite.slug)
      const search = await api<{ content: { slug: string }[] }>(
        page,
        'GET',
        `/api/events?q=${encodeURIComponent(race.organizerSite.name)}`,
      )
      expect(search.data.content).toEqual([])
      await page.goto(urlOf(site, `/events/${race.organizerSite.slug}`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(race.organizerSite.name)

      // What the organiser's website asks, from its own origin.
      const check = await page.evaluate(
        async (url) => {
          const res = await fetch(url, { mode: 'cors', credentials: 'omit' })
          return {
            status: res.status,
            cors: res.headers.get('access-control-allow-origin'),
            body: await res.json(),
          }
        },
        urlOf(site, `/api/event/check?slug=${race.organizerSite.slug}`),
      )
      expect(check).toMatchObject({
        status: 200,
        cors: '*',
        body: { pageCategory: 'WEB_ODE', onSale: true, path: `/events/${race.organizerSite.slug}` },
      })
    })
  })
}
