import { describe, expect, it } from 'vitest'
import { assertEventMove, canEventTransition, isEventCancelled } from './event-lifecycle.js'
import { EVENT_STATUSES } from './vocabulary.js'

describe('event status changes (DESIGN §4.5)', () => {
  const allowed = new Set([
    'DRAFT→PUBLISHED',
    'DRAFT→DISABLED',
    'PUBLISHED→DISABLED',
    'DISABLED→PUBLISHED',
    'PUBLISHED→CANCELLED',
    'DISABLED→CANCELLED',
  ])
  const pairs = EVENT_STATUSES.flatMap((from) => EVENT_STATUSES.map((to) => [from, to] as const))

  it.each(pairs)('%s → %s is allowed only when the table says so', (from, to) => {
    expect(canEventTransition(from, to)).toBe(allowed.has(`${from}→${to}`))
  })

  it('the repository guard throws exactly on the moves the table refuses', () => {
    for (const [from, to] of pairs) {
      if (allowed.has(`${from}→${to}`)) expect(() => assertEventMove(from, to)).not.toThrow()
      else expect(() => assertEventMove(from, to)).toThrow(`${from} → ${to}`)
    }
  })

  it('a cancelled event is final: its refunds cannot be undone', () => {
    for (const to of EVENT_STATUSES) expect(canEventTransition('CANCELLED', to)).toBe(false)
  })

  it.each([
    ['CANCELLED', true],
    ['DISABLED', false],
    ['PUBLISHED', false],
  ] as const)('isEventCancelled(%s) = %s', (status, expected) => {
    expect(isEventCancelled(status)).toBe(expected)
  })
})
