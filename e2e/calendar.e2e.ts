import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './support/a11y'
import { api, asUser, signUpAndConfirm } from './support/api'
import { LEAGUE_OWNER, ownersEvent } from './support/organiser'
import { waitForHydration } from './support/page'
import { newFan } from './support/people'
import { buyOnePlaceByCard } from './support/purchase'
import { COUNTRIES, type Site, urlOf } from './support/sites'

/**
 * Issue 44 item 10 in both countries: the event page and the ticket page each offer a calendar file, and the
 * file's start is the venue's local time in its zone, with the ticket's place on the ticket's.
 */
const CARDS = { colombia: '4013540682746260', mexico: '4075595716483764' } as const

/** The file a link of the page points at, fetched by the page itself (its session, its host). */
async function fileOf(page: Page, testId: string) {
  const link = page.getByTestId(testId)
  await expect(link).toBeVisible()
  const href = (await link.getAttribute('href')) ?? ''
  const res = await page.evaluate(async (url) => {
    const r = await fetch(url, { credentials: 'same-origin' })
    return { status: r.status, type: r.headers.get('content-type') ?? '', text: await r.text() }
  }, href)
  expect(res.status).toBe(200)
  expect(res.type).toMatch(/^text\/calendar/)
  // Lines longer than 75 octets are folded (CRLF and a space); read them whole.
  return res.text.replace(/\r\n /g, '')
}

async function fanWithTicket(browser: import('@playwright/test').Browser, site: Site, stamp: string) {
  const admin = await asUser(browser, site, 'admin@palco.co')
  const owner = await asUser(browser, site, LEAGUE_OWNER[site.name])
  const event = await ownersEvent(admin, owner, site, stamp)
  const fan = await (await browser.newContext({ baseURL: site.baseURL })).newPage()
  const person = { firstName: 'Camila', lastName: 'Agenda', email: `agenda.${stamp}@example.com` }
  const details = newFan(site, person)
  await signUpAndConfirm(fan, site, details)
  await buyOnePlaceByCard(
    fan,
    event,
    {
      contact: { ...person, phone: `${details.phonePrefix}${details.phone}` },
      billing: {
        fullName: 'Camila Agenda',
        documentType: details.documentType,
        documentNumber: details.documentNumber,
      },
    },
    { number: CARDS[site.name], idempotencyKey: `e2e-calendar-${stamp}` },
  )
  await admin.context().close()
  await owner.context().close()
  return { fan, event }
}

for (const site of COUNTRIES) {
  test(`the event and the ticket go into the fan's calendar at the venue's time · ${site.name}`, async ({
    browser,
  }) => {
    const stamp = Date.now().toString(36) + site.name.slice(0, 2)
    const { fan, event } = await fanWithTicket(browser, site, stamp)
    const info = await api<{ name: string; venue: { timeZone: string } }>(
      fan,
      'GET',
      `/api/event?slug=${event.slug}`,
    )
    const zone = info.data.venue.timeZone

    await fan.goto(urlOf(site, `/events/${event.slug}`))
    await waitForHydration(fan)
    const eventFile = await fileOf(fan, 'event-calendar')
    expect(eventFile).toContain(`DTSTART;TZID=${zone}:`)
    expect(eventFile).toContain(`SUMMARY:${info.data.name}`)

    const mine = await api<{ events: { event: { id: string }; tickets: { id: string }[] }[] }>(
      fan,
      'GET',
      '/api/myTickets',
    )
    const ticketId = mine.data.events.find((e) => e.event.id === event.id)?.tickets[0]?.id ?? ''
    await fan.goto(urlOf(site, `/my-tickets/${ticketId}`))
    await waitForHydration(fan)
    const ticketFile = await fileOf(fan, 'ticket-calendar')
    expect(ticketFile).toContain(`DTSTART;TZID=${zone}:`)
    expect(ticketFile).toContain(`/my-tickets/${ticketId}`)
    await expectNoSeriousA11yViolations(fan, `${site.name} /my-tickets/:id with its calendar link`)
    await fan.context().close()
  })
}
