import { wallAsUtcMs, wallClockAt } from '../format/wall-clock.js'

const two = (n: number) => String(Math.abs(n)).padStart(2, '0')

/**
 * An instant as ISO 8601 with the venue's UTC offset ("2026-06-21T19:30:00-05:00", "Z" at UTC): what
 * schema.org's startDate wants, so a search engine shows the local time rather than a UTC one.
 */
export function isoWithOffset(instant: Date | string, timeZone: string): string {
  const ms = new Date(instant).getTime()
  const c = wallClockAt(ms, timeZone)
  // The offset is what the clock shows less the instant (one reading of the zone, not two).
  const offset = Math.round((wallAsUtcMs(c) - Math.floor(ms / 1000) * 1000) / 60_000)
  const zone =
    offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${two(Math.trunc(offset / 60))}:${two(offset % 60)}`
  return `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}:${two(c.second)}${zone}`
}
