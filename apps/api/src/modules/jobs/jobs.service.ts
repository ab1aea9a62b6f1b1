import type { DbHandle } from '../../db/dialect.js'
import type { JobRunner } from './job-runner.js'
import { oldestDueAges } from './jobs.repository.js'

/**
 * How long the oldest due job of each defined queue has waited, in seconds (0 when none waits), for
 * /metrics; nothing while the runner has not started in this process (its tables may not exist yet).
 */
export async function oldestDueByQueue(handle: DbHandle, jobs: JobRunner) {
  const figures = await jobs.figures()
  if (figures.length === 0) return []
  const ages = await oldestDueAges(handle)
  return figures.map((f) => ({ queue: f.queue, seconds: ages.get(f.queue) ?? 0 }))
}
