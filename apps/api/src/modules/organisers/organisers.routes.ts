import { organiserRoleSchema } from '@palco/domain/organisers/staff-access'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStaff } from '../../plugins/auth.js'
import { myOrganisers } from './organisers.service.js'

const tags = ['organisers']

const myOrganisersSchema = z.object({
  organisers: z.array(
    z.object({
      id: z.uuid(),
      slug: z.string(),
      name: z.string(),
      /** The asker's role there; null for a platform admin who is not its staff. */
      role: organiserRoleSchema.nullable(),
    }),
  ),
})

/** The organisers a back-office user works for (issue 43 part 1): what the console offers to choose from. */
export async function organiserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/backoffice/organisers',
    {
      onRequest: requireStaff('events.read'),
      schema: {
        tags,
        summary: "The host country's organisers the asker works for, with their role (every one for admins)",
        response: { 200: myOrganisersSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { organisers: await myOrganisers(app.db, await request.requireUser(), request.country) }
    },
  )
}
