import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import type { DbHandle } from '../db/dialect.js'
import { seedDemoAccounts } from '../db/seed/demo-accounts.js'
import type { RunnerOptions } from '../modules/jobs/job-runner.js'
import { type Engine, openTestDatabase } from './test-db.js'

export interface TestApp {
  app: FastifyInstance
  db: DbHandle
  close(): Promise<void>
}

/** The real app on a fresh database, driven through `app.inject()` (DESIGN §7). */
export async function openTestApp(
  engine: Engine,
  opts: {
    env?: Record<string, string>
    beforeReady?: (app: FastifyInstance) => void
    demoAccounts?: boolean
    /** Collects the log (with `env: { LOG_LEVEL }`), for tests of what is written down. */
    logStream?: { write(line: string): void }
    /** The job runner's timings (tests of retries and killed workers). */
    jobs?: RunnerOptions
  } = {},
): Promise<TestApp> {
  const db = await openTestDatabase(engine)
  // TEST_LOG_LEVEL=error shows what the server logged when a test meets an unexpected 500.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...opts.env,
  })
  const app = await buildApp({
    config,
    db,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    ...(opts.jobs ? { jobs: opts.jobs } : {}),
  })
  opts.beforeReady?.(app)
  await app.ready()
  if (opts.demoAccounts) await seedDemoAccounts(app)
  return {
    app,
    db,
    close: async () => {
      await app.close()
      await db.close()
    },
  }
}
