import { decodeRuns, encodeRuns, type PlaceState, seatStateFor } from '@palco/domain/seating/availability'
import { describe, expect, it } from 'vitest'
import { smallLayout } from './layout-fixtures'
import { PLACE_CODE, PLACE_LETTERS, VISUAL, VISUAL_STATES, visualCodeOf } from './place-codes'
import { decodeRunsInto, PlaceStates } from './place-states'
import { buildVenue } from './venue-model'

const letters = (a: Uint8Array) => [...a].map((c) => PLACE_LETTERS[c]).join('')

describe('decodeRunsInto', () => {
  it.each(['A', 'A12', 'AH2S3B', 'B4A', 'S10H1A2'])('matches the domain decoder for %s', (encoded) => {
    const expected = decodeRuns(encoded)
    const out = new Uint8Array(expected.length)
    expect(decodeRunsInto(encoded, out)).toBe(expected.length)
    expect(letters(out)).toBe(expected.join(''))
  })

  it('round-trips a long mixed encoding', () => {
    const states: PlaceState[] = Array.from(
      { length: 5000 },
      (_, i) => PLACE_LETTERS[(i * 7 + (i >> 5)) % 4] as PlaceState,
    )
    const out = new Uint8Array(states.length)
    decodeRunsInto(encodeRuns(states), out)
    expect(letters(out)).toBe(states.join(''))
  })

  it('ignores places beyond the array and reports the described length', () => {
    const out = new Uint8Array(3).fill(PLACE_CODE.B)
    expect(decodeRunsInto('A5', out)).toBe(5)
    expect(letters(out)).toBe('AAA')
  })

  it('throws on a letter that is not a place state', () => {
    expect(() => decodeRunsInto('A2X', new Uint8Array(3))).toThrow(/bad state/)
  })
})

describe('visual codes', () => {
  it('agree with the domain seatStateFor for every combination', () => {
    for (const letter of PLACE_LETTERS) {
      for (const mine of [false, true]) {
        for (const selected of [false, true]) {
          expect(VISUAL_STATES[visualCodeOf(PLACE_CODE[letter], mine, selected)]).toBe(
            seatStateFor(letter, mine, selected),
          )
        }
      }
    }
  })
})

// Places: A 12 (rows A-C × 4), A_BOX 2, B 6, GENERAL 5, PARKING 3.
const availability = {
  eventId: 'e1',
  version: 10,
  sections: { A: 'A4H2S2B2A2', A_BOX: 'A2', B: 'S6', GENERAL: 'A3S2', PARKING: 'A3' },
}

function loaded() {
  const venue = buildVenue(smallLayout())
  const states = new PlaceStates(venue)
  states.load(availability)
  return { venue, states }
}

describe('PlaceStates', () => {
  it('decodes every section into typed arrays in layout order', () => {
    const { states } = loaded()
    expect(letters(states.place[0] as Uint8Array)).toBe('AAAAHHSSBBAA')
    expect(letters(states.place[3] as Uint8Array)).toBe('AAASS')
    expect([...states.available]).toEqual([6, 2, 0, 3, 3])
    expect(states.visualAt(0, 4)).toBe(VISUAL.RESERVED_BY_ANOTHER)
    expect(states.visualAt(0, 6)).toBe(VISUAL.UNAVAILABLE)
    expect(states.visualAt(0, 8)).toBe(VISUAL.UNAVAILABLE)
    expect([...(states.visualCounts[0] as Int32Array)]).toEqual([6, 0, 0, 2, 4])
  })

  it('shows a section missing from the snapshot, or a disabled one, as unavailable', () => {
    const layout = smallLayout()
    const b = layout.sections[1]
    if (b) b.disabled = true
    const states = new PlaceStates(buildVenue(layout))
    states.load({ eventId: 'e1', version: 1, sections: { B: 'A6' } })
    expect(letters(states.place[0] as Uint8Array)).toBe('B'.repeat(12))
    expect(letters(states.place[2] as Uint8Array)).toBe('B'.repeat(6))
    expect(states.available[2]).toBe(0)
  })

  it('patches single places from a live change and reports the sections touched', () => {
    const { states } = loaded()
    const result = states.apply({
      version: 11,
      changes: [
        { section: 'A', index: 0, state: 'H' },
        { section: 'B', index: 5, state: 'A' },
      ],
    })
    expect(result?.sections).toEqual(new Set([0, 2]))
    expect(states.visualAt(0, 0)).toBe(VISUAL.RESERVED_BY_ANOTHER)
    expect(states.visualAt(2, 5)).toBe(VISUAL.AVAILABLE)
    expect(states.available[0]).toBe(5)
    expect(states.available[2]).toBe(1)
    expect([...(states.visualCounts[0] as Int32Array)]).toEqual([5, 0, 0, 3, 4])
    expect(states.version).toBe(11)
  })

  it('ignores changes no newer than what is shown, and unknown places', () => {
    const { states } = loaded()
    expect(states.apply({ version: 10, changes: [{ section: 'A', index: 0, state: 'S' }] })).toBeNull()
    expect(states.visualAt(0, 0)).toBe(VISUAL.AVAILABLE)
    const result = states.apply({
      version: 12,
      changes: [
        { section: 'NOPE', index: 0, state: 'S' },
        { section: 'A', index: 99, state: 'S' },
      ],
    })
    expect(result?.sections.size).toBe(0)
  })

  it('shows the selection and the fan’s own holds, touching only the seats that changed', () => {
    const { states } = loaded()
    expect(states.setSelected(new Set(['A/A-1', 'A/A-2']))).toEqual(new Set([0]))
    expect(states.visualAt(0, 0)).toBe(VISUAL.SELECTED)
    expect(states.setMine(new Set(['A/B-1', 'UNKNOWN/A-1', 'not a key']))).toEqual(new Set([0]))
    // B-1 is place 4, held (H) by the server: for the fan it is their own reservation.
    expect(states.visualAt(0, 4)).toBe(VISUAL.RESERVED)
    expect(states.setSelected(new Set(['A/A-2']))).toEqual(new Set([0]))
    expect(states.visualAt(0, 0)).toBe(VISUAL.AVAILABLE)
    expect(states.visualAt(0, 1)).toBe(VISUAL.SELECTED)
    expect(states.setSelected(new Set(['A/A-2']))).toEqual(new Set())
  })

  it('reports selected seats someone else has just taken', () => {
    const { states } = loaded()
    states.setSelected(new Set(['A/A-2', 'A/A-3']))
    const result = states.apply({ version: 11, changes: [{ section: 'A', index: 1, state: 'H' }] })
    expect(result?.taken).toEqual(['A/A-2'])
    expect(states.visualAt(0, 1)).toBe(VISUAL.RESERVED_BY_ANOTHER)
    expect(states.visualAt(0, 2)).toBe(VISUAL.SELECTED)
  })

  it('locates seat keys', () => {
    const { states } = loaded()
    expect(states.locate('A/C-4')).toEqual({ section: 0, place: 11 })
    expect(states.locate('A_BOX/A-2')).toEqual({ section: 1, place: 1 })
    expect(states.locate('A/Z-1')).toBeNull()
    expect(states.locate('GENERAL/A-1')).toBeNull()
  })
})
