import { tourQuerySchema } from '@palco/domain/catalog/catalog-query'
import { tourCardSchema } from '@palco/domain/catalog/event-card'
import { tourDetailSchema } from '@palco/domain/catalog/event-detail'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { CatalogContext } from './catalog.routes.js'
import { answerCached } from './http-cache.js'
import { getTour, listTours } from './tour.service.js'

const TOUR_MAX_AGE_S = 30
const tourListSchema = z.array(tourCardSchema)

export function tourRoutes(app: FastifyInstance, ctx: CatalogContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/tours',
    {
      schema: {
        tags: ['catalog'],
        summary: "Tours with upcoming dates in the host's country, soonest first",
        response: { 200: tourListSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: 'tours',
        schema: tourListSchema,
        maxAge: TOUR_MAX_AGE_S,
        compute: () => listTours(app.db, request.country, new Date()),
      }),
  )

  r.get(
    '/api/tour',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One tour by slug, with its upcoming dates (city, venue, time zone, price from)',
        querystring: tourQuerySchema,
        response: { 200: tourDetailSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: `tour|${request.query.slug}`,
        schema: tourDetailSchema,
        maxAge: TOUR_MAX_AGE_S,
        compute: () => getTour(app.db, { country: request.country, now: new Date() }, request.query.slug),
      }),
  )
}
