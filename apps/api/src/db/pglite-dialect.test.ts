import { PGlite } from '@electric-sql/pglite'
import { Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGliteDialect } from './pglite-dialect.js'

interface Db {
  entry: { id: number; label: string }
}

/** The embedded engine behind Kysely 0.28 keeps the guarantees the services rely on (DESIGN §1). */
describe('PGlite dialect', () => {
  let db: Kysely<Db>
  let dialect: PGliteDialect
  beforeAll(async () => {
    dialect = new PGliteDialect(await PGlite.create())
    db = new Kysely<Db>({ dialect })
    await sql`create table entry (id int primary key, label text not null)`.execute(db)
  })
  afterAll(() => db.destroy())

  const labels = async () =>
    (await db.selectFrom('entry').select('label').orderBy('id').execute()).map((r) => r.label)

  it('commits a transaction, and undoes all of one that throws', async () => {
    await db.transaction().execute((tx) => tx.insertInto('entry').values({ id: 1, label: 'kept' }).execute())
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('entry').values({ id: 2, label: 'undone' }).execute()
        await tx.insertInto('entry').values({ id: 1, label: 'duplicate' }).execute()
      }),
    ).rejects.toThrow(/duplicate key/)
    expect(await labels()).toEqual(['kept'])
  })

  it('runs transactions one after the other: no query of another lands inside one', async () => {
    await db.deleteFrom('entry').execute()
    const slow = db.transaction().execute(async (tx) => {
      await tx.insertInto('entry').values({ id: 10, label: 'first' }).execute()
      await new Promise((r) => setTimeout(r, 50))
      const seen = await tx.selectFrom('entry').select('id').execute()
      await tx.insertInto('entry').values({ id: 11, label: 'second' }).execute()
      return seen.length
    })
    const other = db
      .transaction()
      .execute((tx) => tx.insertInto('entry').values({ id: 12, label: 'third' }).execute())
    const outside = db.insertInto('entry').values({ id: 13, label: 'fourth' }).execute()
    expect(await slow).toBe(1)
    await Promise.all([other, outside])
    expect(await labels()).toEqual(['first', 'second', 'third', 'fourth'])
  })

  it('rolls back to a savepoint and keeps the rest of the transaction', async () => {
    await db.deleteFrom('entry').execute()
    const tx = await db.startTransaction().execute()
    await tx.insertInto('entry').values({ id: 20, label: 'before' }).execute()
    const sp = await tx.savepoint('try one').execute()
    await sp.insertInto('entry').values({ id: 21, label: 'tried' }).execute()
    const back = await sp.rollbackToSavepoint('try one').execute()
    await back.insertInto('entry').values({ id: 22, label: 'after' }).execute()
    await back.commit().execute()
    expect(await labels()).toEqual(['before', 'after'])
  })

  it('reports its one connection as a pool: held by a transaction, with the queries queued behind it', async () => {
    expect(dialect.usage()).toEqual({ held: false, waiting: 0 })
    const tx = await db.startTransaction().execute()
    const queued = [labels(), labels()]
    // Nothing but promise steps lies between a query's call and its wait for the connection.
    await new Promise((resolve) => setImmediate(resolve))
    expect(dialect.usage()).toEqual({ held: true, waiting: 2 })
    await tx.commit().execute()
    await Promise.all(queued)
    expect(dialect.usage()).toEqual({ held: false, waiting: 0 })
  })
})
