import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { devEndpointsNotice, loadConfig } from './config.js'
import { openTestApp, type TestApp } from './test/test-app.js'
import { ENGINES } from './test/test-db.js'

describe.each(ENGINES)('foundation on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await openTestApp(engine, {
      // A probe route with a JSON body, to check the shared validation and error path end to end.
      beforeReady: (app) => {
        app.post(
          '/api/_probe',
          { schema: { body: z.object({ email: z.string().email(), quantity: z.number().int().min(1) }) } },
          async (req) => ({ ok: true, body: req.body }),
        )
      },
    })
  })
  afterAll(async () => t?.close())

  it('answers health and readiness with the database kind', async () => {
    const health = await t.app.inject({ url: '/api/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject({ url: '/api/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', database: engine })
  })

  it('answers an unknown API route with 404 problem JSON', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('application/problem+json')
    const body = res.json()
    expect(body).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND', title: expect.any(String) })
    expect(body.type).toMatch(/ROUTE_NOT_FOUND/)
  })

  it('refuses broken JSON with 400 MALFORMED_JSON and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'MALFORMED_JSON', status: 400 })
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/)
  })

  it('names each wrong field in a 400 VALIDATION_FAILED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe',
      payload: { email: 'not-an-email', quantity: 'three' },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'quantity'])
  })

  it('names a wrong query parameter', async () => {
    const res = await t.app.inject({ url: '/api/events?page=-1' })
    expect(res.statusCode).toBe(400)
    expect(res.json().fields).toHaveProperty('page')
  })

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe',
      headers: { host: 'localhost:3000', origin: 'https://evil.example' },
      payload: { email: 'a@b.co', quantity: 1 },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('FORBIDDEN')
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/_probe',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
      payload: { email: 'a@b.co', quantity: 1 },
    })
    expect(same.statusCode).toBe(200)
  })

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBeDefined()
    expect(res.headers['x-request-id']).toBe('abc-123')
  })

  it('adopts a short safe X-Request-Id and replaces anything else with a fresh one', async () => {
    // A caller's id lands in our logs: a long or strange one could forge or flood log lines.
    for (const id of ['a'.repeat(65), 'abc def', '{"level":60}', 'x\u2028y', '']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': id } })
      expect(res.headers['x-request-id']).not.toBe(id)
      expect(res.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
    }
    const kept = 'lb-67891233.abcdef_012345'
    expect(
      (await t.app.inject({ url: '/api/health', headers: { 'x-request-id': kept } })).headers['x-request-id'],
    ).toBe(kept)
  })

  it.each([
    ['GET', '/api/tickets/%E0%A4%A'],
    ['GET', '/api/reservations/%'],
    ['POST', '/api/payments/webhooks/%zz'],
    ['PATCH', '/api/admin/events/%C0'],
    ['GET', `/api/checkout/orders/${'x'.repeat(200)}`],
  ])('answers %s %s (a path parameter it cannot read) with 400 problem JSON', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json()).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: expect.any(String),
    })
    expect(res.body).not.toMatch(/FST_|fastify/i)
  })

  it.each([
    ['POST', '/api/checkout/orders'],
    ['GET', `/api/checkout/orders/${'x'.repeat(65)}`],
    ['POST', '/api/checkout-service/cart/promo'],
    ['GET', '/api/checkout-service/cart?reservation=nope'],
    ['POST', '/api/tickets/not-an-id/transfer'],
    ['POST', '/api/checkin'],
    ['GET', '/api/myPurchases?page=-4'],
  ])('answers a visitor’s %s %s with 401 before reading what was sent', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      ...(method === 'GET' ? {} : { payload: { junk: true } }),
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
    expect(res.json()).not.toHaveProperty('fields')
  })

  it('publishes the OpenAPI document with the catalogue routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/events/categorized']))
    const ui = await t.app.inject({ url: '/api/docs/' })
    expect(ui.statusCode).toBe(200)
    expect(ui.headers['content-type']).toContain('text/html')
  })
})

describe('what the request log writes down', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await openTestApp('pglite', {
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    })
  })
  afterAll(async () => t?.close())

  const PAN = '4509953566233704'
  it.each([
    `/checkout/buy?reservation=r1&method=CARD&number=${PAN}&expiry=12%2F30&cvv=123&holderName=APRO`,
    `/assistant/buy?reservation=r1&number=${PAN}&expiry=12%2F30&cvv=123`,
    `/api/checkout-service/cart?reservation=r1&number=${PAN}&cvv=123`,
    `/api/assistant/sales?code=ABC123&number=${PAN}&expiry=12%2F30&cvv=123`,
    `/events?number=${PAN}&expiry=12%2F30&cvv=123`,
  ])('never a card number, expiry or CVV, whatever the route (%s)', async (url) => {
    lines.length = 0
    await t.app.inject({ url })
    const log = lines.join('\n')
    expect(log).toContain('incoming request')
    expect(log).not.toContain(PAN)
    expect(log).not.toContain('12%2F30')
    expect(log).not.toMatch(/cvv=123/)
  })

  it('no query string of a checkout or counter route, and other routes keep theirs', async () => {
    lines.length = 0
    await t.app.inject({ url: '/checkout?event=final&contact.email=fan%40example.com' })
    await t.app.inject({ url: '/api/events?type=FOOTBALL' })
    const log = lines.join('\n')
    expect(log).toContain('"/checkout?[redacted]"')
    expect(log).not.toContain('fan%40example.com')
    expect(log).toContain('"/api/events?type=FOOTBALL"')
  })
})

describe('the dev outbox, which shows every account’s codes (issue 40)', () => {
  const outboxFrom = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/api/dev/outbox', remoteAddress, headers })

  it('answers only clients on this machine, not through a proxy, and says so at start', async () => {
    const t = await openTestApp('pglite')
    try {
      expect((await outboxFrom(t, '127.0.0.1')).statusCode).toBe(200)
      expect((await outboxFrom(t, '::1')).statusCode).toBe(200)
      expect((await outboxFrom(t, '203.0.113.9')).statusCode).toBe(404)
      expect((await outboxFrom(t, '10.0.0.7')).statusCode).toBe(404)
      // A proxy on this host connects from loopback on behalf of anyone.
      expect((await outboxFrom(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404)
    } finally {
      await t.close()
    }
    expect(devEndpointsNotice(loadConfig({ NODE_ENV: 'development' }))).toMatch(
      /only clients on this machine/,
    )
    expect(devEndpointsNotice(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }))).toBeNull()
  })

  it('opens to the network only by a variable that names the danger', async () => {
    const t = await openTestApp('pglite', { env: { UNSAFE_DEV_OUTBOX_FOR_ANY_CLIENT: 'true' } })
    try {
      expect((await outboxFrom(t, '203.0.113.9')).statusCode).toBe(200)
    } finally {
      await t.close()
    }
    const notice = devEndpointsNotice(loadConfig({ UNSAFE_DEV_OUTBOX_FOR_ANY_CLIENT: 'true' }))
    expect(notice).toMatch(/OPEN TO ANY CLIENT/)
  })
})
