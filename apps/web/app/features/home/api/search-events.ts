import type { EventPage } from '@palco/domain/catalog/event-card'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/events?…`: one page of filtered results. */
export const searchEvents = (api: ServerContext['api'], queryString: string) =>
  api<EventPage>(`/api/events${queryString ? `?${queryString}` : ''}`)
