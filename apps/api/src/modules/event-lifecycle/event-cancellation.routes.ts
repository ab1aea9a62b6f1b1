import {
  cancelEventBodySchema,
  eventCancellationResultSchema,
  eventRefundProgressSchema,
} from '@palco/domain/catalog/event-cancellation'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireEventInScope, requireStaff } from '../../plugins/auth.js'
import type { JobRunner } from '../jobs/job-runner.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { cancelEvent, refundProgress } from './event-cancellation.service.js'

/**
 * Cancelling an event (issue 16 part 5), admins only. It lives with checkout, not with the catalogue's admin
 * routes, because settling the event's orders is checkout's (catalog-admin must not import checkout).
 */
export async function eventCancellationRoutes(
  app: FastifyInstance,
  opts: { deps: CheckoutDeps; jobs: JobRunner },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/admin/events/:id/cancel',
    {
      onRequest: requireStaff('events.write'),
      preHandler: requireEventInScope('events.write'),
      schema: {
        tags: ['admin'],
        summary: 'Cancel an event: every order refunded or cancelled, its fans told (admins)',
        description:
          'One transaction: the event becomes CANCELLED (no hold or order can start: EVENT_CANCELLED), paid orders are refunded (tickets revoked), open paguitos plans refunded in full (deposit included), orders waiting for a payment cancelled, holds released, one e-mail per fan. The money goes back after the commit, by a job in batches (progress at GET /api/admin/events/:id/refunds); what a provider does not take goes to the wallet, and unanswered ones are retried. A second call answers `alreadyCancelled: true` and changes nothing. A draft → 409 CONFLICT; another site’s event → 404. Audited.',
        params: z.object({ id: z.uuid() }),
        body: cancelEventBodySchema,
        response: { 200: eventCancellationResultSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser()
      const result = await cancelEvent(
        opts.deps,
        opts.jobs,
        { ...user, address: request.ip },
        request.country,
        request.params.id,
        request.body.reason,
      )
      // The event leaves listings now on this process (the catalogue's answers are reused a few seconds).
      ;(app as unknown as { catalogCache?: { clear(): void } }).catalogCache?.clear()
      reply.header('cache-control', 'no-store')
      return result
    },
  )
  r.get(
    '/api/admin/events/:id/refunds',
    {
      onRequest: requireStaff('events.read'),
      preHandler: requireEventInScope('events.read'),
      schema: {
        tags: ['admin'],
        summary: 'How far a cancelled event’s refunds have come (admins)',
        description:
          'Refunds asked for by the cancellation (`total`) and those made (`refunded`); a job makes them in batches after the cancellation answers. An event never cancelled answers 0 of 0; another site’s event → 404.',
        params: z.object({ id: z.uuid() }),
        response: { 200: eventRefundProgressSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return refundProgress(opts.deps, request.country, request.params.id)
    },
  )
}
