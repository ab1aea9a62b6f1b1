import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

interface Entry {
  /** UTF-8 bytes, encoded once: a hit writes them as they are. */
  body: Buffer
  etag: string
  /** Until then the entry is served as it is. */
  freshUntil: number
  /** Until then a stale entry is still served while one refresh runs behind it. */
  staleUntil: number
}

/**
 * A small in-process cache of serialised public responses. The catalogue is the same for every visitor
 * of a country and changes rarely, so a few seconds of reuse turns most requests into a map lookup
 * (bench/catalog). Three rules keep it cheap under load:
 * - one computation per key at a time (concurrent misses share it, no stampede on expiry);
 * - a just-expired entry is served while that one refresh runs, so no visitor waits for the database
 *   on a hot key (stale for at most another TTL);
 * - bounded: query strings are visitor input, so the oldest entry goes once it is full.
 * Per process, not shared: with N app nodes a change shows everywhere within two TTLs.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>()
  private readonly inflight = new Map<string, Promise<Entry>>()

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The entry for `key`, computing it (once, however many callers ask) when missing or stale. */
  async resolve(key: string, compute: () => Promise<string>, now = Date.now()): Promise<Entry> {
    const hit = this.entries.get(key)
    if (hit && hit.freshUntil > now) return hit
    let pending = this.inflight.get(key)
    if (!pending) {
      pending = compute()
        .then((json) => this.set(key, json, Date.now()))
        .catch((error: unknown) => {
          // The answer is now an error (e.g. the event was unpublished): stop serving the old one.
          this.entries.delete(key)
          throw error
        })
        .finally(() => this.inflight.delete(key))
      this.inflight.set(key, pending)
    }
    if (hit && hit.staleUntil > now) {
      pending.catch(() => {})
      return hit
    }
    return pending
  }

  set(key: string, json: string, now: number): Entry {
    const entry = {
      body: Buffer.from(json),
      etag: etagOf(json),
      freshUntil: now + this.ttlMs,
      staleUntil: now + 2 * this.ttlMs,
    }
    this.entries.delete(key)
    this.entries.set(key, entry)
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    return entry
  }

  /** Drop everything, e.g. after a catalogue change; the next request recomputes. */
  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}

/** Weak: compression changes the bytes on the wire, not the representation. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`
}

/** RFC 9110 weak comparison against an If-None-Match header (a list, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = bare(etag)
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted)
}

export interface CachedSendOptions<S extends z.ZodType> {
  cache: ResponseCache
  /** Everything the body depends on besides the country (which is always part of the key). */
  key: string
  schema: S
  /** Seconds browsers and shared caches may reuse the response. */
  maxAge: number
  compute: () => Promise<z.input<S>>
}

/**
 * Answers a public GET from the cache or by computing it: the body is checked against its contract once,
 * when it is made, then served as ready JSON with an ETag; a matching If-None-Match gets 304. Varies by
 * host because the country (and so language and currency) comes from it.
 */
export async function sendCached<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: CachedSendOptions<S>,
): Promise<void> {
  const entry = await opts.cache.resolve(`${request.country}|${opts.key}`, async () =>
    JSON.stringify(opts.schema.parse(await opts.compute())),
  )
  reply.header('cache-control', `public, max-age=${opts.maxAge}, stale-while-revalidate=${opts.maxAge}`)
  reply.header('vary', 'host')
  reply.header('etag', entry.etag)
  if (etagMatches(request.headers['if-none-match'], entry.etag)) {
    reply.code(304).send()
    return
  }
  // Already JSON bytes: Fastify sends a Buffer as it is, without serialising again.
  reply.type('application/json; charset=utf-8').send(entry.body)
}

/**
 * The route handler form of `sendCached`. It answers through `reply` and returns nothing, the callback
 * style Fastify supports next to async handlers: an async handler that sends would have to return the
 * reply, which the zod type provider types as the response body. A failure goes to the error handler.
 */
export function answerCached<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: CachedSendOptions<S>,
): void {
  sendCached(request, reply, opts).catch((error: unknown) => {
    reply.send(error)
  })
}
