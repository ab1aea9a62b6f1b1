// @ts-check
// POST /api/seats/best-available on the 42,032-place demo stadium: what one proposal costs the server, and
// what a crowd of them does to everything else the process serves (/api/health as the yardstick). The route
// needs no session, so anyone can call it as fast as they like; the issue measured 16 clients for 4 s pushing
// /api/health from 0.6 ms to p95 661 ms.
//
//   npm run bench:best-available                     full run, recorded in docs/ (history and its row)
//   npm run bench:best-available -- --dry            quick look, docs/ untouched
//   npm run bench:best-available -- --dry --label before   raw figures kept as bench/.out/api/best-available-before.json
//
// Set-up: the demo stadium (generateStadiumLayout) stored as a `layouts` row, a published on-sale event on it
// with price zones covering every non-parking section, its places materialised by a first GET /api/seats, then
// about 30 % of the numbered seats SOLD in runs of 2–8 (sections nearer the pitch selling better), so a
// proposal has to look past taken seats and stranded singles as it would during a sale.
//
// Phases, one server process (LOG_LEVEL=info so each request's own server time, Fastify's responseTime, can be
// read back from the log by the x-request-id every request carries; TRUST_PROXY=true so X-Forwarded-For is the
// client's address, as behind the production proxy):
//   served-1     one client, sequential proposals, each from its own address: the honest per-call cost, under
//                any per-address limit (quantities 1–8 as fans ask; one in five names a section)
//   served-4     four clients the same way, closed loop: throughput and server CPU per proposal
//   signed-in    one client, sequential, signed-in fans with saved preferred sections (the session and the
//                preferences are read per call)
//   health-idle  /api/health alone, one probe every --probeMs
//   flood        --clients clients, each hammering from ONE address for --floodSeconds (a script or a stuck
//                button): the per-address limit refuses most of it; the cost of served and refused calls, and
//                /api/health meanwhile
//   crowd        --clients clients, every request from a new address, for --floodSeconds (a real rush of many
//                fans, or a botnet): nothing is refused, so this is what served proposals at full tilt cost the
//                rest of the process
// Loopback only; the database and the server are created for the run and removed after it.
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { countSeats, flattenSections } from '@palco/domain/seating/layout'
import { generateStadiumLayout } from '../../apps/api/dist/db/seed/layouts.js'
import { serverFacts, throwawayDatabase } from '../lib/db.mjs'
import { createFans, ipOf, verifyFan } from '../lib/fans.mjs'
import { insertLayout, insertSeatedEvent, insertVenue, prng } from '../lib/fixtures.mjs'
import { closedLoop, httpClient } from '../lib/http.mjs'
import {
  analysisOf,
  args,
  buildFacts,
  isoMinute,
  loadNow,
  machine,
  saveRaw,
  table,
  writeSection,
} from '../lib/report.mjs'
import { cpuSeconds, serverComplaints, serverTimes, startServer } from '../lib/server.mjs'
import { fmt, percentile, summarize as summarizeAll } from '../lib/stats.mjs'

const opt = args({
  served: 300,
  served4: 400,
  signedIn: 150,
  clients: 16,
  floodSeconds: 4,
  probeMs: 10,
  warmup: 40,
  label: '',
  dry: false,
})
const ROUTE = '/api/seats/best-available'
/** What fans ask for: mostly pairs and small groups. */
const QUANTITIES = [2, 2, 4, 3, 1, 2, 5, 6, 2, 4, 8, 3]
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** The shared summary plus p95, the percentile the issue quotes. */
function summarize(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  return { ...summarizeAll(sorted), p95: percentile(sorted, 95) }
}

const started = new Date()
const loadStart = loadNow()
console.error(`load at start: ${loadStart}`)
const secret = randomBytes(32).toString('base64url')
const app = await throwawayDatabase('best_available')
let server

/** Every request from its own address: 10.128.0.0 upwards, apart from the fans' and the flood's. */
let nextAddress = 1 << 23
const freshAddress = () => ipOf(nextAddress++)

