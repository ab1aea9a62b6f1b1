import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { assertDatabaseAnswers } from './health.service.js'

const healthSchema = z.object({ status: z.literal('ok') })
const readySchema = z.object({ status: z.literal('ready'), database: z.enum(['postgres', 'pglite']) })

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/health',
    { schema: { tags: ['operations'], summary: 'The process is up', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  )
  r.get(
    '/api/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process can serve: the database answers',
        response: { 200: readySchema },
      },
    },
    async () => {
      await assertDatabaseAnswers(app.db)
      return { status: 'ready' as const, database: app.dbKind }
    },
  )
}
