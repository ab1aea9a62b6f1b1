import {
  orderAdminViewSchema,
  orderRefundBodySchema,
  orderSearchQuerySchema,
  orderSearchResultSchema,
} from '@palco/domain/orders/order-admin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireStaff } from '../../plugins/auth.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { findOrders, orderForStaff, refundOrder, resendTickets } from './order-admin.service.js'

const tags = ['orders (back office)']
const params = z.object({ id: z.uuid() })
const noStore = { 'cache-control': 'no-store' }

/** Who acts, where, and over which organisers, for a route that changes an order. */
async function managerOf(request: FastifyRequest) {
  const { userId, email } = await request.requireUser()
  return {
    actor: { userId, email, address: request.ip },
    scope: await request.staffScope('orders.manage'),
    country: request.country,
  }
}

/**
 * The organiser console's orders (issue 43 part 3): search, an order whole, refund, resend. Another
 * organiser's order answers 404, as if it did not exist.
 */
export async function orderAdminRoutes(app: FastifyInstance, opts: { deps: CheckoutDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/admin/orders',
    {
      onRequest: requireStaff('orders.read'),
      schema: {
        tags,
        summary: "Find the organiser's orders by code, buyer e-mail, phone or document (exact)",
        querystring: orderSearchQuerySchema,
        response: { 200: orderSearchResultSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return findOrders(app.db, await request.staffScope('orders.read'), request.country, request.query)
    },
  )
  r.get(
    '/api/admin/orders/:id',
    {
      onRequest: requireStaff('orders.read'),
      schema: {
        tags,
        summary: 'An order with its payments, tickets and history',
        params,
        response: { 200: orderAdminViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return orderForStaff(
        app.db,
        await request.staffScope('orders.read'),
        request.country,
        request.params.id,
      )
    },
  )
  r.post(
    '/api/admin/orders/:id/refund',
    {
      onRequest: requireStaff('orders.manage'),
      schema: {
        tags,
        summary: 'Refund a paid online order as a whole, to what paid it or to the buyer’s wallet',
        description:
          'Once: a second refund (also at the same time) → 409 CONFLICT. Not paid, or a box-office sale (refunded at the box office) → 409 with `details.because`; WALLET for a buyer with no account → 422 RULE_BROKEN on `to`. Tickets revoked at once, places back on sale; the money goes back after the answer.',
        params,
        body: orderRefundBodySchema,
        response: { 200: orderAdminViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return refundOrder(opts.deps, await managerOf(request), request.params.id, request.body)
    },
  )
  r.post(
    '/api/admin/orders/:id/resend',
    {
      onRequest: requireStaff('orders.manage'),
      schema: {
        tags,
        summary: "Send a paid order's confirmation and tickets' link to its buyer again",
        params,
        response: { 200: z.object({ sentTo: z.string() }) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return resendTickets(opts.deps, await managerOf(request), request.params.id)
    },
  )
}
