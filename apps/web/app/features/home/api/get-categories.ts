import type { Category } from '@palco/domain/catalog/event-detail'
import type { ServerContext } from '@palco/domain/web/server-context'

/** `GET /api/categories`, named in the site's language. */
export const getCategories = (api: ServerContext['api']) => api<Category[]>('/api/categories')
