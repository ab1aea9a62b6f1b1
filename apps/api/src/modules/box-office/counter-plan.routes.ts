import {
  counterInstallmentBodySchema,
  counterPlanBodySchema,
  counterPlanSchema,
  saleByCodeQuerySchema,
} from '@palco/domain/box-office/contract'
import { installmentQuoteSchema, orderViewSchema } from '@palco/domain/checkout/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { installmentQuote } from '../plans/plans.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { payPlanAtCounter, planAtCounter, sellPlan } from './box-office.service.js'
import { COUNTER_LIMIT, noStore, operator, operatorOf, saleParams, tags } from './counter-request.js'

// Paguitos at the counter: a plan sold to a fan, and its installments paid at the counter. Registered by box-office.routes.ts.

/** Selling on the event's paguitos plan: its quote, then the sale with the deposit. */
export function planSaleRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/plans/quote',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: "What the event's paguitos plan comes to for the operator's reservation",
        description:
          'The deposit and each later payment with its due date, as `GET /api/checkout-service/installment` answers a fan; `schedule` is null when the event has no plan or it does not fit.',
        querystring: z.object({ reservation: z.uuid() }),
        response: { 200: installmentQuoteSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return installmentQuote(deps, (await request.requireUser()).userId, request.query.reservation)
    },
  )

  r.post(
    '/api/assistant/plans',
    {
      onRequest: operator,
      config: COUNTER_LIMIT,
      schema: {
        tags,
        summary: "Sell the operator's reservation on the event's paguitos plan, taking the deposit",
        description: [
          'In the operator’s open shift (409 SHIFT_NOT_OPEN), for a fan with an email (a walk-in, or none → 422 PAY_LATER_NEEDS_FAN). The deposit is paid in cash (with change) and card-terminal tenders; a different `expectedDeposit` or `expectedTotal` → 409 AMOUNT_MISMATCH; no plan, or one that does not fit → 422 INSTALLMENT_NOT_OFFERED.',
          'The seats are sold to the plan and its tickets issued locked, as for a deposit paid online; the fan pays the rest from their account or at a counter (`POST /api/assistant/plans/:id/payments`). The same idempotency key answers the same sale.',
        ].join('\n\n'),
        body: counterPlanBodySchema,
        response: { 201: z.object({ orderId: z.uuid(), change: z.int() }) },
      },
    },
    async (request, reply) => {
      const sold = await sellPlan(deps, await operatorOf(request), request.country, request.body)
      reply.code(201).headers(noStore)
      return sold
    },
  )
}

/** A plan found at the counter, and its later payments taken there. */
export function planPaymentRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/plans',
    {
      onRequest: operator,
      config: COUNTER_LIMIT,
      schema: {
        tags,
        summary: 'Find a paguitos plan of the country by its purchase code, to take a payment of it',
        querystring: saleByCodeQuerySchema,
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return planAtCounter(app.db, await operatorOf(request), request.country, { code: request.query.code })
    },
  )

  r.get(
    '/api/assistant/plans/:id',
    {
      onRequest: operator,
      schema: {
        tags,
        summary:
          'A paguitos plan of the country, as the fan sees it: each payment, what is paid, what is next',
        params: saleParams,
        response: { 200: orderViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return planAtCounter(app.db, await operatorOf(request), request.country, { id: request.params.id })
    },
  )

  r.post(
    '/api/assistant/plans/:id/payments',
    {
      onRequest: operator,
      config: COUNTER_LIMIT,
      schema: {
        tags,
        summary: "Take a plan's next installment, or its whole balance, at the counter",
        description:
          'In the operator’s open shift (409 SHIFT_NOT_OPEN), cash (with change) and card-terminal tenders settled against `expectedAmount` (a different amount due → 409 AMOUNT_MISMATCH; nothing left to pay, or a cancelled plan → 409 ORDER_NOT_PAYABLE). The payment counts in this operator’s drawer; the last one unlocks the tickets. The same idempotency key answers the same payment.',
        params: saleParams,
        body: counterInstallmentBodySchema,
        response: { 200: counterPlanSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const operatorNow = await operatorOf(request)
      return payPlanAtCounter(deps, operatorNow, request.country, request.params.id, request.body)
    },
  )
}
