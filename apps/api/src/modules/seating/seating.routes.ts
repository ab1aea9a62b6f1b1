import { createHash } from 'node:crypto'
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
import {
  bestAvailableBodySchema,
  bestAvailableProposalSchema,
  eventQuerySchema,
  seatAvailabilitySchema,
} from '@palco/domain/seating/seat-layout-contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole, type SignedInUser } from '../../plugins/auth.js'
import { AvailabilityCache, assertPublicEvent } from './availability.service.js'
import { BestAvailableProposer } from './best-available.service.js'
import {
  type Holder,
  type HoldRequest,
  holdPlaces,
  liveReservation,
  releasePlaces,
  reservationOf,
} from './holds.service.js'
import type { SeatFeed } from './live-feed.js'
import { SeatClaims } from './seat-claims.js'
import { preferencesOf, savePreferences } from './seat-customizations.repository.js'
import { seatLayoutOf } from './seat-layout.service.js'

/** Operators may take EXCLUSIVE seats for the box office and protocol; fans may not (issue 5 part 3). */
const holderOf = (user: SignedInUser): Holder => ({
  userId: user.userId,
  staff: user.roles.includes('operator'),
})

/** gzip unless the client refuses it (`gzip;q=0`) or does not list it. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';')
    if (name?.trim().toLowerCase() !== 'gzip' && name?.trim() !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/** 304 has no body, so it bypasses the route's typed 200 response. */
function notModified(reply: FastifyReply) {
  return (reply as FastifyReply).code(304).send() as never
}

