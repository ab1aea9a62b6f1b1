// An instant as a clock on a wall in a given zone, through the platform's own time-zone data (Intl): every
// page shows dates and times, and a date library with its locales and zone support was about 6 KB of each
// page's first download and a tenth of a second of a slowed-down phone's hydration (issue 13).

export interface WallClock {
  year: number
  /** 1–12 */
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

// Building a formatter takes far longer than using one: one per zone, reused.
const partsFormats = new Map<string, Intl.DateTimeFormat>()
const partsFormat = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = partsFormats.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    partsFormats.set(timeZone, formatter)
  }
  return formatter
}

/**
 * Zones whose clocks have kept one offset since a known instant (the time-zone database: Colombia last
 * changed in 1993, Mexico City and Monterrey dropped daylight saving in October 2022): from then on the wall clock is
 * arithmetic. The first Intl formatter for a zone loads that zone's rules, about 50 ms of a slowed-down
 * phone's hydration of every page that shows a date (issue 13). If a country changes its clocks again, the
 * test beside this file, which compares these with the platform's rules, fails where the new rules apply.
 */
const FIXED_OFFSETS: Readonly<Record<string, { since: number; minutes: number }>> = {
  UTC: { since: Number.NEGATIVE_INFINITY, minutes: 0 },
  'America/Bogota': { since: Date.UTC(1993, 3, 4, 4), minutes: -300 },
  'America/Mexico_City': { since: Date.UTC(2022, 9, 30, 7), minutes: -360 },
  'America/Monterrey': { since: Date.UTC(2022, 9, 30, 7), minutes: -360 },
}

/** The wall clock in `timeZone` at the instant `ms` (milliseconds since the epoch). */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const fixed = FIXED_OFFSETS[timeZone]
  if (fixed && ms >= fixed.since) {
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
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 }
  for (const part of partsFormat(timeZone).formatToParts(ms)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value)
  }
  return clock
}

/** Minutes `timeZone` is ahead of UTC at the instant `ms` (Bogotá: −300). */
export function offsetMinutesAt(ms: number, timeZone: string): number {
  const c = wallClockAt(ms, timeZone)
  const wallAsUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second)
  return Math.round((wallAsUtc - Math.floor(ms / 1000) * 1000) / 60_000)
}

/**
 * The instant the wall clock in `timeZone` shows `year-month-day hour:minute` (fields past their range roll
 * over: day 32 is the next month's first). In a daylight-saving gap or overlap, the zone's offset just before.
 */
export function instantOfWallClock(
  timeZone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
): number {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute)
  // The offset at a guess one offset away, then at the answer that gives: two steps settle every zone.
  const guess = wallAsUtc - offsetMinutesAt(wallAsUtc, timeZone) * 60_000
  return wallAsUtc - offsetMinutesAt(guess, timeZone) * 60_000
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
export function wallClockOfIso(text: string, timeZone: string): WallClock | undefined {
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
