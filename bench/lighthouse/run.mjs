// @ts-check
// Lighthouse budget (DESIGN §8, issue 4): mobile Lighthouse on the Colombian home, the Mexican home and one
// Colombian event page; performance ≥ 95 and accessibility 100. Starts the built server as a child on
// loopback with a fresh embedded database (demo data), runs Lighthouse several times per page in Debian's
// Chromium (/usr/bin/chromium, never a downloaded browser), stops the server and records the run: its
// "## Lighthouse" section in docs/benchmarks-history.md, its row of docs/benchmarks.md (bench/lib/report.mjs).
//
// Usage: npm run build && npm run bench:lighthouse
// Options: --runs 3   --event santa-fe-vs-nacional   --dry (print only, leave docs/ alone)
// Raw reports (one JSON per run) and the server log go to bench/.out/lighthouse/ (git-ignored).
import { execFileSync, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { writeSection } from '../lib/report.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const OUT = path.join(ROOT, 'bench/.out/lighthouse')
const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/server.js')
const WEB_BUILD = path.join(ROOT, 'apps/web/build')
const CHROMIUM = '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const BUDGET = { performance: 95, accessibility: 100 }
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 'ms'],
]
const BOOT_ATTEMPTS = 3
const BOOT_TIMEOUT_MS = 180_000
const RUN_TIMEOUT_MS = 180_000

// ---------------------------------------------------------------------------------------------- options
const opts = { runs: 3, event: 'santa-fe-vs-nacional', dry: false }
{
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--dry') opts.dry = true
    else if (a === '--runs') opts.runs = Math.max(1, Math.min(10, Number(argv[++i]) || 3))
    else if (a === '--event') opts.event = String(argv[++i])
    else throw new Error(`unknown option ${a}; known: --runs N, --event SLUG, --dry`)
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const loadNow = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(', ')

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address())
      srv.close(() => resolve(port))
    })
  })
}

/** GET on loopback with an explicit Host header (mx.localhost need not resolve in Node). */
function get(port, host, urlPath) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, headers: { host: `${host}:${port}` }, timeout: 30_000 },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
      },
    )
    req.on('timeout', () => req.destroy(new Error(`GET ${host}${urlPath} timed out`)))
    req.on('error', reject)
  })
}

// --------------------------------------------------------------------------------- web build snapshot
/**
 * A private copy of apps/web/build, so that another engineer rebuilding the web app during the run (which
 * empties and rewrites the folder, changing asset hashes) cannot pull the pages' scripts away mid-run. Its
 * node_modules link makes the copy resolve the web app's own (non-hoisted) packages as the original does.
 */
async function snapshotWebBuild(dest) {
  for (let attempt = 1; attempt <= 6; attempt++) {
    try {
      fs.rmSync(dest, { recursive: true, force: true })
      const entry = path.join(WEB_BUILD, 'server/index.js')
      if (!fs.existsSync(entry)) throw new Error(`${entry} missing`)
      fs.cpSync(WEB_BUILD, dest, { recursive: true })
      const assets = fs.readdirSync(path.join(dest, 'client/assets'))
      // Every client asset the server build names must be in the copy (a half-written build fails this).
      const named =
        fs.readFileSync(path.join(dest, 'server/index.js'), 'utf8').match(/"\/assets\/[^"#?]+/g) ?? []
      const missing = named.map((n) => n.slice(9)).filter((f) => !assets.includes(f))
      if (named.length === 0 || missing.length > 0)
        throw new Error(`incomplete web build (${missing.slice(0, 3).join(', ') || 'no assets named'})`)
      const webModules = path.join(ROOT, 'apps/web/node_modules')
      if (fs.existsSync(webModules)) fs.symlinkSync(webModules, path.join(dest, 'node_modules'), 'dir')
      return fs.statSync(entry).mtime
    } catch (err) {
      if (attempt === 6) {
        fs.rmSync(dest, { recursive: true, force: true })
        throw new Error(`could not copy apps/web/build (run \`npm run build\`): ${err}`)
      }
      console.log(`web build not ready (${err instanceof Error ? err.message : err}); retrying in 15 s`)
      await sleep(15_000)
    }
  }
  throw new Error('unreachable')
}

// ------------------------------------------------------------------------------------------------ server
/** Starts the built server on a free loopback port with a fresh DATA_DIR; resolves once /api/ready is 200. */
async function startServer(webBuildDir, attempt) {
  const port = await freePort()
  const dataDir = path.join(OUT, `data-${process.pid}-${attempt}`)
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.mkdirSync(dataDir, { recursive: true })
  const logPath = path.join(OUT, 'server.log')
  const log = fs.openSync(logPath, attempt === 1 ? 'w' : 'a')
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      // "localhost" makes Fastify listen on 127.0.0.1 and ::1 (loopback only), whichever Chromium tries first.
      HOST: 'localhost',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
      WEB_BUILD_DIR: webBuildDir,
    },
    stdio: ['ignore', log, log],
  })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  const stop = async () => {
    if (!exited && child.pid) {
      child.kill('SIGTERM')
      const t = setTimeout(() => !exited && child.kill('SIGKILL'), 15_000)
      await once(child, 'exit').catch(() => {})
      clearTimeout(t)
    }
    fs.closeSync(log)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + BOOT_TIMEOUT_MS
  while (!exited && Date.now() < deadline) {
    try {
      if ((await get(port, 'localhost', '/api/ready')).status === 200) return { port, stop, pid: child.pid }
    } catch {}
    await sleep(300)
  }
  await stop()
  const tail = fs.readFileSync(logPath, 'utf8').slice(-1500)
  throw new Error(`server ${exited ? 'exited during boot' : 'not ready in time'}; log ${logPath}:\n${tail}`)
}

