import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { DbHandle } from '../../db/dialect.js'
import { createJobRunner, type JobRunner, type RunnerOptions } from './job-runner.js'
import { jobFigures } from './jobs.service.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The one job runner: modules define their queues on it while the app is built (DESIGN §1). */
    jobs: JobRunner
  }
}

/**
 * The job runner as one registration for app.ts. Building the app defines queues and lets requests enqueue;
 * it works them only when asked (`app.jobs.startWorker()`: server.ts unless JOBS_WORKER=off, worker.ts), so
 * tests run what they enqueue with `runDue`.
 */
async function jobsModule(app: FastifyInstance, opts: { db: DbHandle; runner?: RunnerOptions }) {
  const jobs = createJobRunner(opts.db, { log: app.log, ...opts.runner })
  app.decorate('jobs', jobs)
  const gauge = (name: string, help: string, labelNames: readonly string[]) =>
    app.metrics.gauge({ name, help, labelNames })
  const counts = gauge('palco_jobs', 'Jobs by queue and state (pg-boss)', ['queue', 'state'])
  const ages = gauge('palco_job_oldest_due_seconds', 'How long the oldest due job of each queue has waited', [
    'queue',
  ])
  // Read at each scrape, once for both gauges.
  app.metrics.gauge({
    name: 'palco_jobs_working',
    help: '1 when this process works jobs, 0 when it only enqueues them (JOBS_WORKER=off)',
    async collect() {
      this.set(jobs.working ? 1 : 0)
      const f = await jobFigures(opts.db, jobs).catch(() => [])
      counts.reset()
      ages.reset()
      for (const q of f) {
        for (const [state, n] of Object.entries(q.counts)) counts.set({ queue: q.queue, state }, n)
        ages.set({ queue: q.queue }, q.oldestDueSeconds)
      }
    },
  })
  app.addHook('onClose', async () => jobs.stop())
}

/** Not encapsulated, so `app.jobs` is visible to every module and to tests. */
export const jobsPlugin = fp(jobsModule, { name: 'jobs' })
