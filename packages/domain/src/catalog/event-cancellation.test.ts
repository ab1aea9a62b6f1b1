import { describe, expect, it } from 'vitest'
import {
  CANCELLABLE_EVENT_STATUSES,
  cancelEventBodySchema,
  isEventCancellable,
} from './event-cancellation.js'
import { canEventTransition } from './event-lifecycle.js'
import { EVENT_STATUSES } from './vocabulary.js'

describe('cancelling an event (issue 16 part 5)', () => {
  it.each(EVENT_STATUSES)('the page offers cancelling a %s event exactly when the table allows it', (s) => {
    expect(isEventCancellable(s)).toBe(canEventTransition(s, 'CANCELLED'))
  })

  it('lists the statuses it can be cancelled from', () => {
    expect([...CANCELLABLE_EVENT_STATUSES]).toEqual(['PUBLISHED', 'DISABLED'])
  })

  it.each([
    ['   ', false],
    ['rain', false],
    ['  Storm warning at the venue  ', true],
    ['x'.repeat(501), false],
  ])('reason %j valid = %s (trimmed, 5–500 characters)', (reason, ok) => {
    expect(cancelEventBodySchema.safeParse({ reason }).success).toBe(ok)
  })

  it('keeps the reason trimmed', () => {
    expect(cancelEventBodySchema.parse({ reason: '  Storm warning  ' }).reason).toBe('Storm warning')
  })
})
