import {
  backofficeOperatorSchema,
  backofficeOperatorsSchema,
  boxOfficeAuditSchema,
  boxOfficeEventsSchema,
  closeShiftBodySchema,
  collectBodySchema,
  counterInstallmentBodySchema,
  counterPlanBodySchema,
  counterPlanSchema,
  counterSaleBodySchema,
  counterSaleSchema,
  courtesyQuotaBodySchema,
  courtesyQuotaSchema,
  courtesyReasonBodySchema,
  courtesyReasonCodeSchema,
  courtesyReasonListSchema,
  courtesyReasonSchema,
  courtesyReasonsAdminSchema,
  currentShiftSchema,
  fanLookupQuerySchema,
  fanLookupSchema,
  grantOperatorBodySchema,
  openShiftBodySchema,
  operatorEventsBodySchema,
  operatorEventsSchema,
  payLaterBodySchema,
  refundableSaleSchema,
  refundSaleBodySchema,
  reserveBodySchema,
  saleByCodeQuerySchema,
  shiftReportsSchema,
  shiftViewSchema,
} from '@palco/domain/box-office/contract'
import {
  installmentQuoteSchema,
  orderViewSchema,
  placeOrderResultSchema,
} from '@palco/domain/checkout/contract'
import { salesChannelOf } from '@palco/domain/orders/parties'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import { lookUpFansAtCounter } from '../fans/fans.service.js'
import { installmentQuote } from '../plans/plans.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { TICKET_PDF_LAYOUTS } from '../tickets/ticket-pdf.js'
import {
  assignEvents,
  boxOfficeAudit,
  boxOfficeEvents,
  closeShift,
  collect,
  courtesyQuota,
  courtesyReasonList,
  courtesyReasonsToEdit,
  currentShift,
  eventsOfOperator,
  grantOperator,
  type Operator,
  openShift,
  operatorList,
  payPlanAtCounter,
  planAtCounter,
  printSaleTickets,
  refundSale,
  reserve,
  revokeOperator,
  saleForRefund,
  saleOf,
  saleOfCode,
  saveCourtesyQuota,
  saveCourtesyReason,
  sell,
  sellForLater,
  sellPlan,
  shiftReports,
  voidSale,
} from './box-office.service.js'

/** The operator behind a request, with the address the audit log keeps (issue 15 part 6). */
async function operatorOf(request: FastifyRequest): Promise<Operator> {
  const { userId, email, roles } = await request.requireUser()
  return {
    userId,
    email,
    address: request.ip,
    channel: salesChannelOf(request.headers['user-agent']),
    admin: roles.includes('admin'),
  }
}

const tags = ['box office']
const operator = requireRole('operator')
const admin = requireRole('admin')
const eventParams = z.object({ eventId: z.uuid() })
const noStore = { 'cache-control': 'no-store' }
const saleParams = z.object({ id: z.string().max(64) })
const COUNTER_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } }

/**
 * The box office's API (issue 15): shifts, finding the buyer, counter sales and voids. Operators only: a fan
 * gets 403 on every route; an operator sees a fan's lookup fields, never their purchases.
 */
export async function boxOfficeRoutes(app: FastifyInstance, opts: { deps: CheckoutDeps }) {
  const { deps } = opts
  shiftRoutes(app)
  counterSaleRoutes(app, deps)
  reservationRoutes(app, deps)
  planSaleRoutes(app, deps)
  planPaymentRoutes(app, deps)
  saleLookupRoutes(app)
  saleAfterRoutes(app, deps)
  courtesyReasonRoutes(app)
  courtesyQuotaRoutes(app)
  operatorEventRoutes(app)
  operatorAccountRoutes(app)
  reportRoutes(app)
  refundRoutes(app, deps)
}

/** The operator's shift: its running totals, opened with a float, closed with a blind count. */
function shiftRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/shift',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: "The operator's open shift and its running totals (the X report), or null",
        description: 'While open, the expected cash is withheld: the close is a blind count.',
        response: { 200: currentShiftSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return { shift: await currentShift(app.db, (await request.requireUser()).userId) }
    },
  )

  r.post(
    '/api/assistant/shift',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Open a shift with the counted float',
        description: 'One open shift per operator: a second → 409 SHIFT_ALREADY_OPEN.',
        body: openShiftBodySchema,
        response: { 201: shiftViewSchema },
      },
    },
    async (request, reply) => {
      const shift = await openShift(
        app.db,
        await operatorOf(request),
        request.country,
        request.body.openingFloat,
      )
      reply.code(201).headers(noStore)
      return shift
    },
  )

  r.post(
    '/api/assistant/shift/close',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Close the shift with the cash counted in the drawer (blind)',
        description:
          'Answers the closed shift with expected, counted and the difference, shown only now. No open shift → 409 SHIFT_NOT_OPEN.',
        body: closeShiftBodySchema,
        response: { 200: shiftViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return closeShift(app.db, await operatorOf(request), request.body.countedCash)
    },
  )
}

