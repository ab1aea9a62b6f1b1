// An instant as a clock on a wall in a given zone, through the platform's own time-zone data (Intl): every
// page shows dates and times, and a date library with its locales and zone support was about 6 KB of each
// page's first download and a tenth of a second of a slowed-down phone's hydration (issue 13).

/** What a clock on the wall in a zone shows at an instant, to the second. */
export interface ZonedClock {
  year: number
  /** 1–12 */
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

// Building a formatter takes far longer than using one: one per zone, reused. The Gregorian calendar and
// Latin digits whatever the platform's defaults.
const formatters = new Map<string, Intl.DateTimeFormat>()

/** Throws a RangeError for a zone Intl does not know: a misconfigured event or venue, not a fan's mistake. */
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

export const assertTimeZone = (timeZone: string): void => {
  formatterFor(timeZone)
}

/** The wall clock by the platform's time-zone rules (Intl). */
export function platformWallClockAt(ms: number, timeZone: string): ZonedClock {
  const clock: ZonedClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 }
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type in clock) clock[part.type as keyof ZonedClock] = Number(part.value)
  }
  return clock
}

/**
 * Zones whose clocks have kept one offset since a known instant (the time-zone database: Colombia last
 * changed in 1993, Mexico City and Monterrey dropped daylight saving in October 2022): from then on the wall
 * clock is arithmetic. The first Intl formatter for a zone loads that zone's rules, about 50 ms of a
 * slowed-down phone's hydration of every page that shows a date (issue 13). If a country changes its clocks
 * again, the test beside this file, which compares these with the platform's rules, fails where the new rules
 * apply.
 */
const FIXED_OFFSETS: Readonly<Record<string, { since: number; minutes: number }>> = {
  UTC: { since: Number.NEGATIVE_INFINITY, minutes: 0 },
  'America/Bogota': { since: Date.UTC(1993, 3, 4, 4), minutes: -300 },
  'America/Mexico_City': { since: Date.UTC(2022, 9, 30, 7), minutes: -360 },
  'America/Monterrey': { since: Date.UTC(2022, 9, 30, 7), minutes: -360 },
}

/** The wall clock in `timeZone` at the instant `ms` (milliseconds since the epoch). */
export function wallClockAt(ms: number, timeZone: string): ZonedClock {
  const fixed = FIXED_OFFSETS[timeZone]
  if (!fixed || ms < fixed.since) return platformWallClockAt(ms, timeZone)
  const d = new Date(Math.floor(ms / 1000) * 1000 + fixed.minutes * 60_000)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  }
}

/** Milliseconds of a wall clock read as if it were UTC (setUTCFullYear keeps years below 100 literal). */
export const wallAsUtcMs = (c: Omit<ZonedClock, 'second'> & { second?: number }): number => {
  const date = new Date(0)
  date.setUTCFullYear(c.year, c.month - 1, c.day)
  date.setUTCHours(c.hour, c.minute, c.second ?? 0, 0)
  return date.getTime()
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `ms`, in milliseconds (Bogotá: −5 h). */
export function offsetAt(ms: number, timeZone: string): number {
  return wallAsUtcMs(wallClockAt(ms, timeZone)) - Math.floor(ms / 1000) * 1000
}

// ISO 8601 as the API and the forms write it: a date, optionally a time, optionally an offset.
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/**
 * An ISO 8601 string on the wall in `timeZone`. One with an offset (or Z) is an instant, moved into the zone;
 * one without is already a date or a wall-clock time there (a venue's local time), so it is read as written.
 * Undefined when the text is not such a date, or names a day or time that does not exist.
 */
export function wallClockOfIso(text: string, timeZone: string): ZonedClock | undefined {
  const m = ISO.exec(text.trim())
  if (!m) return undefined
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((v) =>
    Number(v ?? 0),
  ) as [number, number, number, number, number, number]
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 59) return undefined
  const offset = m[7]
  if (offset === undefined) return { year, month, day, hour, minute, second }
  const digits = offset.replace(':', '')
  const ahead = /^z$/i.test(offset) ? 0 : Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0)
  const sign = offset.startsWith('-') ? -1 : 1
  return wallClockAt(Date.UTC(year, month - 1, day, hour, minute, second) - sign * ahead * 60_000, timeZone)
}
