import { describe, expect, it } from 'vitest'
import { RecentRequestWindow } from './recent-requests.js'

/** A window on a clock the test moves by hand. */
function windowAt(start = 1_000_000) {
  const clock = { now: start }
  return { clock, recent: new RecentRequestWindow(() => clock.now) }
}

describe('the last minute of requests per route', () => {
  it('knows nothing of a route it has not seen', () => {
    const { recent } = windowAt()
    expect(recent.count('/api/health')).toBe(0)
    expect(recent.latencyP95('/api/health')).toBeNull()
    expect(recent.errorRatio('/api/health')).toBeNull()
  })

  it('gives the 95th percentile of 1 to 100 ms within 10 % of 95 ms (a bucket is 19 % wide)', () => {
    const { recent } = windowAt()
    for (let ms = 1; ms <= 100; ms++) recent.record('GET', '/api/events', ms / 1000, 200)
    expect(recent.count('/api/events')).toBe(100)
    const p95 = recent.latencyP95('/api/events') ?? 0
    expect(p95).toBeGreaterThan(0.095 * 0.9)
    expect(p95).toBeLessThan(0.095 * 1.1)
  })

  it('follows a slow tail: 10 % of answers at 2 s put the p95 near 2 s', () => {
    const { recent } = windowAt()
    for (let i = 0; i < 90; i++) recent.record('POST', '/api/reservations', 0.02, 201)
    for (let i = 0; i < 10; i++) recent.record('POST', '/api/reservations', 2, 201)
    const p95 = recent.latencyP95('/api/reservations') ?? 0
    // The bucket holding 2 s spans about 1.72–2.05 s.
    expect(p95).toBeGreaterThan(1.7)
    expect(p95).toBeLessThan(2.05)
  })

  it('counts only 5xx answers as errors, and keeps methods apart when asked', () => {
    const { recent } = windowAt()
    recent.record('POST', '/api/checkout/orders', 0.1, 201)
    recent.record('POST', '/api/checkout/orders', 0.1, 422)
    recent.record('POST', '/api/checkout/orders', 0.1, 503)
    recent.record('GET', '/api/checkout/orders', 0.1, 500)
    expect(recent.errorRatio('/api/checkout/orders', 'POST')).toBeCloseTo(1 / 3)
    expect(recent.errorRatio('/api/checkout/orders', 'GET')).toBe(1)
    expect(recent.errorRatio('/api/checkout/orders')).toBe(0.5)
    expect(recent.count('/api/checkout/orders', 'DELETE')).toBe(0)
  })

  it('forgets what is over a minute old, and keeps the rest', () => {
    const { clock, recent } = windowAt()
    recent.record('GET', '/api/health', 0.001, 200)
    clock.now += 30_000
    recent.record('GET', '/api/health', 0.002, 500)
    expect(recent.count('/api/health')).toBe(2)
    clock.now += 31_000
    expect(recent.count('/api/health')).toBe(1)
    expect(recent.errorRatio('/api/health')).toBe(1)
    clock.now += 60_000
    expect(recent.count('/api/health')).toBe(0)
    // A slot reused after a lap holds only its new requests.
    recent.record('GET', '/api/health', 0.001, 200)
    expect(recent.count('/api/health')).toBe(1)
    expect(recent.errorRatio('/api/health')).toBe(0)
  })

  it('reads latencies below 1 ms and beyond a minute without failing', () => {
    const { recent } = windowAt()
    recent.record('GET', '/a', 0.0001, 200)
    expect(recent.latencyP95('/a')).toBeLessThanOrEqual(0.001)
    recent.record('GET', '/b', 600, 200)
    expect(recent.latencyP95('/b')).toBeGreaterThan(30)
  })
})
