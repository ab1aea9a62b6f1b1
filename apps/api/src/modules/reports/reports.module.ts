import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../../config.js'
import { resolveAuthSecret } from '../../plugins/auth.js'
import { localFileStore } from '../uploads/local-store.js'
import { reportRoutes } from './reports.routes.js'
import {
  attendeeExportJob,
  attendeeExportSweepJob,
  type ReportDeps,
  reportSigningKey,
} from './reports.service.js'

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportDeps
  }
}

/** The sweep of expired export files runs this often. */
const SWEEP_EVERY_MS = 60 * 60_000

/**
 * Reports as one registration for app.ts (issue 43 part 4): attendee lists and exports, the export job and the
 * hourly sweep of expired files. Export files live on the local disk under DATA_DIR/exports (private, 0600);
 * several machines need DATA_DIR shared between them (docs/decisions.md, "reports").
 */
async function reportsModule(app: FastifyInstance, opts: { config: Config }) {
  const deps: ReportDeps = {
    db: app.db,
    jobs: app.jobs,
    store: localFileStore(path.join(opts.config.DATA_DIR, 'exports')),
    signingKey: reportSigningKey(await resolveAuthSecret(app.db, opts.config.AUTH_SECRET)),
    now: () => new Date(),
    directMax: opts.config.ATTENDEE_EXPORT_DIRECT_MAX,
    log: app.log,
  }
  app.decorate('reports', deps)
  await app.register(reportRoutes, { deps })
  app.jobs.define(attendeeExportJob(deps))
  app.jobs.define(attendeeExportSweepJob(deps, SWEEP_EVERY_MS))
}

/** Not encapsulated, so `app.reports` (the deps) is visible to tests and the benchmark. */
export const reportsPlugin = fp(reportsModule, { name: 'reports' })
