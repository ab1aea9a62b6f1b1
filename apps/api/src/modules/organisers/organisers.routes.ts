import { organiserRoleSchema } from '@palco/domain/organisers/staff-access'
import {
  putStaffBodySchema,
  staffListSchema,
  staffMemberSchema,
} from '@palco/domain/organisers/staff-contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStaff } from '../../plugins/auth.js'
import { myOrganisers } from './organisers.service.js'
import { type AuditTrail, putStaff, removeStaffMember, staffList } from './staff.service.js'

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

const organiserParams = z.object({ organiserId: z.uuid() })
const noStore = { 'cache-control': 'no-store' }

/** Who changes an organiser's staff, from where, and which organisers' staff they manage. */
async function staffManagerOf(request: FastifyRequest) {
  const { userId, email } = await request.requireUser()
  return {
    actor: { userId, email, address: request.ip },
    scope: await request.staffScope('staff.manage'),
    country: request.country,
  }
}

/** The organisers a back-office user works for (issue 43 part 1): what the console offers to choose from. */
export async function organiserRoutes(app: FastifyInstance, opts: { audit: AuditTrail }) {
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
  staffRoutes(app, opts.audit)
}

/** An organiser's owners manage its staff (issue 43 part 1); another organiser answers 404. */
function staffRoutes(app: FastifyInstance, audit: AuditTrail) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const desk = { db: app.db, audit }
  r.get(
    '/api/backoffice/organisers/:organiserId/staff',
    {
      onRequest: requireStaff('staff.manage'),
      schema: {
        tags,
        summary: "The organiser's staff and their roles",
        params: organiserParams,
        response: { 200: staffListSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const { scope, country } = await staffManagerOf(request)
      return { staff: await staffList(app.db, scope, country, request.params.organiserId) }
    },
  )
  r.put(
    '/api/backoffice/organisers/:organiserId/staff',
    {
      onRequest: requireStaff('staff.manage'),
      schema: {
        tags,
        summary: "Add a person to the organiser's staff by their account's e-mail, or change their role",
        description:
          'The account must exist and be confirmed (else 404 AUTH0003 on `email`); the platform’s own staff are refused (403 on `email`); leaving the organiser without an owner → 409 LAST_OWNER.',
        params: organiserParams,
        body: putStaffBodySchema,
        response: { 200: staffMemberSchema },
      },
    },
    async (request) => {
      return putStaff(desk, await staffManagerOf(request), request.params.organiserId, request.body)
    },
  )
  r.delete(
    '/api/backoffice/organisers/:organiserId/staff/:userId',
    {
      onRequest: requireStaff('staff.manage'),
      schema: {
        tags,
        summary: "Take a person off the organiser's staff (never its last owner: 409 LAST_OWNER)",
        params: organiserParams.extend({ userId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { organiserId, userId } = request.params
      await removeStaffMember(desk, await staffManagerOf(request), organiserId, userId)
      reply.code(204)
    },
  )
}
