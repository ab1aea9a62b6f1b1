import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { localClientsOnly } from '../../plugins/local-client.js'
import { recentOutboxMessages } from './notifications.service.js'

const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  locale: z.string(),
  template: z.string(),
  subject: z.string(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
})

/**
 * Every message the product sent, for development and the journeys; never registered in production, and
 * answering only clients on this machine unless `anyClient` (UNSAFE_DEV_OUTBOX_FOR_ANY_CLIENT).
 */
export async function devOutboxRoutes(app: FastifyInstance, opts: { anyClient: boolean }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      onRequest: localClientsOnly(opts.anyClient),
      schema: {
        tags: ['development'],
        summary: 'Messages written to the outbox (development only)',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: z.object({ messages: z.array(messageSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { messages: await recentOutboxMessages(app.db, request.query.to) }
    },
  )
}
