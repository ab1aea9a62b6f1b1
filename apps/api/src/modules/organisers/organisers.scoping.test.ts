import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { venueWithSmallLayout } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
const NOBODY = '00000000-0000-4000-8000-000000000000'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * How organiser A's owner meets each staff route when aimed at organiser B (issue 43 part 1):
 * - `hidden`: B's event in the path, query or body answers 404, as if it did not exist;
 * - `platform`: the platform's own (venues, layouts, the box office's back office) answers 403 to organiser staff;
 * - `list`: answers 200 and names nothing of B's;
 * - `own`: reaches only the asker's own records (a shift, a sale found by its code among A's events), so a
 *   made-up id is simply not found.
 * Every route under the staff prefixes must be listed: a new one fails this test until it says which it is.
 */
const ROUTES: Record<string, 'hidden' | 'platform' | 'list' | 'own'> = {
  'POST /api/admin/venues': 'platform',
  'GET /api/admin/layouts': 'platform',
  'POST /api/admin/layouts': 'platform',
  'POST /api/admin/layouts/import': 'platform',
  'GET /api/admin/layouts/{id}': 'platform',
  'PUT /api/admin/layouts/{id}': 'platform',
  'POST /api/admin/layouts/{id}/publish': 'platform',
  'GET /api/admin/layouts/{id}/layout.json': 'platform',
  'POST /api/admin/tours': 'own',
  'POST /api/admin/events': 'hidden',
  'GET /api/admin/events': 'list',
  'GET /api/admin/events/{id}': 'hidden',
  'PATCH /api/admin/events/{id}': 'hidden',
  'PUT /api/admin/events/{id}/zones/{zoneId}/presale': 'hidden',
  'POST /api/admin/events/{id}/publish': 'hidden',
  'POST /api/admin/events/{id}/disable': 'hidden',
  'POST /api/admin/events/{id}/cancel': 'hidden',
  'GET /api/admin/events/{id}/refunds': 'hidden',
  'GET /api/admin/audit/{id}': 'hidden',
  'GET /api/admin/installment-plans': 'list',
  'PUT /api/admin/events/{id}/installment-plan': 'hidden',
  'DELETE /api/admin/events/{id}/installment-plan': 'hidden',
  'POST /api/admin/images': 'own',
  'GET /api/admin/events/{id}/inscription-form': 'hidden',
  'PUT /api/admin/events/{id}/inscription-form': 'hidden',
  'GET /api/admin/events/{id}/inscriptions': 'hidden',
  'GET /api/admin/events/{id}/inscriptions.csv': 'hidden',
  'GET /api/admin/events/{id}/attendees': 'hidden',
  'GET /api/admin/events/{id}/attendees.csv': 'hidden',
  'GET /api/admin/events/{id}/attendees.xlsx': 'hidden',
  'POST /api/admin/events/{id}/attendee-exports': 'hidden',
  'GET /api/admin/events/{id}/attendee-exports': 'hidden',
  'GET /api/admin/attendee-exports/{id}': 'own',
  'GET /api/admin/attendee-exports/{id}/file': 'own',
  'GET /api/admin/events/{id}/dashboard': 'hidden',
  'GET /api/admin/dashboard': 'list',
  'GET /api/admin/events/{eventId}/waiting-room': 'hidden',
  'PUT /api/admin/events/{eventId}/waiting-room': 'hidden',
  'POST /api/admin/events/{eventId}/waiting-room/pause': 'hidden',
  'POST /api/admin/events/{eventId}/waiting-room/resume': 'hidden',
  'PUT /api/admin/events/{eventId}/waiting-room/rate': 'hidden',
  'GET /api/admin/promo-codes': 'list',
  'GET /api/admin/promo-codes/targets': 'list',
  'POST /api/admin/promo-codes': 'hidden',
  'POST /api/admin/promo-codes/batch': 'hidden',
  'PATCH /api/admin/promo-codes/{promoId}': 'hidden',
  'DELETE /api/admin/promo-codes/{promoId}': 'hidden',
  'GET /api/admin/promo-codes/batches/{batchId}/codes.csv': 'hidden',
  'GET /api/admin/orders': 'own',
  'GET /api/admin/orders/{id}': 'own',
  'POST /api/admin/orders/{id}/refund': 'own',
  'POST /api/admin/orders/{id}/resend': 'own',
  'GET /api/backoffice/organisers': 'list',
  'GET /api/backoffice/organisers/{organiserId}/staff': 'hidden',
  'PUT /api/backoffice/organisers/{organiserId}/staff': 'hidden',
  'DELETE /api/backoffice/organisers/{organiserId}/staff/{userId}': 'hidden',
  'GET /api/backoffice/courtesy-reasons': 'platform',
  'PUT /api/backoffice/courtesy-reasons/{code}': 'platform',
  'PUT /api/backoffice/events/{eventId}/courtesy-quota': 'platform',
  'GET /api/backoffice/operators': 'platform',
  'POST /api/backoffice/operators': 'platform',
  'DELETE /api/backoffice/operators/{userId}': 'platform',
  'PUT /api/backoffice/operators/{userId}/events': 'platform',
  'GET /api/backoffice/box-office/sales': 'platform',
  'POST /api/backoffice/box-office/sales/{id}/refund': 'platform',
  'GET /api/backoffice/box-office/audit': 'platform',
  'GET /api/backoffice/box-office/events': 'platform',
  'GET /api/backoffice/box-office/shifts': 'platform',
  'GET /api/assistant/events': 'list',
  'GET /api/assistant/events/{eventId}/courtesy-quota': 'hidden',
  'GET /api/assistant/shift': 'own',
  'POST /api/assistant/shift': 'own',
  'POST /api/assistant/shift/close': 'own',
  'GET /api/assistant/fans': 'own',
  'POST /api/assistant/orders': 'hidden',
  'POST /api/assistant/reservations': 'hidden',
  'GET /api/assistant/sales': 'own',
  'POST /api/assistant/sales': 'hidden',
  'GET /api/assistant/sales/{id}': 'own',
  'POST /api/assistant/sales/{id}/collect': 'own',
  'GET /api/assistant/sales/{id}/tickets.pdf': 'own',
  'POST /api/assistant/sales/{id}/void': 'own',
  'GET /api/assistant/plans': 'own',
  'POST /api/assistant/plans': 'own',
  'GET /api/assistant/plans/{id}': 'own',
  'POST /api/assistant/plans/{id}/payments': 'own',
  'GET /api/assistant/plans/quote': 'own',
  'POST /api/checkin': 'hidden',
  'POST /api/checkin/identification': 'hidden',
  'GET /api/checkin/events': 'list',
  'GET /api/checkin/offline-package': 'hidden',
}

