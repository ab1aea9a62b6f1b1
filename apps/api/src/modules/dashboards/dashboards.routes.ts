import {
  eventDashboardSchema,
  organiserDashboardQuerySchema,
  organiserDashboardSchema,
} from '@palco/domain/reports/sales-dashboard'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireEventInScope, requireStaff } from '../../plugins/auth.js'
import { eventDashboard, organiserDashboard } from './dashboards.service.js'

const tags = ['admin']
// Sales progress is part of seeing events (`events.read`: owners, managers, box office and read-only staff),
// which is what staff-access's table says that action covers; orders.read would also open buyers' details.
const ACTION = 'events.read'
const noStore = { 'cache-control': 'no-store' }

/** Organiser dashboards (issue 43 part 6): an event's and an organiser's sales, read from the rollups. */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/admin/events/:id/dashboard',
    {
      onRequest: requireStaff(ACTION),
      preHandler: requireEventInScope(ACTION),
      schema: {
        tags,
        summary: "An event's dashboard: sales, refunds, channels, methods, tiers, occupancy, check-ins",
        description:
          'Sales are read from the rollups a job keeps (a paid or refunded order shows within a few seconds), in minor units of the event’s currency, by hour of payment (UTC) and by day of the event’s time zone. Occupancy per section is read live from the places: sold + held + courtesy + blocked + available = capacity. Another organiser’s event → 404.',
        params: z.object({ id: z.uuid() }),
        response: { 200: eventDashboardSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return eventDashboard(app.db, request.params.id)
    },
  )
  r.get(
    '/api/admin/dashboard',
    {
      onRequest: requireStaff(ACTION),
      schema: {
        tags,
        summary: "An organiser's dashboard: its events' sales together, per day, channel, method and event",
        description:
          'The organisers the asker may see are listed; `organiserId` picks one (by default the first by name). An organiser outside the asker’s scope → 404.',
        querystring: organiserDashboardQuerySchema,
        response: { 200: organiserDashboardSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return organiserDashboard(app.db, await request.staffScope(ACTION), request.query.organiserId)
    },
  )
}
