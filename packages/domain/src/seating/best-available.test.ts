import { describe, expect, it } from 'vitest'
import type { PlaceState } from './availability.js'
import { bestAvailable } from './best-available.js'
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
