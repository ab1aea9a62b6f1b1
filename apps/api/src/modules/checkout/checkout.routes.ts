import {
  applyPromoBodySchema,
  balanceSchema,
  cartQuerySchema,
  cartSchema,
  hostedPaymentBodySchema,
  hostedPaymentResultSchema,
  installmentQuoteSchema,
  orderViewSchema,
  payInstalmentBodySchema,
  placeInstallmentBodySchema,
  placeOrderBodySchema,
  placeOrderResultSchema,
  savedCardSchema,
} from '@palco/domain/checkout/contract'
import { currencyOf } from '@palco/domain/locale/country'
import { salesChannelOf } from '@palco/domain/orders/parties'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import { applyPromo, type CartOptions, cartOf, removePromo } from '../orders/cart.service.js'
import { cardsOfFan, removeCard } from '../payments/saved-cards.service.js'
import { installmentQuote } from '../plans/plans.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { walletBalance } from '../wallet/wallet.service.js'
import { orderView } from '../orders/order-view.service.js'
import { placeOrder, startHostedPayment } from './checkout.service.js'
import { payInstalment, placeInstallmentOrder, tendPlanAt } from './installments.service.js'
import type { OrderActor } from './order-request.js'

/** A fan buying for themselves online, on the channel their device says (spec §3 sales channels). */
async function buyerOnline(request: FastifyRequest): Promise<OrderActor> {
  const { userId } = await request.requireUser()
  return { userId, channel: salesChannelOf(request.headers['user-agent']) }
}

