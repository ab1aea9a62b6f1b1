import { describe, expect, it } from 'vitest'
import { deviceFromUserAgent } from './device.js'

describe('deviceFromUserAgent', () => {
  it.each([
    [undefined, 'desktop'],
    ['', 'desktop'],
    ['garbage', 'desktop'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', 'desktop'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      'mobile',
    ],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'tablet'],
  ])('%s → %s', (ua, expected) => {
    expect(deviceFromUserAgent(ua)).toBe(expected)
  })
})
