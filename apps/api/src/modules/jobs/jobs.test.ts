import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/dialect.js'
import { openTestApp } from '../../test/test-app.js'
import { ENGINES, openTestDatabase } from '../../test/test-db.js'
import { createJobRunner, type JobRunner, type QueueDefinition } from './job-runner.js'

/**
 * The one job runner (issue 42 part 3) on each engine: a job survives its runner's end and runs in the next
 * one, a failing job is retried, a periodic task keeps one tick queued, and a worker works what is sent.
 * No test waits on the wall clock except where a worker's own polling is the subject, and then only up to a
 * bound.
 */

/** Polls `check` until it holds, for at most `ms`: a worker's loop is the one thing here that runs on its own. */
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('gave up waiting')
}

describe.each(ENGINES)('the job runner on %s', (engine) => {
  let db: DbHandle
  const runners: JobRunner[] = []
  const runner = (opts: Parameters<typeof createJobRunner>[1] = {}) => {
    const r = createJobRunner(db, { retryDelaySeconds: 0, pollingIntervalSeconds: 0.5, ...opts })
    runners.push(r)
    return r
  }
  beforeAll(async () => {
    db = await openTestDatabase(engine)
  })
  afterAll(async () => {
    for (const r of runners) await r.stop({ timeoutMs: 1000 })
    await db?.close()
  })

  const recording = (name: string, seen: object[], fail = 0): QueueDefinition<{ n: number }> => {
    let failures = fail
    return {
      name,
      handle: async (data) => {
        if (failures-- > 0) throw new Error('not now')
        seen.push(data)
      },
    }
  }

  it('keeps a job across a restart: sent by one runner, stopped, run by the next', async () => {
    const first = runner()
    first.define(recording('restart-test', []))
    expect(await first.send('restart-test', { n: 1 })).toEqual(expect.any(String))
    await first.stop()

    const seen: object[] = []
    const second = runner()
    second.define(recording('restart-test', seen))
    expect(await second.runDue('restart-test')).toBe(1)
    expect(seen).toEqual([{ n: 1 }])
    expect(await second.runDue('restart-test')).toBe(0)
  })

  it('retries a failing job (backoff set to nothing here) until it succeeds, and counts it', async () => {
    const seen: object[] = []
    const r = runner()
    r.define(recording('retry-test', seen, 2))
    await r.send('retry-test', { n: 7 })
    expect(await r.runDue('retry-test')).toBe(3)
    expect(seen).toEqual([{ n: 7 }])
    const [figures] = (await r.figures()).filter((f) => f.queue === 'retry-test')
    expect(figures?.counts).toMatchObject({ completed: 1, failed: 0, retry: 0, created: 0 })
  })

  it('holds one job per key: the same key sent twice while waiting queues it once', async () => {
    const seen: object[] = []
    const r = runner()
    r.define(recording('key-test', seen))
    expect(await r.send('key-test', { n: 1 }, { singletonKey: 'k' })).toEqual(expect.any(String))
    expect(await r.send('key-test', { n: 2 }, { singletonKey: 'k' })).toBeNull()
    expect(await r.send('key-test', { n: 3 }, { singletonKey: 'other' })).toEqual(expect.any(String))
    await r.runDue('key-test')
    expect(seen).toHaveLength(2)
  })

  it('enqueues inside a transaction: a rolled-back transaction leaves no job', async () => {
    const seen: object[] = []
    const r = runner()
    r.define(recording('trx-test', seen))
    await r.ready('trx-test')
    await db.db
      .transaction()
      .execute(async (trx) => {
        await r.send('trx-test', { n: 1 }, { trx })
        throw new Error('roll back')
      })
      .catch(() => {})
    await db.db.transaction().execute(async (trx) => {
      await r.send('trx-test', { n: 2 }, { trx })
    })
    await r.runDue('trx-test')
    expect(seen).toEqual([{ n: 2 }])
  })

  it('works what is sent, and keeps one tick of a periodic task queued, when its worker runs', async () => {
    const sent: object[] = []
    let ticks = 0
    const r = runner()
    r.define(recording('work-test', sent))
    r.define({
      name: 'tick-test',
      everyMs: 60_000,
      handle: async () => {
        ticks++
      },
    })
    await r.startWorker()
    expect(r.working).toBe(true)
    await r.send('work-test', { n: 5 })
    await until(async () => sent.length === 1 && ticks === 1)
    // The next tick waits a minute; starting the worker again queues no second one.
    const tick = async () => (await r.figures()).find((f) => f.queue === 'tick-test')?.counts
    await until(async () => (await tick())?.created === 1)
    await r.stop()
    const again = runner()
    again.define({ name: 'tick-test', everyMs: 60_000, handle: async () => {} })
    await again.startWorker()
    await again.stop()
    expect((await tick())?.created).toBe(1)
    expect(ticks).toBe(1)
  })
})

describe.each(ENGINES)('job figures in /metrics on %s', (engine) => {
  it('counts jobs by queue and state, and says how long the oldest due one has waited', async () => {
    const t = await openTestApp(engine)
    try {
      t.app.jobs.define({ name: 'metrics-test', handle: async () => {} })
      await t.app.jobs.send('metrics-test', { n: 1 })
      await t.app.jobs.send('metrics-test', { n: 2 }, { singletonKey: 'two' })
      const text = (await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body
      expect(text).toContain('palco_jobs{queue="metrics-test",state="created"} 2')
      expect(text).toContain('palco_jobs{queue="event-refunds",state="created"} 0')
      expect(text).toMatch(/palco_job_oldest_due_seconds\{queue="metrics-test"\} \d/)
      expect(text).toContain('palco_jobs_working 0')
      await t.app.jobs.runDue('metrics-test')
      const after = (await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body
      expect(after).toContain('palco_jobs{queue="metrics-test",state="completed"} 2')
      expect(after).toContain('palco_job_oldest_due_seconds{queue="metrics-test"} 0')
    } finally {
      await t.close()
    }
  })
})
