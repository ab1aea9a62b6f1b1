import { describe, expect, it } from 'vitest'
import {
  calendarDateIn,
  parseCalendarDate,
  parseTimeOfDay,
  parseWallClock,
  wallClockToInstant,
} from './zoned-time.js'

describe('parseCalendarDate', () => {
  it.each([
    ['2026-06-21', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2026-02-29', false],
    ['1900-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['0999-12-31', false],
    ['2026-6-21', false],
    ['21/06/2026', false],
    [' 2026-06-21', false],
  ])('%j → %s', (text, valid) => {
    expect(parseCalendarDate(text) !== undefined).toBe(valid)
  })
})

describe('parseTimeOfDay', () => {
  it.each([
    ['00:00', true],
    ['07:30', true],
    ['23:59', true],
    ['24:00', false],
    ['7:30', false],
    ['07:60', false],
    ['07:30:00', false],
  ])('%j → %s', (text, valid) => {
    expect(parseTimeOfDay(text) !== undefined).toBe(valid)
  })
})

describe('wallClockToInstant', () => {
  const instant = (text: string, timeZone: string) => {
    const wall = parseWallClock(text)
    if (!wall) throw new Error(`not a wall clock: ${text}`)
    return wallClockToInstant(wall, timeZone)?.toISOString()
  }

  it.each([
    ['2026-06-21T19:30', 'America/Bogota', '2026-06-22T00:30:00.000Z'],
    ['2026-01-01T00:00', 'America/Bogota', '2026-01-01T05:00:00.000Z'],
    // Mexico dropped daylight saving time in October 2022: UTC−6 all year since.
    ['2026-06-21T19:30', 'America/Mexico_City', '2026-06-22T01:30:00.000Z'],
    ['2021-07-01T12:00', 'America/Mexico_City', '2021-07-01T17:00:00.000Z'],
    ['2021-12-01T12:00', 'America/Mexico_City', '2021-12-01T18:00:00.000Z'],
    ['2026-06-21T19:30', 'UTC', '2026-06-21T19:30:00.000Z'],
    // Clocks went back at 02:00 on 1 November 2026: 01:30 happened twice; the first one is taken.
    ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
  ])('%s in %s → %s', (text, timeZone, expected) => {
    expect(instant(text, timeZone)).toBe(expected)
  })

  it('names no instant for a wall clock skipped when clocks go forward', () => {
    expect(instant('2026-03-08T02:30', 'America/New_York')).toBeUndefined()
  })

  it('refuses wall clocks before standard time', () => {
    expect(parseWallClock('1899-12-31T23:59')).toBeUndefined()
    expect(parseWallClock('1900-01-01T00:00')).toBeDefined()
  })
})

describe('calendarDateIn', () => {
  it('is the date in the zone, not in UTC', () => {
    const instant = new Date('2026-05-01T03:00:00Z')
    expect(calendarDateIn(instant, 'America/Bogota')).toBe('2026-04-30')
    expect(calendarDateIn(instant, 'UTC')).toBe('2026-05-01')
  })
})
