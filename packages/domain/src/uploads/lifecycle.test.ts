import { describe, expect, it } from 'vitest'
import { assertUploadMove, canUploadTransition, UPLOAD_STATUSES } from './lifecycle.js'

const MOVES = new Set(['PENDING→COMPLETE', 'PENDING→REJECTED', 'COMPLETE→ATTACHED'])

describe('upload lifecycle', () => {
  it.each(UPLOAD_STATUSES.flatMap((from) => UPLOAD_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s follows the table',
    (from, to) => {
      expect(canUploadTransition(from, to)).toBe(MOVES.has(`${from}→${to}`))
      if (MOVES.has(`${from}→${to}`)) expect(() => assertUploadMove(from, to)).not.toThrow()
      else expect(() => assertUploadMove(from, to)).toThrow(/Illegal upload move/)
    },
  )
})
