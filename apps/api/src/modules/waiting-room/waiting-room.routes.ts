import { randomUUID } from 'node:crypto'
import {
  waitingRoomAdminSchema,
  waitingRoomInfoSchema,
  waitingRoomParamsSchema,
  waitingRoomRateSchema,
  waitingRoomSettingsSchema,
  waitingStatusSchema,
} from '@palco/domain/waiting-room/contract'
import { PASS_MINUTES } from '@palco/domain/waiting-room/queue-rules'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireEventInScope, requireStaff } from '../../plugins/auth.js'
import { type AdmissionGate, passCookie } from './admission-gate.js'
import {
  joinQueue,
  type QueueDeps,
  type QueueVisitor,
  queueStatus,
  roomInfo,
} from './waiting-room.service.js'
import { pauseRoom, roomAdminView, saveRoomSettings, setRoomRate } from './waiting-room-admin.service.js'

const tags = ['waiting-room']
const noStore = { 'cache-control': 'no-store' }
export const DEVICE_COOKIE = 'palco_device'
const UUID = /^[0-9a-f-]{36}$/i

interface RouteOpts {
  deps: QueueDeps
  gate: AdmissionGate
  secureCookies: boolean
}

/** The visitor's device id, made and set as a cookie on their first join (a year, HttpOnly). */
function deviceOf(request: FastifyRequest, reply: FastifyReply | null, secure: boolean): string | null {
  const known = request.cookies[DEVICE_COOKIE]
  if (known && UUID.test(known)) return known
  if (!reply) return null
  const id = randomUUID()
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 31_536_000,
  })
  return id
}

async function visitorOf(request: FastifyRequest, reply: FastifyReply | null, secure: boolean) {
  const session = request.headers.cookie ? await request.session() : null
  return {
    userId: session?.userId ?? null,
    deviceId: deviceOf(request, reply, secure),
  } satisfies QueueVisitor
}

/**
 * A waiting room per event's sale window (issue 42 part 1): joining, the waiting page's status (which hands
 * out the pass when it is the fan's turn), and the back office's controls.
 */
export async function waitingRoomRoutes(app: FastifyInstance, opts: RouteOpts) {
  fanRoutes(app, opts)
  adminRoutes(app, opts)
}

function fanRoutes(app: FastifyInstance, { deps, secureCookies }: RouteOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const params = waitingRoomParamsSchema
  r.get(
    '/api/waiting-rooms/:eventId',
    {
      schema: {
        tags,
        summary: 'Whether a waiting room guards this event’s sale',
        params,
        response: { 200: waitingRoomInfoSchema },
      },
    },
    async (request) => roomInfo(app.db, request.params.eventId),
  )
  r.post(
    '/api/waiting-rooms/:eventId/join',
    {
      // Per device (or address without one): hammering answers 429 and the place stays as it was.
      config: {
        rateLimit: {
          max: 20,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `wr:${req.cookies?.[DEVICE_COOKIE] ?? req.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Join the waiting room (one place per account, or per device for a visitor)',
        description:
          'Before opening the place is in the pre-queue, drawn at random at opening; after, behind everyone by arrival. Joining again, from another tab or after logging in, answers the same place. More than 20 joins a minute from one device → 429 RATE_LIMITED, the place kept.',
        params,
        response: { 200: waitingStatusSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return joinQueue(deps, request.params.eventId, await visitorOf(request, reply, secureCookies))
    },
  )
  r.get(
    '/api/waiting-rooms/:eventId/status',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Position, estimate, and the pass once it is the fan’s turn',
        description: `Ask every refreshSeconds. At YOUR_TURN a signed-in fan gets a pass (also an HttpOnly cookie) valid ${PASS_MINUTES} minutes for this event's holds and checkout.`,
        params,
        response: { 200: waitingStatusSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      const status = await queueStatus(
        deps,
        request.params.eventId,
        await visitorOf(request, null, secureCookies),
      )
      if (status.pass && status.turnEndsAt) {
        const maxAge = Math.max(1, Math.floor((Date.parse(status.turnEndsAt) - Date.now()) / 1000))
        const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureCookies, maxAge }
        reply.setCookie(passCookie(status.eventId), status.pass, cookie)
      }
      return status
    },
  )
}

function adminRoutes(app: FastifyInstance, { gate }: RouteOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // The room is the event's set-up: its organiser's managers run it (issue 43 part 1).
  const reader = {
    onRequest: requireStaff('events.read'),
    preHandler: requireEventInScope('events.read', 'eventId'),
  }
  const admin = requireStaff('events.write')
  const preHandler = requireEventInScope('events.write', 'eventId')
  const params = waitingRoomParamsSchema
  const response = { 200: waitingRoomAdminSchema }
  const url = '/api/admin/events/:eventId/waiting-room'
  // This process reads the room again at once; the others within a second (rooms) and GATE_CACHE_MS (the gate).
  const changed = <T>(view: T) => {
    gate.invalidate()
    return view
  }
  r.get(
    url,
    {
      ...reader,
      schema: { tags, summary: 'An event’s waiting room, for the back office', params, response },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return roomAdminView(app.db, request.params.eventId)
    },
  )
  r.put(
    url,
    {
      onRequest: admin,
      preHandler,
      schema: {
        tags,
        summary: 'Turn the room on or off; its opening, target and rate',
        params,
        body: waitingRoomSettingsSchema,
        response,
      },
    },
    async (request) => changed(await saveRoomSettings(app.db, request.params.eventId, request.body)),
  )
  r.post(
    `${url}/pause`,
    {
      onRequest: admin,
      preHandler,
      schema: { tags, summary: 'Stop admitting; every place is kept', params, response },
    },
    async (request) => changed(await pauseRoom(app.db, request.params.eventId, true)),
  )
  r.post(
    `${url}/resume`,
    { onRequest: admin, preHandler, schema: { tags, summary: 'Admit again', params, response } },
    async (request) => changed(await pauseRoom(app.db, request.params.eventId, false)),
  )
  r.put(
    `${url}/rate`,
    {
      onRequest: admin,
      preHandler,
      schema: {
        tags,
        summary: 'A fixed rate in fans per minute (a whole number over 0), or null for the computed one',
        params,
        body: waitingRoomRateSchema,
        response,
      },
    },
    async (request) => changed(await setRoomRate(app.db, request.params.eventId, request.body.ratePerMinute)),
  )
}
