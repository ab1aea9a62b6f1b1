import {
  boxOfficeAuditSchema,
  boxOfficeEventsSchema,
  closeShiftBodySchema,
  currentShiftSchema,
  openShiftBodySchema,
  shiftReportsSchema,
  shiftViewSchema,
} from '@palco/domain/box-office/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  boxOfficeAudit,
  boxOfficeEvents,
  closeShift,
  currentShift,
  openShift,
  shiftReports,
} from './box-office.service.js'
import { admin, noStore, operator, operatorOf, tags } from './counter-request.js'

// Shifts and their reports (issue 15 parts 1 and 6): an operator opens and closes a shift; its figures are
// read back per shift. Registered by box-office.routes.ts.

/** The operator's shift: its running totals, opened with a float, closed with a blind count. */
export function shiftRoutes(app: FastifyInstance) {
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

/** The admins' view of the country's box office: shifts, the audit log, events and their quotas. */
export function reportRoutes(app: FastifyInstance) {
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
