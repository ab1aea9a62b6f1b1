import { describe, expect, it } from 'vitest'
import {
  assertRegistrationMove,
  assertRegistrationStart,
  canRegistrationTransition,
} from './registration-lifecycle.js'
import { REGISTRATION_STATUSES } from './vocabulary.js'

describe("a fan's registration status (spec §3)", () => {
  const allowed = new Set([
    'NOT_REGISTERED→REGISTERED', // the account proved its e-mail or phone
    'PRE_REGISTERED→NOT_REGISTERED', // an account took the pre-registration's tickets over: retired
    'REGISTERED→NOT_REGISTERED', // the account was deleted: its fan retired
    'NOT_REGISTERED→NOT_REGISTERED', // an unproven account deleted: blanked, status as it was
  ])
  const pairs = REGISTRATION_STATUSES.flatMap((from) =>
    REGISTRATION_STATUSES.map((to) => [from, to] as const),
  )

  it.each(pairs)('%s → %s is allowed only when the table says so', (from, to) => {
    expect(canRegistrationTransition(from, to)).toBe(allowed.has(`${from}→${to}`))
    if (allowed.has(`${from}→${to}`)) expect(() => assertRegistrationMove(from, to)).not.toThrow()
    else expect(() => assertRegistrationMove(from, to)).toThrow()
  })

  it('a pre-registration never becomes an account by itself: whoever proves the contact signs up', () => {
    expect(canRegistrationTransition('PRE_REGISTERED', 'REGISTERED')).toBe(false)
  })

  it('a fan is born pre-registered or unproven, never registered', () => {
    expect(() => assertRegistrationStart('PRE_REGISTERED')).not.toThrow()
    expect(() => assertRegistrationStart('NOT_REGISTERED')).not.toThrow()
    expect(() => assertRegistrationStart('REGISTERED')).toThrow()
  })
})
