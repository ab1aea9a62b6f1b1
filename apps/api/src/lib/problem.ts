import { type ErrorCode, httpStatusOf, problemTitleOf } from '@palco/domain/errors/domain-error'

/** The `application/problem+json` body of DESIGN §6 (RFC 9457 members plus our `code` and `fields`). */
export interface Problem {
  type: string
  title: string
  status: number
  code: ErrorCode
  detail: string
  fields?: Record<string, string>
  /** Machine-readable specifics, e.g. `{ seats: [...] }` naming the seats a hold could not take. */
  details?: unknown
  requestId?: string
}

export function problem(
  code: ErrorCode,
  detail: string,
  extra: { fields?: Record<string, string> | undefined; details?: unknown; requestId?: string } = {},
): Problem {
  const body: Problem = {
    type: `urn:palco:problem:${code}`,
    title: problemTitleOf(code),
    status: httpStatusOf(code),
    code,
    detail,
  }
  if (extra.fields && Object.keys(extra.fields).length > 0) body.fields = extra.fields
  if (extra.details !== undefined) body.details = extra.details
  if (extra.requestId) body.requestId = extra.requestId
  return body
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'
