import { parentPort } from 'node:worker_threads'
import { type LayoutJob, runLayoutJob } from './layout-jobs.js'

// The worker thread of layout-worker.ts: one job at a time, answered with its id.
parentPort?.on('message', (message: LayoutJob & { id: number }) => {
  try {
    parentPort?.postMessage({ id: message.id, result: runLayoutJob(message) })
  } catch (err) {
    parentPort?.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) })
  }
})
