import { describe, expect, it } from 'vitest'
import { etagMatches, etagOf, ResponseCache } from './http-cache.js'

describe('etagMatches (RFC 9110 weak comparison)', () => {
  const tag = etagOf('{"a":1}')
  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['', false],
    [tag, true],
    [tag.replace('W/', ''), true],
    [`"nope", ${tag}`, true],
    ['*', true],
    ['"nope"', false],
  ])('If-None-Match %j → %s', (header, expected) => {
    expect(etagMatches(header, tag)).toBe(expected)
  })

  it('gives different bodies different tags', () => {
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'))
    expect(etagOf('{"a":1}')).toMatch(/^W\/"[\w-]+"$/)
  })
})

describe('ResponseCache', () => {
  const counter = () => {
    let calls = 0
    const compute = async () => `v${++calls}`
    return { compute, calls: () => calls }
  }

  it('computes once for concurrent misses, then serves the entry while fresh', async () => {
    const cache = new ResponseCache(1000)
    const c = counter()
    const [a, b] = await Promise.all([cache.resolve('k', c.compute, 0), cache.resolve('k', c.compute, 0)])
    expect(a).toBe(b)
    expect(c.calls()).toBe(1)
    const entry = cache.set('k', 'v1', 0)
    expect((await cache.resolve('k', c.compute, 999)).body.toString()).toBe('v1')
    expect(entry.etag).toBe(etagOf('v1'))
    expect(c.calls()).toBe(1)
  })

  it('serves a stale entry while one refresh runs, and waits once it is too old', async () => {
    const cache = new ResponseCache(1000)
    cache.set('k', 'old', 0)
    let release: (v: string) => void = () => {}
    const slow = () => new Promise<string>((r) => (release = r))
    const stale = await cache.resolve('k', slow, 1500)
    expect(stale.body.toString()).toBe('old')
    release('new')
    await new Promise((r) => setTimeout(r, 0))
    expect((await cache.resolve('k', slow, Date.now())).body.toString()).toBe('new')

    const expired = new ResponseCache(1000)
    expired.set('k', 'old', 0)
    expect((await expired.resolve('k', async () => 'fresh', 2500)).body.toString()).toBe('fresh')
  })

  it('forgets an entry whose refresh fails, and shares the failure', async () => {
    const cache = new ResponseCache(1000)
    cache.set('k', 'old', 0)
    const failing = async () => {
      throw new Error('gone')
    }
    expect((await cache.resolve('k', failing, 1500)).body.toString()).toBe('old')
    await new Promise((r) => setTimeout(r, 0))
    await expect(cache.resolve('k', failing, 1600)).rejects.toThrow('gone')
  })

  it('drops the oldest entry past its bound, so visitor-made keys cannot grow it forever', () => {
    const cache = new ResponseCache(1000, 2)
    cache.set('a', '1', 0)
    cache.set('b', '2', 0)
    cache.set('c', '3', 0)
    expect(cache.size).toBe(2)
    cache.clear()
    expect(cache.size).toBe(0)
  })
})
