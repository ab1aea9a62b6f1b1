import {
  hostedPaymentBodySchema,
  hostedPaymentResultSchema,
  orderViewSchema,
  placeOrderBodySchema,
  placeOrderResultSchema,
} from '@palco/domain/checkout/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import { orderView } from '../orders/order-view.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { placeOrder, startHostedPayment } from './checkout.service.js'
import { buyerOnline } from './online-buyer.js'

const tags = ['checkout']
const fan = requireRole('fan')
const noStore = { 'cache-control': 'no-store' }

/** A fan's order: placed and paid here, or on the provider's hosted page, and read back while it settles. */
export function orderRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  placeOrderRoute(app, deps)
  hostedPaymentRoute(app, deps)
  orderViewRoute(app, deps)
}

function placeOrderRoute(app: FastifyInstance, deps: CheckoutDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
      const buyer = await buyerOnline(request)
      const admission = await app.waitingRoom.admissionOf(request, buyer.userId)
      const result = await placeOrder(deps, { ...buyer, admitted: admission.check }, request.body)
      // A declined card keeps the hold for another try, and the pass with it.
      if (result.order.result !== 'FAIL') await admission.spend()
      reply.code(201).headers(noStore)
      return result
    },
  )
}

function hostedPaymentRoute(app: FastifyInstance, deps: CheckoutDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
      const buyer = await buyerOnline(request)
      const admission = await app.waitingRoom.admissionOf(request, buyer.userId)
      // The pass stays usable: the fan may come back from the provider's page and pay another way.
      const result = await startHostedPayment(deps, { ...buyer, admitted: admission.check }, request.body)
      reply.code(201).headers(noStore)
      return result
    },
  )
}

function orderViewRoute(app: FastifyInstance, deps: CheckoutDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
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
}
