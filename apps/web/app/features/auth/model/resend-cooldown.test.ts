import { describe, expect, it } from 'vitest'
import { RESEND_COOLDOWN_SECONDS, secondsUntilResend } from './resend-cooldown'

describe('secondsUntilResend', () => {
  const sent = 1_000_000
  it.each([
    ['never sent', null, sent, 0],
    ['just sent', sent, sent, RESEND_COOLDOWN_SECONDS],
    ['a tenth of a second later', sent, sent + 100, 30],
    ['one second later', sent, sent + 1000, 29],
    ['29.5 s later', sent, sent + 29_500, 1],
    ['exactly 30 s later', sent, sent + 30_000, 0],
    ['long after', sent, sent + 600_000, 0],
  ])('%s', (_label, lastSentAt, now, expected) => {
    expect(secondsUntilResend(lastSentAt, now)).toBe(expected)
  })
})
