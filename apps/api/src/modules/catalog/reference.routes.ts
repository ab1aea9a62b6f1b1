import {
  categorySchema,
  sportOrganizationSchema,
  ticketFrameSchema,
} from '@palco/domain/catalog/event-detail'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { CatalogContext } from './catalog.routes.js'
import { answerCached } from './http-cache.js'
import { getDefaultTicketFrame, listCategories, listSportOrganizations } from './reference.service.js'

// Reference data changes with the back office, not with sales: a longer browser cache is fine.
const REFERENCE_MAX_AGE_S = 300
const categoriesSchema = z.array(categorySchema)
const organizationsSchema = z.array(sportOrganizationSchema)

export function referenceRoutes(app: FastifyInstance, ctx: CatalogContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: "Event categories, named in the site's language",
        response: { 200: categoriesSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: 'categories',
        schema: categoriesSchema,
        maxAge: REFERENCE_MAX_AGE_S,
        compute: () => listCategories(app.db, request.locale),
      }),
  )

  r.get(
    '/api/sport-organizations',
    {
      schema: {
        tags: ['catalog'],
        summary: "Sport organisations (clubs, leagues) of the host's country",
        response: { 200: organizationsSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: 'sport-organizations',
        schema: organizationsSchema,
        maxAge: REFERENCE_MAX_AGE_S,
        compute: () => listSportOrganizations(app.db, request.country),
      }),
  )

  r.get(
    '/api/frame',
    {
      schema: {
        tags: ['catalog'],
        summary: "The country's default ticket frame",
        response: { 200: ticketFrameSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: 'default-frame',
        schema: ticketFrameSchema,
        maxAge: REFERENCE_MAX_AGE_S,
        compute: () => getDefaultTicketFrame(app.db, request.country),
      }),
  )
}
