// @ts-check
// A very large layout saved and published while others use the server (DESIGN §8, "Money first" item 6):
//
//   /api/health p99 ≤ 100 ms   while a 500,000-seat draft (about 7 MB of layout.json) is saved
//                              (PUT /api/admin/layouts/:id) and while it is published (POST …/publish)
//
//   npm run build && npm run bench:layout-save
//   npm run bench:layout-save -- --runs 1 --dry        quick look, docs/ untouched
//   npm run bench:layout-save -- --seats 100000        another size
//   npm run bench:layout-save -- --label before        a heading suffix, to keep a before and an after
//
// The built server on a throwaway PostgreSQL database (loopback, bench/lib/db.mjs) with the demo data, so the
// demo's venue manager (planos@palco.co) does the saving. A generated layout of `--seats` seats in 100
// numbered sections (a grid of blocks, every seat inside its outline, nothing overlapping, so it publishes)
// is first stored as a small draft; then, per run, the big document is saved into it and published while
// GET /api/health is sent every 10 ms (open loop, up to 512 keep-alive sockets) the whole time. Each answer
// is put in the phase it was sent in: save (the PUT in flight) or publish (the POST in flight). A fresh draft
// is made for every run (a published version is never written again).
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { throwawayDatabase } from '../lib/db.mjs'
import { httpClient } from '../lib/http.mjs'
import { buildFacts, isoMinute, loadNow, machine, passFail, table, writeSection } from '../lib/report.mjs'
import { serverComplaints, startServer } from '../lib/server.mjs'
import { median, summarize } from '../lib/stats.mjs'

const opt = /** @type {{ runs: number, dry: boolean, seats: number, label: string }} */ (
  (await import('../lib/report.mjs')).args({ runs: 3, dry: false, seats: 500_000, label: '' })
)
const BUDGET_P99_MS = 100
const PASSWORD = 'Palco#2026'
const EDITOR_EMAIL = 'planos@palco.co'
const SECTIONS = 100
const SEAT_PITCH = 10
const ROW_PITCH = 12
const PROBE_MS = 10

/** A layout of `seats` seats in SECTIONS numbered blocks laid out on a 10-column grid. */
function bigLayout(seats) {
  const perSection = Math.ceil(seats / SECTIONS)
  const perRow = 100
  const rows = Math.ceil(perSection / perRow)
  const blockW = perRow * SEAT_PITCH + 60
  const blockH = rows * ROW_PITCH + 60
  let left = seats
  const sections = []
  for (let s = 0; s < SECTIONS && left > 0; s++) {
    const ox = (s % 10) * blockW + 40
    const oy = Math.floor(s / 10) * blockH + 120
    const rowList = []
    for (let r = 0; r < rows && left > 0; r++) {
      const n = Math.min(perRow, left)
      left -= n
      rowList.push({
        label: `F${r + 1}`,
        seats: Array.from({ length: n }, (_, i) => [
          i + 1,
          ox + 20 + i * SEAT_PITCH,
          oy + 20 + r * ROW_PITCH,
        ]),
      })
    }
    const [x0, y0, x1, y1] = [ox, oy, ox + blockW - 20, oy + blockH - 20]
    sections.push({
      code: `S${String(s + 1).padStart(3, '0')}`,
      name: `Sección ${s + 1}`,
      color: '#1c7ed6',
      disabled: false,
      zoneType: 'GRANDSTAND',
      numbered: true,
      viewDirection: 'NORTH',
      shape: { type: 'path', points: [x0, y0, x1, y0, x1, y1, x0, y1] },
      rows: rowList,
    })
  }
  const width = 10 * blockW + 80
  const height = Math.ceil(SECTIONS / 10) * blockH + 160
  return {
    format: 'palco.layout',
    version: 1,
    kind: 'Classic',
    stage: { type: 'DEFAULT_STAGE', x: width / 2 - 200, y: 20, width: 400, height: 60, label: 'Escenario' },
    canvas: { width, height },
    sections,
  }
}

/** The draft each run starts from: one seat per section. */
const small = bigLayout(SECTIONS)

