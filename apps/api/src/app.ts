import path from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import {
  type Config,
  connectSources,
  cookiesSecure,
  devOutboxEnabled,
  publicConfig,
  publicUrl,
} from './config.js'
import type { DbHandle } from './db/dialect.js'
import { authRoutes } from './modules/auth/auth.routes.js'
import { accountDirectory, type FanClaimHandler } from './modules/auth/auth.service.js'
import { boxOfficeRoutes } from './modules/box-office/box-office.routes.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { catalogAdminRoutes } from './modules/catalog-admin/admin.routes.js'
import { audit } from './modules/catalog-admin/audit.js'
import { checkoutPlugin } from './modules/checkout/checkout.module.js'
import { dashboardsPlugin } from './modules/dashboards/dashboards.module.js'
import { fanRoutes } from './modules/fans/fans.routes.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { fileRulesOf } from './modules/inscriptions/inscription-forms.service.js'
import type { RunnerOptions } from './modules/jobs/job-runner.js'
import { jobsPlugin } from './modules/jobs/jobs.module.js'
import { metricsPlugin } from './modules/metrics/metrics.module.js'
import { metricsRoutes } from './modules/metrics/metrics.routes.js'
import { devOutboxRoutes } from './modules/notifications/dev-outbox.routes.js'
import { dispatchJob, transportsFromConfig } from './modules/notifications/dispatcher.js'
import { orderAdminRoutes } from './modules/order-admin/order-admin.routes.js'
import { takeOverOrdersOfFan } from './modules/orders/orders.service.js'
import { promotionRoutes } from './modules/orders/promotions.routes.js'
import { organiserRoutes } from './modules/organisers/organisers.routes.js'
import { purchaseRoutes } from './modules/purchases/purchases.routes.js'
import { reportsPlugin } from './modules/reports/reports.module.js'
import { SeatFeed } from './modules/seating/live-feed.js'
import { seatingRoutes } from './modules/seating/seating.routes.js'
import { holdSweepJob } from './modules/seating/sweeper.js'
import { takenPlacesByZone } from './modules/seating/zone-taken.js'
import { ticketRoutes } from './modules/tickets/tickets.routes.js'
import { takeOverTicketsOfFan } from './modules/tickets/tickets.service.js'
import { uploadsPlugin } from './modules/uploads/uploads.module.js'
import { waitingRoomPlugin } from './modules/waiting-room/waiting-room.module.js'
import { authPlugin, resolveAuthSecret } from './plugins/auth.js'
import { dbPlugin } from './plugins/db.js'
import { answerFrameworkError, errorHandlerPlugin } from './plugins/error-handler.js'
import { inputGuardPlugin } from './plugins/input-guard.js'
import { logFormatOptions } from './plugins/log-format.js'
import { openapiPlugin } from './plugins/openapi.js'
import { requestContextPlugin, requestIdOf } from './plugins/request-context.js'
import { requestLogSerializers } from './plugins/request-log.js'
import { securityPlugin } from './plugins/security.js'
import { webPlugin } from './plugins/web.js'

export interface BuildAppOptions {
  config: Config
  db: DbHandle
  /** Close the database when the app closes (the server does; tests share one per file). */
  closeDbOnShutdown?: boolean
  /** Serve the built web app; tests of the API leave it off. */
  web?: boolean
  /** Where the log goes (standard output by default). */
  logStream?: { write(line: string): void }
  /** The job runner's clock and timings (tests retry at once). */
  jobs?: RunnerOptions
}

/**
 * Background work is jobs of one runner (issue 42 part 3): modules define their queues on `app.jobs`; these
 * two belong to modules with no registration of their own (mail and SMS dispatch, hold-expiry notices).
 */
function defineJobs(app: FastifyInstance, db: DbHandle, config: Config) {
  app.jobs.define(dispatchJob(db.db, transportsFromConfig(config), app.log))
  app.jobs.define(holdSweepJob(db.db))
}