// -------------------------------------------------------------------------------------------- lighthouse
async function lighthouseOnce(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  })
  let timer
  try {
    const run = lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Defaults kept on purpose: mobile form factor and screen, simulated mobile throttling (Slow 4G, 4× CPU).
    })
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse run on ${url} exceeded ${RUN_TIMEOUT_MS} ms`)),
        RUN_TIMEOUT_MS,
      )
    })
    const result = await Promise.race([run, timeout])
    if (!result?.lhr) throw new Error(`Lighthouse returned no report for ${url}`)
    return result.lhr
  } finally {
    clearTimeout(timer)
    await chrome.kill()
  }
}

// ---------------------------------------------------------------------------------------------- figures
/** Requests and transferred bytes of one run, by resource type (scripts, stylesheets, all). */
function weightOf(lhr) {
  const items = /** @type {any[]} */ (lhr.audits['network-requests']?.details?.items ?? [])
  const sum = (type) => {
    const of = items.filter((r) => !type || r.resourceType === type)
    return { n: of.length, kib: of.reduce((a, r) => a + (r.transferSize ?? 0), 0) / 1024 }
  }
  return { js: sum('Script'), css: sum('Stylesheet'), all: sum(undefined) }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
const fmtMetric = (v, unit) => (unit === 'ms' ? `${(v / 1000).toFixed(2)} s` : v.toFixed(3))
const cell = (xs, fmt = (v) => String(Math.round(v))) =>
  xs.length === 1 ? fmt(xs[0]) : `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`

/** Audits of a category that do not pass in one report: Lighthouse's own rule (binary < 1, others < 0.9). */
function failingAudits(lhr, categoryId) {
  const out = []
  for (const ref of lhr.categories[categoryId]?.auditRefs ?? []) {
    const a = lhr.audits[ref.id]
    if (!a || a.score === null || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'manual')
      continue
    if (a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'error') continue
    const limit = a.scoreDisplayMode === 'binary' ? 1 : 0.9
    if (a.score >= limit) continue
    const items = /** @type {any[]} */ (a.details?.items ?? [])
    const targets = []
    for (const it of items) {
      const node = it.node ?? it.element
      if (node?.selector) targets.push(`\`${node.selector}\``)
      else if (typeof it.url === 'string') targets.push(it.url.replace(/^https?:\/\/[^/]+/, ''))
      else if (Array.isArray(it.subItems?.items)) {
        for (const s of it.subItems.items)
          if (s.relatedNode?.selector) targets.push(`\`${s.relatedNode.selector}\``)
      }
    }
    out.push({
      id: a.id,
      title: a.title,
      score: a.score,
      displayValue: a.displayValue ?? '',
      weight: ref.weight,
      targets: [...new Set(targets)],
    })
  }
  return out
}

// ------------------------------------------------------------------------------------------------- main
for (const f of [CHROMIUM, SERVER_ENTRY])
  if (!fs.existsSync(f))
    throw new Error(`${f} missing${f === SERVER_ENTRY ? ': run `npm run build` first' : ''}`)
fs.mkdirSync(OUT, { recursive: true })
const started = new Date()
const loadStart = loadNow()
const chromiumVersion = (() => {
  try {
    return execFileSync(CHROMIUM, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    return 'unknown Chromium'
  }
})()
const lighthouseVersion = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
).version
console.log(`Lighthouse ${lighthouseVersion}, ${chromiumVersion}; load average at start ${loadStart}`)

const webCopy = path.join(OUT, `web-build-${process.pid}`)
const webBuiltAt = await snapshotWebBuild(webCopy)

