import type { EventPage } from '@palco/domain/catalog/event-card'
import type { ServerContext } from '@palco/domain/web/server-context'

/** A page of the list: few enough that each card's places can be looked up with it. */
export const INSCRIPTIONS_PAGE_SIZE = 12

/** `GET /api/events?type=INSCRIPTION`: the country's open inscriptions, soonest first, one page. */
export function listInscriptions(api: ServerContext['api'], page: number) {
  const query = new URLSearchParams({
    type: 'INSCRIPTION',
    page: String(page),
    size: String(INSCRIPTIONS_PAGE_SIZE),
  })
  return api<EventPage>(`/api/events?${query.toString()}`)
}
