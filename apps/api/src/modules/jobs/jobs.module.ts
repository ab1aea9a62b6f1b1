import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { DbHandle } from '../../db/dialect.js'
import { createJobRunner, type JobRunner, type RunnerOptions } from './job-runner.js'
import { oldestDueByQueue } from './jobs.service.js'

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
  app.metrics.gauge({
    name: 'palco_jobs_working',
    help: '1 when this process works jobs, 0 when it only enqueues them (JOBS_WORKER=off)',
    collect() {
      this.set(jobs.working ? 1 : 0)
    },
  })
  // Read at each scrape (a gauge's collect); empty until this process has used the runner.
  app.metrics.gauge({
    name: 'palco_jobs',
    help: 'Jobs by queue and state (pg-boss)',
    labelNames: ['queue', 'state'],
    async collect() {
      const figures = await jobs.figures().catch(() => [])
      this.reset()
      for (const q of figures)
        for (const [state, n] of Object.entries(q.counts)) this.set({ queue: q.queue, state }, n)
    },
  })
  app.metrics.gauge({
    name: 'palco_job_oldest_due_seconds',
    help: 'How long the oldest due job of each queue has waited (0: none waits)',
    labelNames: ['queue'],
    async collect() {
      const ages = await oldestDueByQueue(opts.db, jobs).catch(() => [])
      this.reset()
      for (const a of ages) this.set({ queue: a.queue }, a.seconds)
    },
  })
  app.addHook('onClose', async () => jobs.stop())
}

/** Not encapsulated, so `app.jobs` is visible to every module and to tests. */
export const jobsPlugin = fp(jobsModule, { name: 'jobs' })
