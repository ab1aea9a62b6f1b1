// @ts-check
// Cold start (issue 13 defect 7; DESIGN §8: seat map first paint ≤ 1.0 s "also for the first visitor after a
// start"): the built server as a new process on fresh storage, and the first visitors that reach it, in
// headless Chromium, against the real pages: the home page, the checkout map of the demo's 40,000-place
// stadium and of the seat-map benchmark's 100,000-seat venue (bench/seatmap/generate-layout.ts, stored and
// published through the admin API). Two starts per engine:
//
//   first start  fresh DATA_DIR (PGlite) or a fresh database (PostgreSQL): migrations, demo data, warm-up;
//   restart      a new process on the same storage (a deploy, a crash, `npm start` the next morning).
//
// Each start: spawn → /api/ready, then the first visitor of each page (a fresh browser context, cold HTTP
// cache, the browser itself already running), then two more visitors per page for comparison.
//
//   npm run bench:seatmap -- --cold                          both engines, recorded in docs/
//   npm run bench:seatmap -- --cold --engines pglite --dry   one engine, prints only
//   npm run bench:seatmap -- --cold --save-baseline          keeps this run as "before" (cold-start-baseline.json)
//
// BENCH_SERVER_ENTRY=/other/worktree/apps/api/dist/server.js measures another build (its web build beside it).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { benchData } from '../lib/bench-layout.mjs'
import { throwawayDatabase } from '../lib/db.mjs'
import { drawHook } from '../lib/draw-hook.mjs'
import { args, isoMinute, loadNow, machine, table, writeSection } from '../lib/report.mjs'
import { freePort } from '../lib/server.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../..')
const out = path.join(root, 'bench/.out/seatmap')
const BASELINE = path.join(here, 'cold-start-baseline.json')
const HEADING = '## Cold start (first visitor after a start)'

const opts = args({
  cold: true,
  engines: 'pglite,postgres',
  dry: false,
  'save-baseline': false,
  later: 2,
  // Records a run saved earlier (bench/.out/seatmap/cold-start.json) instead of running.
  from: '',
})
const entry = process.env.BENCH_SERVER_ENTRY
  ? path.resolve(process.env.BENCH_SERVER_ENTRY)
  : path.join(root, 'apps/api/dist/server.js')
// The worktree the server comes from: its web build and content are the ones it serves.
const serverRoot = path.resolve(path.dirname(entry), '../../..')
const webBuild = path.join(serverRoot, 'apps/web/build')
const STADIUM = 'santa-fe-vs-nacional'
const VIEWPORT = { width: 1280, height: 800 }
const BUDGET_MS = 1000
const ADMIN = { email: 'admin@palco.co', password: 'Palco#2026' }

/**
 * Runs before any page script: notes the first drawing call on a canvas that is in the document (the map;
 * the renderer's off-screen section bitmaps are not) and the next animation frame, the same "first paint"
 * as the seat-map benchmark (navigation start → next frame after the first draw).
 */
const FIRST_DRAW_HOOK = drawHook({ global: '__coldStart', counts: 'c.isConnected && c.width > 100' })

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // `localhost` straight to IPv4, where the server listens: no failed ::1 attempt in the timings.
  '--host-resolver-rules=MAP localhost 127.0.0.1',
]

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms))
const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b)
  if (s.length === 0) return Number.NaN
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2
}
const ms = (/** @type {number | undefined} */ n) =>
  n === undefined || Number.isNaN(n) ? '—' : `${Math.round(n).toLocaleString('en-US')} ms`

/** The 100,000-seat layout of the seat-map benchmark, built from its TypeScript with Vite like run.mjs does. */
const benchLayout = () => benchData(path.join(out, 'gen-cold'))

/**
 * Starts the built server as a child process and times spawn → first 200 from /api/ready (polled every
 * 50 ms). Production mode with the web build and the demo data, as `npm start` runs.
 * @param {{ label: string, storage: Record<string, string> }} o
 */
