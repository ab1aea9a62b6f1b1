import { describe, expect, it } from 'vitest'
import { TICKET_OWNERSHIPS } from '../orders/vocabulary.js'
import { canOwnershipMove, TRANSFERABLE_OWNERSHIPS } from './ownership-lifecycle.js'

describe('ticket ownership changes (DESIGN §4.5)', () => {
  const pairs = TICKET_OWNERSHIPS.flatMap((from) => TICKET_OWNERSHIPS.map((to) => [from, to] as const))

  it.each(pairs)('%s → %s is allowed only for a ticket passed on by its buyer', (from, to) => {
    expect(canOwnershipMove(from, to)).toBe(from === 'OWNED' && to === 'RECEIVED')
  })

  it('lets a transfer take only owned tickets', () => {
    expect(TRANSFERABLE_OWNERSHIPS).toEqual(['OWNED'])
  })
})
