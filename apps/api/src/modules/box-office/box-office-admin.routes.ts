import {
  backofficeOperatorSchema,
  backofficeOperatorsSchema,
  courtesyQuotaBodySchema,
  courtesyQuotaSchema,
  courtesyReasonBodySchema,
  courtesyReasonCodeSchema,
  courtesyReasonListSchema,
  courtesyReasonSchema,
  courtesyReasonsAdminSchema,
  grantOperatorBodySchema,
  operatorEventsBodySchema,
  operatorEventsSchema,
} from '@palco/domain/box-office/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireEventInScope } from '../../plugins/auth.js'
import {
  assignEvents,
  courtesyQuota,
  courtesyReasonList,
  courtesyReasonsToEdit,
  eventsOfOperator,
  grantOperator,
  operatorList,
  revokeOperator,
  saveCourtesyQuota,
  saveCourtesyReason,
} from './box-office.service.js'
import { admin, eventParams, noStore, operator, operatorOf, tags } from './counter-request.js'

// What an admin sets up for the counters: courtesy reasons and quotas, operators and the events each may sell. Registered by box-office.routes.ts.

/** Why a courtesy is given: the operators' list, and the admins' edits of it. */
export function courtesyReasonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/checkout-service/courtesy-reasons',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Courtesy reason types (spec §7), in the request’s language',
        description:
          'The active reasons an operator may give a courtesy for; an admin also sees the inactive ones.',
        response: { 200: courtesyReasonListSchema },
      },
    },
    async (request) => {
      const { roles } = await request.requireUser()
      return {
        reasons: await courtesyReasonList(app.db, request.locale, { activeOnly: !roles.includes('admin') }),
      }
    },
  )

  r.get(
    '/api/backoffice/courtesy-reasons',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The courtesy reasons with both names, switched-off ones included (admins)',
        response: { 200: courtesyReasonsAdminSchema },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore)
      return { reasons: await courtesyReasonsToEdit(app.db) }
    },
  )

  r.put(
    '/api/backoffice/courtesy-reasons/:code',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Add or edit a courtesy reason (admins)',
        description: 'A reason is switched off rather than deleted: tickets given for it keep it.',
        params: z.object({ code: courtesyReasonCodeSchema }),
        body: courtesyReasonBodySchema,
        response: { 200: courtesyReasonSchema },
      },
    },
    async (request) =>
      saveCourtesyReason(app.db, await operatorOf(request), { code: request.params.code, ...request.body }),
  )
}

/** How many courtesies an event may give. */
export function courtesyQuotaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/events/:eventId/courtesy-quota',
    {
      onRequest: operator,
      preHandler: requireEventInScope('box_office.sell', 'eventId'),
      schema: {
        tags,
        summary: 'How many courtesies the event may still give',
        params: eventParams,
        response: { 200: courtesyQuotaSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return courtesyQuota(app.db, request.params.eventId)
    },
  )

  r.put(
    '/api/backoffice/events/:eventId/courtesy-quota',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Set the event’s courtesy quota (admins)',
        description:
          'Operators give courtesies within it (the next one past it → 409 COURTESY_QUOTA_EXCEEDED); an admin at the counter may pass it.',
        params: eventParams,
        body: courtesyQuotaBodySchema,
        response: { 200: courtesyQuotaSchema },
      },
    },
    async (request) =>
      saveCourtesyQuota(app.db, await operatorOf(request), request.params.eventId, request.body.quota),
  )
}

/** Which events an operator sells. */
export function operatorEventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/events',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'The events this operator sells at the counter',
        description: '`all` when no event is assigned to them: every event of the country.',
        response: { 200: operatorEventsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const { userId, scope } = await operatorOf(request)
      return eventsOfOperator(app.db, userId, scope)
    },
  )

  r.put(
    '/api/backoffice/operators/:userId/events',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Assign events to an operator (admins)',
        description:
          'Replaces the list. The operator then sells only these (a sale of another → 403 FORBIDDEN, nothing sold); an empty list lets them sell every event of the country again.',
        params: z.object({ userId: z.uuid() }),
        body: operatorEventsBodySchema,
        response: { 200: operatorEventsSchema },
      },
    },
    async (request) =>
      assignEvents(app.db, await operatorOf(request), request.params.userId, request.body.eventIds),
  )
}

/** Who is an operator (admins). */
export function operatorAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/backoffice/operators',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The operator accounts, with their events and whether a shift is open (admins)',
        response: { 200: backofficeOperatorsSchema },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore)
      return { operators: await operatorList(app.db) }
    },
  )

  r.post(
    '/api/backoffice/operators',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Make an account an operator (admins)',
        description:
          'The person signs up and confirms their email first (no confirmed account → 404 AUTH0003); an admin account → 403 InvalidAccountTypeException. Granting an operator again changes nothing.',
        body: grantOperatorBodySchema,
        response: { 200: backofficeOperatorSchema },
      },
    },
    async (request) => grantOperator(app.db, await operatorOf(request), request.body.email),
  )

  r.delete(
    '/api/backoffice/operators/:userId',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Take the box office away from an operator (admins)',
        description:
          'The account becomes a fan again and loses its assigned events; refused while its shift is open (409 OPERATOR_SHIFT_OPEN).',
        params: z.object({ userId: z.uuid() }),
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    async (request) => {
      await revokeOperator(app.db, await operatorOf(request), request.params.userId)
      return { revoked: true as const }
    },
  )
}
