import type { CategorizedEvents } from '@palco/domain/catalog/event-card'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/events/categorized`: the three home sections. */
export const getCategorized = (api: ServerContext['api']) => api<CategorizedEvents>('/api/events/categorized')
