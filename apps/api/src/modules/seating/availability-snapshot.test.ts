import { describe, expect, it } from 'vitest'
import { AvailabilitySnapshot, type PlaceRow } from './availability-snapshot.js'

const row = (place: number, status: string, seq: number, until: number | null = null): PlaceRow => ({
  section_code: 'NORTE',
  place_index: place,
  status,
  hold_expires_at: until === null ? null : new Date(until),
  change_seq: seq,
})

describe('availability snapshot', () => {
  const now = 1_000_000

  it('encodes the places it was given, in section order, with the highest change as its version', () => {
    const snap = new AvailabilitySnapshot('e')
    snap.apply(
      [row(0, 'BLOCKED', 0), row(1, 'AVAILABLE', 0), row(2, 'SOLD', 7), row(3, 'HELD', 9, now + 60_000)],
      now,
    )
    snap.apply([{ ...row(0, 'AVAILABLE', 0), section_code: 'ALTA' }], now)
    expect(snap.encode()).toEqual({ eventId: 'e', version: 9, sections: { ALTA: 'A', NORTE: 'BASH' } })
  })

  it('patches changed places only, and reapplying a row changes nothing', () => {
    const snap = new AvailabilitySnapshot('e')
    snap.apply([row(0, 'AVAILABLE', 0), row(1, 'AVAILABLE', 0)], now)
    const generation = snap.generation
    snap.apply([row(1, 'HELD', 12, now + 60_000)], now)
    expect(snap.encode().sections.NORTE).toBe('AH')
    expect(snap.generation).toBe(generation + 1)
    snap.apply([row(1, 'HELD', 12, now + 60_000)], now)
    expect(snap.generation).toBe(generation + 1)
    expect(snap.version).toBe(12)
  })

  it('reads a hold as available once its time has passed, without any write (DESIGN §5)', () => {
    const snap = new AvailabilitySnapshot('e')
    snap.apply(
      [row(0, 'HELD', 3, now + 1_000), row(1, 'HELD', 4, now + 5_000), row(2, 'HELD', 5, now - 1)],
      now,
    )
    expect(snap.encode().sections.NORTE).toBe('H2A')
    expect(snap.expireDue(now + 999)).toBe(false)
    expect(snap.expireDue(now + 1_000)).toBe(true)
    expect(snap.encode().sections.NORTE).toBe('AHA')
    // A later hold on the same place replaces the old expiry.
    snap.apply([row(0, 'HELD', 6, now + 9_000)], now + 1_000)
    expect(snap.expireDue(now + 5_000)).toBe(true)
    expect(snap.encode()).toMatchObject({ version: 6, sections: { NORTE: 'HA2' } })
  })
})
