import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { type DbHandle, openDatabase } from '../db/dialect.js'
import { migrateToLatest } from '../db/migrate.js'

export type Engine = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it), per DESIGN §7. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/**
 * A fresh, migrated database: in-memory PGlite, or a throwaway database created on the test server
 * and dropped again by `close()`, so suites never see each other's rows. When TEST_DIRECT_DATABASE_URL is
 * set, TEST_DATABASE_URL is a transaction-mode PgBouncer in front of that server (CI runs the suite so, issue
 * 42 part 5): queries go through the pooler, and only creating, dropping and LISTEN reach the server itself.
 */
export async function openTestDatabase(engine: Engine): Promise<DbHandle> {
  if (engine === 'pglite') {
    const handle = await openDatabase({})
    await handle.withSession(migrateToLatest)
    return handle
  }
  const pooledUrl = process.env.TEST_DATABASE_URL
  if (!pooledUrl) throw new Error('TEST_DATABASE_URL is not set')
  const baseUrl = process.env.TEST_DIRECT_DATABASE_URL || pooledUrl
  const name = `palco_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const handle = await openDatabase({
    databaseUrl: databaseNamed(pooledUrl, name),
    directUrl: databaseNamed(baseUrl, name),
    poolSize: 20,
  })
  await handle.withSession(migrateToLatest)
  return {
    ...handle,
    listen: handle.listen,
    close: async () => {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: baseUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

function databaseNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
