import {
  ATTENDEE_SEARCH_MAX,
  type AttendeeExportView,
  type AttendeeRow,
  UNDERWAY_EXPORT_STATUSES,
} from '@palco/domain/reports/attendees'

/**
 * The attendee page's pure rules (issue 43 part 4): its address and query, which way an export goes, and what
 * an export's progress and link say.
 */

export const attendeesPath = (eventId: string) =>
  `/backoffice/events/${encodeURIComponent(eventId)}/attendees`

/** The search and page as a query string, leaving out what is at its default. */
export function attendeesQuery(query: { q: string; page: number }): string {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.page > 0) params.set('page', String(query.page))
  return params.toString()
}

export function attendeesHref(eventId: string, query: { q: string; page: number }): string {
  const search = attendeesQuery(query)
  return search ? `${attendeesPath(eventId)}?${search}` : attendeesPath(eventId)
}

/** The page asked for in the address: a whole number from 0 (the first), anything else the first. */
export function pageParam(text: string | null): number {
  const n = Number.parseInt(text ?? '', 10)
  return Number.isFinite(n) && n >= 0 && n <= 100_000 ? n : 0
}

/** The search in the address, as the API takes it. */
export const searchParam = (text: string | null): string => (text ?? '').trim().slice(0, ATTENDEE_SEARCH_MAX)

/** A small event downloads at once; a big one's export is a job with a link. */
export const exportModeOf = (tickets: number, directMax: number): 'direct' | 'job' =>
  tickets <= directMax ? 'direct' : 'job'

export const isUnderway = (x: Pick<AttendeeExportView, 'status'>): boolean =>
  (UNDERWAY_EXPORT_STATUSES as readonly string[]).includes(x.status)

/** How much of the file is written, 0–100; null until the worker knows how many rows there are. */
export function progressPercent(x: Pick<AttendeeExportView, 'rowsTotal' | 'rowsWritten' | 'status'>) {
  if (x.status === 'READY') return 100
  if (x.rowsTotal === null) return null
  if (x.rowsTotal === 0) return 0
  return Math.min(100, Math.round((100 * x.rowsWritten) / x.rowsTotal))
}

/** Whether the link in hand no longer works (asking for the export again gives a fresh one). */
export const linkStale = (x: Pick<AttendeeExportView, 'download'>, nowMs: number): boolean =>
  !x.download || Date.parse(x.download.expiresAt) <= nowMs

/** The place parts a row shows, in order; an unnumbered place has no row or seat. */
export function placeParts(row: Pick<AttendeeRow, 'zone' | 'section' | 'row' | 'seat'>) {
  const parts: { key: 'zone' | 'section' | 'row' | 'seat'; value: string }[] = []
  if (row.zone) parts.push({ key: 'zone', value: row.zone })
  if (row.section) parts.push({ key: 'section', value: row.section })
  if (row.row) parts.push({ key: 'row', value: row.row })
  if (row.seat !== null) parts.push({ key: 'seat', value: String(row.seat) })
  return parts
}

/** Replaces an export in a list by id, or puts it first: the newest comes first. */
export function withExport(list: readonly AttendeeExportView[], x: AttendeeExportView): AttendeeExportView[] {
  return list.some((e) => e.id === x.id) ? list.map((e) => (e.id === x.id ? x : e)) : [x, ...list]
}
