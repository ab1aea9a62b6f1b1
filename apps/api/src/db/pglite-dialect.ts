import type { PGlite, Transaction } from '@electric-sql/pglite'
import {
  type CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  IdentifierNode,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  RawNode,
} from 'kysely'

/**
 * Kysely on the embedded engine. Kysely 0.28, the last line that supports Node 20 (docs/decisions.md,
 * "Dependencies on Node 20"), has no PGlite dialect of its own; this one behaves as 0.29's built-in one:
 * PGlite has a single connection, so every query and transaction waits for the one before it, and a
 * transaction runs inside PGlite's own exclusive `transaction()` so nothing else on the instance
 * (LISTEN, NOTIFY) lands in the middle of it.
 */
export class PGliteDialect implements Dialect {
  #driver: PGliteDriver | undefined
  constructor(private readonly pglite: PGlite) {}
  createAdapter(): DialectAdapter {
    return new PGliteAdapter()
  }
  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.pglite)
    return this.#driver
  }
  /** Whether the one connection is held, and how many queries and transactions queue for it. */
  usage(): { held: boolean; waiting: number } {
    return { held: this.#driver?.held ?? false, waiting: this.#driver?.waiting ?? 0 }
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }
}

class PGliteAdapter extends PostgresAdapter {
  // The one connection is held by the migrator from lock to unlock: nothing else can run in between.
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

type Compile = QueryCompiler['compileQuery']

// The name goes through an identifier node so the compiler quotes it, as Kysely's own drivers do.
const savepointQuery = (compile: Compile, command: string, name: string) =>
  compile(
    RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]),
    createQueryId(),
  )

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined
  waiting = 0

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite)
  }
  async init(): Promise<void> {
    await this.pglite.waitReady
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release = () => {}
    this.#queue = new Promise((resolve) => {
      release = resolve
    })
    // `previous` only ever resolves (a release), so the count cannot be left raised.
    this.waiting++
    await previous
    this.waiting--
    this.#release = release
    return this.#connection
  }
  get held(): boolean {
    return this.#release !== undefined
  }
  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
  }
  beginTransaction(): Promise<void> {
    return this.#connection.begin()
  }
  commitTransaction(): Promise<void> {
    return this.#connection.end(true)
  }
  rollbackTransaction(): Promise<void> {
    return this.#connection.end(false)
  }
  async savepoint(c: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await c.executeQuery(savepointQuery(compile, 'savepoint', name))
  }
  async rollbackToSavepoint(c: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await c.executeQuery(savepointQuery(compile, 'rollback to', name))
  }
  async releaseSavepoint(c: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await c.executeQuery(savepointQuery(compile, 'release', name))
  }
  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  #tx: Transaction | undefined
  #finish: ((commit: boolean) => void) | undefined
  #done: Promise<void> | undefined

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { affectedRows, rows } = await (this.#tx ?? this.pglite).query<R>(query.sql, [...query.parameters])
    return {
      rows: rows ?? [],
      ...(affectedRows == null ? {} : { numAffectedRows: BigInt(affectedRows) }),
    }
  }
  // biome-ignore lint/correctness/useYield: PGlite returns whole results; Kysely asks for this method anyway.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.')
  }

  /** Opens PGlite's transaction and keeps it open until `end`, which settles the callback's promise. */
  async begin(): Promise<void> {
    let begun = () => {}
    const started = new Promise<void>((resolve) => {
      begun = resolve
    })
    const outcome = new Promise<boolean>((resolve) => {
      this.#finish = resolve
    })
    this.#done = this.pglite.transaction(async (tx) => {
      this.#tx = tx
      begun()
      if (!(await outcome)) await tx.rollback()
    })
    // A failing BEGIN settles #done before `begun` is called.
    await Promise.race([started, this.#done])
  }

  async end(commit: boolean): Promise<void> {
    this.#finish?.(commit)
    const done = this.#done
    this.#tx = undefined
    this.#finish = undefined
    this.#done = undefined
    if (commit) await done
    else await done?.catch(() => {})
  }
}
