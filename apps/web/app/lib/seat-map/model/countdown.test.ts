import { describe, expect, it } from 'vitest'
import { announcementBetween, formatCountdown, remainingMs } from './countdown'

describe('countdown', () => {
  it.each([
    [600_000, '10:00'],
    [599_001, '10:00'],
    [599_000, '09:59'],
    [61_000, '01:01'],
    [60_000, '01:00'],
    [1, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [65 * 60_000, '65:00'],
  ])('shows %s ms as %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text)
  })

  it('measures the time left against the given clock, never below zero', () => {
    const now = Date.parse('2026-03-01T12:00:00Z')
    expect(remainingMs('2026-03-01T12:10:00Z', now)).toBe(600_000)
    expect(remainingMs(new Date('2026-03-01T11:59:00Z'), now)).toBe(0)
  })

  it.each([
    [301_000, 300_000, 'fiveMinutes'],
    [300_500, 299_500, 'fiveMinutes'],
    [61_000, 60_000, 'oneMinute'],
    [1_000, 0, 'expired'],
    [400_000, 0, 'expired'],
    [200_000, 30_000, 'oneMinute'],
    [299_000, 298_000, null],
    [300_000, 299_000, null],
    [0, 0, null],
  ] as const)('from %s to %s ms announces %s', (before, after, what) => {
    expect(announcementBetween(before, after)).toBe(what)
  })
})
