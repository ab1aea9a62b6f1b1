import {
  applyPromoBodySchema,
  balanceSchema,
  cartQuerySchema,
  cartSchema,
} from '@palco/domain/checkout/contract'
import { currencyOf } from '@palco/domain/locale/country'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireRole } from '../../plugins/auth.js'
import { applyPromo, type CartOptions, cartOf, removePromo } from '../orders/cart.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { walletBalance } from '../wallet/wallet.service.js'
import { orderRoutes } from './checkout-orders.routes.js'
import { installmentRoutes, planPassSandboxRoute } from './installments.routes.js'
import { savedCardRoutes } from './saved-cards.routes.js'

const tags = ['checkout']
const fan = requireRole('fan')
const noStore = { 'cache-control': 'no-store' }

/**
 * Cart, promo codes, wallet balance, order placement and order view (spec §7 checkout; issue 6), paguitos
 * plans and saved cards. Registered in this order, which is the order of the OpenAPI document's paths.
 */
export async function checkoutRoutes(
  app: FastifyInstance,
  opts: { deps: CheckoutDeps; devEndpoints?: boolean },
) {
  const { deps } = opts
  cartRoutes(app, deps)
  walletBalanceRoute(app, deps)
  orderRoutes(app, deps)
  installmentRoutes(app, deps)
  savedCardRoutes(app, deps)
  if (opts.devEndpoints) planPassSandboxRoute(app, deps)
}

/** The cart of a reservation, and the promo code applied to it or taken off. */
function cartRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // The cart offers the hosted page (LINK) only where the country's provider has one.
  const cartOptions: CartOptions = { hostedCheckout: (c) => deps.providers.forCountry(c).hostedCheckout }

  r.get(
    '/api/checkout-service/cart',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "The cart of one of the fan's reservations",
        description:
          'Lines, per-event fees, promo discount and total in minor units, recomputed from the hold; the methods, cash networks and transfer kinds the country offers; the wallet balance. Another fan’s reservation → 404; a lapsed hold → 422 HOLD_EXPIRED; a finished one → 409 ORDER_NOT_PAYABLE.',
        querystring: cartQuerySchema,
        response: { 200: cartSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return cartOf(deps.db, (await request.requireUser()).userId, request.query.reservation, cartOptions)
    },
  )

  r.post(
    '/api/checkout-service/cart/promo',
    {
      onRequest: fan,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Apply a promo code to the cart',
        description:
          'Kept on the reservation so a reload shows it, and checked again when paying. Unknown, out of its window, for another event/zone → 422 PROMO_CODE_INVALID; no uses left → 409 PROMO_CODE_EXHAUSTED; already used by this fan as often as it allows → 409 PROMO_CODE_ALREADY_USED.',
        body: applyPromoBodySchema,
        response: { 200: cartSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const { userId } = await request.requireUser()
      return applyPromo(deps.db, userId, request.body.reservationId, request.body.code, cartOptions)
    },
  )

  r.delete(
    '/api/checkout-service/cart/promo',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: 'Remove the promo code from the cart',
        querystring: cartQuerySchema,
        response: { 200: cartSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return removePromo(
        deps.db,
        (await request.requireUser()).userId,
        request.query.reservation,
        cartOptions,
      )
    },
  )
}

function walletBalanceRoute(app: FastifyInstance, deps: CheckoutDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/checkout-service/cart/balance',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "The fan's wallet balance in this site's currency",
        response: { 200: balanceSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return walletBalance(deps.db, (await request.requireUser()).userId, currencyOf(request.country))
    },
  )
}
