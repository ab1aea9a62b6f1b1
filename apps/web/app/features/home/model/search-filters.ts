import {
  type EventSearchQuery,
  eventSearchQuerySchema,
  hasSearchFilters,
} from '@palco/domain/catalog/catalog-query'

/** The home page's GET form fields; the same names as the `/api/events` query. */
export const FILTER_FIELDS = ['q', 'category', 'sport'] as const
export type HomeFilters = Partial<Record<(typeof FILTER_FIELDS)[number], string>>

export interface HomeSearch {
  filters: HomeFilters
  page: number
  /** Some value could not be used (the API would refuse it); the page says so instead of failing. */
  invalid: boolean
  active: boolean
}

/** Reads the visitor's filters from the URL, keeping only what the API accepts. */
export function readHomeSearch(params: URLSearchParams): HomeSearch {
  const raw: Record<string, string> = {}
  for (const field of [...FILTER_FIELDS, 'page'] as const) {
    const value = params.get(field)
    if (value !== null) raw[field] = value
  }
  const parsed = eventSearchQuerySchema.safeParse(raw)
  if (!parsed.success) {
    return { filters: pick(raw), page: 0, invalid: true, active: true }
  }
  const query: EventSearchQuery = parsed.data
  return {
    filters: pick(query as Record<string, unknown>),
    page: query.page,
    invalid: false,
    active: hasSearchFilters(query),
  }
}

function pick(source: Record<string, unknown>): HomeFilters {
  const out: HomeFilters = {}
  for (const field of FILTER_FIELDS) {
    const value = source[field]
    if (typeof value === 'string' && value.trim() !== '') out[field] = value.trim()
  }
  return out
}

/** The query string for the filters at a page (page 0 is left out, as the form sends it). */
export function searchQueryString(filters: HomeFilters, page: number): string {
  const params = new URLSearchParams()
  for (const field of FILTER_FIELDS) {
    const value = filters[field]
    if (value) params.set(field, value)
  }
  if (page > 0) params.set('page', String(page))
  return params.toString()
}
