import { describe, expect, it } from 'vitest'
import { buyerColumnsOf, buyerSchema, salesChannelOf } from './parties.js'

describe('salesChannelOf', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      'WEB_MOBILE',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      'WEB_MOBILE',
    ],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'WEB_MOBILE'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'WEB_DESKTOP'],
    ['PalcoApp/2.3 (Android 13; Pixel 7)', 'APP'],
    [undefined, 'WEB_DESKTOP'],
  ])('%s → %s', (agent, channel) => {
    expect(salesChannelOf(agent)).toBe(channel)
  })
})

describe('buyer', () => {
  it('stores a walk-in by name with optional contact, and no account', () => {
    const buyer = buyerSchema.parse({ kind: 'WALK_IN', name: '  Ana Gómez ', phone: '+57 300 123 4567' })
    expect(buyerColumnsOf(buyer)).toEqual({
      buyer_kind: 'WALK_IN',
      user_id: null,
      buyer_fan_id: null,
      buyer_name: 'Ana Gómez',
      buyer_email: null,
      buyer_phone: '+57 300 123 4567',
    })
  })

  it('refuses a walk-in without a name and an account buyer without an id', () => {
    expect(buyerSchema.safeParse({ kind: 'WALK_IN', name: ' ' }).success).toBe(false)
    expect(buyerSchema.safeParse({ kind: 'ACCOUNT' }).success).toBe(false)
  })
})
