/**
 * Who a page of the shared checkout flow speaks to (DESIGN §4 rule 6): the fan buying online, or the
 * operator selling to a buyer at the counter. The same components serve both; only their wording differs.
 */
export type Actor = 'fan' | 'operator'

/**
 * The i18next context of a text worded for the operator: `key_counter` beside the fan's `key` (which it falls
 * back to), joined with any context of the text's own ("counter_seats").
 */
export function wordingOf(actor: Actor | undefined, own?: string): string | undefined {
  return [actor === 'operator' ? 'counter' : null, own].filter(Boolean).join('_') || undefined
}
