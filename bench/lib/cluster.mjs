// @ts-check
// Several API processes and one job worker behind a local HTTP proxy, all reaching PostgreSQL through a
// PgBouncer in transaction mode (issue 42 part 5; docs/operations.md "Several processes behind a pooler"): the
// production shape, on one machine, for the on-sale rehearsal and the cluster check.
//
//   proxy (HAProxy, round robin, health-checked on /api/ready)
//     → API processes (JOBS_WORKER=off) ─┐
//     → worker (dist/worker.js)          ├→ PgBouncer (transaction mode) → PostgreSQL
//                                         └→ PostgreSQL directly, for LISTEN only (DATABASE_DIRECT_URL)
import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { onCleanup, PG } from './db.mjs'
import { OUT_DIR, ROOT } from './paths.mjs'
import { freePort, startServer } from './server.mjs'

const run = promisify(execFile)
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const WORKER_ENTRY = path.join(ROOT, 'apps/api/dist/worker.js')
/** What dist/worker.js logs once it works jobs. */
const WORKER_READY = 'Palco worker: working jobs'

/** A PgBouncer in transaction mode in front of the benchmark's PostgreSQL (scripts/pgbouncer.sh). */
export async function startPgBouncer() {
  const port = await freePort()
  const dir = fs.mkdtempSync('/tmp/palco-bench-pgbouncer-')
  await run(path.join(ROOT, 'scripts/pgbouncer.sh'), ['start', String(port), dir], {
    env: { ...process.env, PGBOUNCER_SERVER_HOST: PG.host, PGBOUNCER_SERVER_PORT: String(PG.port) },
  })
  const stop = onCleanup(async () => {
    await run(path.join(ROOT, 'scripts/pgbouncer.sh'), ['stop', dir]).catch(() => {})
    fs.rmSync(dir, { recursive: true, force: true })
  })
  /** The same database reached through the pooler. */
  const urlFor = (/** @type {string} */ directUrl) => {
    const u = new URL(directUrl)
    u.port = String(port)
    return u.toString()
  }
  return { port, urlFor, stop }
}

/** HAProxy in front of the API processes: round robin, a process taken out while /api/ready fails. */
export async function startProxy(apiPorts, { label = 'proxy' } = {}) {
  const port = await freePort()
  fs.mkdirSync(OUT_DIR, { recursive: true })
  const cfgPath = path.join(OUT_DIR, `${label}-${port}.cfg`)
  fs.writeFileSync(
    cfgPath,
    [
      'global',
      '  maxconn 8000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 120s',
      '  timeout server 120s',
      // The live seat feed is a long response with a comment every 15 s (docs/operations.md).
      '  timeout tunnel 1h',
      '  option forwardfor',
      // A request that found a killed process is sent to another one instead of failing (idempotent or not
      // yet received: HAProxy only retries when the connection itself failed).
      '  retries 2',
      '  option redispatch',
      'frontend palco',
      `  bind 127.0.0.1:${port}`,
      '  default_backend api',
      'backend api',
      '  balance roundrobin',
      '  option httpchk GET /api/ready',
      '  http-check expect status 200',
      ...apiPorts.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check inter 500 fall 2 rise 1`),
      '',
    ].join('\n'),
  )
  const log = fs.openSync(path.join(OUT_DIR, `${label}-${port}.log`), 'w')
  const child = spawn('haproxy', ['-db', '-f', cfgPath], { stdio: ['ignore', log, log] })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  const stop = onCleanup(async () => {
    if (!exited && child.pid) {
      process.kill(child.pid, 'SIGTERM')
      if (!exited) await once(child, 'exit')
    }
    fs.closeSync(log)
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`haproxy exited; see ${OUT_DIR}/${label}-${port}.log`)
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break
    } catch {}
    if (i > 100) throw new Error('haproxy not answering after 20 s')
    await sleep(200)
  }
  return { port, base, stop }
}

/**
 * Starts the whole shape on a database (a direct URL to PostgreSQL): the first API process migrates it, the
 * others and the worker find it migrated. Each process can be killed and started again on its port.
 */
export async function startCluster({
  databaseUrl,
  secret,
  apis = 4,
  worker = true,
  env = {},
  label = 'cluster',
}) {
  const pooler = await startPgBouncer()
  const common = {
    databaseUrl: pooler.urlFor(databaseUrl),
    secret,
    env: { DATABASE_DIRECT_URL: databaseUrl, ...env },
  }
  /** @type {{ label: string, port: number, server: Awaited<ReturnType<typeof startServer>> }[]} */
  const members = []
  const startWorker = () =>
    startServer({
      ...common,
      label: `${label}-worker`,
      entry: WORKER_ENTRY,
      readyLine: WORKER_READY,
      env: { ...common.env, LOG_LEVEL: 'info' },
    })
  let workerServer = null
  let proxy = null
  try {
    for (let i = 0; i < apis; i++) {
      const name = `${label}-api${i + 1}`
      const server = await startServer({ ...common, label: name, env: { ...common.env, JOBS_WORKER: 'off' } })
      members.push({ label: name, port: server.port, server })
    }
    if (worker) workerServer = await startWorker()
    proxy = await startProxy(
      members.map((m) => m.port),
      { label: `${label}-proxy` },
    )
  } catch (err) {
    // Nothing started here may outlive a failed start (a worker left polling a dropped database).
    await workerServer?.stop()
    for (const m of members) await m.server.stop()
    await pooler.stop()
    throw err
  }
  const running = proxy
  return {
    base: running.base,
    pooler,
    apis: members,
    /** SIGKILL, as a crash or an OOM kill would: no shutdown, requests in flight cut. */
    kill(i) {
      const pid = members[i].server.pid
      if (pid) process.kill(pid, 'SIGKILL')
    },
    /** Starts a killed (or stopped) process again on its port; its log, at info level, says how the boot went. */
    async restart(i) {
      await members[i].server.stop()
      members[i].server = await startServer({
        ...common,
        label: members[i].label,
        port: members[i].port,
        env: { ...common.env, JOBS_WORKER: 'off', LOG_LEVEL: 'info' },
      })
    },
    async stopWorker() {
      await workerServer?.stop()
      workerServer = null
    },
    async startWorker() {
      if (!workerServer) workerServer = await startWorker()
    },
    pids: () => ({
      apis: members.map((m) => m.server.pid),
      worker: workerServer?.pid ?? null,
    }),
    async stop() {
      await running.stop()
      await workerServer?.stop()
      for (const m of members) await m.server.stop()
      await pooler.stop()
    },
  }
}
