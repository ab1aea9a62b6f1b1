/**
 * Seat keys name one numbered seat across the whole venue: `${sectionCode}/${rowLabel}-${seatNumber}`.
 * The part after the slash is the ticket seat code of spec §3 (`row-seat`), so a key can be shown or sent
 * to the API without another lookup. Section codes never contain `/` (layout schema), and a row label may
 * contain a dash (`VIP-A`), so the seat number is read after the last dash (docs/decisions.md, tickets).
 */
export interface SeatKeyParts {
  section: string
  row: string
  seat: number
}

export const seatKeyOf = (sectionCode: string, rowLabel: string, seatNumber: number): string =>
  `${sectionCode}/${rowLabel}-${seatNumber}`

/** The parts of a key, or null when it is not one (so a stale or tampered key is ignored, not thrown). */
export function parseSeatKey(key: string): SeatKeyParts | null {
  const slash = key.indexOf('/')
  if (slash <= 0) return null
  const dash = key.lastIndexOf('-')
  if (dash <= slash + 1 || dash === key.length - 1) return null
  const digits = key.slice(dash + 1)
  if (!/^\d+$/.test(digits)) return null
  return { section: key.slice(0, slash), row: key.slice(slash + 1, dash), seat: Number(digits) }
}
