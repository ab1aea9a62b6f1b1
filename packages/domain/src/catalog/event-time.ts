import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'

/**
 * An instant as ISO 8601 with the venue's UTC offset ("2026-06-21T19:30:00-05:00"): what schema.org's
 * startDate wants, so a search engine shows the local time rather than a UTC one.
 */
export function isoWithOffset(instant: Date | string, timeZone: string): string {
  const date = new TZDate(new Date(instant).getTime(), timeZone)
  return format(date, "yyyy-MM-dd'T'HH:mm:ssXXX")
}
