import type { RouteMinute } from '@palco/domain/waiting-room/queue-rules'
import { healthPauseReason } from '@palco/domain/waiting-room/queue-rules'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Config, cookiesSecure } from '../../config.js'
import { AdmissionGate } from './admission-gate.js'
import { PassSigner } from './admission-pass.js'
import { waitingRoomRoutes } from './waiting-room.routes.js'
import { RoomReader } from './waiting-room.service.js'
import { queueFigures } from './waiting-room-admin.service.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The pass check of holds and checkout (issue 42 part 1). */
    waitingRoom: AdmissionGate
  }
}

/** The routes whose last minute decides whether admission pauses by itself: holding and paying. */
export const GUARDED_ROUTES = [
  ['POST', '/api/reservations'],
  ['POST', '/api/checkout/orders'],
  ['POST', '/api/checkout/preference-id'],
] as const

/**
 * Issue 42: holds and checkout of an event behind a waiting room need the fan's pass (`app.waitingRoom`).
 * The waiting room: its routes, the gate every hold and checkout call of a guarded event goes through
 * (`app.waitingRoom`), and its figures in /metrics. The pause rule reads the metrics module's last minute
 * of the guarded routes, the same requests /metrics shows.
 */
export const waitingRoomPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; authSecret: string }) => {
    const signer = new PassSigner(opts.config.WAITING_ROOM_SECRET ?? opts.authSecret)
    const secureCookies = cookiesSecure(opts.config)
    const rooms = new RoomReader(app.db)
    const gate = new AdmissionGate(app.db, signer, Date.now, rooms)
    app.decorate('waitingRoom', gate)
    const health = () =>
      healthPauseReason(
        GUARDED_ROUTES.map(
          ([method, route]): RouteMinute => ({
            route,
            requests: app.metrics.recent.count(route, method),
            p95Seconds: app.metrics.recent.latencyP95(route, method),
            errorRatio: app.metrics.recent.errorRatio(route, method),
          }),
        ),
      )
    await app.register(waitingRoomRoutes, {
      deps: { db: app.db, signer, health, rooms },
      gate,
      secureCookies,
    })
    // Both gauges from one query, read again at most once a second however often Prometheus scrapes.
    let figures: { at: number; value: ReturnType<typeof queueFigures> } | null = null
    const read = () => {
      if (!figures || Date.now() - figures.at > 1000)
        figures = { at: Date.now(), value: queueFigures(app.db) }
      return figures.value
    }
    app.metrics.gauge({
      name: 'palco_waiting_room_queue_length',
      help: 'Fans waiting (not yet admitted) in every waiting room that is on',
      async collect() {
        this.set((await read()).waiting)
      },
    })
    app.metrics.gauge({
      name: 'palco_waiting_room_admission_rate_per_minute',
      help: 'Fans admitted per minute in force, summed over rooms that are on (0 while paused)',
      async collect() {
        this.set((await read()).ratePerMinute)
      },
    })
  },
  { name: 'waiting-room', dependencies: ['auth'] },
)
