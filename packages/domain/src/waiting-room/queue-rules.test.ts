import { describe, expect, it } from 'vitest'
import {
  admissionRatePerMinute,
  admissionStartsAt,
  admissionsFor,
  estimateSeconds,
  healthPauseReason,
  OPENING_SPREAD_SECONDS,
  preQueueRefreshSeconds,
  refreshSeconds,
  secondsAway,
  seededShuffle,
} from './queue-rules.js'

describe('the waiting room rules', () => {
  it('draws the pre-queue: the same seed the same order, every fan kept once', () => {
    const fans = Array.from({ length: 50 }, (_, i) => i)
    const a = seededShuffle(fans, 42)
    expect(seededShuffle(fans, 42)).toEqual(a)
    expect([...a].sort((x, y) => x - y)).toEqual(fans)
    expect(a).not.toEqual(fans)
    expect(seededShuffle(fans, 43)).not.toEqual(a)
  })

  it('gives each fan about the same chance of the first place', () => {
    const firsts = new Map<number, number>()
    for (let seed = 1; seed <= 4000; seed++) {
      const first = seededShuffle([0, 1, 2, 3], seed)[0] as number
      firsts.set(first, (firsts.get(first) ?? 0) + 1)
    }
    for (const n of firsts.values()) expect(n).toBeGreaterThan(850)
  })

  it('sets the rate to target checkouts over the median checkout time', () => {
    expect(admissionRatePerMinute(100, 120)).toBe(50)
    expect(admissionRatePerMinute(100, null)).toBe(20)
    expect(admissionRatePerMinute(1, 3600)).toBe(1)
  })

  it('pauses on a slow p95 or on errors over 1 % of enough requests', () => {
    const ok = { route: '/api/reservations', requests: 100, p95Seconds: 0.3, errorRatio: 0 }
    expect(healthPauseReason([ok])).toBeNull()
    expect(healthPauseReason([{ ...ok, p95Seconds: 2.1 }])).toMatch(/p95/)
    expect(healthPauseReason([{ ...ok, errorRatio: 0.02 }])).toMatch(/errors/)
    expect(healthPauseReason([{ ...ok, requests: 3, errorRatio: 0.34 }])).toBeNull()
    expect(healthPauseReason([{ ...ok, requests: 0, p95Seconds: null, errorRatio: null }])).toBeNull()
  })

  it('admits rate × time, carrying fractions, and caps a long silence', () => {
    expect(admissionsFor(60, 1000, 0)).toEqual({ count: 1, credit: 0 })
    const half = admissionsFor(30, 1000, 0)
    expect(half.count).toBe(0)
    expect(admissionsFor(30, 1000, half.credit).count).toBe(1)
    expect(admissionsFor(60, 3_600_000, 0).count).toBe(60)
  })

  it('estimates the wait, and none while paused', () => {
    expect(estimateSeconds(30, 60, false)).toBe(30)
    expect(estimateSeconds(30, 60, true)).toBeNull()
  })

  it('asks every 4 s near the turn and at most every 30 s far back, so a long queue does not flood the API', () => {
    // At 600 fans a minute: first in line, 40 places back (4 s away), 1,000 back (100 s), 20,000 back.
    expect(refreshSeconds(secondsAway(1, 600))).toBe(4)
    expect(refreshSeconds(secondsAway(41, 600))).toBe(4)
    expect(refreshSeconds(secondsAway(1001, 600))).toBe(30)
    expect(refreshSeconds(secondsAway(20_001, 600))).toBe(30)
    expect(refreshSeconds(secondsAway(301, 600))).toBe(10)
    // Paused rooms keep their rate for this; no rate at all, or the opening a few seconds away: every 4 s.
    expect(refreshSeconds(secondsAway(5, 0))).toBe(4)
    expect(refreshSeconds(9)).toBe(4)
    expect(refreshSeconds(600)).toBe(30)
  })

  it('spreads the pre-queue’s first asks over the seconds after opening, and lets nobody in before they end', () => {
    // Far from the opening: every 30 s. Near it: a random moment of the spread after it, never before it.
    expect(preQueueRefreshSeconds(120, () => 0.5)).toBe(30)
    for (const until of [0, 0.5, 3, 12, 25]) {
      for (const r of [0, 0.3, 0.999]) {
        const asks = preQueueRefreshSeconds(until, () => r)
        expect(asks).toBeGreaterThan(until)
        expect(asks).toBeLessThanOrEqual(Math.min(30, until + OPENING_SPREAD_SECONDS + 1))
      }
    }
    expect(preQueueRefreshSeconds(2, () => 0)).not.toBe(preQueueRefreshSeconds(2, () => 0.999))
    const opensAt = new Date('2026-12-01T15:00:00Z')
    expect(admissionStartsAt(opensAt, opensAt).getTime() - opensAt.getTime()).toBe(
      OPENING_SPREAD_SECONDS * 1000,
    )
    const later = new Date('2026-12-01T16:00:00Z')
    expect(admissionStartsAt(opensAt, later)).toEqual(later)
  })
})
