import { wallClockAt } from '@palco/domain/format/wall-clock'
import { parseWallClock, wallClockToInstant } from '@palco/domain/forms/zoned-time'

/**
 * Times the operator types and reads at the counter are the venue's (DESIGN §5: events carry their venue's
 * IANA zone), never the browser's: a counter's computer set to another zone must not move a deadline by hours.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** An instant as a datetime-local field writes it (`YYYY-MM-DDTHH:mm`), on the venue's wall clock. */
export function venueFieldValue(instant: Date, timeZone: string): string {
  const c = wallClockAt(instant.getTime(), timeZone)
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`
}

/** The instant a datetime-local field's value names on the venue's wall clock; undefined if it names none. */
export function instantOfVenueField(value: string, timeZone: string): Date | undefined {
  const wall = parseWallClock(value)
  return wall ? wallClockToInstant(wall, timeZone) : undefined
}
