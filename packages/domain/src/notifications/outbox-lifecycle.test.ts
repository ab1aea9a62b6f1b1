import { describe, expect, it } from 'vitest'
import { assertOutboxMove, canOutboxTransition, OUTBOX_STATUSES } from './outbox-lifecycle.js'

const MOVES = new Set([
  'PENDING→SENDING',
  'SENDING→SENT',
  'SENDING→DEV_OUTBOX',
  'SENDING→FAILED',
  'SENDING→PENDING',
])

describe('outbox message status (DESIGN §4.5, §5)', () => {
  it.each(OUTBOX_STATUSES.flatMap((from) => OUTBOX_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s follows the table',
    (from, to) => {
      expect(canOutboxTransition(from, to)).toBe(MOVES.has(`${from}→${to}`))
      if (!MOVES.has(`${from}→${to}`)) expect(() => assertOutboxMove(from, to)).toThrow(/Illegal outbox move/)
    },
  )
})
