/**
 * A calendar file (RFC 5545) for one event or ticket (issue 44 item 10): the fan adds the match to their
 * phone's calendar, at the venue's local time. Times are written in the venue's zone (`TZID`) with a
 * VTIMEZONE giving that zone's offset at the event, so the calendar shows the same hour the ticket says
 * whichever zone the phone is in. Colombia and Mexico keep no daylight saving time (Mexico since 2022), so
 * one STANDARD rule is exact for both; a zone that changes offset between start and end gets both offsets.
 */
export interface CalendarEntry {
  /** Stable across downloads, so importing it again updates the entry instead of adding another. */
  uid: string
  title: string
  startsAt: string
  endsAt: string
  /** The venue's IANA zone. */
  timeZone: string
  location: string
  description: string
  url: string
}

const pad = (n: number) => String(n).padStart(2, '0')

function partsIn(iso: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return {
    y: get('year'),
    mo: get('month'),
    d: get('day'),
    h: get('hour'),
    mi: get('minute'),
    s: get('second'),
  }
}

/** The instant as the venue's clock shows it: 20261204T200000. */
export function localStamp(iso: string, timeZone: string): string {
  const p = partsIn(iso, timeZone)
  return `${p.y}${pad(p.mo)}${pad(p.d)}T${pad(p.h)}${pad(p.mi)}${pad(p.s)}`
}

/** The zone's offset from UTC at that instant: -0500. */
export function utcOffset(iso: string, timeZone: string): string {
  const p = partsIn(iso, timeZone)
  const local = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s)
  const minutes = Math.round((local - new Date(iso).setUTCMilliseconds(0)) / 60_000)
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
}

const utcStamp = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

/** TEXT values escape backslashes, semicolons, commas and line breaks (RFC 5545 §3.3.11). */
export const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** A character's length in UTF-8, the octets the format counts. */
export function utf8Length(ch: string): number {
  const code = ch.codePointAt(0) ?? 0
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a character (§3.1). */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const size = utf8Length(ch)
    const limit = out.length === 0 ? 75 : 74
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

function timeZoneBlock(entry: CalendarEntry): string[] {
  const offsets = [...new Set([entry.startsAt, entry.endsAt].map((at) => utcOffset(at, entry.timeZone)))]
  const first = offsets[0] as string
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${entry.timeZone}`,
    ...offsets.flatMap((offset) => [
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset === first ? offset : first}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
    ]),
    'END:VTIMEZONE',
  ]
}

/** The whole file, CRLF line ends as the format requires. */
export function calendarFile(entry: CalendarEntry, stampedAt: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Palco//Boletas//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...timeZoneBlock(entry),
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${utcStamp(stampedAt)}`,
    `DTSTART;TZID=${entry.timeZone}:${localStamp(entry.startsAt, entry.timeZone)}`,
    `DTEND;TZID=${entry.timeZone}:${localStamp(entry.endsAt, entry.timeZone)}`,
    `SUMMARY:${escapeText(entry.title)}`,
    `LOCATION:${escapeText(entry.location)}`,
    `DESCRIPTION:${escapeText(entry.description)}`,
    `URL:${entry.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
