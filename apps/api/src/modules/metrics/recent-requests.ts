/**
 * The last minute of requests per route, in this process, for rules that act on the spot (the waiting room's
 * pause rule reads it): the same requests `http_request_duration_seconds` counts, without a round trip
 * through Prometheus. Each route keeps 12 slots of 5 s, each a histogram of latencies on a log scale
 * (4 buckets per doubling, 1 ms to about 65 s), so memory is fixed per route and recording is a few
 * additions; a read sums the slots of the last 55–60 s.
 */

const SLOT_MS = 5_000
const SLOTS = 12
/** Bucket i holds latencies in (2^((i-1)/4), 2^(i/4)] ms; the first everything up to 1 ms, the last the rest. */
const PER_DOUBLING = 4
const BUCKETS = 16 * PER_DOUBLING + 1

const upperMs = (i: number) => 2 ** (i / PER_DOUBLING)
const lowerMs = (i: number) => (i === 0 ? 0 : upperMs(i - 1))
const bucketOf = (ms: number) =>
  ms <= 1 ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log2(ms) * PER_DOUBLING))

interface Slot {
  /** Which 5 s this slot counts (time / SLOT_MS); an older one is cleared before reuse. */
  epoch: number
  requests: number
  errors: number
  buckets: Uint32Array
}

class RouteWindow {
  readonly slots: Slot[] = Array.from({ length: SLOTS }, () => ({
    epoch: -1,
    requests: 0,
    errors: 0,
    buckets: new Uint32Array(BUCKETS),
  }))

  record(epoch: number, ms: number, error: boolean) {
    const slot = this.slots[epoch % SLOTS] as Slot
    if (slot.epoch !== epoch) {
      slot.epoch = epoch
      slot.requests = 0
      slot.errors = 0
      slot.buckets.fill(0)
    }
    slot.requests++
    if (error) slot.errors++
    const b = bucketOf(ms)
    slot.buckets[b] = (slot.buckets[b] ?? 0) + 1
  }
}

/** A route's last minute summed over its methods (or one of them). */
interface Totals {
  requests: number
  errors: number
  buckets: Uint32Array
}

export interface RecentRequests {
  /** Requests answered in the last minute. */
  count(route: string, method?: string): number
  /** The 95th percentile of their latency in seconds, or null when there were none. */
  latencyP95(route: string, method?: string): number | null
  /** The share of them answered with a 5xx, or null when there were none. */
  errorRatio(route: string, method?: string): number | null
}

/** Routes are Fastify's patterns (`/api/events/:id`), the same as the `route` label; `method` all by default. */
export class RecentRequestWindow implements RecentRequests {
  readonly #routes = new Map<string, Map<string, RouteWindow>>()

  constructor(private readonly now: () => number = Date.now) {}

  record(method: string, route: string, seconds: number, statusCode: number) {
    let methods = this.#routes.get(route)
    if (!methods) {
      methods = new Map()
      this.#routes.set(route, methods)
    }
    let window = methods.get(method)
    if (!window) {
      window = new RouteWindow()
      methods.set(method, window)
    }
    window.record(Math.floor(this.now() / SLOT_MS), seconds * 1000, statusCode >= 500)
  }

  count(route: string, method?: string): number {
    return this.#totals(route, method).requests
  }

  latencyP95(route: string, method?: string): number | null {
    const { requests, buckets } = this.#totals(route, method)
    if (requests === 0) return null
    const rank = Math.ceil(0.95 * requests)
    let below = 0
    for (let i = 0; i < BUCKETS; i++) {
      const n = buckets[i] ?? 0
      if (below + n >= rank) {
        // Spread evenly inside the bucket: a fair guess, and never outside the bucket's bounds.
        const within = (rank - below) / n
        return (lowerMs(i) + (upperMs(i) - lowerMs(i)) * within) / 1000
      }
      below += n
    }
    return upperMs(BUCKETS - 1) / 1000
  }

  errorRatio(route: string, method?: string): number | null {
    const { requests, errors } = this.#totals(route, method)
    return requests === 0 ? null : errors / requests
  }

  #totals(route: string, method: string | undefined): Totals {
    const totals: Totals = { requests: 0, errors: 0, buckets: new Uint32Array(BUCKETS) }
    const methods = this.#routes.get(route)
    if (!methods) return totals
    const current = Math.floor(this.now() / SLOT_MS)
    const oldest = current - SLOTS + 1
    for (const [name, window] of methods) {
      if (method !== undefined && name !== method) continue
      for (const slot of window.slots) {
        // A slot from the future is one the wall clock stepped back over: not the last minute either.
        if (slot.epoch < oldest || slot.epoch > current) continue
        totals.requests += slot.requests
        totals.errors += slot.errors
        for (let i = 0; i < BUCKETS; i++)
          totals.buckets[i] = (totals.buckets[i] ?? 0) + (slot.buckets[i] ?? 0)
      }
    }
    return totals
  }
}
