import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** The OpenAPI document is generated from the same zod schemas the routes validate with. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Palco API',
        description:
          'Ticketing and checkout for Colombia and Mexico. The country of every request comes from its host ' +
          'name. Errors are application/problem+json with a stable `code` (spec §8 names and our own).',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
})
