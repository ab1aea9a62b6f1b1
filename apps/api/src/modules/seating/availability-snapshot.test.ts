import { describe, expect, it } from 'vitest'
import { AvailabilitySnapshot, type PlaceRow, type SectionRow } from './availability-snapshot.js'

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

  it('loads a whole event from letter strings exactly as from its rows, holds and their expiry included', () => {
    const rows = [
      row(0, 'BLOCKED', 0),
      row(1, 'SOLD', 7),
      row(2, 'HELD', 9, now + 60_000),
      row(3, 'HELD', 4, now - 1),
      row(4, 'AVAILABLE', 11),
      { ...row(0, 'HELD', 2, now + 5_000), section_code: 'ALTA' },
    ]
    const byRows = new AvailabilitySnapshot('e')
    byRows.apply(rows, now)
    const sections: SectionRow[] = [
      {
        section_code: 'NORTE',
        places: 5,
        last_index: 4,
        states: 'BSHHA',
        version: 11,
        held_at: [2, 3],
        held_until: [now + 60_000, now - 1],
      },
      {
        section_code: 'ALTA',
        places: 1,
        last_index: 0,
        states: 'H',
        version: '2',
        held_at: [0],
        held_until: [`${now + 5_000}`],
      },
    ]
    const bySections = new AvailabilitySnapshot('e')
    bySections.load(sections, now)
    expect(bySections.encode()).toEqual(byRows.encode())
    expect(bySections.encode()).toEqual({
      eventId: 'e',
      version: 11,
      sections: { ALTA: 'H', NORTE: 'BSHA2' },
    })
    // The holds it loaded run out by the clock like any other.
    expect(bySections.expireDue(now + 5_000)).toBe(true)
    expect(bySections.encode().sections.ALTA).toBe('A')
    // And later changes patch it as usual.
    bySections.apply([row(4, 'SOLD', 12)], now)
    expect(bySections.encode()).toMatchObject({ version: 12, sections: { NORTE: 'BSHAS' } })
  })
})