async function startServer({ label, storage }) {
  const port = await freePort()
  fs.mkdirSync(out, { recursive: true })
  const logPath = path.join(out, `cold-${label}-${port}.log`)
  const log = fs.openSync(logPath, 'w')
  const t0 = performance.now()
  const child = spawn(process.execPath, [entry], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'cold-start-bench-only-secret-0123456789abcdef',
      SEED_DEMO: 'true',
      WEB_BUILD_DIR: webBuild,
      ...storage,
    },
    stdio: ['ignore', log, log],
  })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  const stop = async () => {
    if (!exited && child.pid) {
      process.kill(child.pid, 'SIGTERM')
      await once(child, 'exit')
    }
    fs.closeSync(log)
  }
  const base = `http://localhost:${port}`
  for (;;) {
    if (exited) throw new Error(`${label}: server exited during boot; see ${logPath}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) break
    } catch {}
    if (performance.now() - t0 > 300_000) {
      await stop()
      throw new Error(`${label}: not ready after 300 s; see ${logPath}`)
    }
    await sleep(50)
  }
  return { base, readyMs: performance.now() - t0, stop, logPath }
}

/** What the server logged about its warm-up (info level), if this build has one. */
function warmUpOf(/** @type {string} */ logPath) {
  for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.includes('warm-up done')) continue
    try {
      return JSON.parse(line)
    } catch {}
  }
  return null
}

/**
 * One visitor: a fresh context (nothing cached), one navigation. For a map, waits for its first paint and
 * reads the timings of the seat-layout and seats requests (request sent → first byte: the server's time
 * plus loopback); for the home page, the document's first byte and the load event.
 * @param {import('playwright-core').Browser} browser @param {string} url @param {'home' | 'map'} kind
 */
async function visit(browser, url, kind) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 })
  await context.addInitScript(FIRST_DRAW_HOOK)
  const page = await context.newPage()
  try {
    await page.goto(url, { waitUntil: kind === 'home' ? 'load' : 'commit', timeout: 120_000 })
    if (kind === 'map') {
      await page.waitForFunction(() => /** @type {any} */ (window).__coldStart?.paint !== undefined, null, {
        timeout: 120_000,
        polling: 20,
      })
    } else {
      await page.waitForFunction(
        () =>
          /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0])
            ?.loadEventEnd > 0,
      )
    }
    return await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0])
      const api = (/** @type {string} */ part) => {
        const r = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).find(
          (e) => e.name.includes(part),
        )
        return r
          ? {
              server: r.responseStart - (r.requestStart || r.startTime),
              start: r.startTime,
              end: r.responseEnd,
              kb: (r.encodedBodySize || r.transferSize) / 1024,
            }
          : null
      }
      const mark = /** @type {any} */ (window).__coldStart
      return {
        ttfb: nav.responseStart,
        dcl: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
        firstPaint: mark?.paint,
        layout: api('/api/event/seat-layout'),
        seats: api('/api/seats?'),
      }
    })
  } finally {
    await context.close()
  }
}

/** Logs in as the demo admin and publishes an event on the 100,000-seat layout; returns its slug. */
async function publishBenchEvent(/** @type {string} */ base, /** @type {any} */ layout) {
  const api = async (/** @type {string} */ url, /** @type {object} */ body, cookie = '') => {
    const res = await fetch(`${base.replace('localhost', '127.0.0.1')}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    })
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${await res.text()}`)
    return res
  }
  const login = await api('/api/auth/login', ADMIN)
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const venue = await (
    await api(
      '/api/admin/venues',
      { country: 'COL', name: 'Estadio de pruebas 100k', city: 'Bogotá', timeZone: 'America/Bogota' },
      cookie,
    )
  ).json()
  const stored = await (
    await api('/api/admin/layouts', { venueId: venue.id, name: 'Cien mil', data: layout }, cookie)
  ).json()
  /** @type {any[]} */
  const sections = layout.sections
  const groups = [
    ...chunk(
      sections.filter((s) => s.numbered),
      12,
    ).map((g) => ({ numbered: true, zoneType: 'GRANDSTAND', codes: g })),
    {
      numbered: false,
      zoneType: 'GRANDSTAND',
      codes: sections.filter((s) => !s.numbered && s.zoneType !== 'PARKING'),
    },
    { numbered: false, zoneType: 'PARKING', codes: sections.filter((s) => s.zoneType === 'PARKING') },
  ].filter((g) => g.codes.length > 0)
  const day = 86_400_000
  const start = Date.now() + 30 * day
  const slug = `cien-mil-${Date.now().toString(36)}`
  const event = await (
    await api(
      '/api/admin/events',
      {
        country: 'COL',
        type: 'EVENT',
        slug,
        name: 'Concierto de los cien mil',
        venueId: venue.id,
        layoutId: stored.id,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 3 * 3_600_000).toISOString(),
        onSaleAt: new Date(Date.now() - day).toISOString(),
        offSaleAt: new Date(start).toISOString(),
        zones: groups.map((g, i) => ({
          name: `Zona ${i + 1}`,
          price: 10_000_000 + i * 500_000,
          sectionCodes: g.codes.map((/** @type {any} */ s) => s.code),
          numbered: g.numbered,
          zoneType: g.zoneType,
        })),
      },
      cookie,
    )
  ).json()
  const t0 = performance.now()
  await api(`/api/admin/events/${event.id}/publish`, {}, cookie)
  return { slug, publishMs: performance.now() - t0 }
}

/** @template T @param {T[]} xs @param {number} n @returns {T[][]} */
function chunk(xs, n) {
  const outList = []
  for (let i = 0; i < xs.length; i += n) outList.push(xs.slice(i, i + n))
  return outList
}

/**
 * First visitor of each page, then `later` more per page.
 * @param {import('playwright-core').Browser} browser @param {string} base @param {string | null} big
 */
async function visitors(browser, base, big) {
  const pages = /** @type {[string, string, 'home' | 'map'][]} */ ([
    ['home', `${base}/`, 'home'],
    ['map40k', `${base}/checkout/stadium?event=${STADIUM}`, 'map'],
    ...(big ? [['map100k', `${base}/checkout/stadium?event=${big}`, 'map']] : []),
  ])
  /** @type {Record<string, { first: any, later: any[] }>} */
  const result = {}
  for (const [name, url, kind] of pages) result[name] = { first: await visit(browser, url, kind), later: [] }
  for (let i = 0; i < opts.later; i++) {
    for (const [name, url, kind] of pages) result[name]?.later.push(await visit(browser, url, kind))
  }
  return result
}

/** Both starts on one engine. @param {import('playwright-core').Browser} browser @param {string} engine */
async function runEngine(browser, engine, /** @type {any} */ layout) {
  /** @type {Record<string, string>} */
  let storage
  let cleanup = async () => {}
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palco-cold-'))
    storage = { DATA_DIR: dir }
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true })
  } else {
    const db = await throwawayDatabase('cold')
    await db.pool.end()
    // Uploads still go to DATA_DIR with PostgreSQL.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palco-cold-'))
    storage = { DATABASE_URL: db.url, DATA_DIR: dir }
    cleanup = async () => {
      fs.rmSync(dir, { recursive: true, force: true })
      await db.drop()
    }
  }
  try {
    console.log(`${engine}: first start (load ${loadNow()})`)
    const first = await startServer({ label: `${engine}-first`, storage })
    let firstRun
    let published
    try {
      firstRun = await visitors(browser, first.base, null)
      published = await publishBenchEvent(first.base, layout)
    } finally {
      await first.stop()
    }
    console.log(`${engine}: restart (load ${loadNow()})`)
    const again = await startServer({ label: `${engine}-restart`, storage })
    let againRun
    try {
      againRun = await visitors(browser, again.base, published.slug)
    } finally {
      await again.stop()
    }
    return {
      engine,
      first: { readyMs: first.readyMs, warmUp: warmUpOf(first.logPath), visits: firstRun },
      restart: { readyMs: again.readyMs, warmUp: warmUpOf(again.logPath), visits: againRun },
      publishMs: published.publishMs,
    }
  } finally {
    await cleanup()
  }
}

function render(/** @type {any} */ run) {
  const cols = run.engines.flatMap((/** @type {any} */ e) => [
    [`${e.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, first start`, e.first],
    [`${e.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}, restart`, e.restart],
  ])
  const cell = (/** @type {(s: any) => string} */ f) => cols.map(([, s]) => f(s))
  const later = (/** @type {any[]} */ xs, /** @type {(v: any) => number | undefined} */ f) =>
    ms(median(xs.map(f).filter((v) => v !== undefined)))
  /** @type {string[][]} */
  const rows = [
    ['spawn → /api/ready', ...cell((s) => ms(s.readyMs))],
    [
      'of which warm-up (before listening)',
      ...cell((s) =>
        s.warmUp ? `${ms(s.warmUp.ms)} (${s.warmUp.seatMaps} maps, ${s.warmUp.pages} pages)` : 'none',
      ),
    ],
    [
      'home, first visitor: first byte / load event',
      ...cell((s) => `${ms(s.visits.home.first.ttfb)} / ${ms(s.visits.home.first.load)}`),
    ],
    ['home, next visitors (median): load event', ...cell((s) => later(s.visits.home.later, (v) => v.load))],
  ]
  for (const [key, label] of [
    ['map40k', '40,000-place stadium'],
    ['map100k', '100,000-seat venue'],
  ]) {
    const has = (/** @type {any} */ s) => Boolean(s.visits[key])
    const ok = (/** @type {number} */ v) => (v <= BUDGET_MS ? 'pass' : '**FAIL**')
    rows.push(
      [
        `${label} map, first visitor: first paint (budget ≤ 1,000 ms)`,
        ...cell((s) =>
          has(s)
            ? `${ms(s.visits[key].first.firstPaint)} ${ok(s.visits[key].first.firstPaint)}`
            : 'not yet published',
        ),
      ],
      [
        `… when its page asked for the seat layout / got the seats (after navigation start)`,
        ...cell((s) =>
          has(s) ? `${ms(s.visits[key].first.layout?.start)} / ${ms(s.visits[key].first.seats?.end)}` : '—',
        ),
      ],
      [
        `… its seat-layout / seats server time (request → first byte)`,
        ...cell((s) =>
          has(s)
            ? `${ms(s.visits[key].first.layout?.server)} / ${ms(s.visits[key].first.seats?.server)}`
            : '—',
        ),
      ],
      [
        `${label} map, next visitors (median): first paint`,
        ...cell((s) => (has(s) ? later(s.visits[key].later, (v) => v.firstPaint) : '—')),
      ],
      [
        `… their seat-layout / seats server time`,
        ...cell((s) =>
          has(s)
            ? `${later(s.visits[key].later, (v) => v.layout?.server)} / ${later(s.visits[key].later, (v) => v.seats?.server)}`
            : '—',
        ),
      ],
    )
  }
  rows.push([
    'publishing the 100,000-seat event (admin API, places made)',
    ...cols.map(([name]) => {
      const e = run.engines.find((/** @type {any} */ x) =>
        name.startsWith(x.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'),
      )
      return name.endsWith('first start') ? ms(e?.publishMs) : '—'
    }),
  ])
  return `Run ${run.when} · ${run.machine.cpu}, ${run.machine.memory}, ${run.machine.os}, Node ${run.machine.node}, Chromium ${run.chromium} · ${run.build}.
Load average (1/5/15 min) at start ${run.loadStart}, at end ${run.loadEnd}.

${table(['measure', ...cols.map(([name]) => name)], rows)}`
}

async function main() {
  if (opts.from) return record(JSON.parse(fs.readFileSync(opts.from, 'utf8')))
  if (!fs.existsSync(entry)) throw new Error(`${entry} missing: run \`npm run build\` first`)
  if (!fs.existsSync(path.join(webBuild, 'server/index.js')))
    throw new Error(`${webBuild} has no web build: run \`npm run build\` first`)
  const engines = String(opts.engines).split(',')
  const data = await benchLayout()
  const loadStart = loadNow()
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  })
  const chromiumVersion = browser.version()
  const results = []
  try {
    for (const engine of engines) results.push(await runEngine(browser, engine, data.layout))
  } finally {
    await browser.close().catch(() => {})
  }
  const { execFileSync } = await import('node:child_process')
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: serverRoot }).toString().trim()
  const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/api/src', 'packages/domain/src'], {
    cwd: serverRoot,
  })
    .toString()
    .trim()
  const run = {
    when: isoMinute(),
    machine: machine(),
    chromium: chromiumVersion,
    build: `server from commit ${head}${dirty ? ' + local changes to apps/api/src' : ''} (${path.relative(root, entry) || entry})`,
    loadStart,
    loadEnd: loadNow(),
    engines: results,
  }
  fs.mkdirSync(out, { recursive: true })
  fs.writeFileSync(path.join(out, 'cold-start.json'), JSON.stringify(run, null, 1))
  console.log(render(run))
  if (opts['save-baseline']) {
    fs.writeFileSync(BASELINE, `${JSON.stringify(run, null, 2)}\n`)
    console.log(`kept as the baseline in ${path.relative(root, BASELINE)}`)
    return
  }
  if (opts.dry) return
  record(run)
}

