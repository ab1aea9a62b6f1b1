/**
 * The dashboards' pure rules (issue 43 part 6): their addresses, and the series a chart and its table show.
 */

export const eventDashboardPath = (eventId: string) =>
  `/backoffice/events/${encodeURIComponent(eventId)}/dashboard`

export const ORGANISER_DASHBOARD_PATH = '/backoffice/dashboard'

export const organiserDashboardHref = (organiserId: string | null) =>
  organiserId
    ? `${ORGANISER_DASHBOARD_PATH}?organiser=${encodeURIComponent(organiserId)}`
    : ORGANISER_DASHBOARD_PATH

/** An id from the address: a UUID or nothing (anything else would be refused by the API). */
export const organiserParam = (text: string | null): string | null =>
  text && /^[0-9a-f-]{36}$/i.test(text) ? text : null

export const SALES_SPANS = ['hour', 'day'] as const
export type SalesSpan = (typeof SALES_SPANS)[number]

export const spanParam = (text: string | null): SalesSpan => (text === 'hour' ? 'hour' : 'day')

/** A point in time of a chart: seconds since the epoch (uPlot's x), and the text its table shows. */
export interface ChartSeries {
  /** Seconds since the epoch, ascending. */
  x: number[]
  series: { key: string; values: number[] }[]
}

/** A day `YYYY-MM-DD` of the event's zone, placed at noon UTC (the same day in Bogotá and Mexico City). */
export const dayInstant = (day: string) => `${day}T12:00:00Z`

/** Hourly or daily figures as a chart's series, in order. */
export function timeSeries<T extends Record<string, unknown>>(
  rows: readonly T[],
  at: (row: T) => string,
  keys: readonly (keyof T & string)[],
): ChartSeries {
  return {
    x: rows.map((r) => Date.parse(at(r)) / 1000),
    series: keys.map((key) => ({ key, values: rows.map((r) => Number(r[key] ?? 0)) })),
  }
}

/** Share of a whole, in whole percent (0 for an empty whole). */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part * 100) / whole) : 0)

/** How often an open dashboard asks again (the rollups lag a sale by a couple of seconds). */
export const REFRESH_MS = 5_000
