/**
 * How many places one pick may take: a fan chooses at most `fan` at once on the web (a zone's per-fan maximum
 * binds them further), and one hold request carries at most `request` (the counter sells a group at once).
 * The web's pickers and the API's hold contract both read these; no imports, so a page's script takes only this.
 */
export const MAX_PLACES_PER_PICK = { fan: 10, request: 50 } as const
