// @ts-check
// Waiting room joins at a fixed arrival rate on one process (DESIGN §8: join p99 ≤ 50 ms at 2,000 joins/s,
// one process; issue 42 part 1).
//
//   npm run bench:waiting-room                              2,000 joins/s, 15 s per phase after 3 s warm-up
//   npm run bench:waiting-room -- --rate 500 --seconds 5 --dry   quick look, docs/ untouched
//
// Open loop: requests are started on a schedule (every millisecond, as many as the rate says are due), not when
// the previous one answered, so a slow server meets the same arrivals and its queueing shows in the latency.
// Each join is POST /api/waiting-rooms/:eventId/join by a new visitor (its own device cookie: one place each;
// the join limit is per device). Two phases, each on its own event: before opening (the pre-queue, where an
// on-sale's crowd arrives) and after opening (keyed by arrival, the answer counting the fans ahead).
// The database and the server are created for the run and removed after it.
import { randomBytes, randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { serverFacts, throwawayDatabase } from '../lib/db.mjs'
import { insertVenue } from '../lib/fixtures.mjs'
import { httpClient } from '../lib/http.mjs'
import {
  args,
  buildFacts,
  isoMinute,
  loadNow,
  machine,
  passFail,
  saveRaw,
  table,
  writeSection,
} from '../lib/report.mjs'
import { cpuSeconds, postgresCpuSeconds, serverComplaints, startServers } from '../lib/server.mjs'
import { fmt, summarize } from '../lib/stats.mjs'

const opt = args({ rate: 2000, seconds: 15, warmup: 3, pool: 10, connections: 256, dry: false })
/** DESIGN §8. */
const BUDGET_P99_MS = 50
const BUDGET_RATE = 2000
const HOUR = 3_600_000

const started = new Date()
const loadStart = loadNow()
const secret = randomBytes(32).toString('base64url')
const app = await throwawayDatabase('waitingroom')
let servers = []

/** An on-sale event with a room opening at `opensAt`. */
async function roomEvent(venueId, name, opensAt) {
  const startsAt = new Date(Date.now() + 7 * 24 * HOUR)
  const { rows } = await app.pool.query(
    `insert into events (country, currency, slug, type, name, description, venue_id, starts_at, ends_at,
                         on_sale_at, off_sale_at, status, visibility)
     values ('COL', 'COP', $1, 'CONCERT', $2, '', $3, $4, $5, $6, $4, 'PUBLISHED', 'ALL') returning id`,
    [
      `bench-wr-${randomUUID().slice(0, 8)}`,
      name,
      venueId,
      startsAt,
      new Date(startsAt.getTime() + 3 * HOUR),
      opensAt,
    ],
  )
  const eventId = rows[0].id
  await app.pool.query(
    `insert into waiting_rooms (event_id, enabled, opens_at, target_checkouts, shuffle_seed) values ($1, true, $2, 100, 42)`,
    [eventId, opensAt],
  )
  return eventId
}

/** Starts `rate` joins a second for `seconds`, each by a new device; every answer's latency from its start. */
async function openLoop(client, eventId, rate, seconds) {
  const samples = []
  const errors = []
  const pending = []
  const t0 = performance.now()
  let sent = 0
  while (performance.now() - t0 < seconds * 1000) {
    const due = Math.floor(((performance.now() - t0) / 1000) * rate)
    for (; sent < due; sent++) {
      const spec = {
        method: 'POST',
        path: `/api/waiting-rooms/${eventId}/join`,
        headers: { cookie: `palco_device=${randomUUID()}` },
      }
      pending.push(
        client.send(spec).then(
          (r) =>
            samples.push({ status: r.status, ms: r.ms, code: r.status >= 400 ? r.body?.code : undefined }),
          (e) => errors.push(String(e)),
        ),
      )
    }
    await sleep(1)
  }
  const scheduledS = (performance.now() - t0) / 1000
  await Promise.all(pending)
  return { samples, errors, sent, scheduledS, elapsedS: (performance.now() - t0) / 1000 }
}

async function phase(client, label, eventId) {
  await openLoop(client, eventId, opt.rate, opt.warmup)
  const cpu0 = cpuSeconds(servers[0].pid)
  const pg0 = postgresCpuSeconds()
  const run = await openLoop(client, eventId, opt.rate, opt.seconds)
  const serverCpu = (cpuSeconds(servers[0].pid) - cpu0) / run.elapsedS
  const pgCpu = (postgresCpuSeconds() - pg0) / run.elapsedS
  const ok = run.samples.filter((s) => s.status === 200)
  const bad = run.samples.filter((s) => s.status !== 200)
  const { rows } = await app.pool.query(
    'select count(*)::int as n from waiting_room_places where event_id = $1',
    [eventId],
  )
  return {
    label,
    rate: run.sent / run.scheduledS,
    ok: ok.length,
    failed: bad.length + run.errors.length,
    failures: [...new Set([...bad.map((s) => `${s.status} ${s.code}`), ...run.errors])].slice(0, 5),
    lat: summarize(ok.map((s) => s.ms)),
    places: rows[0].n,
    serverCpu,
    pgCpu,
  }
}

try {
  servers = await startServers(1, {
    databaseUrl: app.url,
    secret,
    label: 'waiting-room',
    env: { DB_POOL_SIZE: String(opt.pool) },
  })
  const pgFacts = await serverFacts(app.pool)
  const venueId = await insertVenue(app.pool)
  const before = await roomEvent(venueId, 'Waiting room, before opening', new Date(Date.now() + 24 * HOUR))
  const after = await roomEvent(venueId, 'Waiting room, after opening', new Date(Date.now() - HOUR))
  const client = httpClient(servers[0].base, opt.connections)
  const results = [
    await phase(client, 'before opening (pre-queue)', before),
    await phase(client, 'after opening (by arrival, with position)', after),
  ]
  client.close()
  const loadEnd = loadNow()
  const complaints = serverComplaints(servers[0])
  const pass = (r) => r.failed === 0 && r.rate >= 0.95 * BUDGET_RATE && r.lat.p99 <= BUDGET_P99_MS
  const raw = saveRaw(`waiting-room-${started.toISOString().replace(/\D/g, '').slice(0, 14)}`, {
    opt,
    results,
  })
  const m = machine()
  const body = `
Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts.version} (${pgFacts.settings}) · ${buildFacts()}.
Load average (1/5/15 min) at start ${loadStart}, at end ${loadEnd}: the machine is shared, and this load generator runs on it too.

**Budget** (DESIGN §8): waiting room join p99 ≤ ${BUDGET_P99_MS} ms at ${BUDGET_RATE.toLocaleString('en-US')} joins/s, one process. **Verdict: ${results.every(pass) ? 'pass' : 'FAIL'}.**

What runs: one API process (\`node apps/api/dist/server.js\`, NODE_ENV=production, LOG_LEVEL=warn, DB_POOL_SIZE=${opt.pool}) on a throwaway PostgreSQL database; each request is \`POST /api/waiting-rooms/:eventId/join\` by a new visitor (own device cookie), started on an open-loop schedule of ${opt.rate} a second (up to ${opt.connections} keep-alive connections), ${opt.warmup} s warm-up then ${opt.seconds} s measured per phase; latency from the request's start to its last byte, client-side on loopback, nearest-rank percentiles, 200 answers only.

${table(
  [
    'phase',
    'joins/s started',
    'joins p50 ms',
    'joins p95 ms',
    'joins p99 ms',
    'answered 200',
    'failed',
    'places',
    'server CPU',
    'PostgreSQL CPU',
    'verdict',
  ],
  results.map((r) => [
    r.label,
    fmt(r.rate, 0),
    fmt(r.lat.p50),
    fmt(r.lat.p95),
    fmt(r.lat.p99),
    String(r.ok),
    `${r.failed}${r.failures.length ? ` (${r.failures.join('; ')})` : ''}`,
    String(r.places),
    `${fmt(100 * r.serverCpu, 0)}%`,
    `${fmt(100 * r.pgCpu, 0)}%`,
    passFail(pass(r)),
  ]),
)}
${complaints.length ? `\nThe server logged ${complaints.length} warnings/errors (see ${servers[0].logPath.replace(/^.*?bench\//, 'bench/')}).\n` : ''}
Command: \`npm run bench:waiting-room\` (options: \`--rate ${opt.rate} --seconds ${opt.seconds} --warmup ${opt.warmup} --pool ${opt.pool} --connections ${opt.connections}\`; \`--dry\` leaves docs/ alone). Raw figures: \`${raw.replace(/^.*?bench\//, 'bench/')}\`.
`
  console.log(body)
  if (!opt.dry) writeSection('## Waiting room join', body)
} finally {
  for (const s of servers) await s.stop().catch((e) => console.error(e))
  await app.drop()
}
