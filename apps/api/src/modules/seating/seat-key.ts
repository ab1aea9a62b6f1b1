import type { SeatRef } from './holds.repository.js'

/**
 * Seats are named `${sectionCode}/${row}-${seat}` (spec §3 seat code `row-seat`, prefixed by its section),
 * the same key the seat map uses; unnumbered slots use the row UNNUMBERED.
 */
export function seatKeyOf(ref: SeatRef): string {
  return `${ref.section}/${ref.row}-${ref.seat}`
}

export function parseSeatKey(key: string): SeatRef | null {
  const slash = key.indexOf('/')
  const dash = key.lastIndexOf('-')
  if (slash <= 0 || dash <= slash + 1 || dash === key.length - 1) return null
  const seat = Number(key.slice(dash + 1))
  if (!Number.isInteger(seat) || seat < 0) return null
  return { section: key.slice(0, slash), row: key.slice(slash + 1, dash), seat }
}