/** ~30 % of the numbered seats SOLD in runs of 2–8, more in the sections nearer the pitch. */
async function sellSome(eventId, layout) {
  const rand = prng(20_261_124)
  const focus = { x: layout.stage.x + layout.stage.width / 2, y: layout.stage.y + layout.stage.height / 2 }
  const sections = flattenSections(layout.sections).filter((s) => s.numbered && !s.disabled)
  const far = Math.max(
    ...sections.map((s) => {
      const [, x, y] = s.rows?.[0]?.seats[0] ?? [0, 0, 0]
      return Math.hypot(x - focus.x, y - focus.y)
    }),
  )
  const codes = []
  const indexes = []
  for (const s of sections) {
    const [, x, y] = s.rows?.[0]?.seats[0] ?? [0, 0, 0]
    const nearness = 1 - Math.hypot(x - focus.x, y - focus.y) / (far || 1)
    const pRun = 0.12 + 0.3 * nearness + 0.1 * rand()
    const places = (s.rows ?? []).reduce((n, r) => n + r.seats.length, 0)
    let p = 0
    while (p < places) {
      if (rand() < pRun) {
        const len = 2 + Math.floor(rand() * 7)
        for (let k = 0; k < len && p < places; k++, p++) {
          codes.push(s.code)
          indexes.push(p)
        }
      } else p += 1 + Math.floor(rand() * 6)
    }
  }
  // Only places still for sale (restricted and blocked ones stay as they are).
  const { rowCount } = await app.pool.query(
    `update event_seats es set status = 'SOLD', change_seq = nextval('seat_change_seq')
     from unnest($2::text[], $3::int[]) as t(s, i)
     where es.event_id = $1 and es.section_code = t.s and es.place_index = t.i and es.status = 'AVAILABLE'`,
    [eventId, codes, indexes],
  )
  const { rows } = await app.pool.query(
    `select status, count(*)::int as n from event_seats where event_id = $1 and row_label <> 'UNNUMBERED' group by 1`,
    [eventId],
  )
  return { sold: rowCount ?? 0, counts: Object.fromEntries(rows.map((r) => [r.status, r.n])) }
}

/**
 * Each proposal must be `quantity` seats of one row, neighbours in layout order, every one AVAILABLE in the
 * database (nothing else writes during the run, so what was free when proposed is free now).
 */
async function checkProposals(eventId, proposals) {
  let bad = 0
  for (const { quantity, body } of proposals) {
    const keys = body.seats
    const refs = keys.map((k) => /^(.+)\/(.+)-(\d+)$/.exec(k))
    if (keys.length !== quantity || refs.some((m) => !m || m[1] !== body.section || m[2] !== body.row)) {
      bad++
      continue
    }
    const { rows } = await app.pool.query(
      `select place_index, status from event_seats
       where event_id = $1 and section_code = $2 and row_label = $3 and seat_number = any($4::int[])
       order by place_index`,
      [eventId, body.section, body.row, refs.map((m) => Number(m?.[3]))],
    )
    const consecutive = rows.every((r, k) => k === 0 || r.place_index === rows[k - 1].place_index + 1)
    if (rows.length !== quantity || !consecutive || rows.some((r) => r.status !== 'AVAILABLE')) bad++
  }
  return bad
}

/** Sequential GET /api/health, one every `probeMs`, until `stop()` is called. */
function probeHealth(client) {
  let running = true
  const samples = []
  const done = (async () => {
    while (running) {
      const r = await client.send({ path: '/api/health' })
      if (r.status === 200) samples.push(r.ms)
      await sleep(opt.probeMs)
    }
  })()
  return {
    stop: async () => {
      running = false
      await done
      return summarize(samples)
    },
  }
}

