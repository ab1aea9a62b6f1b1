import { eventIdQuerySchema, eventLookupQuerySchema } from '@palco/domain/catalog/catalog-query'
import {
  eventCheckSchema,
  eventDetailSchema,
  sponsorBannerSchema,
  ticketFrameSchema,
} from '@palco/domain/catalog/event-detail'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendCalendar, siteOrigin } from '../../lib/calendar-reply.js'
import type { CatalogContext } from './catalog.routes.js'
import { checkEvent, getEventDetail, getSponsorBanners } from './event.service.js'
import { answerCached } from './http-cache.js'
import { getEventTicketFrame } from './reference.service.js'

// Availability changes as people buy: browsers may reuse an event for a few seconds only.
const EVENT_MAX_AGE_S = 15
const CHECK_MAX_AGE_S = 5
const ASSET_MAX_AGE_S = 300
const sponsorBannersSchema = z.array(sponsorBannerSchema)

const scopeOf = (request: { country: 'COL' | 'MEX'; locale: 'es-CO' | 'en-US' }) => ({
  country: request.country,
  locale: request.locale,
  now: new Date(),
})

export function eventRoutes(app: FastifyInstance, ctx: CatalogContext) {
  eventPageRoutes(app, ctx)
  eventAssetRoutes(app, ctx)
}

/** The event's page and the organisers' on-sale check: availability in them, so cached briefly. */
function eventPageRoutes(app: FastifyInstance, ctx: CatalogContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps = { layouts: ctx.layouts, takenPlaces: ctx.takenPlaces }
  r.get(
    '/api/event',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One event by `id` or `slug`, with zones, prices, availability, sponsors and sale state',
        description:
          "Only events of the host's country. Drafts and events hidden from everyone (visibility NONE) " +
          'are 404, like unknown or malformed ids; a PRIVATE event answers to its exact id or slug.',
        querystring: eventLookupQuerySchema,
        response: { 200: eventDetailSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: `event|${JSON.stringify(request.query)}`,
        schema: eventDetailSchema,
        maxAge: EVENT_MAX_AGE_S,
        compute: () => getEventDetail(app.db, scopeOf(request), request.query, deps),
      }),
  )

  r.get(
    '/api/event/check',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Is this event on sale, not yet on sale, expired or disabled (404 when unknown)',
        description:
          'For ODE products (page category WEB_ODE): the organiser’s own website asks whether to show its buy button and links to `path` on this site. Readable from any origin: the answer holds only public facts and the request carries no credentials.',
        querystring: eventLookupQuerySchema,
        response: { 200: eventCheckSchema },
      },
      // Set before the handler so a 404 or 400 is readable from the organiser's page too.
      onRequest: (_request, reply, done) => {
        reply.header('access-control-allow-origin', '*')
        done()
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: `check|${JSON.stringify(request.query)}`,
        schema: eventCheckSchema,
        maxAge: CHECK_MAX_AGE_S,
        compute: () => checkEvent(app.db, scopeOf(request), request.query, deps),
      }),
  )
}

/** What an event's pages draw around it: its sponsors' banners and its tickets' frame. */
function eventAssetRoutes(app: FastifyInstance, ctx: CatalogContext) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const deps = { layouts: ctx.layouts, takenPlaces: ctx.takenPlaces }
  r.get(
    '/api/event/calendar.ics',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The event as a calendar file (iCalendar), at the venue’s local time',
        description:
          'Found as `GET /api/event` finds it (by `id` or `slug`, in the host’s country); 404 alike.',
        querystring: eventLookupQuerySchema,
      },
    },
    async (request, reply) => {
      const e = await getEventDetail(app.db, scopeOf(request), request.query, deps)
      const url = `${siteOrigin(request)}/events/${encodeURIComponent(e.slug)}`
      reply.header('cache-control', `public, max-age=${ASSET_MAX_AGE_S}`)
      return sendCalendar(
        reply,
        {
          uid: `event-${e.id}@palco`,
          title: e.name,
          startsAt: e.startsAt,
          endsAt: e.endsAt,
          timeZone: e.venue.timeZone,
          location: [e.venue.name, e.venue.address, e.venue.city].filter(Boolean).join(', '),
          description: [e.description ?? '', url].filter(Boolean).join('\n\n'),
          url,
        },
        e.slug,
      )
    },
  )
  r.get(
    '/api/event/sponsor-banners',
    {
      schema: {
        tags: ['catalog'],
        summary: "An event's sponsor banners, in page order",
        querystring: eventIdQuerySchema,
        response: { 200: sponsorBannersSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: `banners|${request.query.eventId}`,
        schema: sponsorBannersSchema,
        maxAge: ASSET_MAX_AGE_S,
        compute: () => getSponsorBanners(app.db, request.country, request.query.eventId),
      }),
  )

  r.get(
    '/api/event/ticket-frame',
    {
      schema: {
        tags: ['catalog'],
        summary: "The frame an event's tickets are drawn in: its own, else the country's default",
        querystring: eventIdQuerySchema,
        response: { 200: ticketFrameSchema },
      },
    },
    (request, reply) =>
      answerCached(request, reply, {
        cache: ctx.cache,
        key: `frame|${request.query.eventId}`,
        schema: ticketFrameSchema,
        maxAge: ASSET_MAX_AGE_S,
        compute: () => getEventTicketFrame(app.db, request.country, request.query.eventId),
      }),
  )
}
