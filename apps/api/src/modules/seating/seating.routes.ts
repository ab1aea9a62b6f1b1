import {
  bestAvailableBodySchema,
  bestAvailableProposalSchema,
} from '@palco/domain/seating/seat-layout-contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import { AvailabilityCache } from './availability.service.js'
import { BestAvailableProposer } from './best-available.service.js'
import type { SeatFeed } from './live-feed.js'
import { holdRoutes, reservationChangeRoutes, reservationRoutes } from './reservations.routes.js'
import { preferencesOf, savePreferences } from './seat-customizations.service.js'
import { seatMapRoutes, seatStreamRoutes } from './seat-map.routes.js'

const tags = ['seating']

/**
 * Seat maps, availability, its live feed, holds, best available and the fan's seat preferences (spec §7
 * /api/seats, /api/reservations; issue 5). One availability cache for all of them, kept current by every
 * process's seat changes, so best available never offers a place just taken.
 */
export async function seatingRoutes(app: FastifyInstance, opts: { feed: SeatFeed }) {
  const cache = new AvailabilityCache()
  const unfollow = opts.feed.subscribeAll((m) => cache.noteChange(m.eventId))
  // Open streams end when the server stops, so a graceful shutdown is not held up by idle maps.
  const streams = new Set<() => void>()
  app.addHook('onClose', async () => {
    unfollow()
    for (const end of streams) end()
  })
  seatMapRoutes(app, cache)
  seatStreamRoutes(app, opts.feed, streams)
  holdRoutes(app, cache)
  reservationRoutes(app)
  reservationChangeRoutes(app, cache)
  bestAvailableRoutes(app, new BestAvailableProposer(cache))
  seatPreferenceRoutes(app)
}

function bestAvailableRoutes(app: FastifyInstance, proposer: BestAvailableProposer) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
}

/** A fan's own data: no proxy or browser cache may keep a copy to show the next person on a shared device. */
function seatPreferenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const fan = requireRole('fan')
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
