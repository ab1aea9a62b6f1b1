import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cacheControlOf } from './web.js'

describe('cache lifetimes of the web build', () => {
  it('keeps hashed assets for a year, public images for a day, other files five minutes', () => {
    expect(cacheControlOf(path.join('assets', 'root-abc123.css'))).toBe('public, max-age=31536000, immutable')
    expect(cacheControlOf(path.join('images', 'demo', 'football.svg'))).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    )
    expect(cacheControlOf('favicon.svg')).toBe('public, max-age=300')
    expect(cacheControlOf('imagesque.txt')).toBe('public, max-age=300')
  })
})