/** Builds the whole app from plugins; `server.ts` listens, tests call `app.inject()`. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: requestLogSerializers,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            ...logFormatOptions(config, opts.logStream !== undefined),
          },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    frameworkErrors: answerFrameworkError,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id)
    return payload
  })

  await app.register(errorHandlerPlugin)
  await app.register(metricsPlugin, { db: opts.db })
  await app.register(securityPlugin, { connectSources: connectSources(config) })
  await app.register(requestContextPlugin, { mxHosts: config.MX_HOSTS })
  await app.register(inputGuardPlugin)
  await app.register(cookie)
  await app.register(compress, { threshold: 1024 })
  await app.register(dbPlugin, { handle: opts.db, closeOnShutdown: opts.closeDbOnShutdown ?? false })
  await app.register(jobsPlugin, { db: opts.db, ...(opts.jobs ? { runner: opts.jobs } : {}) })
  defineJobs(app, opts.db, config)
  const authSecret = await resolveAuthSecret(opts.db.db, config.AUTH_SECRET)
  await app.register(authPlugin, {
    secret: authSecret,
    baseUrl: publicUrl(config),
    secureCookies: cookiesSecure(config),
  })
  await app.register(openapiPlugin)

  await app.register(healthRoutes)
  await app.register(metricsRoutes, { token: config.METRICS_TOKEN })
  await app.register(catalogRoutes, { takenPlaces: takenPlacesByZone })
  // A proven contact takes over what waited for its pre-registered fan: tickets sent to them, orders bought for
  // them (issue 14: accounts import neither module; fans asks accounts through a port).
  const onFanClaimed: FanClaimHandler = async (trx, fromFanId, to) => {
    await takeOverTicketsOfFan(trx, fromFanId, to)
    await takeOverOrdersOfFan(trx, fromFanId, to)
  }
  await app.register(authRoutes, { onFanClaimed })
  await app.register(fanRoutes, { accounts: accountDirectory(opts.db.db) })
  await app.register(waitingRoomPlugin, { config, authSecret })
  const feed = new SeatFeed()
  await feed.start(opts.db, app.log)
  app.addHook('onClose', async () => feed.close())
  await app.register(seatingRoutes, { feed })
  await registerBackOffice(app, config)
  await app.register(checkoutPlugin, { config })
  await registerOrderDesks(app)
  await app.register(purchaseRoutes)
  await app.register(ticketRoutes)
  // A FILE field of an inscription form says which files it takes (issue 17).
  await app.register(uploadsPlugin, { config, fileRules: fileRulesOf })
  if (devOutboxEnabled(config))
    await app.register(devOutboxRoutes, { anyClient: config.UNSAFE_DEV_OUTBOX_FOR_ANY_CLIENT })

  if (opts.web)
    await app.register(webPlugin, {
      buildDir: config.WEB_BUILD_DIR,
      contentDir: config.CONTENT_DIR,
      config: publicConfig(config),
      devOutbox: devOutboxEnabled(config),
      devOutboxAnyClient: config.UNSAFE_DEV_OUTBOX_FOR_ANY_CLIENT,
    })
  return app
}

/** The back office's catalogue and the organisers whose staff run it (issue 43 part 1), and their promo codes. */
async function registerBackOffice(app: FastifyInstance, config: Config) {
  await app.register(catalogAdminRoutes, { uploadsDir: path.join(config.DATA_DIR, 'uploads') })
  await app.register(organiserRoutes, { audit })
  // An event's attendees and their exports (issue 43 part 4).
  await app.register(reportsPlugin, { config })
  await app.register(promotionRoutes)
  // Event and organiser dashboards, and the job keeping their sales rollups (issue 43 part 6).
  await app.register(dashboardsPlugin)
}

/** Where orders are handled by staff: the box office's counters and the organiser console's orders. */
async function registerOrderDesks(app: FastifyInstance) {
  await app.register(boxOfficeRoutes, { deps: app.checkout })
  await app.register(orderAdminRoutes, { deps: app.checkout })
}
