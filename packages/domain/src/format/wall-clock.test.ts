import { describe, expect, it } from 'vitest'
import { offsetAt, platformWallClockAt, wallClockAt, wallClockOfIso } from './wall-clock.js'

describe('wallClockAt and offsetAt', () => {
  it.each([
    ['2026-06-22T00:30:00Z', 'America/Bogota', [2026, 6, 21, 19, 30, 0], -300],
    ['2026-01-15T12:00:00Z', 'America/Mexico_City', [2026, 1, 15, 6, 0, 0], -360],
    // Daylight saving moves the offset with the date.
    ['2026-07-01T12:00:00Z', 'America/New_York', [2026, 7, 1, 8, 0, 0], -240],
    ['2026-01-01T00:00:00Z', 'Asia/Kolkata', [2026, 1, 1, 5, 30, 0], 330],
    ['2026-12-31T23:59:59.900Z', 'UTC', [2026, 12, 31, 23, 59, 59], 0],
  ] as const)('%s in %s', (iso, zone, [year, month, day, hour, minute, second], offset) => {
    const ms = Date.parse(iso)
    expect(wallClockAt(ms, zone)).toEqual({ year, month, day, hour, minute, second })
    expect(offsetAt(ms, zone)).toBe(offset * 60_000)
  })
})

describe('wallClockOfIso', () => {
  it.each([
    ['2025-03-05', [2025, 3, 5, 0, 0, 0]],
    ['2025-03-05T20:30', [2025, 3, 5, 20, 30, 0]],
    ['2025-03-05 20:30:15.250', [2025, 3, 5, 20, 30, 15]],
    ['2025-03-05T03:00:00Z', [2025, 3, 4, 22, 0, 0]],
    ['2025-03-05T03:00:00+00:00', [2025, 3, 4, 22, 0, 0]],
    ['2025-03-05T08:00:00+0500', [2025, 3, 4, 22, 0, 0]],
    ['2025-03-04T22:00:00-05', [2025, 3, 4, 22, 0, 0]],
    ['2024-02-29', [2024, 2, 29, 0, 0, 0]],
  ] as const)('%s on the wall in Bogotá', (text, [year, month, day, hour, minute, second]) => {
    expect(wallClockOfIso(text, 'America/Bogota')).toEqual({ year, month, day, hour, minute, second })
  })

  it.each(['', 'garbage', '2025-13-45', '2025-02-29', '2025-03-05T24:00', '2025-03-05T20:60', '5/3/2025'])(
    'refuses %j',
    (text) => {
      expect(wallClockOfIso(text, 'UTC')).toBeUndefined()
    },
  )
})

describe('the zones read without Intl', () => {
  it.each(['America/Bogota', 'America/Mexico_City', 'America/Monterrey', 'UTC'])(
    '%s agrees with the time-zone database every 6 hours from its last change (UTC: 2000) to 2040',
    (zone) => {
      const from =
        {
          'America/Bogota': Date.UTC(1993, 3, 4, 4),
          'America/Mexico_City': Date.UTC(2022, 9, 30, 7),
          'America/Monterrey': Date.UTC(2022, 9, 30, 7),
        }[zone] ?? Date.UTC(2000, 0, 1)
      for (let ms = from; ms < Date.UTC(2040, 0, 1); ms += 6 * 3_600_000 + 61_001) {
        const mine = wallClockAt(ms, zone)
        const theirs = platformWallClockAt(ms, zone)
        if (JSON.stringify(mine) !== JSON.stringify(theirs))
          expect({ at: new Date(ms).toISOString(), mine }).toEqual({
            at: new Date(ms).toISOString(),
            mine: theirs,
          })
      }
    },
  )

  it('reads a Mexico City time before 2022 by the rules of its day (daylight saving in summer)', () => {
    expect(wallClockAt(Date.UTC(2021, 6, 1, 12), 'America/Mexico_City').hour).toBe(7)
  })
})
