import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { PGliteDialect } from './pglite-dialect.js'
import type { Database } from './schema.js'

export type Db = Kysely<Database>
export type DbKind = 'postgres' | 'pglite'

// int8 and numeric come back as strings by default; our amounts are integers well inside 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10))
// Calendar dates (birth dates) stay `YYYY-MM-DD` strings: a Date would shift them by the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v)

/** The connection pool at one instant: read by the metrics at each scrape (docs/operations.md). */
export interface PoolUsage {
  /** Connections the pool may open (PGlite: its one). */
  max: number
  inUse: number
  idle: number
  /** Callers waiting for a connection: all of them busy, or PGlite's queue behind its one connection. */
  waiting: number
}

export interface DbHandle {
  db: Db
  kind: DbKind
  poolUsage(): PoolUsage
  /** Closes pools or the embedded engine. */
  close(): Promise<void>
  /**
   * LISTEN on a channel; NOTIFY from any process (or this one) arrives at `onMessage`. On PostgreSQL a
   * dedicated connection listens and reconnects; on PGlite the engine delivers in-process.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>
  /**
   * Plain SQL outside Kysely, for a library that brings its own (the job runner, pg-boss): with values one
   * statement, without them a script of several. Not for the app's own queries (repositories use Kysely).
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  /**
   * Work that needs one session from start to end, on a connection of its own to the server itself (the
   * direct URL), closed after. The migrator takes a session-level advisory lock: through a transaction-mode
   * pooler its lock and its unlock can land on two server connections, and the lock then stays held on the
   * first, so every later start (a restarted process, the next deploy) waits on it for an hour.
   */
  withSession<T>(work: (db: Db) => Promise<T>): Promise<T>
}

export interface DbOptions {
  databaseUrl?: string | undefined
  /**
   * The server itself when `databaseUrl` goes through a transaction-mode pooler (PgBouncer): LISTEN keeps a
   * session, which a pooler hands to other clients between transactions (DESIGN §1). Unset: `databaseUrl`.
   */
  directUrl?: string | undefined
  /** Folder for the embedded engine; undefined keeps it in memory (tests). */
  dataDir?: string | undefined
  poolSize?: number
}

/** A real PostgreSQL when a URL is given, else the embedded PGlite (DESIGN §1). */
export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts.dataDir)
}

function openPostgres(databaseUrl: string, opts: DbOptions): DbHandle {
  const max = opts.poolSize ?? 10
  const pool = new pg.Pool({ connectionString: databaseUrl, max })
  // An idle connection the server drops (restart, failover, a terminated backend) is reported here;
  // the pool discards it and opens another on demand. Without a listener Node treats the event as an
  // uncaught error and the whole process stops.
  pool.on('error', (err) => {
    process.emitWarning(`idle database connection lost: ${err.message}`)
  })
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const listenUrl = opts.directUrl ?? databaseUrl
  return {
    db,
    kind: 'postgres',
    poolUsage: () => ({
      max,
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => db.destroy(),
    listen: (channel, onMessage) => pgListen(listenUrl, channel, onMessage),
    withSession: async (work) => {
      const session = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: listenUrl, max: 1 }) }),
      })
      try {
        return await work(session)
      } finally {
        await session.destroy()
      }
    },
    executeSql: async (text, values) => {
      const r = await pool.query(text, values ? [...values] : undefined)
      // A script answers one result per statement: the last one is what it returns.
      const last = Array.isArray(r) ? r[r.length - 1] : r
      return { rows: last?.rows ?? [] }
    },
  }
}

async function openPglite(dataDir: string | undefined): Promise<DbHandle> {
  let dir: string | undefined
  if (dataDir) {
    dir = path.resolve(dataDir, 'pglite')
    fs.mkdirSync(dir, { recursive: true })
  }
  // Same int8 reading as the pg driver above, so both engines hand services plain numbers.
  const parsers = { 20: (v: string) => Number.parseInt(v, 10), 1082: (v: string) => v }
  const pglite = await PGlite.create(dir ? { dataDir: dir, parsers } : { parsers })
  const dialect = new PGliteDialect(pglite)
  const db = new Kysely<Database>({ dialect })
  return {
    db,
    kind: 'pglite',
    // A pool of one: every query and transaction waits for the one before it (pglite-dialect.ts).
    poolUsage: () => {
      const { held, waiting } = dialect.usage()
      return { max: 1, inUse: held ? 1 : 0, idle: held ? 0 : 1, waiting }
    },
    close: async () => {
      await db.destroy()
      if (!pglite.closed) await pglite.close()
    },
    // PGlite runs one statement or script at a time, waiting for an open transaction to end first.
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const r = await pglite.query<Record<string, unknown>>(text, [...values])
        return { rows: r.rows }
      }
      const results = await pglite.exec(text)
      return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] }
    },
    // One engine, one connection: every piece of work is already one session.
    withSession: (work) => work(db),
    listen: async (channel, onMessage) => {
      const unlisten = await pglite.listen(channel, onMessage)
      return async () => {
        if (!pglite.closed) await unlisten()
      }
    },
  }
}

/** One connection per channel, kept open and re-established after a drop (a restart, a failover). */
async function pgListen(url: string, channel: string, onMessage: (payload: string) => void) {
  let client: pg.Client | null = null
  let stopped = false
  const connect = async (): Promise<void> => {
    if (stopped) return
    const c = new pg.Client({ connectionString: url })
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onMessage(n.payload)
    })
    c.on('error', () => {
      c.end().catch(() => {})
      if (!stopped) setTimeout(() => void connect().catch(() => {}), 1000).unref()
    })
    await c.connect()
    await c.query(`listen ${pg.escapeIdentifier(channel)}`)
    client = c
  }
  await connect()
  return async () => {
    stopped = true
    await client?.end().catch(() => {})
  }
}