/** Finding the buyer, then selling to them: paid now at the counter, or paid later by them. */
function counterSaleRoutes(app: FastifyInstance, deps: CheckoutDeps) {
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
function reservationRoutes(app: FastifyInstance, deps: CheckoutDeps) {
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

/** Selling on the event's paguitos plan: its quote, then the sale with the deposit. */
function planSaleRoutes(app: FastifyInstance, deps: CheckoutDeps) {
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
function planPaymentRoutes(app: FastifyInstance, deps: CheckoutDeps) {
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

/** The operator's own sales, as their receipts show them. */
function saleLookupRoutes(app: FastifyInstance) {
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
function saleAfterRoutes(app: FastifyInstance, deps: CheckoutDeps) {
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

/** Why a courtesy is given: the operators' list, and the admins' edits of it. */
function courtesyReasonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/checkout-service/courtesy-reasons',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'Courtesy reason types (spec §7), in the request’s language',
        description:
          'The active reasons an operator may give a courtesy for; an admin also sees the inactive ones.',
        response: { 200: courtesyReasonListSchema },
      },
    },
    async (request) => {
      const { roles } = await request.requireUser()
      return {
        reasons: await courtesyReasonList(app.db, request.locale, { activeOnly: !roles.includes('admin') }),
      }
    },
  )

  r.get(
    '/api/backoffice/courtesy-reasons',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The courtesy reasons with both names, switched-off ones included (admins)',
        response: { 200: courtesyReasonsAdminSchema },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore)
      return { reasons: await courtesyReasonsToEdit(app.db) }
    },
  )

  r.put(
    '/api/backoffice/courtesy-reasons/:code',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Add or edit a courtesy reason (admins)',
        description: 'A reason is switched off rather than deleted: tickets given for it keep it.',
        params: z.object({ code: courtesyReasonCodeSchema }),
        body: courtesyReasonBodySchema,
        response: { 200: courtesyReasonSchema },
      },
    },
    async (request) =>
      saveCourtesyReason(app.db, await operatorOf(request), { code: request.params.code, ...request.body }),
  )
}

/** How many courtesies an event may give. */
function courtesyQuotaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/events/:eventId/courtesy-quota',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'How many courtesies the event may still give',
        params: eventParams,
        response: { 200: courtesyQuotaSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return courtesyQuota(app.db, request.params.eventId)
    },
  )

  r.put(
    '/api/backoffice/events/:eventId/courtesy-quota',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Set the event’s courtesy quota (admins)',
        description:
          'Operators give courtesies within it (the next one past it → 409 COURTESY_QUOTA_EXCEEDED); an admin at the counter may pass it.',
        params: eventParams,
        body: courtesyQuotaBodySchema,
        response: { 200: courtesyQuotaSchema },
      },
    },
    async (request) =>
      saveCourtesyQuota(app.db, await operatorOf(request), request.params.eventId, request.body.quota),
  )
}

/** Which events an operator sells. */
function operatorEventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/assistant/events',
    {
      onRequest: operator,
      schema: {
        tags,
        summary: 'The events this operator sells at the counter',
        description: '`all` when no event is assigned to them: every event of the country.',
        response: { 200: operatorEventsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return eventsOfOperator(app.db, (await request.requireUser()).userId)
    },
  )

  r.put(
    '/api/backoffice/operators/:userId/events',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Assign events to an operator (admins)',
        description:
          'Replaces the list. The operator then sells only these (a sale of another → 403 FORBIDDEN, nothing sold); an empty list lets them sell every event of the country again.',
        params: z.object({ userId: z.uuid() }),
        body: operatorEventsBodySchema,
        response: { 200: operatorEventsSchema },
      },
    },
    async (request) =>
      assignEvents(app.db, await operatorOf(request), request.params.userId, request.body.eventIds),
  )
}

/** Who is an operator (admins). */
function operatorAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/backoffice/operators',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The operator accounts, with their events and whether a shift is open (admins)',
        response: { 200: backofficeOperatorsSchema },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore)
      return { operators: await operatorList(app.db) }
    },
  )

  r.post(
    '/api/backoffice/operators',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Make an account an operator (admins)',
        description:
          'The person signs up and confirms their email first (no confirmed account → 404 AUTH0003); an admin account → 403 InvalidAccountTypeException. Granting an operator again changes nothing.',
        body: grantOperatorBodySchema,
        response: { 200: backofficeOperatorSchema },
      },
    },
    async (request) => grantOperator(app.db, await operatorOf(request), request.body.email),
  )

  r.delete(
    '/api/backoffice/operators/:userId',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Take the box office away from an operator (admins)',
        description:
          'The account becomes a fan again and loses its assigned events; refused while its shift is open (409 OPERATOR_SHIFT_OPEN).',
        params: z.object({ userId: z.uuid() }),
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    async (request) => {
      await revokeOperator(app.db, await operatorOf(request), request.params.userId)
      return { revoked: true as const }
    },
  )
}

/** The admins' view of the country's box office: shifts, the audit log, events and their quotas. */
function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/backoffice/box-office/shifts',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The country’s latest shifts with their reports (admins)',
        description:
          'Newest first, at most 30. An open shift’s expected cash stays hidden until its blind close.',
        response: { 200: shiftReportsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return { shifts: await shiftReports(app.db, request.country) }
    },
  )

  r.get(
    '/api/backoffice/box-office/audit',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The box office’s latest audit entries (admins)',
        description:
          'Of the site’s country: sales, voids, ticket prints, shifts opened and closed, and the quotas, reasons and assignments admins set: who, when, from which address, and what, with the currency of its amounts. Newest first, at most 100.',
        response: { 200: boxOfficeAuditSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return { entries: await boxOfficeAudit(app.db, request.country) }
    },
  )

  r.get(
    '/api/backoffice/box-office/events',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The country’s upcoming events with their courtesy quotas (admins)',
        description: 'Events that have not ended, soonest first, at most 300.',
        response: { 200: boxOfficeEventsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return { events: await boxOfficeEvents(app.db, request.country) }
    },
  )
}

/** A counter sale found by its code and refunded by an admin. */
function refundRoutes(app: FastifyInstance, deps: CheckoutDeps) {
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