/** Seat maps, availability, its live feed and holds (spec §7 /api/seats, /api/reservations; issue 5). */
export async function seatingRoutes(app: FastifyInstance, opts: { feed: SeatFeed }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['seating']
  const cache = new AvailabilityCache()
  const proposer = new BestAvailableProposer(cache)
  // Every process's seat changes reach the cache, so best available never offers a place just taken.
  const unfollow = opts.feed.subscribeAll((m) => cache.noteChange(m.eventId))
  const fan = requireRole('fan')
  // Open streams end when the server stops, so a graceful shutdown is not held up by idle maps.
  const streams = new Set<() => void>()
  app.addHook('onClose', async () => {
    unfollow()
    for (const end of streams) end()
  })

  r.get(
    '/api/event/seat-layout',
    {
      schema: {
        tags,
        summary: 'The layout an event uses and the price zone of each section',
        querystring: eventQuerySchema,
      },
    },
    async (request, reply) => {
      await assertPublicEvent(app.db, request.query.eventId, request.country)
      const body = await seatLayoutOf(app.db, request.query.eventId)
      // The answer is the layout's version and the event's zones: a zone's new price, colour or limit is a new
      // answer under the same layout, so the tag names the zones too (a few dozen at most, hashed per request).
      const zones = createHash('sha256').update(JSON.stringify(body.zones)).digest('base64url').slice(0, 16)
      const etag = `"layout-${body.layoutId ?? 'none'}-${body.layoutVersion ?? 0}-${zones}"`
      reply.header('cache-control', 'public, max-age=60')
      reply.header('etag', etag)
      if (request.headers['if-none-match'] === etag) return notModified(reply)
      return body
    },
  )

  r.get(
    '/api/seats',
    {
      schema: {
        tags,
        summary: 'Availability of every place of an event, run-length encoded per section',
        description:
          'Per section, one letter per place in layout order (A available, H held, S sold, B blocked), runs as `A120H2`. `version` orders it against the live feed at /api/seats/stream.',
        querystring: eventQuerySchema,
        response: { 200: seatAvailabilitySchema },
      },
    },
    async (request, reply) => {
      await cache.assertPublic(app.db, request.query.eventId, request.country)
      const seats = await cache.rendered(app.db, request.query.eventId)
      reply.header('cache-control', 'no-cache')
      reply.header('etag', seats.etag)
      reply.header('vary', 'accept-encoding')
      if (request.headers['if-none-match'] === seats.etag) return notModified(reply)
      // The same bytes for every reader of this version: serialised and gzipped once, not per request.
      // Fastify sends a string or Buffer as it is, past the schema's serializer (the schema stays for docs).
      reply.type('application/json; charset=utf-8')
      if (acceptsGzip(request.headers['accept-encoding'])) {
        reply.header('content-encoding', 'gzip')
        return reply.send(seats.gzipped() as never)
      }
      return reply.send(seats.json as never)
    },
  )

  r.get(
    '/api/seats/stream',
    {
      schema: {
        tags,
        summary: 'Server-Sent Events: seat changes of an event as they happen',
        querystring: eventQuerySchema,
      },
    },
    async (request, reply) => {
      const { eventId } = request.query
      await assertPublicEvent(app.db, eventId, request.country)
      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      res.write('retry: 2000\n\n')
      const unsubscribe = opts.feed.subscribe(eventId, (m) => {
        res.write(
          `event: seats\nid: ${m.version}\ndata: ${JSON.stringify({ version: m.version, changes: m.changes })}\n\n`,
        )
      })
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000)
      const close = () => {
        clearInterval(heartbeat)
        unsubscribe()
        streams.delete(end)
      }
      const end = () => {
        close()
        res.end()
      }
      streams.add(end)
      request.raw.on('close', close)
    },
  )

  // Requests still taking their seats; released when the answer is sent (seat-claims.ts).
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
      const holder = holderOf(await request.requireUser())
      // The body schema is a union of exactly the two requests holdPlaces takes, plus the event.
      const view = await holdPlaces(app.db, eventId, holder, places as HoldRequest, event)
      // Before the NOTIFY comes back through the feed: the next proposal here must not offer these seats.
      cache.noteChange(eventId)
      reply.code(201)
      return view
    },
  )

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
        params: reservationParamsSchema,
        response: { 200: reservationSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return reservationOf(app.db, request.params.id, (await request.requireUser()).userId)
    },
  )

  r.patch(
    '/api/reservations/:id',
    {
      preHandler: fan,
      schema: {
        tags,
        summary: 'Add or remove seats of a hold (before payment starts)',
        params: reservationParamsSchema,
        body: changeReservationBodySchema,
        response: { 200: reservationSchema },
      },
    },
    async (request) => {
      const holder = holderOf(await request.requireUser())
      const current = await reservationOf(app.db, request.params.id, holder.userId)
      if (current.status === 'EXPIRED') throw new DomainError('HOLD_EXPIRED')
      if (request.body.remove) {
        await releasePlaces(app.db, current.id, holder.userId, request.body.remove)
        cache.noteChange(current.eventId)
      }
      if (request.body.add) {
        const view = await holdPlaces(app.db, current.eventId, holder, { seats: request.body.add })
        cache.noteChange(current.eventId)
        return view
      }
      return reservationOf(app.db, current.id, holder.userId)
    },
  )

  r.delete(
    '/api/reservations/:id',
    {
      preHandler: fan,
      schema: {
        tags,
        summary: 'Release a hold: its seats are free again at once',
        params: reservationParamsSchema,
        response: { 200: reservationSchema },
      },
    },
    async (request) => {
      const holder = holderOf(await request.requireUser())
      const released = await releasePlaces(app.db, request.params.id, holder.userId)
      if (released) cache.noteChange(released.eventId)
      return released ?? reservationOf(app.db, request.params.id, holder.userId)
    },
  )

  r.post(
    '/api/seats/best-available',
    {
      // Open to anyone without a session, so it is throttled per address. A fan clicks "best available" a
      // few times per visit, trying other quantities or sections; 30 a minute is one every two seconds,
      // well above that, while a script looping on it is refused before its body is even read.
      // Fans behind one shared address (a carrier's NAT) share the allowance, as for holds.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Propose adjacent seats in one row, nearest the stage, leaving no single seat stranded',
        description:
          'Read from the availability kept in memory, including holds made a moment ago. At most 30 calls a minute per client address; more answer 429 RATE_LIMITED.',
        body: bestAvailableBodySchema,
        response: { 200: bestAvailableProposalSchema },
      },
    },
    async (request) =>
      proposer.propose(app.db, request.body, {
        country: request.country,
        userId: (await request.session())?.userId ?? null,
      }),
  )

  // A fan's own data: no proxy or browser cache may keep a copy to show the next person on a shared device.
  r.get(
    '/api/fans/seat-customizations',
    { preHandler: fan, schema: { tags, summary: "The fan's saved seat preferences" } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return preferencesOf(app.db, (await request.requireUser()).userId)
    },
  )
  r.put(
    '/api/fans/seat-customizations',
    {
      preHandler: fan,
      schema: {
        tags,
        summary: 'Save seat preferences (used by best available)',
        body: z.object({
          preferredSections: z.array(z.string().min(1).max(80)).max(20),
          preferAisle: z.boolean().default(false),
        }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return savePreferences(app.db, (await request.requireUser()).userId, request.body)
    },
  )
}
