// Calendar values of inscription forms (spec §2: DATE, TIME, DATETIME) and the event's wall clock. The
// browser and the API may run in any zone, so nothing here reads the machine's zone: a DATETIME is a wall
// clock in the event's IANA zone, turned into an instant with the zone's rules (`format/wall-clock.ts`: Intl,
// no tz library, so the web bundle carries none).
import { assertTimeZone, offsetAt, wallAsUtcMs, wallClockAt } from '../format/wall-clock.js'

export { assertTimeZone }

export type CalendarDate = { year: number; month: number; day: number }
export type TimeOfDay = { hour: number; minute: number }
export type WallClock = CalendarDate & TimeOfDay

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/

// Four-digit years from 1000: no era or sign to handle, and Date.UTC never reads them as 19xx.
const MIN_DATE_YEAR = 1000
// Before standard time, an IANA zone means the city's local mean time, and Intl switches to the Julian
// calendar before 1582; no inscription asks for such an instant, so DATETIME starts in 1900.
const MIN_WALL_CLOCK_YEAR = 1900

const DAY_MS = 86_400_000

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

const daysInMonth = (year: number, month: number): number => {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** `YYYY-MM-DD`, a real day of the Gregorian calendar. */
export const parseCalendarDate = (text: string): CalendarDate | undefined => {
  const match = DATE.exec(text)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < MIN_DATE_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return undefined
  return { year, month, day }
}

/** `HH:mm` on a 24-hour clock. */
export const parseTimeOfDay = (text: string): TimeOfDay | undefined => {
  const match = TIME.exec(text)
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : undefined
}

/** `YYYY-MM-DDTHH:mm`, what a datetime-local input sends. */
export const parseWallClock = (text: string): WallClock | undefined => {
  const match = WALL_CLOCK.exec(text)
  const date = match?.[1] === undefined ? undefined : parseCalendarDate(match[1])
  const time = match?.[2] === undefined ? undefined : parseTimeOfDay(match[2])
  if (!date || !time || date.year < MIN_WALL_CLOCK_YEAR) return undefined
  return { ...date, ...time }
}

/**
 * The instant a wall clock names in a zone. Offsets are taken a day either side too, so a change of offset
 * near the wall clock is seen. A wall clock skipped when clocks go forward names no instant (undefined: the
 * fan is asked again rather than given an hour they did not type); one repeated when clocks go back names
 * two, and the earlier is taken, as Temporal's default does.
 */
export const wallClockToInstant = (wall: WallClock, timeZone: string): Date | undefined => {
  const local = wallAsUtcMs(wall)
  const offsets = new Set([local - DAY_MS, local, local + DAY_MS].map((ms) => offsetAt(ms, timeZone)))
  const instants = [...offsets]
    .map((offset) => local - offset)
    .filter((instant) => instant + offsetAt(instant, timeZone) === local)
  return instants.length ? new Date(Math.min(...instants)) : undefined
}

/** The calendar date in a zone at an instant, as `YYYY-MM-DD`. */
export const calendarDateIn = (instant: Date, timeZone: string): string => {
  const { year, month, day } = wallClockAt(instant.getTime(), timeZone)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}
