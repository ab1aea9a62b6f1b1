import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { buildApp } from './app.js'
import { devEndpointsNotice, loadConfig } from './config.js'
import { seedDemoData } from './db/seed/demo.js'
import { seedDemoAccounts } from './db/seed/demo-accounts.js'
import { exitOnSignals, openMigratedDatabase } from './process-lifecycle.js'
import { warmUp } from './warm-up.js'

const config = loadConfig()
const handle = await openMigratedDatabase(config)
if (config.SEED_DEMO) await seedDemoData(handle.db)

const app = await buildApp({ config, db: handle, closeDbOnShutdown: true, web: true })
if (config.SEED_DEMO) await seedDemoAccounts(app)
// Background work (mail, sweeps, reconciliation, plan charges, refunds) runs as jobs in this process unless
// JOBS_WORKER=off leaves it to `npm run worker` (docs/operations.md); app.close() stops the worker.
if (config.JOBS_WORKER === 'on') await app.jobs.startWorker()

exitOnSignals(app, { stopping: 'shutting down: finishing open requests', name: 'shutdown' }, 10_000)

// What the first visitors need is made before the port opens, so whoever polls /api/ready (a load balancer,
// the e2e runner) sends nobody to a cold process (docs/decisions.md, Seating: "Warm before answering").
// Bounded: past WARM_BEFORE_LISTEN_MS the server listens and warming finishes in the background, so a
// large catalogue or a slow database never holds a start for long.
const WARM_BEFORE_LISTEN_MS = 10_000
const warming = warmUp(app, {
  hosts: { COL: 'localhost', MEX: config.MX_HOSTS[0] ?? 'mx.localhost' },
  web: fs.existsSync(path.join(config.WEB_BUILD_DIR, 'server/index.js')),
}).then(
  (report) => app.log.info(report, 'warm-up done'),
  (err) => app.log.warn({ err }, 'warm-up failed'),
)
await Promise.race([warming, delay(WARM_BEFORE_LISTEN_MS, undefined, { ref: false })])

await app.listen({ host: config.HOST, port: config.PORT })
const devNotice = devEndpointsNotice(config)
if (devNotice) app.log.warn(devNotice)
app.log.info(
  `Palco on http://localhost:${config.PORT} (Colombia) and http://${config.MX_HOSTS[0] ?? 'mx.localhost'}:${config.PORT} (Mexico), database: ${handle.kind}`,
)
