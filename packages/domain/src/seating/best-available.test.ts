import { describe, expect, it } from 'vitest'
import type { PlaceState } from './availability.js'
import {
  bestAvailable,
  chooseBestAvailable,
  planBestAvailable,
  proposeBestAvailable,
} from './best-available.js'
import type { LayoutSection } from './layout.js'

/** Rows A (y=0, nearest the stage at y=-10) and B (y=10), seats 1..n at x = seat number. */
function section(rows: Record<string, number>): LayoutSection {
  return {
    code: 'S1',
    name: 'S1',
    color: '#000',
    disabled: false,
    zoneType: 'GRANDSTAND',
    numbered: true,
    viewDirection: 'NORTH',
    shape: { type: 'path', points: [0, 0, 1, 0, 1, 1] },
    rows: Object.entries(rows).map(([label, n], r) => ({
      label,
      seats: Array.from({ length: n }, (_, i) => [i + 1, i + 1, r * 10] as [number, number, number]),
    })),
  }
}

const states = (s: string) => s.split('') as PlaceState[]

describe('bestAvailable', () => {
  it.each([
    // [row sizes, states (A free, S sold), quantity, expected row, expected seat numbers]
    [{ A: 6 }, 'AAAAAA', 2, 'A', [3, 4]],
    [{ A: 6 }, 'AAAAAA', 6, 'A', [1, 2, 3, 4, 5, 6]],
    [{ A: 5 }, 'SAAAS', 2, null, null], // taking 2 of 3 always strands one seat
    [{ A: 5 }, 'SAAAS', 3, 'A', [2, 3, 4]],
    [{ A: 6 }, 'SAAAAS', 2, 'A', [2, 3]], // [3,4] would strand seats 2 and 5
    [{ A: 4, B: 4 }, 'SSSSAAAA', 2, 'B', [3, 4]], // [2,3] would strand seats 1 and 4
    [{ A: 4, B: 4 }, 'AAAAAAAA', 4, 'A', [1, 2, 3, 4]], // nearest row wins
    [{ A: 3 }, 'AAA', 4, null, null],
    [{ A: 3 }, 'HAA', 2, 'A', [2, 3]],
  ])('rows %o states %s quantity %i → row %s seats %o', (rows, s, quantity, row, seats) => {
    const result = bestAvailable({
      section: section(rows),
      states: states(s),
      quantity,
      focus: { x: 3.5, y: -10 },
    })
    if (row === null) expect(result).toBeNull()
    else expect(result).toMatchObject({ rowLabel: row, seatNumbers: seats })
  })

  it('skips excluded places and unnumbered sections', () => {
    const s = section({ A: 4 })
    expect(
      bestAvailable({
        section: s,
        states: states('AAAA'),
        quantity: 2,
        focus: { x: 2.5, y: 0 },
        excluded: new Set([1]),
      }),
    ).toMatchObject({ seatNumbers: [3, 4] })
    expect(
      bestAvailable({
        section: { ...s, numbered: false, capacity: 10 },
        states: [],
        quantity: 1,
        focus: { x: 0, y: 0 },
      }),
    ).toBeNull()
  })
})

/** One row A of `seats` seats at height y, seat n at x = n; the stage's centre is (3.5, -10). */
function band(code: string, y: number, seats: number, extra: Partial<LayoutSection> = {}): LayoutSection {
  return {
    ...section({ A: seats }),
    code,
    name: code,
    rows: [
      {
        label: 'A',
        seats: Array.from({ length: seats }, (_, i) => [i + 1, i + 1, y] as [number, number, number]),
      },
    ],
    ...extra,
  }
}

const stage = { x: 0, y: -20, width: 7, height: 20 }
const NEAR = band('NEAR', 0, 6)
const FAR = band('FAR', 50, 6)
const BESIDE = band('BESIDE', 0, 6)

