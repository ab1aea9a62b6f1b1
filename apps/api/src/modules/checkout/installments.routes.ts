import {
  installmentQuoteSchema,
  payInstallmentBodySchema,
  placeInstallmentBodySchema,
  placeOrderResultSchema,
} from '@palco/domain/checkout/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import { installmentQuote } from '../plans/plans.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { payInstallment, placeInstallmentOrder, tendPlanAt } from './installments.service.js'
import { buyerOnline } from './online-buyer.js'

const tags = ['checkout']
const fan = requireRole('fan')
const noStore = { 'cache-control': 'no-store' }

/** A paguitos plan (spec §7; issue 16): what it comes to, buying on it, and paying its installments. */
export function installmentRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()

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
          '`saveCard` (card only, where the provider keeps cards): the card is saved at the provider first and the deposit, then each installment on its due date, is charged on it.',
          'When the deposit settles the seats are sold to the plan and the tickets issued locked (kind DEPOSIT, no QR); they unlock with the last payment. No plan, or one that does not fit → 422 INSTALLMENT_NOT_OFFERED.',
        ].join('\n\n'),
        body: placeInstallmentBodySchema,
        response: { 201: placeOrderResultSchema },
      },
    },
    async (request, reply) => {
      const buyer = await buyerOnline(request)
      const admission = await app.waitingRoom.admissionOf(request, buyer.userId)
      const result = await placeInstallmentOrder(deps, { ...buyer, admitted: admission.check }, request.body)
      if (result.order.result !== 'FAIL') await admission.spend()
      reply.code(201).headers(noStore)
      return result
    },
  )

  payInstallmentRoute(app, deps)
}

function payInstallmentRoute(app: FastifyInstance, deps: CheckoutDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/checkout/orders/:id/payments',
    {
      onRequest: fan,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Pay a paguitos plan's next installment, or its whole balance",
        description: [
          '`part` NEXT pays the next installment not yet paid or under way; BALANCE pays everything left. `expectedAmount` must be what the page showed (else 409 AMOUNT_MISMATCH with the amount). Any method of the country: card, voucher, transfer or wallet.',
          'The same `idempotencyKey` answers the same payment. A plan that is paid, cancelled or not a plan → 409 ORDER_NOT_PAYABLE. The last payment unlocks the tickets.',
        ].join('\n\n'),
        params: z.object({ id: z.string().max(64) }),
        body: payInstallmentBodySchema,
        response: { 201: placeOrderResultSchema },
      },
    },
    async (request, reply) => {
      const result = await payInstallment(deps, await buyerOnline(request), request.params.id, request.body)
      reply.code(201).headers(noStore)
      return result
    },
  )
}

/** Development only (with the sandbox dev endpoints): the plan pass run on demand at a chosen time. */
export function planPassSandboxRoute(app: FastifyInstance, deps: CheckoutDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