/** Records this run (bench/lib/report.mjs) as "after", the kept baseline as "before", in one section. */
function record(/** @type {any} */ run) {
  const baseline = fs.existsSync(BASELINE) ? JSON.parse(fs.readFileSync(BASELINE, 'utf8')) : null
  // The hand-written reading of the figures, kept beside the script so a re-run keeps it.
  const analysisFile = path.join(here, 'cold-start-analysis.md')
  const analysis = fs.existsSync(analysisFile) ? `\n${fs.readFileSync(analysisFile, 'utf8').trim()}\n` : ''
  writeSection(
    HEADING,
    `\`npm run bench:seatmap -- --cold\` (bench/seatmap/cold-start.mjs): the built server started as a new process on
fresh storage with the demo data, then the first visitors, in headless Chromium (1280×800, software
rendering), each in a fresh browser context: the home page, then the checkout map of the demo's
40,000-place stadium (\`${STADIUM}\`) and of the 100,000-seat venue of the seat-map benchmark (stored and
published through the admin API after the first start). "First start" is a fresh PGlite folder or a fresh
database (migrations, demo data); "restart" a new process on the same storage. First paint is navigation start
→ the animation frame after the first drawing call on the page's map canvas; server times are the browser's
request → first byte of \`/api/event/seat-layout\` and \`/api/seats\` on loopback. The machine is shared (2 cores);
read the figures with the load averages.

### After${baseline ? '' : ' (no baseline kept)'}

${render(run)}
${baseline ? `\n### Before\n\n${render(baseline)}\n` : ''}${analysis}`,
  )
  console.log('recorded in docs/benchmarks-history.md and docs/benchmarks.md')
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
