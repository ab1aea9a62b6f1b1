import type { SeatRef } from '@palco/domain/seating/hold-rules'

// The key's format has its home in the domain, next to best available that proposes keys.
export { seatKeyOf } from '@palco/domain/seating/seat-key'

/** The parts of a seat key, or null when it is not one. */
export function parseSeatKey(key: string): SeatRef | null {
  const slash = key.indexOf('/')
  const dash = key.lastIndexOf('-')
  if (slash <= 0 || dash <= slash + 1 || dash === key.length - 1) return null
  const seat = Number(key.slice(dash + 1))
  if (!Number.isInteger(seat) || seat < 0) return null
  return { section: key.slice(0, slash), row: key.slice(slash + 1, dash), seat }
}
