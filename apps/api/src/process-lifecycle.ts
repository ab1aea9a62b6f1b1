import type { FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import { type DbHandle, openDatabase } from './db/dialect.js'
import { migrateToLatest } from './db/migrate.js'

/** The configured database, migrated: what the server and the worker both start from. */
export async function openMigratedDatabase(config: Config): Promise<DbHandle> {
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
  })
  await handle.withSession(migrateToLatest)
  return handle
}

/**
 * SIGINT and SIGTERM close the app once (open requests finish, the job worker finishes what it runs, the
 * database closes) and exit; past `timeoutMs` the process exits anyway, so a stuck close cannot keep a
 * deploy waiting. `what` names the process in its log lines ("shutting down", "worker stopping").
 */
export function exitOnSignals(
  app: FastifyInstance,
  what: { stopping: string; name: string },
  timeoutMs: number,
) {
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, what.stopping)
    const timer = setTimeout(() => {
      app.log.error(`${what.name} timed out; exiting`)
      process.exit(1)
    }, timeoutMs)
    timer.unref()
    try {
      await app.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, `${what.name} failed`)
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}
