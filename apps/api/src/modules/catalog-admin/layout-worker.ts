import { Worker } from 'node:worker_threads'
import type { PreparedLayout } from '@palco/domain/seating/layout-document'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type LayoutJob, type LayoutJobResult, runLayoutJob } from './layout-jobs.js'

/**
 * Layout documents are worked on in one worker thread (docs/decisions.md, "Big layouts off the event
 * loop"): parsing, validating, checking and serialising a 500,000-seat document takes seconds of CPU,
 * during which no other request of the process would be answered. The worker starts on the first big
 * document and is unref'd, so it never keeps the process alive. Jobs queue in the worker, one at a time.
 *
 * Run from sources (the test runner), there is no compiled worker file to start: jobs then run inline,
 * through the same functions.
 */
const WORKER_FILE = new URL('./layout-documents.worker.js', import.meta.url)
const COMPILED = import.meta.url.endsWith('.js')

/** Bodies smaller than this are parsed in place: the trip to the worker would cost more than the work. */
export const INLINE_BODY_BYTES = 256 * 1024

type Pending = { resolve: (r: LayoutJobResult) => void; reject: (e: Error) => void }
const pending = new Map<number, Pending>()
let worker: Worker | null = null
let nextId = 0

function failAll(err: Error) {
  for (const p of pending.values()) p.reject(err)
  pending.clear()
  worker = null
}

function startWorker(): Worker {
  const w = new Worker(WORKER_FILE)
  w.unref()
  w.on('message', (m: { id: number; result?: LayoutJobResult; error?: string }) => {
    const p = pending.get(m.id)
    pending.delete(m.id)
    if (!p) return
    if (m.result) p.resolve(m.result)
    else p.reject(new Error(m.error ?? 'layout worker failed'))
  })
  w.on('error', failAll)
  w.on('exit', () => failAll(new Error('layout worker exited')))
  return w
}

export function runLayoutJobOffThread(job: LayoutJob): Promise<LayoutJobResult> {
  if (!COMPILED) return Promise.resolve().then(() => runLayoutJob(job))
  worker ??= startWorker()
  const w = worker
  const id = ++nextId
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject })
    w.postMessage({ ...job, id })
  })
}

/**
 * A request body's `data` already prepared by the worker. The prepared JSON text sits in a private field,
 * out of reach of the request-wide walks (the input guard's) that would otherwise read megabytes again.
 */
export class PreparedDocument {
  readonly #prepared: PreparedLayout
  constructor(prepared: PreparedLayout) {
    this.#prepared = prepared
  }
  get prepared(): PreparedLayout {
    return this.#prepared
  }
}

const malformed = () =>
  Object.assign(new Error('The request body is not valid JSON.'), {
    code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    statusCode: 400,
  })

/**
 * The JSON parser of the layout routes: a big body goes to the worker as text and comes back as its small
 * fields plus a PreparedDocument; a small one is parsed here as usual (the service prepares its document
 * itself). Prototype keys are harmless either way: the routes' schemas and layoutSchema build new objects
 * of known keys only.
 */
export function useLayoutBodyParser(app: FastifyInstance, bodyLimit: number) {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    async (request: FastifyRequest, text: string | Buffer) => {
      const body = String(text)
      if (body.length < INLINE_BODY_BYTES) {
        try {
          return JSON.parse(body)
        } catch {
          throw malformed()
        }
      }
      const publishUnlessDraft =
        request.method === 'POST' && request.routeOptions.url === '/api/admin/layouts'
      const result = await runLayoutJobOffThread({ op: 'body', text: body, publishUnlessDraft })
      if (result.kind === 'malformed') throw malformed()
      if (result.kind !== 'body' || !result.prepared)
        return result.kind === 'body' ? result.envelope : undefined
      return { ...result.envelope, data: new PreparedDocument(result.prepared) }
    },
  )
}