describe('chooseBestAvailable', () => {
  const free = 'AAAAAA'
  it.each([
    {
      name: 'the section whose block starts nearest the stage',
      sections: [FAR, NEAR],
      states: { FAR: free, NEAR: free },
      ask: { quantity: 2 },
      expected: { section: 'NEAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'the earlier section on a tie',
      sections: [BESIDE, NEAR],
      states: { BESIDE: free, NEAR: free },
      ask: { quantity: 2 },
      expected: { section: 'BESIDE', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'a preferred section, even farther',
      sections: [NEAR, FAR],
      states: { FAR: free, NEAR: free },
      ask: { quantity: 2, preferredSections: ['FAR'] },
      expected: { section: 'FAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'the first preferred section in layout order, not in the order the fan saved them',
      sections: [FAR, NEAR],
      states: { FAR: free, NEAR: free },
      ask: { quantity: 2, preferredSections: ['NEAR', 'FAR'] },
      expected: { section: 'FAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'the nearest other section when the preferred one has no room',
      sections: [NEAR, FAR, BESIDE],
      states: { NEAR: free, FAR: 'SSSSSS', BESIDE: free },
      ask: { quantity: 2, preferredSections: ['FAR'] },
      expected: { section: 'NEAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'only the section asked for',
      sections: [NEAR, FAR],
      states: { FAR: free, NEAR: free },
      ask: { quantity: 2, section: 'FAR', preferredSections: ['NEAR'] },
      expected: { section: 'FAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'nothing for a section the event does not have',
      sections: [NEAR],
      states: { NEAR: free },
      ask: { quantity: 2, section: 'NOPE' },
      expected: null,
    },
    {
      name: 'not a section no price zone sells',
      sections: [band('UNSOLD', 0, 6), FAR],
      states: { UNSOLD: free, FAR: free },
      ask: { quantity: 2 },
      expected: { section: 'FAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'not a disabled section',
      sections: [band('SHUT', 0, 6, { disabled: true }), FAR],
      states: { SHUT: free, FAR: free },
      ask: { quantity: 2 },
      expected: { section: 'FAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'not an unnumbered section',
      sections: [band('PISTA', 0, 6, { numbered: false, capacity: 6, rows: undefined }), FAR],
      states: { PISTA: free, FAR: free },
      ask: { quantity: 2 },
      expected: { section: 'FAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'a nested section',
      sections: [{ ...FAR, sections: [band('PALCO', 0, 6)] }],
      states: { FAR: free, PALCO: free },
      ask: { quantity: 2 },
      expected: { section: 'PALCO', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'not a section without availability',
      sections: [NEAR, FAR],
      states: { FAR: free },
      ask: { quantity: 2 },
      expected: { section: 'FAR', rowLabel: 'A', seatNumbers: [3, 4] },
    },
    {
      name: 'around restricted seats, but a PREFERENTIAL one is for anyone',
      sections: [band('NEAR', 0, 6, { restrictions: { 'A-4': 'EXCLUSIVE', 'A-5': 'PREFERENTIAL' } })],
      states: { NEAR: free },
      ask: { quantity: 2 },
      expected: { section: 'NEAR', rowLabel: 'A', seatNumbers: [5, 6] },
    },
    {
      name: 'past held and sold seats',
      sections: [NEAR, FAR],
      states: { NEAR: 'AAHSAA', FAR: free },
      ask: { quantity: 2 },
      expected: { section: 'NEAR', rowLabel: 'A', seatNumbers: [1, 2] },
    },
    {
      name: 'nothing when no row has room',
      sections: [NEAR, FAR],
      states: { NEAR: 'AAHSAA', FAR: 'AASAAS' },
      ask: { quantity: 3 },
      expected: null,
    },
  ])('proposes $name', ({ sections, states: byCode, ask, expected }) => {
    const plan = planBestAvailable({ stage, sections }, (code) => code !== 'UNSOLD')
    const choice = chooseBestAvailable(plan, {
      ...ask,
      statesOf: (code) => {
        const s = (byCode as Record<string, string | undefined>)[code]
        return s === undefined ? undefined : states(s)
      },
    })
    expect(choice).toEqual(expected)
  })
})

describe('planBestAvailable', () => {
  it('keeps sellable numbered sections in layout order, with their restricted places and the focus', () => {
    const plan = planBestAvailable(
      {
        stage,
        sections: [
          band('NEAR', 0, 4, {
            restrictions: { 'A-2': 'BLOCKED', 'A-3': 'PREFERENTIAL', 'A-4': 'EXCLUSIVE' },
          }),
          { ...FAR, sections: [band('PALCO', 0, 2)] },
          band('SHUT', 0, 2, { disabled: true }),
          band('UNSOLD', 0, 2),
        ],
      },
      (code) => code !== 'UNSOLD',
    )
    expect(plan.focus).toEqual({ x: 3.5, y: -10 })
    expect(plan.candidates.map((c) => [c.section.code, [...c.excluded]])).toEqual([
      ['NEAR', [1, 3]],
      ['FAR', []],
      ['PALCO', []],
    ])
  })
})

describe('proposeBestAvailable', () => {
  const plan = planBestAvailable({ stage, sections: [band('VIP-2', 0, 6), FAR] }, () => true)
  const statesOf = (code: string) => (code === 'VIP-2' ? states('SSAAAA') : states('AAAAAA'))

  it('answers the chosen block as seat keys to hold, in row order', () => {
    expect(proposeBestAvailable(plan, { quantity: 4, statesOf })).toEqual({
      section: 'VIP-2',
      row: 'A',
      seats: ['VIP-2/A-3', 'VIP-2/A-4', 'VIP-2/A-5', 'VIP-2/A-6'],
    })
  })

  it('answers nothing when no section has room', () => {
    expect(proposeBestAvailable(plan, { quantity: 7, statesOf })).toBeNull()
  })
})
