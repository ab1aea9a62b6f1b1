// @ts-check
// Starts the built API (apps/api/dist/server.js) as child processes on loopback and stops them by pid.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { onCleanup } from './db.mjs'
import { OUT_DIR, ROOT } from './paths.mjs'

/**
 * The built server. BENCH_SERVER_ENTRY points at another build of it (e.g. a copy of apps/api/dist with a
 * prototype change), so an experiment never has to touch the shared dist other engineers run from.
 */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY
  ? path.resolve(process.env.BENCH_SERVER_ENTRY)
  : path.join(ROOT, 'apps/api/dist/server.js')

/** A free TCP port on 127.0.0.1 (bound then released). */
export async function freePort() {
  const srv = net.createServer()
  srv.listen(0, '127.0.0.1')
  await once(srv, 'listening')
  const port = /** @type {net.AddressInfo} */ (srv.address()).port
  srv.close()
  await once(srv, 'close')
  return port
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Starts one server process. Environment: production mode, warn-level logs, no demo data, loopback only,
 * TRUST_PROXY=true so every virtual fan can carry its own X-Forwarded-For address (the per-IP rate limit on
 * POST /api/reservations, 60/min, is per fan as it would be behind the production proxy), and no web build
 * (WEB_BUILD_DIR points nowhere: the /api routes are the same, the SSR pages are not what is measured, and a
 * concurrent web build by someone else cannot break the boot).
 */
export async function startServer({
  databaseUrl,
  secret,
  label = 'server',
  env = {},
  nodeArgs = [],
  // A restarted process keeps its port (the proxy in front of it knows it by that port) and appends to its log.
  port: fixedPort = undefined,
  // The job worker (dist/worker.js) opens no port: it is ready once its log says `readyLine`.
  entry = SERVER_ENTRY,
  readyLine = undefined,
}) {
  if (!fs.existsSync(entry)) throw new Error(`${entry} missing: run \`npm run build\` first`)
  const port = fixedPort ?? (await freePort())
  fs.mkdirSync(OUT_DIR, { recursive: true })
  const logPath = path.join(OUT_DIR, `${label}-${port}.log`)
  const log = fs.openSync(logPath, fixedPort ? 'a' : 'w')
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: secret,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      WEB_BUILD_DIR: path.join(OUT_DIR, 'no-web-build'),
      CONTENT_DIR: path.join(ROOT, 'apps/web/public/content'),
      ...env,
    },
    stdio: ['ignore', log, log],
  })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  const base = `http://127.0.0.1:${port}`
  const stop = onCleanup(async () => {
    if (!exited && child.pid) {
      process.kill(child.pid, 'SIGTERM')
      const t = setTimeout(() => !exited && child.pid && process.kill(child.pid, 'SIGKILL'), 12_000)
      if (!exited) await once(child, 'exit')
      clearTimeout(t)
    }
    fs.closeSync(log)
  })
  const deadline = Date.now() + 90_000
  for (;;) {
    if (exited) {
      await stop()
      throw new Error(
        `${label} exited during boot; see ${logPath}:\n${fs.readFileSync(logPath, 'utf8').slice(-2000)}`,
      )
    }
    if (readyLine) {
      if (fs.readFileSync(logPath, 'utf8').includes(readyLine)) break
    } else {
      try {
        const res = await fetch(`${base}/api/ready`)
        if (res.ok) break
      } catch {}
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${label} not ready after 90 s; see ${logPath}`)
    }
    await sleep(200)
  }
  return { port, base, pid: child.pid, logPath, stop, exited: () => exited }
}

/** Starts n servers one after another (the first one migrates the database; the rest find it migrated). */
export async function startServers(n, opts) {
  const servers = []
  for (let i = 0; i < n; i++)
    servers.push(await startServer({ ...opts, label: `${opts.label ?? 'server'}${i + 1}` }))
  return servers
}

/** Lines a server logged at warn or above during the run (a failing request shows here). */
export function serverComplaints(server) {
  try {
    return fs
      .readFileSync(server.logPath, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"level":40') || l.includes('"level":50') || l.includes('"level":60'))
      .filter((l) => !l.includes('web build not found') && !l.includes('/uploads\\" must exist'))
  } catch {
    return []
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15 of the whole line (1-based), i.e. 11 and 12 after the name.
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return Number.NaN
  }
}

/**
 * CPU seconds used so far by the PostgreSQL server: every `postgres` process, plus what its ended backends
 * used (added to the postmaster's cutime/cstime when it reaps them), so connections that close between two
 * readings still count.
 */
export function postgresCpuSeconds() {
  let total = 0
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total
}

/**
 * The main thread's scheduler accounting (Linux /proc/<pid>/schedstat): seconds on CPU and seconds spent
 * runnable but waiting for a CPU. A large wait next to a small on-CPU time means the process was starved by
 * other work on the machine rather than busy or idle.
 */
export function schedSeconds(pid) {
  try {
    const [onCpu, waiting] = fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number)
    return { onCpu: onCpu / 1e9, waiting: waiting / 1e9 }
  } catch {
    return { onCpu: Number.NaN, waiting: Number.NaN }
  }
}

/**
 * Fastify's own responseTime (request received → response written) of each request whose x-request-id starts
 * with `prefix`, read back from an info-level server log: reqId → { status, ms }.
 */
export function serverTimes(logPath, prefix) {
  const out = new Map()
  const tag = `"reqId":"${prefix}`
  for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.includes('"responseTime"') || !line.includes(tag)) continue
    try {
      const entry = JSON.parse(line)
      out.set(entry.reqId, { status: entry.res?.statusCode, ms: entry.responseTime })
    } catch {}
  }
  return out
}
