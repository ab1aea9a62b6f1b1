import {
  type PreparedLayout,
  prepareLayoutDocument,
  prepareLayoutPublication,
} from '@palco/domain/seating/layout-document'

/**
 * The work on a layout document that runs off the event loop (layout-worker.ts): plain data in, plain data
 * out, so it can cross to a worker thread and back as a string and a few numbers.
 *
 * - `body`: a request body as the client sent it (JSON text). Everything but `data` comes back as parsed;
 *   `data`, when present, comes back prepared (layout-document.ts), never as objects.
 * - `publication`: a stored draft's JSON text, checked for publishing.
 */
export type LayoutJob =
  | { op: 'body'; text: string; publishUnlessDraft: boolean }
  | { op: 'publication'; text: string }

export type LayoutJobResult =
  | { kind: 'malformed' }
  | { kind: 'body'; envelope: Record<string, unknown>; prepared: PreparedLayout | null }
  | { kind: 'publication'; prepared: PreparedLayout }

export function runLayoutJob(job: LayoutJob): LayoutJobResult {
  if (job.op === 'publication') return { kind: 'publication', prepared: prepareLayoutPublication(job.text) }
  let body: unknown
  try {
    body = JSON.parse(job.text)
  } catch {
    return { kind: 'malformed' }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { kind: 'body', envelope: body as Record<string, unknown>, prepared: null }
  const { data, ...envelope } = body as Record<string, unknown>
  if (!('data' in body)) return { kind: 'body', envelope, prepared: null }
  // POST /api/admin/layouts publishes at once unless it says draft: true.
  const publish = job.publishUnlessDraft && envelope.draft !== true
  return { kind: 'body', envelope, prepared: prepareLayoutDocument(data, { publish }) }
}
