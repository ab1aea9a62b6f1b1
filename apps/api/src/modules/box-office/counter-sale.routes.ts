import {
  collectBodySchema,
  counterSaleBodySchema,
  counterSaleSchema,
  fanLookupQuerySchema,
  fanLookupSchema,
  payLaterBodySchema,
  refundableSaleSchema,
  refundSaleBodySchema,
  reserveBodySchema,
  saleByCodeQuerySchema,
} from '@palco/domain/box-office/contract'
import { placeOrderResultSchema } from '@palco/domain/checkout/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { lookUpFansAtCounter } from '../fans/fans.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { TICKET_PDF_LAYOUTS } from '../tickets/ticket-pdf.js'
import {
  collect,
  printSaleTickets,
  refundSale,
  reserve,
  saleForRefund,
  saleOf,
  saleOfCode,
  sell,
  sellForLater,
  voidSale,
} from './box-office.service.js'
import { admin, COUNTER_LIMIT, noStore, operator, operatorOf, saleParams, tags } from './counter-request.js'

// Selling at the counter (issue 15 parts 2–5): finding the buyer, selling, reserving, and what comes after a
// sale (looking it up, printing, voiding, refunding). Registered by box-office.routes.ts.

/** Finding the buyer, then selling to them: paid now at the counter, or paid later by them. */
export function counterSaleRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/fans',
    {
      onRequest: operator,
      config: COUNTER_LIMIT,
      schema: {
        tags,
        summary: 'Find a fan of this country by exact email, phone or document number',
        description: 'Lookup fields only (name, email, phone, document, registered); never their purchases.',
        querystring: fanLookupQuerySchema,
        response: { 200: fanLookupSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return { fans: await lookUpFansAtCounter(app.db, request.query.q, request.country) }
    },
  )

  r.post(
    '/api/assistant/sales',
    {
      onRequest: operator,
      config: COUNTER_LIMIT,
      schema: {
        tags,
        summary: "Sell the operator's reservation to a buyer at the counter",
        description: [
          'Needs an open shift (409 SHIFT_NOT_OPEN). The buyer is a fan found or pre-registered (`POST /api/v1/fans`), or a walk-in with a name.',
          'Tenders: card-terminal payments (TPV) with their authorization (missing → 422 TENDER_REFERENCE_REQUIRED) and at most one cash tender with the amount handed over; cash pays what the terminal did not, and the change is recorded. Short → 422 TENDER_BELOW_DUE.',
          'A different `expectedTotal` → 409 AMOUNT_MISMATCH; the same `idempotencyKey` answers the same sale. Nothing is taken when the sale is refused.',
        ].join('\n\n'),
        body: counterSaleBodySchema,
        response: { 201: counterSaleSchema },
      },
    },
    async (request, reply) => {
      const sale = await sell(deps, await operatorOf(request), request.country, request.body)
      reply.code(201).headers(noStore)
      return sale
    },
  )

  r.post(
    '/api/assistant/orders',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Start a sale the buyer pays later: a cash voucher, a SPEI transfer or a card payment link',
        description:
          'In the operator’s open shift (409 SHIFT_NOT_OPEN), for a fan found or pre-registered who has an email (a walk-in, or none → 422 PAY_LATER_NEEDS_FAN); the instructions are mailed to them, through the country’s provider as a fan’s own voucher or transfer. A card link (`LINK`, where the provider has a hosted page, else 422 PAYMENT_METHOD_UNAVAILABLE) is the provider’s page, kept open with the seats for a day (never past the event’s start); the receipt shows it while it waits, and a refused card there ends the sale. The answer is the order with its instructions, and `next` is the fans’ page for it (the counter shows its /assistant twin). The seats wait for the payment; once paid, the tickets are in the fan’s account. No money reaches the drawer. The same idempotency key answers the same order.',
        body: payLaterBodySchema,
        response: { 201: placeOrderResultSchema },
      },
    },
    async (request, reply) => {
      const result = await sellForLater(deps, await operatorOf(request), request.country, request.body)
      reply.code(201).headers(noStore)
      return result
    },
  )
}

