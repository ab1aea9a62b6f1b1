import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { exitOnSignals, openMigratedDatabase } from './process-lifecycle.js'

/**
 * `npm run worker`: the job runner alone, for production beside API processes started with
 * JOBS_WORKER=off (docs/operations.md). It builds the same app the server builds, so every module defines
 * its queues as it does there, but opens no port: it only works jobs. Any number may run; each job runs in
 * one of them.
 */
const config = loadConfig()
const handle = await openMigratedDatabase(config)
const app = await buildApp({ config, db: handle, closeDbOnShutdown: true })
await app.ready()
await app.jobs.startWorker()
app.log.info(`Palco worker: working jobs, database: ${handle.kind}`)
// The embedded engine is one process's: a worker beside a server needs DATABASE_URL (docs/operations.md).
if (handle.kind === 'pglite')
  app.log.warn('worker on the embedded database: no server can share it; npm start already works jobs')

exitOnSignals(app, { stopping: 'worker stopping: finishing the jobs it runs', name: 'worker stop' }, 15_000)
