/**
 * The browser's way to call our own `/api/*` routes (same origin, cookie session). Every failure becomes an
 * `ApiError` carrying the problem JSON's `code` (a spec §8 name or one of ours) and its `fields`, so forms
 * can put field messages on their inputs and show the code's translated text (DESIGN §6).
 */

import { takePrefetched } from './prefetch'

/** Field name → message key (a VALIDATION_MESSAGES key, or an error code for a field-specific refusal). */
export type FieldErrors = Record<string, string>

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly code: string
  readonly status: number
  readonly fields: FieldErrors
  /** A page of ours the problem points to (the waiting room a refused purchase goes back to), or null. */
  readonly next: string | null

  constructor(
    code: string,
    status: number,
    fields: FieldErrors = {},
    detail?: string,
    next: string | null = null,
  ) {
    super(detail ?? code)
    this.code = code
    this.status = status
    this.fields = fields
    this.next = next
  }
}

export const isApiError = (x: unknown): x is ApiError => x instanceof ApiError

/** Whatever a call threw, as an ApiError a page can show (anything unexpected reads as UnknownException). */
export const asApiError = (x: unknown): ApiError => (isApiError(x) ? x : new ApiError('UnknownException', 0))

// The spec's catalogue (§8) names a failed connection 'Network error'; it has its own translated text.
export const NETWORK_ERROR_CODE = 'Network error'

/** When the answer carries no usable code (a proxy's HTML page, an empty body), the status decides. */
function codeOfStatus(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  if (status === 429) return 'RATE_LIMITED'
  if (status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE'
  if (status >= 500) return 'INTERNAL'
  return 'UnknownException'
}

function stringRecord(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const out: FieldErrors = {}
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string' && v) out[key] = v
  return out
}

/** Reads a failed answer's body (already parsed, or null when it was not JSON) into an ApiError. */
export function parseProblem(status: number, body: unknown): ApiError {
  const problem =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const code = typeof problem.code === 'string' && problem.code.trim() ? problem.code : codeOfStatus(status)
  const detail = typeof problem.detail === 'string' ? problem.detail : undefined
  // Only a path of this site (never another origin): `details.queue` of WAITING_ROOM_PASS_INVALID.
  const queue = (problem.details as { queue?: unknown } | undefined)?.queue
  const next = typeof queue === 'string' && /^\/[a-z-]+\/[0-9a-f-]{36}$/.test(queue) ? queue : null
  return new ApiError(code, status, stringRecord(problem.fields), detail, next)
}

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
}

/** A response's body as JSON, or null when it is empty, unreadable or not JSON (an error page, say). */
export async function jsonBodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Calls an API path and returns its JSON; throws ApiError on any failure, network ones included. */
export async function apiRequest<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const hasBody = init.body !== undefined
  let response: Response
  // A GET the server's page already started (lib/prefetch.ts); a failed one is simply asked again.
  const prefetched = hasBody || (init.method ?? 'GET') !== 'GET' ? null : takePrefetched(path)
  try {
    const early = prefetched ? await prefetched.catch(() => null) : null
    init.signal?.throwIfAborted()
    response =
      early ??
      (await fetch(path, {
        method: init.method ?? (hasBody ? 'POST' : 'GET'),
        credentials: 'same-origin',
        headers: { accept: 'application/json', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        ...(hasBody ? { body: JSON.stringify(init.body) } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
      }))
  } catch (err) {
    // An abort is the caller's own decision, not a failure to report.
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiError(NETWORK_ERROR_CODE, 0)
  }
  const body = await jsonBodyOf(response)
  if (!response.ok) throw parseProblem(response.status, body)
  return body as T
}
