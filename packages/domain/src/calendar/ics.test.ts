import { describe, expect, it } from 'vitest'
import { calendarFile, escapeText, foldLine, localStamp, utcOffset, utf8Length } from './ics.js'

const match = {
  uid: 'event-1@palco',
  title: 'Nacional vs. Millonarios, fecha 12',
  startsAt: '2026-12-05T01:00:00.000Z',
  endsAt: '2026-12-05T03:00:00.000Z',
  timeZone: 'America/Bogota',
  location: 'Estadio Atanasio Girardot, Medellín',
  description: 'Sección Norte; fila 3',
  url: 'https://palco.co/events/nacional',
}

describe('calendar files (issue 44 item 10)', () => {
  it('writes the start and end on the venue’s clock, with its offset', () => {
    expect(localStamp(match.startsAt, 'America/Bogota')).toBe('20261204T200000')
    expect(utcOffset(match.startsAt, 'America/Bogota')).toBe('-0500')
    expect(localStamp(match.startsAt, 'America/Mexico_City')).toBe('20261204T190000')
    expect(utcOffset(match.startsAt, 'America/Mexico_City')).toBe('-0600')
    const file = calendarFile(match, new Date('2026-11-30T12:00:00Z'))
    expect(file).toContain('DTSTART;TZID=America/Bogota:20261204T200000\r\n')
    expect(file).toContain('DTEND;TZID=America/Bogota:20261204T220000\r\n')
    expect(file).toContain('TZOFFSETTO:-0500\r\n')
    expect(file).toContain('DTSTAMP:20261130T120000Z\r\n')
    expect(file.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true)
  })

  it('escapes text and folds long lines without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne')
    const long = `SUMMARY:${'ñ'.repeat(60)}`
    const folded = foldLine(long)
    for (const line of folded.split('\r\n'))
      expect([...line].reduce((n, ch) => n + utf8Length(ch), 0)).toBeLessThanOrEqual(75)
    expect(utf8Length('ñ')).toBe(2)
    expect(folded.replace(/\r\n /g, '')).toBe(long)
  })
})
