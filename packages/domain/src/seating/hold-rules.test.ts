import { describe, expect, it } from 'vitest'
import { HOLD_MINUTES, hasHoldLapsed, holdExpiresAt, isPlaceTakeable } from './hold-rules.js'

describe('hold rules (spec §9: 10 minutes; DESIGN §5: expiry by time alone)', () => {
  const now = new Date('2025-03-05T15:00:00Z')
  const at = (iso: string) => new Date(iso).getTime()

  it('keeps places for the spec’s ten minutes, or the minutes given', () => {
    expect(HOLD_MINUTES).toBe(10)
    expect(holdExpiresAt(now).toISOString()).toBe('2025-03-05T15:10:00.000Z')
    expect(holdExpiresAt(now, 15).toISOString()).toBe('2025-03-05T15:15:00.000Z')
  })

  it.each([
    ['2025-03-05T15:09:59.999Z', false],
    ['2025-03-05T15:10:00.000Z', true],
    ['2025-03-05T15:10:00.001Z', true],
  ])('a hold ending at 15:10 has lapsed at %s: %s', (when, lapsed) => {
    expect(hasHoldLapsed(holdExpiresAt(now).getTime(), at(when))).toBe(lapsed)
  })

  it.each([
    ['AVAILABLE', null, true],
    ['HELD', '2025-03-05T15:10:00.000Z', false],
    ['HELD', '2025-03-05T14:59:59.999Z', true],
    ['HELD', '2025-03-05T15:00:00.000Z', true],
    ['HELD', null, true],
    ['SOLD', null, false],
    ['BLOCKED', null, false],
  ])('a %s place (hold until %s) can be taken at 15:00: %s', (status, until, takeable) => {
    expect(isPlaceTakeable(status, until === null ? null : at(until), now.getTime())).toBe(takeable)
  })
})
