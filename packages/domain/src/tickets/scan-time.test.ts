import { describe, expect, it } from 'vitest'
import { acceptScanTime, MAX_QUEUED_SCAN_AGE_MS, SCAN_CLOCK_SKEW_MS, type ScanTime } from './scan-time.js'

const NOW = Date.UTC(2026, 10, 22, 21, 0, 0)
const MIN = 60_000

describe('acceptScanTime', () => {
  it.each<[string, number, ScanTime]>([
    ['now', NOW, { ok: true, atMs: NOW }],
    ['ten minutes ago (offline gate)', NOW - 10 * MIN, { ok: true, atMs: NOW - 10 * MIN }],
    ['exactly a day ago', NOW - MAX_QUEUED_SCAN_AGE_MS, { ok: true, atMs: NOW - MAX_QUEUED_SCAN_AGE_MS }],
    ['a day and a second ago', NOW - MAX_QUEUED_SCAN_AGE_MS - 1000, { ok: false, reason: 'TOO_OLD' }],
    ['a few seconds ahead (a fast clock): recorded now', NOW + 5_000, { ok: true, atMs: NOW }],
    ['at the skew limit', NOW + SCAN_CLOCK_SKEW_MS, { ok: true, atMs: NOW }],
    ['beyond the skew limit', NOW + SCAN_CLOCK_SKEW_MS + 1, { ok: false, reason: 'IN_FUTURE' }],
    ['not a time', Number.NaN, { ok: false, reason: 'TOO_OLD' }],
  ])('%s', (_name, at, expected) => {
    expect(acceptScanTime(at, NOW)).toEqual(expected)
  })
})