const STAFF_PREFIXES = ['/api/admin/', '/api/backoffice/', '/api/assistant/', '/api/checkin']

/** `hidden` routes that create something naming B's event: refused on that field (422), not 404. */
const ON_THE_FIELD = new Set([
  'POST /api/admin/events',
  'POST /api/admin/promo-codes',
  'POST /api/admin/promo-codes/batch',
])

describe.each(ENGINES)('organisers’ staff on %s (issue 43 part 1)', (engine) => {
  let t: TestApp
  let admin: string
  let ownerA: string
  let ownerB: string
  let boxA: string
  let venueId: string
  let layoutId: string
  type CreatedEvent = { id: string; zoneIds: string[]; slug: string; name: string; organiserId: string }
  let eventA: CreatedEvent
  let eventB: CreatedEvent
  /** A promo code and a batch of organiser B's (issue 43 part 5). */
  let promoB: string
  let batchB: string
  let n = 0

  const call = (method: Method, url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

  const eventBody = (overrides: Record<string, unknown> = {}) => {
    const start = Date.now() + 20 * DAY
    return {
      country: 'COL',
      type: 'FOOTBALL',
      slug: `organizador-${++n}`,
      name: `Partido ${n}`,
      venueId,
      layoutId,
      startsAt: iso(start),
      endsAt: iso(start + 2 * 3_600_000),
      onSaleAt: iso(Date.now() - DAY),
      offSaleAt: iso(start),
      zones: [{ name: 'Norte', price: 8_000_000, sectionCodes: ['NORTE'] }],
      ...overrides,
    }
  }

  beforeAll(async () => {
    t = await openTestApp(engine, {
      demoAccounts: true,
      env: { DATA_DIR: path.join(os.tmpdir(), `palco-organisers-${Date.now()}`) },
    })
    admin = await loginAs(t.app, 'admin@palco.co')
    ownerA = await loginAs(t.app, 'club@palco.co')
    ownerB = await loginAs(t.app, 'eventos@palco.co')
    boxA = await loginAs(t.app, 'taquilla.club@palco.co')
    ;({ venueId, layoutId } = await venueWithSmallLayout(t.app, admin, 'Estadio de Organizadores'))
    // Each owner makes an event without naming an organiser: it is their only one's.
    const a = await call('POST', '/api/admin/events', ownerA, eventBody())
    expect(a.statusCode, a.body).toBe(201)
    eventA = a.json()
    const b = await call('POST', '/api/admin/events', ownerB, eventBody())
    expect(b.statusCode, b.body).toBe(201)
    eventB = b.json()
    expect(eventA).toMatchObject({ organiserId: expect.any(String) })
    expect(eventB.organiserId).not.toBe(eventA.organiserId)
    expect((await call('POST', `/api/admin/events/${eventB.id}/publish`, ownerB)).statusCode).toBe(200)
    const code = await call('POST', '/api/admin/promo-codes', ownerB, promoBody({ code: 'SOLO-DE-B' }))
    expect(code.statusCode, code.body).toBe(201)
    promoB = code.json().id
    const batch = await call(
      'POST',
      '/api/admin/promo-codes/batch',
      ownerB,
      promoBody({ prefix: 'LOTEB', count: 3 }),
    )
    expect(batch.statusCode, batch.body).toBe(201)
    batchB = batch.json().batchId
  })
  afterAll(async () => t?.close())

  /** A promo code for B's event (issue 43 part 5). */
  const promoBody = (over: Record<string, unknown>) => ({
    kind: 'PERCENT',
    percentBps: 1_000,
    eventIds: [eventB.id],
    ...over,
  })

  /** A request of organiser A aimed at B's event: a body that passes validation, so only scope refuses it. */
  const aimedAtB = (method: Method, route: string): { url: string; body?: object } => {
    const url = route
      .replace('{id}', eventB.id)
      .replace('{eventId}', eventB.id)
      .replace('{zoneId}', eventB.zoneIds[0] as string)
      .replace('{code}', 'CORTESIA')
      .replace('{userId}', NOBODY)
      .replace('{promoId}', promoB)
      .replace('{batchId}', batchB)
      .replace('{organiserId}', eventB.organiserId)
    const bodies: Record<string, object> = {
      'POST /api/admin/events': eventBody({ organiserId: eventB.organiserId }),
      'PATCH /api/admin/events/{id}': { name: 'Cambiado por otro organizador' },
      'PUT /api/admin/events/{id}/zones/{zoneId}/presale': { presale: null },
      'POST /api/admin/events/{id}/cancel': { reason: 'Cancelado por otro organizador' },
      'PUT /api/admin/events/{id}/installment-plan': {
        kind: 'PAYMENT',
        deposit: { kind: 'PERCENT', bps: 2_500 },
        payments: 2,
        spacingDays: 7,
        lastDueDaysBeforeEvent: 3,
      },
      'PUT /api/admin/events/{id}/inscription-form': { definition: { fields: [] }, ageRules: [] },
      'POST /api/admin/events/{id}/attendee-exports': { format: 'csv' },
      'PUT /api/admin/events/{eventId}/waiting-room': {
        enabled: true,
        opensAt: iso(Date.now() + DAY),
        targetCheckouts: 10,
        ratePerMinute: null,
      },
      'PUT /api/admin/events/{eventId}/waiting-room/rate': { ratePerMinute: 10 },
      'POST /api/admin/promo-codes': promoBody({ code: 'DE-A-PARA-B' }),
      'POST /api/admin/promo-codes/batch': promoBody({ prefix: 'DEAPARAB', count: 2 }),
      'PATCH /api/admin/promo-codes/{promoId}': { active: false },
      'PUT /api/backoffice/organisers/{organiserId}/staff': { email: 'club@palco.co', role: 'owner' },
      'POST /api/checkin': { code: 'NO-SUCH-CODE', eventId: eventB.id, gate: 'Norte' },
      'POST /api/checkin/identification': {
        eventId: eventB.id,
        gate: 'Norte',
        documentType: 'CC',
        documentNumber: '1020304050',
      },
    }
    const key = `${method} ${route}`
    if (key === 'GET /api/checkin/offline-package') return { url: `${url}?eventId=${eventB.id}` }
    return { url, body: bodies[key] }
  }

  it('lists every staff route in its table of cases', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> }
    const found = Object.entries(doc.paths)
      .filter(([p]) => STAFF_PREFIXES.some((prefix) => p.startsWith(prefix)))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
    expect(found.filter((r) => !(r in ROUTES)).sort()).toEqual([])
  })

  it('gives organiser A nothing of organiser B’s through any route that names B’s event, and changes nothing', async () => {
    const hidden = Object.entries(ROUTES).filter(([, kind]) => kind === 'hidden')
    for (const [key] of hidden) {
      const [method, route] = key.split(' ') as [Method, string]
      if (route.startsWith('/api/assistant/') && route !== '/api/assistant/events/{eventId}/courtesy-quota')
        continue
      const { url, body } = aimedAtB(method, route)
      const res = await call(method, url, ownerA, body)
      // Creating an event or a promo code for B's organiser is a broken rule on the field; everything else is
      // "no such event" (or code, or batch).
      const expected = ON_THE_FIELD.has(key) ? 422 : 404
      expect(res.statusCode, `${key}: ${res.body}`).toBe(expected)
    }
    const after = await call('GET', `/api/admin/events/${eventB.id}`, ownerB)
    expect(after.json()).toMatchObject({ status: 'PUBLISHED', name: eventB.name ?? expect.any(String) })
    expect(after.json().name).not.toBe('Cambiado por otro organizador')
    const codesOfB = (await call('GET', '/api/admin/promo-codes', ownerB)).json()
    expect(codesOfB.total).toBe(4)
    expect(codesOfB.items.every((c: { active: boolean }) => c.active)).toBe(true)
    // The same calls reach A's own event.
    expect((await call('GET', `/api/admin/events/${eventA.id}`, ownerA)).statusCode).toBe(200)
    expect((await call('GET', `/api/admin/events/${eventA.id}/refunds`, ownerA)).statusCode).toBe(200)
  })

  it('lists only the asker’s organiser’s events; the platform admin sees both', async () => {
    for (const [key, kind] of Object.entries(ROUTES)) {
      if (kind !== 'list') continue
      const [method, route] = key.split(' ') as [Method, string]
      const asA = await call(method, route, route.startsWith('/api/assistant/') ? boxA : ownerA)
      expect(asA.statusCode, `${key}: ${asA.body}`).toBe(200)
      expect(asA.body, key).not.toContain(eventB.id)
      expect(asA.body, key).not.toContain(eventB.organiserId)
    }
    const mine = (await call('GET', '/api/admin/events', ownerA))
      .json()
      .events.map((e: { id: string }) => e.id)
    expect(mine).toContain(eventA.id)
    const all = (await call('GET', '/api/admin/events', admin)).json().events.map((e: { id: string }) => e.id)
    expect(all).toEqual(expect.arrayContaining([eventA.id, eventB.id]))
  })

  it('keeps the platform’s own routes to platform admins', async () => {
    for (const [key, kind] of Object.entries(ROUTES)) {
      if (kind !== 'platform') continue
      const [method, route] = key.split(' ') as [Method, string]
      const { url } = aimedAtB(method, route.replace('{id}', NOBODY))
      const res = await call(
        method,
        url.replace(eventB.id, NOBODY),
        ownerA,
        method === 'GET' ? undefined : {},
      )
      expect([401, 403], `${key}: ${res.statusCode} ${res.body}`).toContain(res.statusCode)
    }
  })

  it('lets A’s box office sell A’s events only: B’s event is held as by any fan, and not sold', async () => {
    const events = (await call('GET', '/api/assistant/events', boxA)).json()
    expect(events).toEqual({ all: false, eventIds: expect.arrayContaining([]) })
    expect(events.eventIds).not.toContain(eventB.id)
    const quota = await call('GET', `/api/assistant/events/${eventB.id}/courtesy-quota`, boxA)
    expect([403, 404]).toContain(quota.statusCode)
    const sale = await call('POST', '/api/assistant/sales', boxA, {})
    expect(sale.statusCode).toBeGreaterThanOrEqual(400)
  })

  it('refuses a bundle of another organiser’s events and a tour of another organiser', async () => {
    const bundle = await call(
      'POST',
      '/api/admin/events',
      ownerA,
      eventBody({
        type: 'EVENT_BUNDLE',
        layoutId: null,
        zones: [],
        includedEventIds: [eventA.id, eventB.id],
      }),
    )
    expect(bundle.statusCode, bundle.body).toBe(422)
    expect(bundle.json()).toMatchObject({
      code: 'RULE_BROKEN',
      fields: { includedEventIds: 'otherOrganiser' },
    })
    const tourB = await call('POST', '/api/admin/tours', ownerB, {
      country: 'COL',
      slug: `gira-b-${n}`,
      name: 'Gira B',
    })
    expect(tourB.statusCode, tourB.body).toBe(201)
    const onTour = await call('POST', '/api/admin/events', ownerA, eventBody({ tourId: tourB.json().id }))
    expect(onTour.statusCode, onTour.body).toBe(422)
    expect(onTour.json()).toMatchObject({ fields: { tourId: 'otherOrganiser' } })
  })

  it('keeps fans out of the staff routes', async () => {
    const fan = await loginAs(t.app, 'fan@palco.co')
    expect((await call('GET', '/api/admin/events', fan)).statusCode).toBe(403)
    expect((await call('GET', '/api/backoffice/organisers', fan)).statusCode).toBe(403)
    expect((await call('GET', `/api/admin/events/${eventB.id}`, fan)).statusCode).toBe(403)
  })
})
