import { describe, expect, it } from 'vitest'
import { canEventTransition, isEventCancelled } from './event-lifecycle.js'
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
