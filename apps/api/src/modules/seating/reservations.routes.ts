import { DomainError } from '@palco/domain/errors/domain-error'
import {
  changeReservationBodySchema,
  type HoldBody,
  holdBodySchema,
  liveReservationQuerySchema,
  liveReservationSchema,
  reservationParamsSchema,
  reservationSchema,
} from '@palco/domain/seating/reservation-contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireRole, type SignedInUser } from '../../plugins/auth.js'
import type { AvailabilityCache } from './availability.service.js'
import {
  changeReservation,
  type Holder,
  type HoldRequest,
  holdPlaces,
  liveReservation,
  releasePlaces,
  reservationOf,
} from './holds.service.js'
import { SeatClaims } from './seat-claims.js'

const tags = ['seating']
const fan = requireRole('fan')

/**
 * Operators may take EXCLUSIVE seats for the box office and protocol; fans may not (issue 5 part 3). An
 * organiser's box office is staff only at its own organiser's events (issue 43); elsewhere it holds as a fan.
 */
const holderOf = async (request: FastifyRequest, user: SignedInUser, eventId: string): Promise<Holder> => ({
  userId: user.userId,
  staff: user.roles.includes('operator') && (await request.staffReaches('box_office.sell', eventId)),
})

/**
 * Holding seats (spec §7 POST /api/reservations; issue 5). Requests still taking their seats are claimed in
 * this process and released when the answer is sent (seat-claims.ts), so a rush's losers are refused early.
 */
export function holdRoutes(app: FastifyInstance, cache: AvailabilityCache) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const claims = new SeatClaims()
  const claimed = new WeakMap<object, string[]>()
  const claimSeats = async (request: FastifyRequest<{ Body: HoldBody }>) => {
    const body = request.body
    if (!('seats' in body)) return
    claimed.set(request, claims.claim(body.eventId, body.seats, request.headers.cookie ?? request.ip))
  }

  r.post(
    '/api/reservations',
    {
      preHandler: [claimSeats, fan],
      onResponse: async (request) => claims.release(claimed.get(request) ?? []),
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Hold seats (or a quantity of an unnumbered section) for 10 minutes',
        description:
          'All or nothing. Adds to the fan’s live hold for the event if there is one (its expiry does not move). Taken seats: 409 SEAT_UNAVAILABLE; unknown: 422 SEAT_NOT_FOUND; blocked or exclusive: 422 SEAT_NOT_SELECTABLE; over the zone’s per-fan maximum: 422 MAX_PER_FAN_EXCEEDED. `details.seats` names the seats. With `replace` (a section and a quantity), the fan’s unfinished hold of the event is given back first, in the same transaction, and a new hold is made.',
        body: holdBodySchema,
        response: { 201: reservationSchema },
      },
    },
    async (request, reply) => {
      const { eventId, ...places } = request.body
      const event = await cache.assertPublic(app.db, eventId, request.country)
      const holder = await holderOf(request, await request.requireUser(), eventId)
      // Issue 42: an event behind a waiting room is held only with this fan's own pass (no database read).
      if (!holder.staff) await app.waitingRoom.assertAdmitted(request, eventId, holder.userId)
      // The body schema is a union of exactly the two requests holdPlaces takes, plus the event.
      const view = await holdPlaces(app.db, eventId, holder, places as HoldRequest, event)
      // Before the NOTIFY comes back through the feed: the next proposal here must not offer these seats.
      cache.noteChange(eventId)
      reply.code(201)
      return view
    },
  )
}

/** Reading the fan's holds (spec §7 /api/reservations). */
export function reservationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const params = reservationParamsSchema

  r.get(
    '/api/reservations',
    {
      preHandler: fan,
      schema: {
        tags,
        summary: "The fan's live hold for an event, if any",
        querystring: liveReservationQuerySchema,
        response: { 200: liveReservationSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { userId } = await request.requireUser()
      return { reservation: await liveReservation(app.db, request.query.eventId, userId) }
    },
  )

  r.get(
    '/api/reservations/:id',
    {
      preHandler: fan,
      schema: {
        tags,
        summary: 'One of the fan’s holds, with its expiry',
        params,
        response: { 200: reservationSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return reservationOf(app.db, request.params.id, (await request.requireUser()).userId)
    },
  )
}

/** Changing and releasing one of the fan's holds (before payment starts). */
export function reservationChangeRoutes(app: FastifyInstance, cache: AvailabilityCache) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const params = reservationParamsSchema
  const noteChange = (eventId: string) => cache.noteChange(eventId)

  r.patch(
    '/api/reservations/:id',
    {
      preHandler: fan,
      schema: {
        tags,
        summary: 'Add or remove seats of a hold (before payment starts)',
        params,
        body: changeReservationBodySchema,
        response: { 200: reservationSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser()
      const holder: Holder = { userId: user.userId, staff: user.roles.includes('operator') }
      // Adding seats is holding seats: behind a waiting room it takes the fan's own pass, as POST does; staff
      // add them only at their own organisers' events (issue 43).
      const admit = holder.staff
        ? async (eventId: string) => {
            if (!(await request.staffReaches('box_office.sell', eventId))) throw new DomainError('FORBIDDEN')
          }
        : (eventId: string) => app.waitingRoom.assertAdmitted(request, eventId, holder.userId)
      return changeReservation(app.db, request.params.id, holder, request.body, { noted: noteChange, admit })
    },
  )

  r.delete(
    '/api/reservations/:id',
    {
      preHandler: fan,
      schema: {
        tags,
        summary: 'Release a hold: its seats are free again at once',
        params,
        response: { 200: reservationSchema },
      },
    },
    async (request) => {
      const { userId } = await request.requireUser()
      const released = await releasePlaces(app.db, request.params.id, userId)
      if (released) cache.noteChange(released.eventId)
      return released ?? reservationOf(app.db, request.params.id, userId)
    },
  )
}
