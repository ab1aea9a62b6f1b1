import { describe, expect, it } from 'vitest'
import { isoWithOffset } from './event-time.js'

describe('isoWithOffset', () => {
  it.each([
    ['2026-06-22T00:30:00Z', 'America/Bogota', '2026-06-21T19:30:00-05:00'],
    ['2026-06-22T01:00:00.000Z', 'America/Mexico_City', '2026-06-21T19:00:00-06:00'],
    ['2026-06-22T01:00:00Z', 'UTC', '2026-06-22T01:00:00Z'],
  ])('%s in %s → %s', (instant, zone, expected) => {
    expect(isoWithOffset(instant, zone)).toBe(expected)
  })
})
