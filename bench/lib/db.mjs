// @ts-check
// Throwaway PostgreSQL databases for the API benchmarks: one per run, named palco_bench_<kind>_<ts>, dropped
// at the end (also on Ctrl-C). Only ever talks to the loopback server given by PGHOST/PGPORT (default
// 127.0.0.1:5432, user postgres, trust auth).
import pg from 'pg'

// Same int8 reading as the product's driver, so counts come back as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10))

export const PG = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
}

/** postgres://user@host:port/name */
export const urlOf = (name) => `postgres://${PG.user}@${PG.host}:${PG.port}/${name}`

const cleanups = new Set()
let hooked = false
function hookSignals() {
  if (hooked) return
  hooked = true
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, async () => {
      console.error(`\n${sig}: cleaning up`)
      for (const c of [...cleanups].reverse()) await c().catch(() => {})
      process.exit(130)
    })
  }
}

/** Registers a cleanup that also runs on Ctrl-C; returns a function that runs it once and forgets it. */
export function onCleanup(fn) {
  hookSignals()
  let done = false
  const run = async () => {
    if (done) return
    done = true
    cleanups.delete(run)
    await fn()
  }
  cleanups.add(run)
  return run
}

async function admin(sqlText) {
  const c = new pg.Client({ ...PG, database: 'postgres' })
  await c.connect()
  try {
    return await c.query(sqlText)
  } finally {
    await c.end()
  }
}

/**
 * Creates an empty database and a small pool on it. `drop()` closes the pool and drops the database
 * (WITH (FORCE), so a server that did not stop cleanly cannot keep it alive).
 */
export async function throwawayDatabase(kind) {
  const name = `palco_bench_${kind}_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`
  await admin(`create database ${pg.escapeIdentifier(name)}`)
  const pool = new pg.Pool({ ...PG, database: name, max: 4 })
  const drop = onCleanup(async () => {
    await pool.end().catch(() => {})
    await admin(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`)
    console.error(`dropped database ${name}`)
  })
  console.error(`created database ${name}`)
  return { name, url: urlOf(name), pool, drop }
}

/** The server's version string and the settings that shape write throughput. */
export async function serverFacts(pool) {
  const { rows } = await pool.query(
    `select version() as v, current_setting('max_connections') as mc, current_setting('shared_buffers') as sb,
            current_setting('synchronous_commit') as sc, current_setting('fsync') as fs`,
  )
  const r = rows[0]
  return {
    version: String(r.v).split(' on ')[0],
    settings: `max_connections=${r.mc}, shared_buffers=${r.sb}, synchronous_commit=${r.sc}, fsync=${r.fs}`,
  }
}
