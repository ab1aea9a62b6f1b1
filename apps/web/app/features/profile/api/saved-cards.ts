import type { SavedCard } from '@palco/domain/checkout/contract'
import type { ServerContext } from '@palco/domain/web/server-context'
import { apiRequest } from '../../../lib/api-client'

/**
 * The fan's saved cards (issue 16): kept at the site's payment provider to charge paguitos installments on
 * their due dates; only the brand and last four digits are known here.
 */

/** `GET /api/payments/cards` (server side, for the profile's loader): the site's provider's cards. */
export function getSavedCards(api: ServerContext['api']) {
  return api<{ cards: SavedCard[] }>('/api/payments/cards')
}

/** `DELETE /api/payments/cards/:id`: the card is forgotten; plans charged on it are paid by hand from then on. */
export const removeSavedCard = (id: string) =>
  apiRequest<null>(`/api/payments/cards/${encodeURIComponent(id)}`, { method: 'DELETE' })
