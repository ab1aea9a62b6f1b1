import { eventSearchQuerySchema } from '@palco/domain/catalog/catalog-query'
import { categorizedEventsSchema, eventPageSchema } from '@palco/domain/catalog/event-card'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { CatalogContext } from './catalog.routes.js'
import { categorizedEvents, listEvents } from './catalog.service.js'
import { answerCached } from './http-cache.js'

const LIST_MAX_AGE_S = 30

export function listingRoutes(app: FastifyInstance, ctx: CatalogContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/events',
    {
      schema: {
        tags: ['catalog'],
        summary: "Events on sale in the host's country, soonest first, filtered and paginated",
        description:
          'Filters: `type`; `category` (slug); `sport` (a sport organisation code such as SAN, or a sport ' +
          'type such as FOOTBALL); `q` (name, venue or city, case- and accent-insensitive); `from`/`to` ' +
          "(inclusive local dates in the country's zone). Pages start at 0, 20 per page by default.",
        querystring: eventSearchQuerySchema,
        response: { 200: eventPageSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: `events|${JSON.stringify(request.query)}`,
        schema: eventPageSchema,
        maxAge: LIST_MAX_AGE_S,
        compute: () => listEvents(app.db, request.country, new Date(), request.query),
      }),
  )

  r.get(
    '/api/events/categorized',
    {
      schema: {
        tags: ['catalog'],
        summary: "The home page's sections (events, tour, paguitos) for the host's country",
        response: { 200: categorizedEventsSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: 'categorized',
        schema: categorizedEventsSchema,
        maxAge: LIST_MAX_AGE_S,
        compute: () => categorizedEvents(app.db, request.country, new Date()),
      }),
  )
}