/** Seats kept for a buyer who pays at a counter later, and that payment. */
export function reservationRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/assistant/reservations',
    {
      onRequest: operator,
      config: COUNTER_LIMIT,
      schema: {
        tags,
        summary: "Keep the operator's held seats for a buyer who pays at a counter later (RESERVATION)",
        description: [
          'Needs an open shift (409 SHIFT_NOT_OPEN). The buyer is a fan or a walk-in with a name. The seats stay theirs until `until` (at least an hour, at most 14 days, never past the event’s start → else 422 RESERVATION_DEADLINE_INVALID), then go back on sale.',
          'Answers the receipt (status PENDING_CASH_PAYMENT, `reservedUntil`); any counter of the country collects it by its code (`GET /api/assistant/sales?code=`, `POST /api/assistant/sales/:id/collect`). No money moves, so it is in no shift’s totals. The same idempotency key answers the same reservation.',
        ].join('\n\n'),
        body: reserveBodySchema,
        response: { 201: counterSaleSchema },
      },
    },
    async (request, reply) => {
      const sale = await reserve(deps, await operatorOf(request), request.country, request.body)
      reply.code(201).headers(noStore)
      return sale
    },
  )

  r.post(
    '/api/assistant/sales/:id/collect',
    {
      onRequest: operator,
      config: COUNTER_LIMIT,
      schema: {
        tags,
        summary: 'Pay a reservation at the counter, in the operator’s open shift',
        description:
          'Cash (with change) and card-terminal tenders, settled as a sale’s (422 TENDER_BELOW_DUE, TENDER_REFERENCE_REQUIRED). The sale is then the collecting operator’s, in their shift: tickets issued and printable. Not a waiting reservation → 409 ORDER_NOT_PAYABLE; past its deadline → 422 HOLD_EXPIRED. The same idempotency key answers the same collection.',
        params: saleParams,
        body: collectBodySchema,
        response: { 200: counterSaleSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return collect(deps, await operatorOf(request), request.country, request.params.id, request.body)
    },
  )
}

/** The operator's own sales, as their receipts show them. */
export function saleLookupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/sales',
    {
      onRequest: operator,
      config: COUNTER_LIMIT,
      schema: {
        tags,
        summary: 'Find a sale by its receipt’s code: one of the operator’s own, or a reservation to collect',
        querystring: saleByCodeQuerySchema,
        response: { 200: counterSaleSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const { userId } = await request.requireUser()
      return saleOfCode(app.db, userId, request.query.code, request.country)
    },
  )

  r.get(
    '/api/assistant/sales/:id',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'One of the operator’s sales, as its receipt shows it',
        params: saleParams,
        response: { 200: counterSaleSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return saleOf(app.db, (await request.requireUser()).userId, request.params.id, request.country)
    },
  )
}

/** What follows a sale at the counter: its tickets printed, or the sale voided. */
export function saleAfterRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/sales/:id/tickets.pdf',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'The sale’s valid tickets as a printable PDF, for the operator who sold it',
        description:
          'On sheets (`layout=sheet`, the default) or an 80 mm thermal roll (`layout=thermal`). Each print is written to the audit log with its copy number (`x-palco-copy` says which copy this is), and every copy after the first is marked as a reprint on each ticket; a voided sale has no tickets to print.',
        params: saleParams,
        querystring: z.object({ layout: z.enum(TICKET_PDF_LAYOUTS).default('sheet') }),
      },
    },
    async (request, reply) => {
      const { pdf, copy } = await printSaleTickets(
        app.db,
        await operatorOf(request),
        request.country,
        request.params.id,
        request.locale,
        request.query.layout,
      )
      reply.header('cache-control', 'private, no-store')
      reply.header('x-palco-copy', String(copy))
      reply.header(
        'content-disposition',
        `inline; filename="palco-sale-${request.params.id.slice(0, 8)}.pdf"`,
      )
      reply.type('application/pdf')
      return reply.send(Buffer.from(pdf))
    },
  )

  r.post(
    '/api/assistant/sales/:id/void',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Void a cash sale of this shift within 30 minutes',
        description:
          'Tickets revoked (the gate refuses them), seats back on sale, the cash out of the drawer’s expected figure. Card-terminal sales → 422 SALE_NOT_VOIDABLE (an admin refunds them); later than 30 minutes → 422 VOID_WINDOW_CLOSED.',
        params: saleParams,
        response: { 200: counterSaleSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return voidSale(deps, await operatorOf(request), request.country, request.params.id)
    },
  )
}

/** A counter sale found by its code and refunded by an admin. */
export function refundRoutes(app: FastifyInstance, deps: CheckoutDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/backoffice/box-office/sales',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'A counter sale of the country by its receipt’s code, whoever sold it (admins)',
        querystring: saleByCodeQuerySchema,
        response: { 200: refundableSaleSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return saleForRefund(app.db, request.country, request.query.code)
    },
  )

  r.post(
    '/api/backoffice/box-office/sales/:id/refund',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Refund a counter sale whose money went back by hand (admins)',
        description:
          'A card-terminal sale, or any other past its operator’s 30-minute void: tickets revoked (the gate refuses them), places on sale again, payments REFUNDED by the counter, the reason in the audit log. Not paid, or a ticket already used → 422 SALE_NOT_REFUNDABLE; two admins at once refund once.',
        params: saleParams,
        body: refundSaleBodySchema,
        response: { 200: refundableSaleSchema },
      },
    },
    async (request) =>
      refundSale(deps, await operatorOf(request), request.country, request.params.id, request.body.reason),
  )
}
