/**
 * Hold countdown arithmetic. Seconds are rounded up, so "00:00" is shown only once the hold has really
 * expired and the fan never sees zero while the seats are still theirs.
 */
export const remainingMs = (expiresAt: string | Date, nowMs: number): number =>
  Math.max(0, new Date(expiresAt).getTime() - nowMs)

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const minutes = Math.floor(total / 60)
  const seconds = total % 60
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}

export type CountdownAnnouncement = 'fiveMinutes' | 'oneMinute' | 'expired'

const THRESHOLDS: readonly [number, CountdownAnnouncement][] = [
  [0, 'expired'],
  [60_000, 'oneMinute'],
  [5 * 60_000, 'fiveMinutes'],
]

/**
 * What to announce when the remaining time goes from `before` to `after` (ms): the most urgent threshold
 * crossed, or null. A page opened with 3 minutes left says nothing until the 1-minute mark; a tab that
 * slept past several marks announces only the latest.
 */
export function announcementBetween(before: number, after: number): CountdownAnnouncement | null {
  for (const [at, what] of THRESHOLDS) {
    if (before > at && after <= at) return what
  }
  return null
}
