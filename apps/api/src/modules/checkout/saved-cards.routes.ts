import { savedCardSchema } from '@palco/domain/checkout/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import { stopChargingCard } from '../orders/orders.service.js'
import { cardsOfFan, removeCard } from '../payments/saved-cards.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'

const tags = ['checkout']
const fan = requireRole('fan')

/** The cards a fan keeps at the provider for their paguitos plans: listed, and removed. */
export function savedCardRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/payments/cards',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "The fan's saved cards",
        description:
          "Cards kept at the site's payment provider to charge paguitos installments on their due dates (spec §7 card token endpoints; issue 16): brand and last four digits only.",
        response: { 200: z.object({ cards: z.array(savedCardSchema) }) },
      },
    },
    async (request, reply) => {
      reply.headers({ 'cache-control': 'no-store' })
      const { userId } = await request.requireUser()
      return { cards: await cardsOfFan(deps, userId, request.country) }
    },
  )

  r.delete(
    '/api/payments/cards/:id',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: 'Remove a saved card',
        description:
          'The card is forgotten here and at the provider; plans that were charged on it are paid by hand from then on. Another fan’s card → 404.',
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeCard(deps, (await request.requireUser()).userId, request.params.id, stopChargingCard)
      return reply.code(204).send(null)
    },
  )
}