let server
for (let attempt = 1; !server; attempt++) {
  try {
    server = await startServer(webCopy, attempt)
  } catch (err) {
    if (attempt >= BOOT_ATTEMPTS) throw err
    console.log(`server start failed (attempt ${attempt}/${BOOT_ATTEMPTS}), retrying in 10 s:\n${err}`)
    await sleep(10_000)
  }
}
const cleanup = () => {
  try {
    fs.rmSync(webCopy, { recursive: true, force: true })
  } catch {}
}
process.once('SIGINT', () => {
  server?.stop().finally(() => {
    cleanup()
    process.exit(130)
  })
})

const pages = [
  { id: 'home-co', label: 'Colombia home', host: 'localhost', path: '/' },
  { id: 'home-mx', label: 'Mexico home', host: 'mx.localhost', path: '/' },
  {
    id: 'event-co',
    label: `Colombia event page (${opts.event})`,
    host: 'localhost',
    path: `/events/${opts.event}`,
  },
]
/** @type {Record<string, any[]>} */
const reports = Object.fromEntries(pages.map((p) => [p.id, []]))
let loadEnd = ''
try {
  const { port } = server
  const events = await get(port, 'localhost', '/api/events')
  if (!events.body.includes(`"${opts.event}"`))
    throw new Error(`event slug ${opts.event} not in GET /api/events on the Colombian host`)
  // Warm the server (SSR modules, catalogue caches) so the first measured run is not a cold start.
  for (const p of pages)
    for (let i = 0; i < 3; i++) {
      const r = await get(port, p.host, p.path)
      if (r.status !== 200) throw new Error(`${p.host}${p.path} answered ${r.status}`)
    }
  // Runs interleave the pages so a burst of background load on the shared machine hits them alike.
  for (let run = 1; run <= opts.runs; run++) {
    for (const p of pages) {
      const url = `http://${p.host}:${port}${p.path}`
      let lhr
      for (let attempt = 1; attempt <= 2 && !lhr; attempt++) {
        try {
          const r = await lighthouseOnce(url)
          if (r.runtimeError) throw new Error(`${r.runtimeError.code}: ${r.runtimeError.message}`)
          lhr = r
        } catch (err) {
          console.log(
            `${p.label} run ${run} attempt ${attempt} failed: ${err instanceof Error ? err.message : err}`,
          )
          if (attempt === 2) throw err
        }
      }
      fs.writeFileSync(path.join(OUT, `${p.id}-${run}.json`), JSON.stringify(lhr))
      reports[p.id]?.push(lhr)
      const s = CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(', ')
      console.log(`run ${run} ${p.label}: ${s}; load ${loadNow()}`)
    }
  }
} finally {
  loadEnd = loadNow()
  await server.stop()
  cleanup()
}

// ---------------------------------------------------------------------------------------------- report
const summary = pages.map((p) => {
  const lhrs = reports[p.id] ?? []
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhrs.map((l) => Math.round((l.categories[c]?.score ?? 0) * 100))]),
  )
  const metrics = Object.fromEntries(
    METRICS.map(([id]) => [id, lhrs.map((l) => l.audits[id]?.numericValue ?? NaN)]),
  )
  const perf = median(scores.performance)
  const a11y = median(scores.accessibility)
  const pass = perf >= BUDGET.performance && a11y >= BUDGET.accessibility
  const everyRun = lhrs.every(
    (l) =>
      Math.round(l.categories.performance.score * 100) >= BUDGET.performance &&
      Math.round(l.categories.accessibility.score * 100) >= BUDGET.accessibility,
  )
  /** @type {Map<string, any>} */
  const failing = new Map()
  for (const c of CATEGORIES)
    for (const l of lhrs)
      for (const a of failingAudits(l, c)) {
        const key = `${c}/${a.id}`
        const prev = failing.get(key)
        if (prev) {
          prev.runs++
          prev.values.push(a.displayValue)
          for (const t of a.targets) if (!prev.targets.includes(t)) prev.targets.push(t)
        } else failing.set(key, { ...a, category: c, runs: 1, values: [a.displayValue] })
      }
  const lcpEl = lhrs.at(-1)?.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
  return {
    ...p,
    scores,
    metrics,
    pass,
    everyRun,
    failing: [...failing.values()],
    lcpElement: lcpEl
      ? `${lcpEl.selector}${lcpEl.nodeLabel && lcpEl.nodeLabel !== lcpEl.selector ? ` (${lcpEl.nodeLabel})` : ''}`
      : 'n/a',
    lcpSnippet: String(lcpEl?.snippet ?? '').slice(0, 160),
    weight: lhrs.map((l) => weightOf(l)),
    benchmarkIndex: lhrs.map((l) => l.environment?.benchmarkIndex ?? NaN),
    userAgent: lhrs[0]?.environment?.hostUserAgent ?? '',
  }
})

