import fs from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
} from 'prom-client'
import type { DbHandle } from '../../db/dialect.js'
import { HttpSeries } from './http-series.js'
import { type RecentRequests, RecentRequestWindow } from './recent-requests.js'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

type Own<C> = Omit<C, 'registers'>

/**
 * The app's one metrics registry, for every module: a figure of Palco's own is named `palco_…` and
 * registered here (a gauge's `collect` reads it at each scrape), so `/metrics` shows it with the rest.
 * Labels are bounded sets, never a person, an event or an id: each value makes a series of its own.
 */
export interface Metrics {
  gauge<L extends string>(config: Own<GaugeConfiguration<L>>): Gauge<L>
  counter<L extends string>(config: Own<CounterConfiguration<L>>): Counter<L>
  /** prom-client's `observe` costs microseconds: for something every request does, count it as HttpSeries does. */
  histogram<L extends string>(config: Own<HistogramConfiguration<L>>): Histogram<L>
  /** The last minute of requests per route in this process, for rules that act at once. */
  recent: RecentRequests
  /** Everything in Prometheus text, as `/metrics` sends it (`prometheusContentType`). */
  scrape(): Promise<string>
}

// Any other method string becomes OTHER, so a client cannot mint label values.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

let processRegistry: Registry | undefined
/**
 * Node's own figures (`process_*`, `nodejs_*`) belong to the process, not to an app: one registry for the
 * process however many apps it builds (tests build many), since the event-loop monitor and the GC observer
 * they start never stop.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

const packageVersion = (): string =>
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version

function ownMetrics(registry: Registry, http: HttpSeries, recent: RecentRequests): Metrics {
  const own = (name: string) => {
    if (!name.startsWith('palco_')) throw new Error(`metric ${name}: Palco's own figures are named palco_…`)
    return [registry]
  }
  return {
    gauge: (config) => new Gauge({ ...config, registers: own(config.name) }),
    counter: (config) => new Counter({ ...config, registers: own(config.name) }),
    histogram: (config) => new Histogram({ ...config, registers: own(config.name) }),
    recent,
    scrape: async () =>
      `${await processMetrics().metrics()}\n${http.exposition()}\n${await registry.metrics()}`,
  }
}

/** Requests by route pattern (never the raw URL: its ids would make a series each), and their latency. */
function countRequests(app: FastifyInstance, http: HttpSeries, recent: RecentRequestWindow) {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const method = METHODS.has(request.method) ? request.method : 'OTHER'
    const seconds = reply.elapsedTime / 1000
    http.record(method, route, seconds, reply.statusCode)
    recent.record(method, route, seconds, reply.statusCode)
    done()
  })
}

/** The connection pool, read at each scrape; PGlite shows its one connection and the queue behind it. */
function poolMetrics(registry: Registry, db: DbHandle) {
  const figures = [
    ['palco_db_pool_connections_max', 'Connections the pool may open', 'max'],
    ['palco_db_pool_connections_in_use', 'Pooled connections running a query or transaction', 'inUse'],
    ['palco_db_pool_connections_idle', 'Pooled connections open and free', 'idle'],
    ['palco_db_pool_waiting_clients', 'Queries and transactions waiting for a connection', 'waiting'],
  ] as const
  for (const [name, help, key] of figures)
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(db.poolUsage()[key])
      },
    })
}

/**
 * The figures `/metrics` shows (issue 42): requests and latency per route, the database pool, Node's own
 * figures and the build; other modules add theirs through `app.metrics`. Registered before every route, so
 * its hook counts them all.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { db: DbHandle }) => {
  const registry = new Registry()
  const http = new HttpSeries()
  const recent = new RecentRequestWindow()
  app.decorate('metrics', ownMetrics(registry, http, recent))
  countRequests(app, http, recent)
  poolMetrics(registry, opts.db)
  new Gauge({
    name: 'palco_build_info',
    help: 'Always 1; the labels say what runs',
    labelNames: ['version', 'node_version', 'database'] as const,
    registers: [registry],
  }).set({ version: packageVersion(), node_version: process.version, database: opts.db.kind }, 1)
})
