import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

/** The value of the first sample of `name` whose labels include `labels`, as Prometheus would read it. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]))
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3])
  }
  return undefined
}

const scrape = async (t: TestApp, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/metrics', remoteAddress, headers })

describe.each(ENGINES)('/metrics on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await openTestApp(engine)
  })
  afterAll(async () => t?.close())

  it('counts requests and their latency by route pattern, never by the raw path', async () => {
    const ticket = randomUUID()
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/health' })
    await t.app.inject({ url: `/api/tickets/${ticket}` })
    await t.app.inject({ url: `/api/no-such-thing/${ticket}` })
    const res = await scrape(t)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
    const text = res.body
    const health = { method: 'GET', route: '/api/health' }
    expect(sample(text, 'http_requests_total', { ...health, status_class: '2xx' })).toBe(3)
    expect(sample(text, 'http_request_duration_seconds_count', health)).toBe(3)
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...health, le: '5' })).toBe(3)
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...health, le: '0.005' })).toBeDefined()
    const tickets = { method: 'GET', route: '/api/tickets/:id' }
    expect(sample(text, 'http_requests_total', { ...tickets, status_class: '4xx' })).toBe(1)
    expect(
      sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' }),
    ).toBe(1)
    expect(text).not.toContain(ticket)
    expect(text).not.toContain('no-such-thing')
  })

  it('shows the database pool, Node’s own figures and the build', async () => {
    const text = (await scrape(t)).body
    expect(sample(text, 'palco_db_pool_connections_max')).toBe(engine === 'postgres' ? 20 : 1)
    expect(sample(text, 'palco_db_pool_connections_in_use')).toBe(0)
    expect(sample(text, 'palco_db_pool_waiting_clients')).toBe(0)
    expect(sample(text, 'palco_db_pool_connections_idle')).toBeGreaterThanOrEqual(
      engine === 'postgres' ? 0 : 1,
    )
    expect(sample(text, 'palco_build_info', { version: '0.1.0', database: engine })).toBe(1)
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined()
  })

  it('reads the pool at scrape time: a transaction holds a connection while it runs', async () => {
    await t.db.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx)
      const text = (await scrape(t)).body
      expect(sample(text, 'palco_db_pool_connections_in_use')).toBe(1)
      if (engine === 'pglite') expect(sample(text, 'palco_db_pool_connections_idle')).toBe(0)
    })
    expect(sample((await scrape(t)).body, 'palco_db_pool_connections_in_use')).toBe(0)
  })

  it('gives other modules the last minute per route', async () => {
    const before = t.app.metrics.recent.count('/api/ready', 'GET')
    for (let i = 0; i < 4; i++) await t.app.inject({ url: '/api/ready' })
    const recent = t.app.metrics.recent
    expect(recent.count('/api/ready', 'GET')).toBe(before + 4)
    const p95 = recent.latencyP95('/api/ready') ?? -1
    expect(p95).toBeGreaterThan(0)
    expect(p95).toBeLessThan(5)
    expect(recent.errorRatio('/api/ready')).toBe(0)
  })

  it('takes figures of other modules, named palco_…, and shows them at each scrape', async () => {
    let length = 7
    t.app.metrics.gauge({
      name: `palco_test_queue_length_${engine}`,
      help: 'A queue',
      collect() {
        this.set(length)
      },
    })
    expect(sample((await scrape(t)).body, `palco_test_queue_length_${engine}`)).toBe(7)
    length = 9
    expect(sample((await scrape(t)).body, `palco_test_queue_length_${engine}`)).toBe(9)
    expect(() => t.app.metrics.counter({ name: 'queue_joins_total', help: 'Joins' })).toThrow(/palco_/)
  })

  it('answers 404 to anyone but this machine, as if there were no such route', async () => {
    for (const [address, headers] of [
      ['203.0.113.9', {}],
      ['10.0.0.7', {}],
      // A proxy on this host connects from loopback on behalf of anyone.
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.9' }],
    ] as const) {
      const res = await scrape(t, address, headers)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' })
    }
    expect((await scrape(t, '::1')).statusCode).toBe(200)
  })

  it('is declared in the OpenAPI document among the operations routes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json()
    expect(doc.paths['/metrics']?.get?.tags).toEqual(['operations'])
  })
})

describe('/metrics with METRICS_TOKEN', () => {
  const token = 'm'.repeat(20) + randomUUID()
  let t: TestApp
  beforeAll(async () => {
    t = await openTestApp('pglite', { env: { METRICS_TOKEN: token } })
  })
  afterAll(async () => t?.close())

  it('answers its bearers wherever they are, and nobody else, this machine included', async () => {
    expect((await scrape(t, '203.0.113.9', { authorization: `Bearer ${token}` })).statusCode).toBe(200)
    expect((await scrape(t, '10.0.0.7', { authorization: `bearer ${token}` })).statusCode).toBe(200)
    expect((await scrape(t, '127.0.0.1')).statusCode).toBe(404)
    expect((await scrape(t, '203.0.113.9', { authorization: `Bearer ${token}x` })).statusCode).toBe(404)
    expect((await scrape(t, '203.0.113.9', { authorization: token })).statusCode).toBe(404)
    expect((await scrape(t, '203.0.113.9', { authorization: 'Bearer ' })).statusCode).toBe(404)
  })
})
