import type { EventDetail } from '@palco/domain/catalog/event-detail'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/event?slug=` through the server's in-process API. */
export function getEvent(api: ServerContext['api'], slug: string) {
  return api<EventDetail>(`/api/event?slug=${encodeURIComponent(slug)}`)
}
