// @ts-check
// A small, well-understood load generator on node:http: keep-alive agents (one socket per virtual client),
// closed loops (each client sends its next request when the previous answer has been read in full), and a
// synchronised burst. Latency is measured from just before the request is written to the last byte of the
// response, with performance.now(), on loopback.
import http from 'node:http'
import { performance } from 'node:perf_hooks'

/** An HTTP client for one server with up to `connections` keep-alive sockets. */
export function httpClient(base, connections) {
  const url = new URL(base)
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: connections,
    maxFreeSockets: connections,
    scheduling: 'fifo',
  })
  /**
   * @param {{ method?: string, path: string, headers?: Record<string,string>, body?: unknown, raw?: boolean }} spec
   * @returns {Promise<{ status: number, ms: number, bytes: number, headers: http.IncomingHttpHeaders, body: any, start: number }>}
   */
  const send = (spec) =>
    new Promise((resolve, reject) => {
      const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body)
      const headers = { ...(spec.headers ?? {}) }
      if (payload !== undefined) {
        headers['content-type'] = 'application/json'
        headers['content-length'] = String(Buffer.byteLength(payload))
      }
      const start = performance.now()
      const req = http.request(
        { host: url.hostname, port: url.port, method: spec.method ?? 'GET', path: spec.path, headers, agent },
        (res) => {
          const chunks = []
          res.on('data', (c) => chunks.push(c))
          res.on('end', () => {
            const ms = performance.now() - start
            const buf = Buffer.concat(chunks)
            let body = buf
            if (!spec.raw) {
              const text = buf.toString('utf8')
              try {
                body = text ? JSON.parse(text) : null
              } catch {
                body = text
              }
            }
            resolve({ status: res.statusCode ?? 0, ms, bytes: buf.length, headers: res.headers, body, start })
          })
          res.on('error', reject)
        },
      )
      req.setTimeout(60_000, () => req.destroy(new Error('request timed out after 60 s')))
      req.on('error', reject)
      if (payload !== undefined) req.write(payload)
      req.end()
    })
  return { base, agent, send, close: () => agent.destroy() }
}

/**
 * Closed loop: `concurrency` virtual clients, each sending `next(i)` (i = global request number) until
 * `durationMs` has passed or `maxRequests` were started or `next` returns null. Clients are spread over
 * `clients` round-robin. Returns every sample and the measured window.
 */
export async function closedLoop({ clients, concurrency, durationMs, maxRequests, next }) {
  let issued = 0
  const samples = []
  const errors = []
  const t0 = performance.now()
  const end = t0 + durationMs
  const worker = async (k) => {
    const client = clients[k % clients.length]
    while (performance.now() < end && issued < maxRequests) {
      const i = issued++
      const spec = next(i, k)
      if (!spec) return
      try {
        const res = await client.send(spec)
        samples.push({
          i,
          status: res.status,
          ms: res.ms,
          at: res.start - t0 + res.ms,
          body: spec.keepBody ? res.body : undefined,
          code: res.status >= 400 ? (res.body?.code ?? res.body?.error) : undefined,
        })
      } catch (err) {
        errors.push(String(err))
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, k) => worker(k)))
  const elapsedMs = performance.now() - t0
  return { samples, errors, elapsedMs, issued }
}

/** Opens `n` sockets on each client (n concurrent GETs of a cheap route) so a burst does not pay for connects. */
export async function warmSockets(clients, n, path = '/api/health') {
  await Promise.all(clients.flatMap((c) => Array.from({ length: n }, () => c.send({ path }))))
}

/**
 * Sends every spec at once (after `warmSockets`), spec k through clients[k % clients.length]; resolves when
 * all have answered. Each result keeps its spec index.
 */
export async function burst(clients, specs) {
  const t0 = performance.now()
  const results = await Promise.all(
    specs.map((spec, k) =>
      clients[k % clients.length]
        .send(spec)
        .then((r) => ({ k, ...r, at: r.start - t0 + r.ms }))
        .catch((err) => ({ k, status: 0, ms: Number.NaN, error: String(err), body: null, at: Number.NaN })),
    ),
  )
  return { results, elapsedMs: performance.now() - t0 }
}

/**
 * JSON requests sent from inside a browser page (playwright-core), so they carry the page's cookies and
 * host name as the site's own scripts would: `(method, path, body?) => { status, data }`.
 * @param {import('playwright-core').Page} page
 */
export const pageApi =
  (page) => (/** @type {string} */ method, /** @type {string} */ p, /** @type {unknown} */ body) =>
    page.evaluate(
      async ({ method, p, body }) => {
        const res = await fetch(p, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? null : JSON.stringify(body),
        })
        const text = await res.text()
        return { status: res.status, data: text ? JSON.parse(text) : null }
      },
      { method, p, body },
    )
