import type { EventPage } from '@palco/domain/catalog/event-card'
import type { SignUpListing } from '@palco/domain/catalog/vocabulary'
import type { ServerContext } from '@palco/domain/web/server-context'

/** A page of the list: few enough that each card's places can be looked up with it. */
export const INSCRIPTIONS_PAGE_SIZE = 12

/**
 * `GET /api/events?type=INSCRIPTION`: the country's open sign-ups, soonest first, one page; with a listing,
 * only races and tournaments (INSCRIPTION) or only courses and schools (ENROLLMENTS), spec §2.
 */
export function listInscriptions(api: ServerContext['api'], page: number, listing?: SignUpListing) {
  const query = new URLSearchParams({
    type: 'INSCRIPTION',
    page: String(page),
    size: String(INSCRIPTIONS_PAGE_SIZE),
  })
  if (listing) query.set('pageCategory', listing)
  return api<EventPage>(`/api/events?${query.toString()}`)
}
