import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { openDatabase } from './db/dialect.js'
import { migrateToLatest } from './db/migrate.js'

/**
 * `npm run worker`: the job runner alone, for production beside API processes started with
 * JOBS_WORKER=off (docs/operations.md). It builds the same app the server builds, so every module defines
 * its queues as it does there, but opens no port: it only works jobs. Any number may run; each job runs in
 * one of them.
 */
const config = loadConfig()
const handle = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  directUrl: config.DATABASE_DIRECT_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DB_POOL_SIZE,
})
await migrateToLatest(handle.db)
const app = await buildApp({ config, db: handle, closeDbOnShutdown: true })
await app.ready()
await app.jobs.startWorker()
app.log.info(`Palco worker: working jobs, database: ${handle.kind}`)
// The embedded engine is one process's: a worker beside a server needs DATABASE_URL (docs/operations.md).
if (handle.kind === 'pglite')
  app.log.warn('worker on the embedded database: no server can share it; npm start already works jobs')

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'worker stopping: finishing the jobs it runs')
  const timer = setTimeout(() => {
    app.log.error('worker stop timed out; exiting')
    process.exit(1)
  }, 15_000)
  timer.unref()
  try {
    await app.close()
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'worker stop failed')
    process.exit(1)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
