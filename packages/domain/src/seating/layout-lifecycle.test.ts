import { describe, expect, it } from 'vitest'
import { LAYOUT_STATUSES } from './layout-editor-contract.js'
import { assertLayoutMove, assertLayoutStart, canLayoutTransition } from './layout-lifecycle.js'

describe('layout version status (DESIGN §4.5)', () => {
  it.each(LAYOUT_STATUSES.flatMap((from) => LAYOUT_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s: only a draft is published, and nothing is unpublished',
    (from, to) => {
      const legal = from === 'DRAFT' && to === 'PUBLISHED'
      expect(canLayoutTransition(from, to)).toBe(legal)
      if (!legal) expect(() => assertLayoutMove(from, to)).toThrow(/Illegal layout move/)
    },
  )

  it('creates a version as a draft or published, nothing else', () => {
    expect(() => assertLayoutStart('DRAFT')).not.toThrow()
    expect(() => assertLayoutStart('PUBLISHED')).not.toThrow()
    expect(() => assertLayoutStart('ARCHIVED')).toThrow()
  })
})
