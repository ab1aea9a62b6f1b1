import type { TourCard } from '@palco/domain/catalog/event-card'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/tours`: the country's tours with upcoming dates. */
export function listTours(api: ServerContext['api']) {
  return api<TourCard[]>('/api/tours')
}
