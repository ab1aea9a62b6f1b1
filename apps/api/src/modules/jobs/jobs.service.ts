import type { DbHandle } from '../../db/dialect.js'
import type { JobRunner, QueueFigures } from './job-runner.js'
import { oldestDueAges } from './jobs.repository.js'

/** Each queue's counts by state and the age of its oldest due job (0 when none waits), for /metrics. */
export async function jobFigures(
  handle: DbHandle,
  jobs: JobRunner,
): Promise<(QueueFigures & { oldestDueSeconds: number })[]> {
  const figures = await jobs.figures()
  if (figures.length === 0) return []
  const ages = await oldestDueAges(handle)
  return figures.map((f) => ({ ...f, oldestDueSeconds: ages.get(f.queue) ?? 0 }))
}