/** Cart, promo codes, wallet balance, order placement and order view (spec §7 checkout; issue 6). */
export async function checkoutRoutes(
  app: FastifyInstance,
  opts: { deps: CheckoutDeps; devEndpoints?: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { deps } = opts
  const tags = ['checkout']
  const fan = requireRole('fan')
  const noStore = { 'cache-control': 'no-store' }
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

  r.get(
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

  r.post(
    '/api/checkout/orders',
    {
      onRequest: fan,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Place an order for a reservation and pay it',
        description: [
          'Recomputes the cart; a different `expectedTotal` or `currency` → 409 AMOUNT_MISMATCH and nothing is charged.',
          'The same `idempotencyKey` returns the same order (a double submit never charges twice); a reservation already being paid → 409 ORDER_NOT_PAYABLE.',
          'Card: a one-use browser token (reuse → 409 CARD_TOKEN_USED); approved → SUCCESSFUL with tickets, declined → FAIL with the seats still held for a retry until the hold expires, provider timeout → PENDING_CARD (reconciled later).',
          'Cash: a voucher (reference, barcode, expiry 48 h); SPEI: CLABE and reference (24 h); PSE: a bank redirect (1 h). The seats stay held until then.',
          'Wallet: alone it pays at once; with another method it pays `walletAmount` first and the provider the rest (too low → 422 INSUFFICIENT_WALLET_BALANCE).',
          '`next` is the web path to go to.',
        ].join('\n\n'),
        body: placeOrderBodySchema,
        response: { 201: placeOrderResultSchema },
      },
    },
    async (request, reply) => {
      const result = await placeOrder(deps, await buyerOnline(request), request.body)
      reply.code(201).headers(noStore)
      return result
    },
  )

  r.post(
    '/api/checkout/preference-id',
    {
      onRequest: fan,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Pay a reservation on the provider's hosted page (Mercado Pago Checkout Pro)",
        description: [
          'Creates the order and a pending payment (method LINK) exactly as `POST /api/checkout/orders` does, with the same checks (`expectedTotal`, `currency`, a reservation already being paid → 409), then asks the provider for a payment page (Mercado Pago preference: our payment id as `external_reference`, back URLs to the result pages, our webhook as `notification_url`, expiring with the hold).',
          'Answers the preference id and `redirectUrl`, the page to send the fan to. The same `idempotencyKey` answers the same order and page (a double submit makes one order); once the order is decided, `redirectUrl` is its result page.',
          'The payment made there arrives as a provider notification and is found by its reference; the result pages poll the order. A provider without hosted pages (Kushki) → 422 PAYMENT_METHOD_UNAVAILABLE; provider down → 503 and the order is cancelled.',
        ].join('\n\n'),
        body: hostedPaymentBodySchema,
        response: { 201: hostedPaymentResultSchema },
      },
    },
    async (request, reply) => {
      const result = await startHostedPayment(deps, await buyerOnline(request), request.body)
      reply.code(201).headers(noStore)
      return result
    },
  )

  r.get(
    '/api/checkout/orders/:id',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "One of the fan's orders, with its checkout result",
        description:
          'The result, cash and transfer pages poll this while an order is pending. Another fan’s order → 404.',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return orderView(deps.db, request.params.id, (await request.requireUser()).userId)
    },
  )

  r.get(
    '/api/checkout-service/installment',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "What the event's paguitos plan comes to for a reservation",
        description:
          'The deposit and each later payment with its due date, for the reservation priced as its cart is now; `schedule` is null when the event has no plan or the plan does not fit this total or date (spec §7; issue 16).',
        querystring: z.object({ reservation: z.uuid() }),
        response: { 200: installmentQuoteSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const { userId } = await request.requireUser()
      return installmentQuote(deps, userId, request.query.reservation)
    },
  )

  r.post(
    '/api/checkout-service/installment',
    {
      onRequest: fan,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Buy a reservation on its paguitos plan, paying the deposit',
        description: [
          'The same body and checks as `POST /api/checkout/orders`; the order is an INSTALLMENT purchase and the chosen method is asked for the deposit only (card, voucher or transfer; not the wallet).',
          '`saveCard` (card only, where the provider keeps cards): the card is saved at the provider first and the deposit, then each instalment on its due date, is charged on it.',
          'When the deposit settles the seats are sold to the plan and the tickets issued locked (kind DEPOSIT, no QR); they unlock with the last payment. No plan, or one that does not fit → 422 INSTALLMENT_NOT_OFFERED.',
        ].join('\n\n'),
        body: placeInstallmentBodySchema,
        response: { 201: placeOrderResultSchema },
      },
    },
    async (request, reply) => {
      const result = await placeInstallmentOrder(deps, await buyerOnline(request), request.body)
      reply.code(201).headers(noStore)
      return result
    },
  )

  r.post(
    '/api/checkout/orders/:id/payments',
    {
      onRequest: fan,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Pay a paguitos plan's next instalment, or its whole balance",
        description: [
          '`part` NEXT pays the next instalment not yet paid or under way; BALANCE pays everything left. `expectedAmount` must be what the page showed (else 409 AMOUNT_MISMATCH with the amount). Any method of the country: card, voucher, transfer or wallet.',
          'The same `idempotencyKey` answers the same payment. A plan that is paid, cancelled or not a plan → 409 ORDER_NOT_PAYABLE. The last payment unlocks the tickets.',
        ].join('\n\n'),
        params: z.object({ id: z.string().max(64) }),
        body: payInstalmentBodySchema,
        response: { 201: placeOrderResultSchema },
      },
    },
    async (request, reply) => {
      const result = await payInstalment(deps, await buyerOnline(request), request.params.id, request.body)
      reply.code(201).headers(noStore)
      return result
    },
  )

  r.get(
    '/api/payments/cards',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "The fan's saved cards",
        description:
          "Cards kept at the site's payment provider to charge paguitos instalments on their due dates (spec §7 card token endpoints; issue 16): brand and last four digits only.",
        response: { 200: z.object({ cards: z.array(savedCardSchema) }) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
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
      await removeCard(deps, (await request.requireUser()).userId, request.params.id)
      return reply.code(204).send(null)
    },
  )

  if (!opts.devEndpoints) return
  r.post(
    '/api/payments/sandbox/plans/:id/pass',
    {
      onRequest: fan,
      schema: {
        tags: ['payments (sandbox, development only)'],
        summary: "Run the paguitos plan pass on one of the fan's plans at a given time",
        description:
          'Development only (with the sandbox dev endpoints): what the pass would do to this plan at `at` — a reminder, a charge of the saved card, or the cancellation of a lapsed plan — done now.',
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ at: z.iso.datetime() }),
        response: { 200: z.object({ did: z.string() }) },
      },
    },
    async (request) =>
      tendPlanAt(deps, (await request.requireUser()).userId, request.params.id, new Date(request.body.at)),
  )
}
