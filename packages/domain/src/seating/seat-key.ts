/**
 * Seats are named `${sectionCode}/${rowLabel}-${seatNumber}` across a venue: spec §3's seat code
 * (`row-seat`) prefixed by its section, the key the seat map, the holds and best available share.
 * Unnumbered slots use the row UNNUMBERED.
 */
export interface SeatKeyParts {
  section: string
  row: string
  seat: number
}

export const seatKeyOf = (parts: SeatKeyParts): string => `${parts.section}/${parts.row}-${parts.seat}`
