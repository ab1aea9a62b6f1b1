import { UNNUMBERED } from './layout-vocabulary.js'

/**
 * Whether a purchase's places are all numbered seats. Only then do pages call them seats ("sillas"): a
 * race's inscriptions, a general-admission zone or a stand's standing room are tickets ("boletas"), and
 * "your seats are held" told a runner something that is not so (issue 13). Rows are as the API sends
 * them: a place without a seat number has the row UNNUMBERED.
 */
export const areAllNumberedSeats = (places: readonly { row: string }[]): boolean =>
  places.length > 0 && places.every((p) => p.row.trim().toUpperCase() !== UNNUMBERED)
