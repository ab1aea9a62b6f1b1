import { DomainError } from '@palco/domain/errors/domain-error'
import {
  checkInBodySchema,
  checkInByDocumentBodySchema,
  checkInResponseSchema,
  eventTicketsSchema,
  gateEventsSchema,
  myTicketsSchema,
  offlinePackageSchema,
  ticketDetailSchema,
  transferBodySchema,
  transferResultSchema,
} from '@palco/domain/tickets/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendCalendar, siteOrigin } from '../../lib/calendar-reply.js'
import { requireEventInScope, requireRole, requireStaff } from '../../plugins/auth.js'
import { placeWords, ticketsPdf } from './ticket-pdf.js'
import {
  checkIn,
  checkInByDocument,
  eventsForGate,
  myTickets,
  myTicketsOfEvent,
  offlinePackage,
  ticketDetail,
  transferTicket,
} from './tickets.service.js'

const ticketParams = z.object({ id: z.uuid() })
const tags = ['tickets']
const fan = requireRole('fan', 'operator', 'admin')
// The gate: platform operators and admins, and organisers' check-in staff, each at their own events (issue 43).
const staff = requireStaff('check_in')
const gateEvent = requireEventInScope('check_in', (request) => {
  const { eventId } = (request.body ?? request.query) as { eventId: string }
  return eventId
})

/**
 * Spec §7 /api/myTickets, /api/myTickets/event and ticket printing, plus transfer and the gate (issue 7).
 * Fan data is always looked up through the session's user; an id of someone else's ticket answers 404.
 */
export async function ticketRoutes(app: FastifyInstance) {
  ticketListRoutes(app)
  oneTicketRoutes(app)
  transferRoutes(app)
  gateRoutes(app)
}

/** A fan's own tickets, by event. */
function ticketListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/myTickets',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "The signed-in fan's tickets grouped by event",
        description:
          'Upcoming events (not yet ended) soonest first; `past=true` lists ended events, latest first. Includes tickets the fan transferred away (ownership TRANSFERRED). No QR data.',
        querystring: z.object({ past: z.enum(['true', 'false']).default('false') }),
        response: { 200: myTicketsSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser()
      reply.header('cache-control', 'private, no-store')
      const events = await myTickets(app.db, viewer, { past: request.query.past === 'true', now: new Date() })
      return { events }
    },
  )

  r.get(
    '/api/myTickets/event',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: "The signed-in fan's tickets for one event",
        querystring: z.object({ eventId: z.uuid() }),
        response: { 200: eventTicketsSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser()
      reply.header('cache-control', 'private, no-store')
      return myTicketsOfEvent(app.db, viewer, request.query.eventId)
    },
  )
}

/** One of the fan's tickets, with what shows its code, and as a PDF. */
function oneTicketRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/tickets/:id',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: 'One ticket with what its holder needs to show the QR code',
        description:
          'Static types carry the final code; dynamic types the per-ticket secret the phone derives rotating codes from. Only the current holder gets `qr`; never cached.',
        params: ticketParams,
        response: { 200: ticketDetailSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser()
      reply.header('cache-control', 'private, no-store')
      return ticketDetail(app.db, viewer, request.params.id)
    },
  )

  r.get(
    '/api/tickets/:id/pdf',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: 'The ticket as a printable PDF',
        description:
          'Static QR types print the code; dynamic types print a page saying to show it from the phone.',
        params: ticketParams,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser()
      const detail = await ticketDetail(app.db, viewer, request.params.id)
      // A paguitos ticket is printed once its plan is paid (issue 16 part 6).
      if (detail.status === 'LOCKED') throw new DomainError('TICKET_LOCKED')
      const pdf = await ticketsPdf([detail], request.locale)
      reply.header('cache-control', 'private, no-store')
      reply.header('content-disposition', `inline; filename="palco-ticket-${detail.id.slice(0, 8)}.pdf"`)
      reply.type('application/pdf')
      return reply.send(Buffer.from(pdf))
    },
  )

  r.get(
    '/api/tickets/:id/calendar.ics',
    {
      onRequest: fan,
      schema: {
        tags,
        summary: 'The ticket’s event as a calendar file, at the venue’s local time, with the ticket’s place',
        params: ticketParams,
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser()
      const t = await ticketDetail(app.db, viewer, request.params.id)
      const origin = siteOrigin(request)
      reply.header('cache-control', 'private, no-store')
      return sendCalendar(
        reply,
        {
          uid: `ticket-${t.id}@palco`,
          title: t.event.name,
          startsAt: t.event.startsAt,
          endsAt: t.event.endsAt,
          timeZone: t.event.timeZone,
          location: `${t.event.venueName}, ${t.event.city}`,
          description: [placeWords(t, request.locale, ', '), `${origin}/my-tickets/${t.id}`].join('\n'),
          url: `${origin}/my-tickets/${t.id}`,
        },
        `${t.event.slug}-${t.id.slice(0, 8)}`,
      )
    },
  )
}

/** Passing a ticket on to another fan. */
function transferRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/tickets/:id/transfer',
    {
      onRequest: fan,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Transfer a ticket to another fan by email or phone',
        description:
          'The receiver is pre-registered when unknown. The ticket gets a new secret (old codes stop working), becomes RECEIVED for the receiver and TRANSFERRED for the sender; both are notified. Refused after check-in, when already transferred, to oneself, or when the event forbids transfers.',
        params: ticketParams,
        body: transferBodySchema,
        response: { 200: transferResultSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireUser()
      return transferTicket(app.db, viewer, request.params.id, request.body, {
        locale: request.locale,
        country: request.country,
        now: new Date(),
      })
    },
  )
}

/** The gate's operators: scanning, entry by document, the events to check in, the offline package. */
function gateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/checkin',
    {
      onRequest: staff,
      preHandler: gateEvent,
      schema: {
        tags,
        summary: 'Scan a ticket at a gate (operators)',
        description:
          'VALID admits the ticket and records it once; ALREADY_USED tells when and at which gate it entered; INVALID (unknown, forged, superseded), EXPIRED (a rotating code outside the time window) and WRONG_EVENT admit nobody.',
        body: checkInBodySchema,
        response: { 200: checkInResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await request.requireUser()
      return checkIn(app.db, userId, request.body, new Date())
    },
  )

  r.post(
    '/api/checkin/identification',
    {
      onRequest: staff,
      preHandler: gateEvent,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Admit a holder by the identity document their tickets were sold to (operators)',
        description:
          'Tickets sold at the box office with entry by document (IDENTIFICATION) admit their holder on sight of it: the next unused one of this event is admitted (VALID, once); when all are used, ALREADY_USED with the last entry; a document with no ticket for the event, INVALID.',
        body: checkInByDocumentBodySchema,
        response: { 200: checkInResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await request.requireUser()
      return checkInByDocument(app.db, userId, request.body)
    },
  )

  r.get(
    '/api/checkin/events',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Events of the host's country a gate can check in now (operators)",
        response: { 200: gateEventsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const scope = await request.staffScope('check_in')
      return { events: await eventsForGate(app.db, request.country, new Date(), scope) }
    },
  )

  r.get(
    '/api/checkin/offline-package',
    {
      onRequest: staff,
      preHandler: gateEvent,
      schema: {
        tags,
        summary: "What a gate device needs to verify an event's codes offline (operators)",
        querystring: z.object({ eventId: z.uuid() }),
        response: { 200: offlinePackageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return offlinePackage(app.db, request.query.eventId, new Date())
    },
  )
}
