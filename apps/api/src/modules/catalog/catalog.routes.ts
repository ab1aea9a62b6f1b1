import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { eventRoutes } from './event.routes.js'
import { ResponseCache } from './http-cache.js'
import { LayoutCapacities } from './layout-capacity.js'
import { listingRoutes } from './listing.routes.js'
import { referenceRoutes } from './reference.routes.js'
import { tourRoutes } from './tour.routes.js'
import { nothingTaken, type TakenPlacesCounter } from './zone-sales.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Public catalogue answers reused for a few seconds; clear it after changing the catalogue. */
    catalogCache: ResponseCache
  }
}

/**
 * How long the server reuses a public catalogue answer. Short, because availability and the sale state
 * change with time and sales; long enough that a busy home page costs one query set per few seconds.
 */
export const CATALOG_CACHE_TTL_MS = 5_000

export interface CatalogRoutesOptions {
  /** Places taken per zone, supplied by the module that owns orders and holds. */
  takenPlaces?: TakenPlacesCounter
  cacheTtlMs?: number
}

export interface CatalogContext {
  cache: ResponseCache
  layouts: LayoutCapacities
  takenPlaces: TakenPlacesCounter
}

/** The public catalogue API (spec §7, "events and seats"). */
export const catalogRoutes = fp(
  async (app: FastifyInstance, opts: CatalogRoutesOptions) => {
    const ctx: CatalogContext = {
      cache: new ResponseCache(opts.cacheTtlMs ?? CATALOG_CACHE_TTL_MS),
      layouts: new LayoutCapacities(),
      takenPlaces: opts.takenPlaces ?? nothingTaken,
    }
    app.decorate('catalogCache', ctx.cache)
    listingRoutes(app, ctx)
    eventRoutes(app, ctx)
    tourRoutes(app, ctx)
    referenceRoutes(app, ctx)
  },
  { name: 'catalog-routes' },
)
