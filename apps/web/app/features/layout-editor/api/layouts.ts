import type { Layout } from '@palco/domain/seating/layout'
import type { LayoutList, LayoutSummary } from '@palco/domain/seating/layout-editor-contract'
import type { LayoutProblem } from '@palco/domain/seating/layout-validation'
import type { ServerContext } from '@palco/domain/web/server-context'
import { ApiError, apiRequest, jsonBodyOf, NETWORK_ERROR_CODE, parseProblem } from '../../../lib/api-client'

/** The back-office layout editor's calls (issue 18, `/api/admin/layouts`), admins and layout editors. */

export const LAYOUTS_PATH = '/api/admin/layouts'
export const layoutPath = (id: string) => `${LAYOUTS_PATH}/${encodeURIComponent(id)}`

export type LayoutDetail = LayoutSummary & { data: Layout }

/** Every version of every layout, with the venues a new one can be drawn for. Server side (loaders). */
export const listLayouts = (api: ServerContext['api']) => api<LayoutList>(LAYOUTS_PATH)

/** The document itself is fetched by the browser, not carried in the page: a stadium is megabytes. */
export const getLayout = (id: string, signal?: AbortSignal) =>
  apiRequest<LayoutDetail>(layoutPath(id), signal ? { signal } : {})

export const createLayout = (body: { venueId: string; name: string; data: Layout }) =>
  apiRequest<LayoutSummary>(LAYOUTS_PATH, { method: 'POST', body: { ...body, draft: true } })

/**
 * Saves the document. A draft is saved in place (same id); a published version is never changed, so the
 * answer is then a new draft with its own id, which the page moves to.
 */
export const saveLayout = (id: string, data: Layout) =>
  apiRequest<LayoutSummary>(layoutPath(id), { method: 'PUT', body: { data } })

export const exportLayoutPath = (id: string) => `${layoutPath(id)}/layout.json`

/** A refusal with what the answer says beyond its code (problems of the check, or where an import failed). */
export class LayoutApiError extends ApiError {
  constructor(
    base: ApiError,
    readonly problems: LayoutProblem[] = [],
    readonly reason: string | null = null,
    readonly path: string | null = null,
  ) {
    super(base.code, base.status, base.fields, base.message)
  }
}

/** The problem body's extras, at its top level or under `details` (the error handler's place for them). */
function extrasOf(body: unknown): { problems: LayoutProblem[]; reason: string | null; path: string | null } {
  const top = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const details =
    top.details && typeof top.details === 'object' ? (top.details as Record<string, unknown>) : {}
  const pick = (key: string) => top[key] ?? details[key]
  const problems = pick('problems')
  const reason = pick('reason')
  const path = pick('path')
  return {
    problems: Array.isArray(problems) ? (problems as LayoutProblem[]) : [],
    reason: typeof reason === 'string' ? reason : null,
    path: typeof path === 'string' ? path : null,
  }
}

/** Like apiRequest, but a refusal keeps the body's problems, reason and path (LayoutApiError). */
async function layoutRequest<T>(path: string, body: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, 0)
  }
  const json = await jsonBodyOf(response)
  if (!response.ok) {
    const extras = extrasOf(json)
    throw new LayoutApiError(parseProblem(response.status, json), extras.problems, extras.reason, extras.path)
  }
  return json as T
}

/** Publishes a draft; the answer lists the warnings that did not block it. */
export const publishLayout = (id: string) =>
  layoutRequest<LayoutSummary & { problems: LayoutProblem[] }>(`${layoutPath(id)}/publish`, {})

/** Imports a layout.json file's text as a new draft (as the next version when the name is taken). */
export const importLayout = (body: { venueId: string; name: string; file: string }) =>
  layoutRequest<LayoutSummary>(`${LAYOUTS_PATH}/import`, body)