try {
  server = await startServer({
    databaseUrl: app.url,
    secret,
    label: 'best-available',
    env: { DB_POOL_SIZE: '10', LOG_LEVEL: 'info' },
  })
  const pgFacts = await serverFacts(app.pool)
  const layout = generateStadiumLayout().data
  const venueId = await insertVenue(app.pool)
  const { id: layoutId } = await insertLayout(app.pool, venueId, 'Estadio', layout)
  const places = countSeats(layout)
  const eventId = await insertSeatedEvent(app.pool, { venueId, layoutId, layout, name: 'Best available' })
  const one = httpClient(server.base, 1)
  const probe = httpClient(server.base, 1)
  const many = httpClient(server.base, Math.max(4, opt.clients))
  const first = await one.send({ path: `/api/seats?eventId=${eventId}` })
  if (first.status !== 200) throw new Error(`GET /api/seats ${first.status}`)
  const state = await sellSome(eventId, layout)
  console.error(
    `event ${eventId}: ${JSON.stringify(places)}; sold ${state.sold}; ${JSON.stringify(state.counts)}`,
  )
  // Past the availability snapshot's sharing window, so proposals see the sales.
  await sleep(600)

  const sectionCodes = flattenSections(layout.sections)
    .filter((s) => s.numbered && !s.disabled && s.zoneType !== 'PARKING')
    .map((s) => s.code)
  const bodyOf = (i) => ({
    eventId,
    quantity: QUANTITIES[i % QUANTITIES.length],
    ...(i % 5 === 4 ? { section: sectionCodes[(i * 7) % sectionCodes.length] } : {}),
  })
  const ask = (phase, i, headers = {}) => ({
    method: 'POST',
    path: ROUTE,
    headers: { 'x-forwarded-for': freshAddress(), ...headers, 'x-request-id': `ba-${phase}-${i}` },
    body: bodyOf(i),
    keepBody: true,
  })

  // Fans with two preferred sections each, saved through the API as the web app saves them.
  const fans = await createFans(app.pool, 20, secret, { prefix: 'best' })
  await verifyFan(server.base, fans[0])
  for (const [k, fan] of fans.entries()) {
    const res = await one.send({
      method: 'PUT',
      path: '/api/fans/seat-customizations',
      headers: { cookie: fan.cookie, 'x-forwarded-for': fan.ip },
      body: {
        preferredSections: [
          sectionCodes[(k * 3) % sectionCodes.length],
          sectionCodes[(k * 5 + 1) % sectionCodes.length],
        ],
        preferAisle: false,
      },
    })
    if (res.status !== 200) throw new Error(`saving preferences: ${res.status} ${JSON.stringify(res.body)}`)
  }

  // Warm-up: JIT, pool, the layout and availability caches if any.
  for (let i = 0; i < opt.warmup; i++) await one.send(ask('warm', i))

  const phases = {}
  const cpuOf = async (fn) => {
    const c0 = cpuSeconds(server.pid)
    const t0 = performance.now()
    const out = await fn()
    return { ...out, cpuS: cpuSeconds(server.pid) - c0, wallS: (performance.now() - t0) / 1000 }
  }

  // served-1
  phases.served1 = await cpuOf(async () => {
    const samples = []
    for (let i = 0; i < opt.served; i++) {
      const spec = ask('served1', i)
      const r = await one.send(spec)
      samples.push({ i, status: r.status, ms: r.ms, body: r.body, quantity: spec.body.quantity })
    }
    return { samples }
  })
  const proposals = phases.served1.samples
    .filter((s) => s.status === 200)
    .map((s) => ({ quantity: s.quantity, body: s.body }))
  const badProposals = await checkProposals(eventId, proposals)
  console.error(`served-1 done; ${proposals.length} proposals, ${badProposals} wrong`)

  // served-4
  phases.served4 = await cpuOf(() =>
    closedLoop({
      clients: [many],
      concurrency: 4,
      durationMs: 120_000,
      maxRequests: opt.served4,
      next: (i) => ask('served4', i),
    }),
  )
  console.error('served-4 done')

  // signed-in
  phases.signedIn = await cpuOf(async () => {
    const samples = []
    for (let i = 0; i < opt.signedIn; i++) {
      const fan = fans[i % fans.length]
      const r = await one.send(ask('signedIn', i, { cookie: fan.cookie }))
      samples.push({ i, status: r.status, ms: r.ms })
    }
    return { samples }
  })
  console.error('signed-in done')

  // health-idle
  {
    const p = probeHealth(probe)
    await sleep(opt.floodSeconds * 1000)
    phases.healthIdle = await p.stop()
  }

  // flood: each client from one address of its own.
  const floodAddress = Array.from({ length: opt.clients }, (_, k) => `10.200.0.${k + 1}`)
  {
    const p = probeHealth(probe)
    phases.flood = await cpuOf(() =>
      closedLoop({
        clients: [many],
        concurrency: opt.clients,
        durationMs: opt.floodSeconds * 1000,
        maxRequests: 1_000_000,
        next: (i, k) => ({ ...ask('flood', i, { 'x-forwarded-for': floodAddress[k] }), keepBody: false }),
      }),
    )
    phases.flood.health = await p.stop()
  }
  console.error('flood done')
  await sleep(1000)

  // crowd: every request from a new address.
  {
    const p = probeHealth(probe)
    phases.crowd = await cpuOf(() =>
      closedLoop({
        clients: [many],
        concurrency: opt.clients,
        durationMs: opt.floodSeconds * 1000,
        maxRequests: 1_000_000,
        next: (i) => ({ ...ask('crowd', i), keepBody: false }),
      }),
    )
    phases.crowd.health = await p.stop()
  }
  console.error('crowd done')
  one.close()
  probe.close()
  many.close()

  // Let the last log lines reach the file.
  await sleep(500)
  const times = serverTimes(server.logPath, 'ba-')
  const serverOf = (phase, n, pick = () => true) => {
    const ms = []
    for (let i = 0; i < n; i++) {
      const t = times.get(`ba-${phase}-${i}`)
      if (t && pick(t.status)) ms.push(t.ms)
    }
    return summarize(ms)
  }
  const statusCounts = (samples) => {
    const c = {}
    for (const s of samples) c[s.status] = (c[s.status] ?? 0) + 1
    return c
  }
  const answered = (s) => s === 200 || s === 409
  const row = (name, p, n, extra = {}) => {
    const samples = p.samples
    const served = samples.filter((s) => answered(s.status))
    return {
      name,
      n: samples.length,
      errors: p.errors?.length ?? 0,
      statuses: statusCounts(samples),
      perSecond: samples.length / p.wallS,
      cpuMsPerCall: (1000 * p.cpuS) / Math.max(1, samples.length),
      client: summarize(served.map((s) => s.ms)),
      server: serverOf(name, n, answered),
      refusedServer: serverOf(name, n, (s) => s === 429),
      refusedClient: summarize(samples.filter((s) => s.status === 429).map((s) => s.ms)),
      health: p.health ?? null,
      ...extra,
    }
  }
  const results = {
    served1: row('served1', phases.served1, opt.served, { wrong: badProposals, checked: proposals.length }),
    served4: row('served4', phases.served4, opt.served4),
    signedIn: row('signedIn', phases.signedIn, opt.signedIn),
    healthIdle: phases.healthIdle,
    flood: row('flood', phases.flood, phases.flood.issued),
    crowd: row('crowd', phases.crowd, phases.crowd.issued),
  }
  const complaints = serverComplaints(server)
  const loadEnd = loadNow()
  console.error(`load at end: ${loadEnd}`)
  const rawName = `best-available${opt.label ? `-${opt.label}` : opt.dry ? '-dry' : ''}`
  const raw = saveRaw(rawName, {
    opt,
    started,
    loadStart,
    loadEnd,
    build: buildFacts(),
    state,
    results,
    complaints: complaints.slice(0, 20),
  })
  for (const [k, r] of Object.entries(results)) console.error(k, JSON.stringify(r))

  const m = machine()
  const cell = (s) => (s.n ? `${fmt(s.p50)} / ${fmt(s.p95)} / ${fmt(s.p99)}` : '—')
  const statusText = (r) =>
    Object.entries(r.statuses)
      .map(([s, n]) => `${n} × ${s}`)
      .join(', ')
  /** Served calls (200 or 409) and, where there were any, refused ones (429) apart. */
  const phaseRow = (label, r) => {
    const refused = r.statuses[429] > 0
    return [
      label,
      String(r.n),
      `${statusText(r)}${r.n > 200 ? `; ${fmt(r.perSecond, 0)}/s` : ''}`,
      refused ? `served ${cell(r.server)}; refused ${cell(r.refusedServer)}` : cell(r.server),
      refused ? `served ${cell(r.client)}; refused ${cell(r.refusedClient)}` : cell(r.client),
      `${fmt(r.cpuMsPerCall, 2)} ms`,
      r.health ? cell(r.health) : '—',
    ]
  }
  const body = `
Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts.version} (${pgFacts.settings}) · ${buildFacts()}.
Load average (1/5/15 min) at start ${loadStart}, at end ${loadEnd} (shared machine: other engineers' builds, tests and browsers run at the same time).

Event: the demo stadium (\`generateStadiumLayout()\`: ${places.numbered.toLocaleString('en')} numbered seats and ${places.unnumbered.toLocaleString('en')} standing places, ${places.total.toLocaleString('en')} in all, plus ${places.parking.toLocaleString('en')} parking spaces) as a \`layouts\` row, a published on-sale event with price zones on every non-parking section, ${state.sold.toLocaleString('en')} numbered seats sold in runs of 2–8 before the run (more near the pitch; numbered seats now ${Object.entries(
    state.counts,
  )
    .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
    .join(
      ', ',
    )}). One API process (\`node apps/api/dist/server.js\`, NODE_ENV=production, LOG_LEVEL=info, DB_POOL_SIZE=10, TRUST_PROXY=true). Proposals ask for 1–8 seats (mostly 2–4); one in five names a section. Server time is Fastify's responseTime (request received → response written), read back from the info-level log by each request's x-request-id; client time is on loopback, request written → last byte read. Percentiles are nearest-rank, cells p50 / p95 / p99 in ms. Server CPU per call is the process's user + system time over the phase divided by the calls.

${table(
  [
    'phase',
    'calls',
    'answers',
    'server time',
    'client time',
    'server CPU per call',
    '/api/health client time',
  ],
  [
    phaseRow('served-1: 1 client, sequential, each call from its own address', results.served1),
    phaseRow('served-4: 4 clients, closed loop, each call from its own address', results.served4),
    phaseRow('signed-in fans with two preferred sections, sequential', results.signedIn),
    [
      `idle: /api/health alone, one probe every ${opt.probeMs} ms, ${opt.floodSeconds} s`,
      '—',
      '—',
      '—',
      '—',
      '—',
      cell(results.healthIdle),
    ],
    phaseRow(`flood: ${opt.clients} clients × ${opt.floodSeconds} s, each from one address`, results.flood),
    phaseRow(
      `crowd: ${opt.clients} clients × ${opt.floodSeconds} s, every call from a new address`,
      results.crowd,
    ),
  ],
)}

Every proposal of served-1 was ${results.served1.wrong === 0 ? `checked against the database (${results.served1.checked}): the asked number of neighbouring seats in one row, all AVAILABLE` : `**not** right: ${results.served1.wrong} of ${results.served1.checked} failed the check`}; failed requests: ${Object.values(results).reduce((n, r) => n + (r.errors ?? 0), 0)}${complaints.length ? `; server warnings: ${complaints.length}` : ''}.

Command: \`npm run bench:best-available\` (options: \`--served ${opt.served} --served4 ${opt.served4} --signedIn ${opt.signedIn} --clients ${opt.clients} --floodSeconds ${opt.floodSeconds} --probeMs ${opt.probeMs}\`; \`--dry\` leaves this file alone). Raw results: \`${raw.replace(/^.*?bench\//, 'bench/')}\`.
`
  console.log(body)
  if (!opt.dry) writeSection('## Best available', body + analysisOf('best-available'))
} finally {
  await server?.stop().catch((e) => console.error(e))
  await app.drop()
}
