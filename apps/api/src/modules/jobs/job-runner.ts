import type { FastifyBaseLogger } from 'fastify'
import { CompiledQuery } from 'kysely'
import PgBoss from 'pg-boss'
import type { Db, DbHandle } from '../../db/dialect.js'

/** What a handler is told about the job it runs. */
export interface JobContext {
  id: string
  /** The clock the runner was given: tests move it, handlers never read `new Date()` themselves. */
  now: Date
}

/**
 * A queue and its handler. A handler may run twice for one job (a worker killed after the side effect but
 * before the job was marked done, a retry after a timeout), so it must be idempotent: each definition says
 * which guard makes it so.
 */
export interface QueueDefinition<T extends object = Record<string, never>> {
  name: string
  handle(data: T, ctx: JobContext): Promise<void>
  /** A periodic task: one tick queued at a time across every process, the next one due `everyMs` later. */
  everyMs?: number
  /** Attempts after the first; each waits twice as long as the one before (pg-boss's backoff). */
  retryLimit?: number
  retryDelaySeconds?: number
  /** An active job not finished by then (its worker died) is failed and retried. */
  expireInSeconds?: number
}

export interface SendOptions {
  /** At most one job with this key waiting and one running (the queue's `stately` policy). */
  singletonKey?: string
  startAfterSeconds?: number
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  trx?: Db
}

export interface RunnerOptions {
  now?: () => Date
  log?: FastifyBaseLogger
  /** How often an idle worker asks for the next job of each queue. */
  pollingIntervalSeconds?: number
  /** Overrides every queue's retry delay (tests retry at once; production keeps the backoff). */
  retryDelaySeconds?: number
  /** Overrides every queue's expiry (tests of a killed worker). */
  expireInSeconds?: number
}

/** Jobs by queue and state, and how long the oldest due one has waited: read by /metrics. */
export interface QueueFigures {
  queue: string
  counts: Record<'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed', number>
}

export interface JobRunner {
  define<T extends object>(def: QueueDefinition<T>): void
  /**
   * Adds a job; answers its id, or null when the queue already holds one waiting under its `singletonKey`.
   * With `trx`, call `ready(queue)` first, outside the transaction: the embedded engine has one connection.
   */
  send<T extends object>(queue: string, data: T, opts?: SendOptions): Promise<string | null>
  /** Starts the runner in this process if need be and makes sure the queue exists. */
  ready(queue: string): Promise<void>
  /** Works every defined queue in this process until `stop`, and queues each periodic task's first tick. */
  startWorker(): Promise<void>
  readonly working: boolean
  /**
   * Runs, in this process and now, every job of `queue` (or of all queues) that is due, until none is left:
   * a development aid and how tests wait for a job without a clock. Answers how many ran.
   */
  runDue(queue?: string, max?: number): Promise<number>
  /**
   * Fails the jobs whose worker stopped answering (running past their queue's expiry: killed, or lost its
   * database), so they are retried. Supervision does it every two minutes in any working process.
   */
  recover(): Promise<void>
  /** Job counts by state per defined queue; nothing when the runner has not started in this process. */
  figures(): Promise<QueueFigures[]>
  /** Stops working; a job running now is failed (retried later) unless it ends within `timeoutMs`. */
  stop(opts?: { timeoutMs?: number }): Promise<void>
}

const SCHEMA = 'pgboss'
const TICK = 'tick'
const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 15 * 60 }

/** pg-boss's SQL through a Kysely transaction, so a job can be enqueued with the rows that call for it. */
function trxAdapter(trx: Db) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const r = await trx.executeQuery(CompiledQuery.raw(text, values))
      return { rows: r.rows as unknown[] }
    },
  }
}

/**
 * The one job runner (DESIGN §1, §2): pg-boss, on a real PostgreSQL and on the embedded PGlite alike, through
 * the database handle's plain-SQL door (docs/decisions.md, "One job runner"). Its tables live in their own
 * schema (`pgboss`), created and migrated by pg-boss on first use.
 */
export function createJobRunner(handle: DbHandle, opts: RunnerOptions = {}): JobRunner {
  return new PgBossRunner(handle, opts)
}

class PgBossRunner implements JobRunner {
  readonly #boss: PgBoss
  readonly #now: () => Date
  readonly #defs = new Map<string, QueueDefinition<object>>()
  readonly #queues = new Map<string, Promise<void>>()
  readonly #queuesDone = new Set<string>()
  #started: Promise<void> | undefined
  #working = false

