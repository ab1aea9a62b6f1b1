import type { TourDetail } from '@palco/domain/catalog/event-detail'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/tour?slug=`: a tour and its upcoming dates. */
export function getTour(api: ServerContext['api'], slug: string) {
  return api<TourDetail>(`/api/tour?slug=${encodeURIComponent(slug)}`)
}