const verdict = summary.every((s) => s.pass)
const cpus = os.cpus()
const machine = `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM`
const table = (header, rows) =>
  [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')
const scoreTable = table(
  ['page', 'performance (≥ 95)', 'accessibility (100)', 'best practices', 'SEO', 'budget'],
  summary.map((s) => [
    `${s.label} \`${s.host}${s.path}\``,
    cell(s.scores.performance),
    cell(s.scores.accessibility),
    cell(s.scores['best-practices']),
    cell(s.scores.seo),
    `${s.pass ? '**pass**' : '**FAIL**'}${s.pass && !s.everyRun ? ' (not every run)' : ''}`,
  ]),
)
const metricTable = table(
  [
    'page',
    ...METRICS.map(([, label]) => label),
    'requests: JS / CSS / all (KiB sent, last run)',
    'LCP element',
    'benchmarkIndex',
  ],
  summary.map((s) => [
    s.label,
    ...METRICS.map(([id, , unit]) => cell(s.metrics[id] ?? [], (v) => fmtMetric(v, unit))),
    (() => {
      const w = s.weight.at(-1)
      const f = (x) => `${x.n} (${Math.round(x.kib)})`
      return w ? `${f(w.js)} / ${f(w.css)} / ${f(w.all)}` : 'n/a'
    })(),
    `\`${s.lcpElement.replace(/\|/g, '\\|').replace(/`/g, "'")}\``,
    cell(s.benchmarkIndex),
  ]),
)
const failingLines = summary
  .filter((s) => s.failing.length)
  .map((s) => {
    const lines = s.failing
      .sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || b.weight - a.weight)
      .map((f) => {
        const where = f.targets.length
          ? ` — ${f.targets.slice(0, 6).join(', ')}${f.targets.length > 6 ? ', …' : ''}`
          : ''
        const vals = [...new Set(f.values.filter(Boolean))].join(' / ')
        return `  - ${f.category}${f.weight ? ` metric (weight ${f.weight})` : ''} \`${f.id}\` (${f.title.replace(/`/g, "'")}${vals ? `: ${vals}` : ''}) in ${f.runs}/${opts.runs} runs${where}`
      })
    return `- ${s.label}:\n${lines.join('\n')}`
  })
  .join('\n')

const body = `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${machine}, ${os.platform()} ${os.release()}, Node ${process.version} · Lighthouse ${lighthouseVersion}, ${chromiumVersion} (\`${CHROMIUM}\`, headless) · web build of ${webBuiltAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.
Load average (\`uptime\`, 1/5/15 min) at start ${loadStart}, at end ${loadEnd}: the machine is shared with other engineers' builds and tests, which slows the page's main thread in the trace Lighthouse simulates from, so performance scores move between runs (the spread and Lighthouse's benchmarkIndex show by how much).

**Budget** (DESIGN §8): Lighthouse mobile, home and event page: performance ≥ 95, accessibility 100 (on the median of ${opts.runs} runs). **Verdict: ${verdict ? 'pass' : 'FAIL'}.**

How: the built server (\`node apps/api/dist/server.js\`, NODE_ENV=production, LOG_LEVEL=warn) runs as a child on a free loopback port with a fresh embedded database and the demo data, serving a private copy of apps/web/build; each page is requested 3 times to warm it, then Lighthouse runs ${opts.runs} times per page (pages interleaved, a new Chromium for every run) with its defaults: mobile form factor and screen, simulated throttling (Slow 4G, 4× CPU slowdown), categories performance, accessibility, best practices and SEO. Cells show the median (min–max).

${scoreTable}

${metricTable}
${failingLines ? `\nAudits that did not pass (Lighthouse's rule: binary audits below 1, scored ones below 0.9), with the elements or resources they name:\n\n${failingLines}\n` : ''}
Command: \`npm run build && npm run bench:lighthouse\` (\`bench/lighthouse/run.mjs\`; options \`--runs 3 --event ${opts.event}\`, \`--dry\` leaves this file alone). Raw reports: \`bench/.out/lighthouse/<page>-<run>.json\`, server log \`bench/.out/lighthouse/server.log\`.
`

const analysisFile = path.join(ROOT, 'bench/lighthouse/analysis.md')
const analysis = fs.existsSync(analysisFile) ? `\n${fs.readFileSync(analysisFile, 'utf8').trim()}\n` : ''

console.log(`\n${scoreTable}\n\n${metricTable}\n${failingLines ? `\n${failingLines}\n` : ''}`)
console.log(`load average at start ${loadStart}, at end ${loadEnd}; verdict: ${verdict ? 'pass' : 'FAIL'}`)
if (opts.dry) console.log('--dry: docs/ left alone')
else {
  writeSection('## Lighthouse', `${body}${analysis}`)
}