  constructor(
    handle: DbHandle,
    private readonly opts: RunnerOptions,
  ) {
    this.#now = opts.now ?? (() => new Date())
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => handle.executeSql(text, values) },
      schema: SCHEMA,
      migrate: true,
      supervise: true,
      schedule: false,
      // A periodic tick every second or two adds tens of thousands of done jobs a day: moved to the archive
      // after 15 minutes and deleted from it after two days; failed ones stay a week where they show.
      archiveCompletedAfterSeconds: 15 * 60,
      archiveFailedAfterSeconds: 7 * 86_400,
      deleteAfterDays: 2,
      // Each queue asks for its next job this often when idle: a second keeps mail and the hold sweep as
      // prompt as the timers they replace, for six small queries a second.
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1,
    })
    this.#boss.on('error', (err) => opts.log?.error({ err }, 'job runner error'))
  }

  get working() {
    return this.#working
  }

  define<T extends object>(def: QueueDefinition<T>) {
    if (this.#defs.has(def.name)) throw new Error(`job queue ${def.name} is defined twice`)
    this.#defs.set(def.name, def as unknown as QueueDefinition<object>)
  }

  #def(name: string) {
    const def = this.#defs.get(name)
    if (!def) throw new Error(`no job queue named ${name}`)
    return def
  }

  ready(name: string): Promise<void> {
    const def = this.#def(name)
    let ready = this.#queues.get(name)
    if (!ready) {
      this.#started ??= this.#boss.start().then(() => undefined)
      ready = this.#started
        .then(() => ensureQueue(this.#boss, def, this.opts))
        .then(
          () => {
            this.#queuesDone.add(name)
          },
          (err) => {
            // Asked again next time (the database was away, say), not failed for good.
            this.#queues.delete(name)
            this.#started = undefined
            throw err
          },
        )
      this.#queues.set(name, ready)
    }
    return ready
  }

  async send<T extends object>(name: string, data: T, o: SendOptions = {}) {
    if (o.trx && !this.#queuesDone.has(name))
      throw new Error(`job queue ${name}: call ready() before the transaction`)
    await this.ready(name)
    return this.#boss.send(name, data, {
      ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
      ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
      ...(o.trx ? { db: trxAdapter(o.trx) } : {}),
    })
  }

  /** A periodic task queues its next tick before it works, so a failing or killed tick stops nothing. */
  #run = async (def: QueueDefinition<object>, job: { id: string; data: object }) => {
    if (def.everyMs)
      await this.send(def.name, {}, { singletonKey: TICK, startAfterSeconds: Math.ceil(def.everyMs / 1000) })
    await def.handle(job.data, { id: job.id, now: this.#now() })
  }

  async startWorker() {
    if (this.#working) return
    this.#working = true
    for (const def of this.#defs.values()) {
      await this.ready(def.name)
      await this.#boss.work<object>(def.name, { batchSize: 1 }, async ([job]) => {
        if (job) await this.#run(def, job)
      })
      if (def.everyMs) await this.send(def.name, {}, { singletonKey: TICK })
    }
  }

  async runDue(queue?: string, max = 1000) {
    let ran = 0
    for (const def of queue ? [this.#def(queue)] : [...this.#defs.values()]) {
      await this.ready(def.name)
      ran += await drain(this.#boss, def, this.#run, max - ran)
    }
    return ran
  }

  async recover() {
    if (!this.#started) return
    await this.#started
    // pg-boss 10's maintenance step, public but not declared in its types.
    await (this.#boss as unknown as { expire(): Promise<void> }).expire()
  }

  async figures() {
    if (!this.#started) return []
    await this.#started
    // pg-boss 10 has countStates (its monitor's query) without declaring it in its types.
    const boss = this.#boss as unknown as { countStates(): Promise<CountedStates> }
    const states = await boss.countStates()
    return [...this.#defs.keys()].map((queue) => ({ queue, counts: countsOf(states.queues[queue]) }))
  }

  async stop({ timeoutMs = 10_000 } = {}) {
    this.#working = false
    if (!this.#started) return
    await this.#started.catch(() => {})
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs })
  }
}

async function ensureQueue(boss: PgBoss, def: QueueDefinition<object>, over: RunnerOptions) {
  const retryDelay = over.retryDelaySeconds ?? def.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds
  // Every queue is `stately`: per key, one job waiting and one running, so a tick or a batch is never doubled.
  const options = {
    name: def.name,
    policy: 'stately' as const,
    retryLimit: def.retryLimit ?? DEFAULTS.retryLimit,
    retryDelay,
    // pg-boss's backoff waits at least a second; a delay of 0 (tests) retries at once.
    retryBackoff: retryDelay > 0,
    expireInSeconds: over.expireInSeconds ?? def.expireInSeconds ?? DEFAULTS.expireInSeconds,
  }
  await boss.createQueue(def.name, options)
  // createQueue keeps an existing queue as it was; the options of this release apply from now on (the
  // policy too: updateQueue would set the default one otherwise).
  await boss.updateQueue(def.name, options)
}

/** Fetches and runs the due jobs of one queue in this process, marking each done or failed as a worker would. */
async function drain(
  boss: PgBoss,
  def: QueueDefinition<object>,
  run: (def: QueueDefinition<object>, job: { id: string; data: object }) => Promise<void>,
  max: number,
) {
  let ran = 0
  while (ran < max) {
    const [job] = await boss.fetch<object>(def.name, { batchSize: 1 })
    if (!job) break
    ran++
    try {
      await run(def, job)
      await boss.complete(def.name, job.id)
    } catch (err) {
      await boss.fail(def.name, job.id, { message: err instanceof Error ? err.message : String(err) })
    }
  }
  return ran
}

type State = keyof QueueFigures['counts']
type CountedStates = { queues: Record<string, Partial<Record<State, number>>> }
const STATES: State[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed']

function countsOf(q: Partial<Record<State, number>> | undefined): QueueFigures['counts'] {
  return Object.fromEntries(STATES.map((s) => [s, Number(q?.[s] ?? 0)])) as QueueFigures['counts']
}
