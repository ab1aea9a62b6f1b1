import { type Browser, expect, type Page } from '@playwright/test'
import { type Site, urlOf } from './sites'

/** The demo accounts' password (README). */
export const DEMO_PASSWORD = 'Palco#2026'

/**
 * Calls the API from inside the page, with its cookies and its Origin: Chromium resolves mx.localhost,
 * Node's request context does not.
 */
export async function api<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      })
      const text = await res.text()
      return { status: res.status, data: (text ? JSON.parse(text) : null) as T }
    },
    { method, path, body },
  )
}

/** Logs an account in through the API, from a light page of the country's site. */
export async function loginAs(page: Page, site: Site, email: string, password = DEMO_PASSWORD) {
  await page.goto(urlOf(site, '/api/health'))
  const res = await api(page, 'POST', '/api/auth/login', { email, password })
  expect(res.status, JSON.stringify(res.data)).toBe(200)
}

/**
 * Makes sure the logged-in operator has a shift open on this site: one left open by an earlier journey is
 * kept, unless it is the other country's drawer (a shift keeps its site's currency), which is closed first.
 */
export async function openShiftOnSite(page: Page, site: Site) {
  const currency = site.name === 'colombia' ? 'COP' : 'MXN'
  const open = await api<{ shift: { currency: string } | null }>(page, 'GET', '/api/assistant/shift')
  if (open.data.shift?.currency === currency) return
  if (open.data.shift) await api(page, 'POST', '/api/assistant/shift/close', { countedCash: 0 })
  const opened = await api(page, 'POST', '/api/assistant/shift', { openingFloat: 0 })
  expect(opened.status, JSON.stringify(opened.data)).toBe(201)
}

/** A page of its own browser context, logged in as that account. */
export async function asUser(browser: Browser, site: Site, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.baseURL })
  const page = await context.newPage()
  await loginAs(page, site, email)
  return page
}

/**
 * Registers a fan through the API and proves the email with the code from the dev outbox, as a developer
 * would read it on /dev/outbox; the page is then logged in as them.
 */
export async function signUpAndConfirm(
  page: Page,
  site: Site,
  fan: {
    firstName: string
    lastName: string
    email: string
    phonePrefix: string
    phone: string
    documentType: string
    documentNumber: string
    gender: string
    birthDate: string
  },
) {
  await page.goto(urlOf(site, '/api/health'))
  const signUp = await api(page, 'POST', '/api/v1/auth/sign-up', {
    ...fan,
    password: DEMO_PASSWORD,
    acceptTerms: true,
  })
  expect(signUp.status, JSON.stringify(signUp.data)).toBe(201)
  let code = ''
  await expect
    .poll(async () => {
      const box = await api<{ messages: { textBody: string }[] }>(
        page,
        'GET',
        `/api/dev/outbox?to=${encodeURIComponent(fan.email)}`,
      )
      code = /\b(\d{6})\b/.exec(box.data.messages[0]?.textBody ?? '')?.[1] ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  const confirmed = await api(page, 'POST', '/api/auth/otp/confirm', { email: fan.email, code })
  expect(confirmed.status, JSON.stringify(confirmed.data)).toBe(200)
}

/**
 * The demo's league finals sell through a waiting room (issue 42; apps/api/src/db/seed/demo-waiting-room.ts):
 * journeys that hold seats of "a football event" directly leave them out.
 */
export const QUEUED_EVENTS: ReadonlySet<string> = new Set([
  'superliga-nacional-vs-santa-fe',
  'champions-cup-olmecas-vs-insurgentes',
])
export const withoutQueue = <T extends { slug: string }>(events: readonly T[]): T[] =>
  events.filter((e) => !QUEUED_EVENTS.has(e.slug))

/**
 * A turn in the event's waiting room when it has one (the demo's finals, issue 42): joins, again after a used
 * or lapsed turn, and waits for the pass, which the status answer sets as a cookie on this page's context, so
 * the journey holds and pays as an admitted fan. Nothing to do for an event without a room.
 */
export async function takeTurn(page: Page, eventId: string) {
  const room = await api<{ active: boolean }>(page, 'GET', `/api/waiting-rooms/${eventId}`)
  if (room.status !== 200 || !room.data.active) return
  type Status = { state: string; pass: string | null }
  let status = await api<Status>(page, 'GET', `/api/waiting-rooms/${eventId}/status`)
  for (let i = 0; i < 40; i++) {
    if (status.data.state === 'YOUR_TURN' && status.data.pass) return
    if (['NOT_IN_QUEUE', 'TURN_USED', 'TURN_EXPIRED'].includes(status.data.state))
      status = await api<Status>(page, 'POST', `/api/waiting-rooms/${eventId}/join`)
    else {
      await page.waitForTimeout(1000)
      status = await api<Status>(page, 'GET', `/api/waiting-rooms/${eventId}/status`)
    }
  }
  throw new Error(`no turn in the waiting room of ${eventId}: ${JSON.stringify(status.data)}`)
}
