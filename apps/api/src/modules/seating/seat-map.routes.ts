import { createHash } from 'node:crypto'
import { eventQuerySchema, seatAvailabilitySchema } from '@palco/domain/seating/seat-layout-contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { type AvailabilityCache, assertPublicEvent } from './availability.service.js'
import type { SeatFeed } from './live-feed.js'
import { seatLayoutOf } from './seat-layout.service.js'

const tags = ['seating']

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

/** The map an event uses and what is free on it (spec §7 /api/event/seat-layout, /api/seats; issue 5). */
export function seatMapRoutes(app: FastifyInstance, cache: AvailabilityCache) {
  const r = app.withTypeProvider<ZodTypeProvider>()
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
}

/**
 * The live feed of an event's seat changes as Server-Sent Events. Open streams end when the server stops
 * (`streams`, ended by the seating plugin's onClose), so a graceful shutdown is not held up by idle maps.
 */
export function seatStreamRoutes(app: FastifyInstance, feed: SeatFeed, streams: Set<() => void>) {
  const r = app.withTypeProvider<ZodTypeProvider>()
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
      await assertPublicEvent(app.db, request.query.eventId, request.country)
      reply.hijack()
      streamSeatChanges(request, reply, feed, streams)
    },
  )
}

function streamSeatChanges(
  request: FastifyRequest<{ Querystring: { eventId: string } }>,
  reply: FastifyReply,
  feed: SeatFeed,
  streams: Set<() => void>,
) {
  const res = reply.raw
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  })
  res.write('retry: 2000\n\n')
  const unsubscribe = feed.subscribe(request.query.eventId, (m) => {
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
}
