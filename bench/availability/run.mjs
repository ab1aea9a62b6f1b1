// @ts-check
// Availability of a 100,000-seat event (DESIGN §8: ≤ 50 ms p99 server time; ≤ 150 KB gzipped), issue 5
// "Performance". GET /api/seats on a cache hit and with the cache defeated (a write between reads), over one
// connection and over ten, plus the payload size.
//
//   npm run bench:availability                   full run (2 repetitions), recorded in docs/
//   npm run bench:availability -- --reps 1 --dry quick look
//
// Set-up: the deterministic layout of bench/availability/layout.mjs (100 sections × 1,000 seats) stored as a
// `layouts` row; a published event on it with 10 price zones covering every section; the first GET /api/seats
// materialises its 100,000 places (timed); then ~30 % of them are made SOLD or HELD in runs (friends buy 2–8
// adjacent seats; some sections sell better), with one hold row per held run, all with change_seq from the
// product's sequence, as the product's own writes do. Writes between reads mark one more seat SOLD with a new
// change_seq (what any hold or sale does to the version). The server's cache (availability.service.ts) shares a
// snapshot for 500 ms, so a "cache defeated" read waits 560 ms after the write: it must see the new version.
// Server time is measured client-side on loopback (Fastify does not expose its own timing), with
// `accept-encoding: gzip`, to the last byte of the compressed body.
import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { countRuns } from '@palco/domain/seating/availability'
import { serverFacts, throwawayDatabase } from '../lib/db.mjs'
import { insertLayout, insertSeatedEvent, insertVenue } from '../lib/fixtures.mjs'
import { closedLoop, httpClient } from '../lib/http.mjs'
import {
  analysisOf,
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
import { cpuSeconds, serverComplaints, startServer } from '../lib/server.mjs'
import { fmt, spread, summarize } from '../lib/stats.mjs'
import { generateAvailabilityLayout, SEATS_PER_SECTION } from './layout.mjs'
import { mixState } from './state.mjs'

const opt = args({ reps: 2, hits: 1000, misses: 150, missRounds: 40, seconds: 15, dry: false })
const BUDGET_MS = 50
const BUDGET_BYTES = 150 * 1024
const SHARE_WAIT_MS = 560
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

const started = new Date()
const loadStart = loadNow()
console.error(`load at start: ${loadStart}`)
const secret = randomBytes(32).toString('base64url')
const app = await throwawayDatabase('availability')
let server

/** Decodes a gzipped GET /api/seats body and compares its per-state counts with the database's. */
async function matchesDatabase(gzBody, eventId, layout) {
  const body = JSON.parse(gunzipSync(gzBody).toString('utf8'))
  const { rows } = await app.pool.query(
    `select case when status = 'HELD' and hold_expires_at <= now() then 'AVAILABLE' else status end as status, count(*)::int as n
     from event_seats where event_id = $1 group by 1`,
    [eventId],
  )
  const counts = Object.fromEntries(rows.map((r) => [r.status, r.n]))
  const decoded = { A: 0, H: 0, S: 0, B: 0 }
  let badSections = 0
  for (const enc of Object.values(body.sections)) {
    const c = countRuns(/** @type {string} */ (enc))
    if (c.A + c.H + c.S + c.B !== SEATS_PER_SECTION) badSections++
    for (const k of /** @type {const} */ (['A', 'H', 'S', 'B'])) decoded[k] += c[k]
  }
  return (
    badSections === 0 &&
    Object.keys(body.sections).length === layout.sections.length &&
    decoded.S === (counts.SOLD ?? 0) &&
    decoded.H === (counts.HELD ?? 0) &&
    decoded.B === (counts.BLOCKED ?? 0) &&
    decoded.A === (counts.AVAILABLE ?? 0)
  )
}

try {
  server = await startServer({ databaseUrl: app.url, secret, label: 'availability' })
  const pgFacts = await serverFacts(app.pool)
  const layout = generateAvailabilityLayout()
  const venueId = await insertVenue(app.pool)
  const { id: layoutId, seatCount } = await insertLayout(app.pool, venueId, 'Estadio 100k', layout)
  const one = httpClient(server.base, 1)
  const ten = httpClient(server.base, 10)
  const results = []

  for (let rep = 0; rep < opt.reps; rep++) {
    const eventId = await insertSeatedEvent(app.pool, {
      venueId,
      layoutId,
      layout,
      name: `Availability rep ${rep + 1}`,
    })
    const path = `/api/seats?eventId=${eventId}`
    const gz = { 'accept-encoding': 'gzip' }

    // First read materialises the places.
    const first = await one.send({ path, headers: gz, raw: true })
    if (first.status !== 200) throw new Error(`first GET ${first.status}`)
    const materialiseMs = first.ms
    const counts = await mixState(app.pool, eventId, layout)

    // Payload: gzip (the budget), identity, brotli; and the body must account for every place.
    const gzRes = await one.send({ path, headers: gz, raw: true })
    const plain = await one.send({ path, headers: { 'accept-encoding': 'identity' }, raw: true })
    const br = await one.send({ path, headers: { 'accept-encoding': 'br' }, raw: true })
    if (gzRes.headers['content-encoding'] !== 'gzip')
      throw new Error(`not gzipped: ${gzRes.headers['content-encoding']}`)
    const consistent = await matchesDatabase(gzRes.body, eventId, layout)

    // Writer: marks the next free seat SOLD with a new change_seq, returns that version.
    const { rows: freeSeats } = await app.pool.query(
      `select section_code, place_index from event_seats where event_id = $1 and status = 'AVAILABLE' order by section_code, place_index`,
      [eventId],
    )
    let w = Math.floor(freeSeats.length / 2)
    const write = async () => {
      const f = freeSeats[w++ % freeSeats.length]
      const { rows } = await app.pool.query(
        `update event_seats set status = 'SOLD', change_seq = nextval('seat_change_seq')
         where event_id = $1 and section_code = $2 and place_index = $3 returning change_seq`,
        [eventId, f.section_code, f.place_index],
      )
      return Number(rows[0].change_seq)
    }

    const cpu0 = cpuSeconds(server.pid)
    // Warm-up (JIT, pool, first compute).
    await closedLoop({
      clients: [ten],
      concurrency: 10,
      durationMs: 3000,
      maxRequests: 500,
      next: () => ({ path, headers: gz }),
    })

    // 1. Cache hit, one connection, then ten.
    const hit1 = await closedLoop({
      clients: [one],
      concurrency: 1,
      durationMs: 60_000,
      maxRequests: opt.hits,
      next: () => ({ path, headers: gz, raw: true }),
    })
    const hit10 = await closedLoop({
      clients: [ten],
      concurrency: 10,
      durationMs: opt.seconds * 1000,
      maxRequests: 10 * opt.hits,
      next: () => ({ path, headers: gz, raw: true }),
    })

    // 2. Cache defeated, one connection: write, wait out the sharing window, read.
    const miss1 = []
    let staleMiss = 0
    for (let k = 0; k < opt.misses; k++) {
      const v = await write()
      await sleep(SHARE_WAIT_MS)
      const r = await one.send({ path, headers: gz, raw: true })
      miss1.push(r.ms)
      const version = JSON.parse(gunzipSync(r.body).toString('utf8')).version
      if (r.status !== 200 || version < v) staleMiss++
    }
    // 3. Cache defeated, ten connections: write, wait, ten reads at once (one recomputes, all wait for it).
    const miss10 = []
    for (let k = 0; k < opt.missRounds; k++) {
      const v = await write()
      await sleep(SHARE_WAIT_MS)
      const rs = await Promise.all(
        Array.from({ length: 10 }, () => ten.send({ path, headers: gz, raw: true })),
      )
      for (const r of rs) {
        miss10.push(r.ms)
        if (r.status !== 200 || JSON.parse(gunzipSync(r.body).toString('utf8')).version < v) staleMiss++
      }
    }
    // 4. Mixed: ten connections reading for `seconds` while a writer changes a seat every 100 ms.
    let writing = true
    let writes = 0
    const writer = (async () => {
      while (writing) {
        await write()
        writes++
        await sleep(100)
      }
    })()
    const mixed = await closedLoop({
      clients: [ten],
      concurrency: 10,
      durationMs: opt.seconds * 1000,
      maxRequests: 20 * opt.hits,
      next: () => ({ path, headers: gz, raw: true }),
    })
    writing = false
    await writer
    const cpuUsed = cpuSeconds(server.pid) - cpu0
    // After all the writes, a fresh snapshot must still account for every place exactly as the database does.
    await sleep(SHARE_WAIT_MS)
    const finalConsistent = await matchesDatabase(
      (await one.send({ path, headers: gz, raw: true })).body,
      eventId,
      layout,
    )

    const lat = (loop) => summarize(loop.samples.filter((s) => s.status === 200).map((s) => s.ms))
    const failed = [hit1, hit10, mixed].reduce(
      (n, l) => n + l.errors.length + l.samples.filter((s) => s.status !== 200).length,
      0,
    )
    const r = {
      rep: rep + 1,
      eventId,
      places: seatCount,
      counts,
      materialiseMs,
      bytes: { gzip: gzRes.bytes, identity: plain.bytes, br: br.bytes },
      consistent,
      finalConsistent,
      hit1: lat(hit1),
      hit10: lat(hit10),
      hit10Rps: hit10.samples.length / (hit10.elapsedMs / 1000),
      miss1: summarize(miss1),
      miss10: summarize(miss10),
      mixed: lat(mixed),
      mixedRps: mixed.samples.length / (mixed.elapsedMs / 1000),
      mixedWrites: writes,
      staleMiss,
      failed,
      cpuUsed,
      load: loadNow(),
    }
    results.push(r)
    console.error(
      `rep ${r.rep}: materialise ${fmt(materialiseMs, 0)} ms; state ${JSON.stringify(counts)}; gzip ${r.bytes.gzip} B, identity ${r.bytes.identity} B, br ${r.bytes.br} B, consistent ${consistent}, after the writes ${finalConsistent}\n` +
        `  hit 1c p50 ${fmt(r.hit1.p50)} p99 ${fmt(r.hit1.p99)} | hit 10c p50 ${fmt(r.hit10.p50)} p99 ${fmt(r.hit10.p99)} (${fmt(r.hit10Rps, 0)}/s) | miss 1c p50 ${fmt(r.miss1.p50)} p99 ${fmt(r.miss1.p99)} | miss 10c p50 ${fmt(r.miss10.p50)} p99 ${fmt(r.miss10.p99)} | mixed 10c p50 ${fmt(r.mixed.p50)} p99 ${fmt(r.mixed.p99)} (${fmt(r.mixedRps, 0)}/s, ${writes} writes) | stale ${staleMiss} failed ${failed} | load ${r.load}`,
    )
  }
  one.close()
  ten.close()
  const complaints = serverComplaints(server)
  const loadEnd = loadNow()
  console.error(`load at end: ${loadEnd}`)
  const raw = saveRaw(opt.dry ? 'availability-dry' : 'availability', {
    opt,
    started,
    loadStart,
    loadEnd,
    results,
    complaints: complaints.slice(0, 20),
  })

  const p99s = (key) => results.map((r) => r[key].p99)
  const worst = (key) => Math.max(...p99s(key))
  const sizeOk = results.every((r) => r.bytes.gzip <= BUDGET_BYTES)
  const integrity = results.every(
    (r) => r.consistent && r.finalConsistent && r.staleMiss === 0 && r.failed === 0,
  )
  const verdicts = {
    hit1: worst('hit1') <= BUDGET_MS,
    hit10: worst('hit10') <= BUDGET_MS,
    miss1: worst('miss1') <= BUDGET_MS,
    miss10: worst('miss10') <= BUDGET_MS,
    mixed: worst('mixed') <= BUDGET_MS,
  }
  const allPass = sizeOk && integrity && Object.values(verdicts).every(Boolean)
  const row = (label, key, extra = '') => [
    label,
    spread(
      results.map((r) => r[key].p50),
      1,
    ),
    spread(p99s(key), 1),
    fmt(Math.max(...results.map((r) => r[key].max)), 1),
    String(results.reduce((n, r) => n + r[key].n, 0)),
    extra,
    passFail(verdicts[key]),
  ]
  const m = machine()
  const first = results[0]
  const body = `
Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts.version} (${pgFacts.settings}) · ${buildFacts()}.
Load average (1/5/15 min) at start ${loadStart}, at end ${loadEnd} (shared machine: other engineers' builds, tests and browsers run at the same time).

**Budgets** (DESIGN §8): availability of a 100,000-seat event ≤ ${BUDGET_MS} ms p99 server time; payload ≤ 150 KB gzipped. **Verdict: ${allPass ? 'pass' : 'FAIL'}.**

Event: ${first?.places.toLocaleString('en')} places (bench/availability/layout.mjs: 100 numbered sections of 40 rows × 25 seats, 4 blocked seats each), stored as a \`layouts\` row, 10 price zones covering every section, materialised by the first \`GET /api/seats\` (${results.map((r) => `${fmt(r.materialiseMs / 1000, 1)} s`).join(', ')}). State after mixing: ${Object.entries(
    first?.counts ?? {},
  )
    .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
    .join(
      ', ',
    )} (≈ ${fmt((100 * ((first?.counts.SOLD ?? 0) + (first?.counts.HELD ?? 0))) / (first?.places ?? 1), 0)} % sold or held, in runs of 2–8). One API process (\`node apps/api/dist/server.js\`, NODE_ENV=production, DB_POOL_SIZE=10). Times are client-side on loopback with \`accept-encoding: gzip\`, request written → last byte read; nearest-rank percentiles; ${opt.reps} repetitions (fresh event each), cells median (min–max); the verdict uses the worst repetition.

| payload | gzip (budget ≤ 150 KB) | identity | brotli | every place accounted for |
| --- | --- | --- | --- | --- |
| GET /api/seats | ${results.map((r) => `${fmt(r.bytes.gzip / 1024, 1)} KB`).join(', ')} ${passFail(sizeOk)} | ${results.map((r) => `${fmt(r.bytes.identity / 1024, 1)} KB`).join(', ')} | ${results.map((r) => `${fmt(r.bytes.br / 1024, 1)} KB`).join(', ')} | ${results.every((r) => r.consistent && r.finalConsistent) ? 'yes (decoded counts = database counts, before and after the writes)' : '**no**'} |

${table(
  ['server time (budget p99 ≤ 50 ms)', 'p50 ms', 'p99 ms', 'max ms', 'samples', 'notes', 'verdict'],
  [
    row('cache hit, 1 connection', 'hit1', `${opt.hits} sequential reads`),
    row(
      'cache hit, 10 connections',
      'hit10',
      `closed loop ${opt.seconds} s; ${spread(results.map((r) => r.hit10Rps))} req/s`,
    ),
    row('cache defeated, 1 connection', 'miss1', `write, wait ${SHARE_WAIT_MS} ms, read; ×${opt.misses}`),
    row('cache defeated, 10 connections', 'miss10', `write, wait, 10 reads at once; ×${opt.missRounds}`),
    row(
      'mixed: 10 connections + a write every 100 ms',
      'mixed',
      `${opt.seconds} s; ${spread(results.map((r) => r.mixedRps))} req/s`,
    ),
  ],
)}

Every cache-defeated read returned the new version: ${results.every((r) => r.staleMiss === 0) ? 'yes' : '**no**'}; failed requests: ${results.reduce((n, r) => n + r.failed, 0)}; server CPU used per repetition: ${results.map((r) => `${fmt(r.cpuUsed, 1)} s`).join(', ')}${complaints.length ? `; server warnings: ${complaints.length}` : ''}.

Command: \`npm run bench:availability\` (options: \`--reps ${opt.reps} --hits ${opt.hits} --misses ${opt.misses} --missRounds ${opt.missRounds} --seconds ${opt.seconds}\`; \`--dry\` leaves this file alone). Raw results: \`${raw.replace(/^.*?bench\//, 'bench/')}\`.
`
  console.log(body)
  if (!opt.dry) writeSection('## Availability', body + analysisOf('availability'))
} finally {
  await server?.stop().catch((e) => console.error(e))
  await app.drop()
}
