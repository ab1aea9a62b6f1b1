import { describe, expect, it } from 'vitest'
import {
  assertTicketMove,
  assertTicketStart,
  canTicketTransition,
  TICKET_INITIAL_STATUSES,
  TICKET_STATUSES,
} from './status-lifecycle.js'

const MOVES = new Set(['PENDING→PAID', 'PENDING→CANCELED', 'PAID→REFUNDED'])

describe('ticket status changes (DESIGN §4.5)', () => {
  it.each(TICKET_STATUSES.flatMap((from) => TICKET_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s follows the table',
    (from, to) => {
      expect(canTicketTransition(from, to)).toBe(MOVES.has(`${from}→${to}`))
      if (MOVES.has(`${from}→${to}`)) expect(() => assertTicketMove(from, to)).not.toThrow()
      else expect(() => assertTicketMove(from, to)).toThrow(/Illegal ticket move/)
    },
  )

  it('issues tickets paid or locked, never refunded or cancelled', () => {
    expect(TICKET_INITIAL_STATUSES).toEqual(['PAID', 'PENDING'])
    for (const s of TICKET_INITIAL_STATUSES) expect(() => assertTicketStart(s)).not.toThrow()
    for (const s of ['REFUNDED', 'CANCELED', 'TRANSFERRED']) expect(() => assertTicketStart(s)).toThrow()
  })
})