const ms = (/** @type {number} */ v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—')
const s2 = (/** @type {number} */ v) => (Number.isFinite(v) ? `${(v / 1000).toFixed(2)} s` : '—')

const started = new Date()
const loadStart = loadNow()
const m = machine()
const db = await throwawayDatabase('layoutsave')
const server = await startServer({
  databaseUrl: db.url,
  secret: randomBytes(32).toString('hex'),
  label: 'layout-save',
  env: { SEED_DEMO: 'true' },
})
const client = httpClient(server.base, 2)
const probe = httpClient(server.base, 512)

/** @type {any[]} */
const runs = []
let documentBytes = 0
try {
  const login = await client.send({
    method: 'POST',
    path: '/api/auth/login',
    body: { email: EDITOR_EMAIL, password: PASSWORD },
  })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`)
  const setCookie = /** @type {string[]} */ (login.headers['set-cookie'] ?? [])
  const cookie = setCookie.map((c) => c.split(';')[0]).join('; ')
  const headers = { cookie, origin: server.base }
  const list = await client.send({ path: '/api/admin/layouts', headers })
  const venueId = list.body.venues[0]?.id
  if (!venueId) throw new Error(`no venue: ${list.status}`)

  const big = bigLayout(opt.seats)
  const body = { data: big }
  documentBytes = Buffer.byteLength(JSON.stringify(body))
  console.error(`document: ${opt.seats} seats, ${(documentBytes / 1e6).toFixed(1)} MB`)

  for (let run = 1; run <= opt.runs; run++) {
    const draft = await client.send({
      method: 'POST',
      path: '/api/admin/layouts',
      headers,
      body: { venueId, name: `Bench ${Date.now()}`, data: small, draft: true },
    })
    if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${JSON.stringify(draft.body)}`)
    const id = draft.body.id

    /** @type {'idle' | 'save' | 'publish'} */
    let phase = 'idle'
    /** @type {Record<string, number[]>} */
    const health = { idle: [], save: [], publish: [] }
    let probing = true
    /** @type {Promise<void>[]} */
    const pending = []
    // Open loop: a request every PROBE_MS whether or not the last one answered, as fans arrive, so a stall
    // of the event loop shows in every request that waits behind it, not in one.
    const prober = (async () => {
      while (probing) {
        const at = phase
        pending.push(
          probe.send({ path: '/api/health' }).then((r) => {
            if (r.status !== 200) throw new Error(`health: ${r.status}`)
            health[at]?.push(r.ms)
          }),
        )
        await new Promise((r) => setTimeout(r, PROBE_MS))
      }
      await Promise.all(pending)
    })()
    await new Promise((r) => setTimeout(r, 500))

    phase = 'save'
    const t0 = performance.now()
    const saved = await client.send({ method: 'PUT', path: `/api/admin/layouts/${id}`, headers, body })
    const saveMs = performance.now() - t0
    phase = 'idle'
    if (saved.status !== 200)
      throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body).slice(0, 500)}`)
    await new Promise((r) => setTimeout(r, 300))

    phase = 'publish'
    const t1 = performance.now()
    const published = await client.send({
      method: 'POST',
      path: `/api/admin/layouts/${id}/publish`,
      headers,
      body: {},
    })
    const publishMs = performance.now() - t1
    phase = 'idle'
    if (published.status !== 200)
      throw new Error(`publish: ${published.status} ${JSON.stringify(published.body).slice(0, 500)}`)
    await new Promise((r) => setTimeout(r, 300))
    probing = false
    await prober

    const result = {
      run,
      saveMs,
      publishMs,
      seatCount: saved.body.seatCount,
      save: summarize(health.save),
      publish: summarize(health.publish),
      idle: summarize(health.idle),
    }
    runs.push(result)
    console.error(
      `run ${run}: save ${s2(saveMs)} (health p50 ${ms(result.save.p50)}, p99 ${ms(result.save.p99)}, max ${ms(result.save.max)}, n=${result.save.n}); ` +
        `publish ${s2(publishMs)} (health p50 ${ms(result.publish.p50)}, p99 ${ms(result.publish.p99)}, max ${ms(result.publish.max)}, n=${result.publish.n})`,
    )
  }
} finally {
  client.close()
  probe.close()
  const complaints = serverComplaints(server)
  await server.stop()
  await db.drop()
  if (complaints.length) console.error(`server complaints:\n${complaints.slice(0, 10).join('\n')}`)
}

const worst = (/** @type {'save' | 'publish'} */ k) => Math.max(...runs.map((r) => r[k].p99))
const ok = runs.length > 0 && worst('save') <= BUDGET_P99_MS && worst('publish') <= BUDGET_P99_MS
const rows = runs.flatMap((r) => [
  [`${r.run}`, 'save', s2(r.saveMs), ms(r.save.p50), ms(r.save.p99), ms(r.save.max), String(r.save.n)],
  [
    `${r.run}`,
    'publish',
    s2(r.publishMs),
    ms(r.publish.p50),
    ms(r.publish.p99),
    ms(r.publish.max),
    String(r.publish.n),
  ],
])
const heading = `## Layout save and publish${opt.label ? ` (${opt.label})` : ''}`
const body = `\`npm run bench:layout-save\` (bench/layout-save/run.mjs), ${isoMinute(started)}. ${m.cpu}, ${m.memory}, ${m.os}, Node ${m.node};
load ${loadStart} at the start, ${loadNow()} at the end. ${buildFacts()}. PostgreSQL on loopback, demo data.

A ${opt.seats.toLocaleString('en-US')}-seat draft (${(documentBytes / 1e6).toFixed(1)} MB of request body, 100 numbered
sections) saved by the venue manager and then published, while \`/api/health\` is asked every ${PROBE_MS} ms (open loop).
Budget: \`/api/health\` p99 ≤ ${BUDGET_P99_MS} ms during each — ${passFail(ok)} (worst p99: save ${ms(worst('save'))},
publish ${ms(worst('publish'))}; median request time: save ${s2(median(runs.map((r) => r.saveMs)))}, publish
${s2(median(runs.map((r) => r.publishMs)))}).

${table(['run', 'request', 'took', 'health p50', 'health p99', 'health max', 'health answers'], rows)}
`
console.log(`${heading}\n\n${body}`)
if (!opt.dry) writeSection(heading, body)
process.exit(ok ? 0 : 1)
