import { describe, expect, it } from 'vitest'
import { holdExpiresAt, isHoldExpired } from './hold.js'

describe('seat holds (spec §9: 10 minutes)', () => {
  const now = new Date('2025-03-05T15:00:00Z')

  it.each([
    [undefined, '2025-03-05T15:10:00.000Z'],
    [15, '2025-03-05T15:15:00.000Z'],
  ])('with limit %s expires at %s', (minutes, expected) => {
    expect(holdExpiresAt(now, minutes).toISOString()).toBe(expected)
  })

  it.each([
    ['2025-03-05T15:09:59.999Z', false],
    ['2025-03-05T15:10:00.000Z', true],
    ['2025-03-05T15:10:00.001Z', true],
  ])('at %s expired → %s', (at, expected) => {
    expect(isHoldExpired(holdExpiresAt(now), new Date(at))).toBe(expected)
  })
})
