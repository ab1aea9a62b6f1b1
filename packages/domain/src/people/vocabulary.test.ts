import { describe, expect, it } from 'vitest'
import { documentTypeSchema, roleSchema, SESSION_KEY } from './vocabulary.js'

describe('people vocabulary (spec §3, §9)', () => {
  it.each([
    ['CC', true],
    ['NIT', true],
    ['CINPAM', true],
    ['cc', false],
    ['CURP', false],
  ])('document type %s valid → %s', (value, expected) => {
    expect(documentTypeSchema.safeParse(value).success).toBe(expected)
  })

  it.each([
    ['fan', true],
    ['operator', true],
    ['admin', true],
    ['assistant', false],
  ])('role %s valid → %s', (value, expected) => {
    expect(roleSchema.safeParse(value).success).toBe(expected)
  })

  it('keeps the session under user_session', () => {
    expect(SESSION_KEY).toBe('user_session')
  })
})
