import { describe, expect, it } from 'vitest'
import { applyChangeToSnapshot } from './apply-change'

const snapshot = { eventId: 'e', version: 5, sections: { A: 'A5', B: 'S3' } }

describe('applyChangeToSnapshot', () => {
  it('patches the places named and re-encodes only their sections', () => {
    const next = applyChangeToSnapshot(snapshot, {
      version: 6,
      changes: [
        { section: 'A', index: 1, state: 'H' },
        { section: 'A', index: 4, state: 'S' },
      ],
    })
    expect(next.sections).toEqual({ A: 'AHA2S', B: 'S3' })
    expect(next.version).toBe(6)
    expect(next.sections.B).toBe(snapshot.sections.B)
  })

  it('ignores stale changes, unknown sections and places outside the section', () => {
    expect(
      applyChangeToSnapshot(snapshot, { version: 5, changes: [{ section: 'A', index: 0, state: 'S' }] }),
    ).toBe(snapshot)
    const next = applyChangeToSnapshot(snapshot, {
      version: 7,
      changes: [
        { section: 'Z', index: 0, state: 'S' },
        { section: 'B', index: 9, state: 'A' },
      ],
    })
    expect(next.sections).toEqual(snapshot.sections)
  })
})
