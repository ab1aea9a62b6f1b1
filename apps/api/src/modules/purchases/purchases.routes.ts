import { DomainError } from '@palco/domain/errors/domain-error'
import {
  pageQuerySchema,
  purchasePageSchema,
  purchaseSchema,
  ticketSummarySchema,
} from '@palco/domain/tickets/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import { ticketsPdf } from '../tickets/ticket-pdf.js'
import { ticketDetail, ticketsOfPurchase } from '../tickets/tickets.service.js'
import { myPurchase, myPurchases } from './purchases.service.js'

/** Spec §7 /api/myPurchases and /api/myPurchases/tickets (issue 7, part 1), scoped to the session's fan. */
export async function purchaseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['purchases']
  const fan = requireRole('fan', 'operator', 'admin')

  r.get(
    '/api/myPurchases',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "The signed-in fan's purchases, newest first",
        description:
          'Paged (spec §9: first page 0, size 20). Pending purchases carry their voucher or transfer.',
        querystring: pageQuerySchema,
        response: { 200: purchasePageSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser()
      reply.header('cache-control', 'private, no-store')
      return myPurchases(app.db, viewer.userId, request.query.page, request.query.size)
    },
  )

  r.get(
    '/api/myPurchases/tickets',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: 'One purchase of the signed-in fan with its tickets',
        description:
          "Another fan's purchase answers 404. Tickets carry no QR data (see GET /api/tickets/{id}).",
        querystring: z.object({ purchaseId: z.uuid() }),
        response: { 200: z.object({ purchase: purchaseSchema, tickets: z.array(ticketSummarySchema) }) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser()
      const purchase = await myPurchase(app.db, viewer.userId, request.query.purchaseId)
      if (!purchase) throw new DomainError('NOT_FOUND')
      reply.header('cache-control', 'private, no-store')
      return { purchase, tickets: await ticketsOfPurchase(app.db, viewer, purchase.id) }
    },
  )

  r.get(
    '/api/myPurchases/pdf',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: 'All tickets of one purchase the fan still holds, one PDF page each',
        querystring: z.object({ purchaseId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser()
      const purchase = await myPurchase(app.db, viewer.userId, request.query.purchaseId)
      if (!purchase) throw new DomainError('NOT_FOUND')
      const held = (await ticketsOfPurchase(app.db, viewer, purchase.id)).filter((t) => t.status === 'VALID')
      if (held.length === 0) throw new DomainError('NOT_FOUND')
      const details = []
      for (const t of held) details.push(await ticketDetail(app.db, viewer, t.id))
      const pdf = await ticketsPdf(details, request.locale)
      reply.header('cache-control', 'private, no-store')
      reply.header('content-disposition', `inline; filename="palco-${purchase.code}.pdf"`)
      reply.type('application/pdf')
      return reply.send(Buffer.from(pdf))
    },
  )
}
