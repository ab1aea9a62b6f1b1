// @ts-check
// The back-office layout editor at stadium size (issue 18, "Performance"; DESIGN §8): in headless Chromium,
// on the demo's 40,000-seat stadium and on the seat-map benchmark's generated 100,000-seat venue,
//
//   open      ≤ 1.5 s   navigation start → the frame after the venue is first drawn on the editor's canvas,
//                       with the section tree on the page;
//   generate  ≤ 300 ms  a 100 × 100 row block (10,000 seats): the click on "add" → the frame after both the
//                       section tree lists it and the canvas has been redrawn with it;
//   drag      ≤ 16.7 ms p95 frame gap while the mouse drags a 1,000-seat selection (20 × 50) for ~1 s in
//                       60 steps; also the drop (mouseup → the frame after the moved block is drawn);
//   history   ≤ 50 MB   of JavaScript heap (after garbage collection) for 200 undoable operations: the
//                       selection moved 200 times with Shift+→, each one step of undo; then undo is tried.
//
//   npm run build && npm run bench:layout-editor
//   npm run bench:layout-editor -- --runs 1 --dry            quick look, docs/ untouched
//   npm run bench:layout-editor -- --venues 100k --profile   where the main thread's time goes
//   npm run bench:layout-editor -- --cpu 4                   CPU slowed 4× (the default is the machine's)
//   npm run bench:layout-editor -- --trace                    a Chromium trace of every open, in bench/.out
//
// The desktop back office: a 1280×800 window at device pixel ratio 1, no CPU throttling unless --cpu. The
// built server with the demo data on a fresh embedded database; the venue manager of the demo
// (planos@palco.co, the layout-editor role) stores each venue as a draft through the API, then every run
// opens it in a fresh browser context (nothing cached) twice: once to generate the 10,000-seat block, once
// for the 1,000-seat block that is dragged and then moved 200 times. Nothing is saved: each run starts from
// the stored draft.
//
// The editor tells when an edit is committed by `data-history-length` on its root (how many changes undo can
// take back). Canvas drawing is seen by wrapping the Canvas 2D drawing calls on the editor's map canvas
// (bench/lib/draw-hook.mjs); frames by requestAnimationFrame in the page.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { snapshotWebBuild } from '../checkout/route-js.mjs'
import { benchData } from '../lib/bench-layout.mjs'
import { drawHook } from '../lib/draw-hook.mjs'
import { pageApi } from '../lib/http.mjs'
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/mobile.mjs'
import { OUT_DIR, ROOT } from '../lib/paths.mjs'
import {
  analysisOf,
  args,
  isoMinute,
  loadNow,
  machine,
  passFail,
  saveRaw,
  table,
  writeSection,
} from '../lib/report.mjs'
import { serverComplaints, startServer } from '../lib/server.mjs'
import { median, percentile } from '../lib/stats.mjs'

const opt = args({ runs: 3, dry: false, cpu: 1, venues: '40k,100k', profile: false, trace: false })
const VIEWPORT = { width: 1280, height: 800 }
const PASSWORD = 'Palco#2026'
const EDITOR_EMAIL = 'planos@palco.co'
const STADIUM = 'santa-fe-vs-nacional'
const MB = 1_000_000
const FRAME_MS = 1000 / 60
const BUDGET = { openMs: 1500, generateMs: 300, frameP95Ms: 16.7, historyBytes: 50 * MB }
/** rAF timestamps of a 60 Hz clock read 16.6–16.8 ms apart; a gap this long is still one frame. */
const ONE_FRAME_MS = FRAME_MS + 0.5
const BIG_BLOCK = { rows: 100, seats: 100 }
const DRAG_BLOCK = { rows: 20, seats: 50 }
const DRAG = { steps: 60, ms: 1000, dx: 320, dy: 120 }
const MOVES = 200
const UNDOS = 3

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms))
const ms0 = (/** @type {number} */ v) =>
  Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-US')} ms` : '—'
const ms1 = (/** @type {number} */ v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—')
const mb = (/** @type {number} */ v) => (Number.isFinite(v) ? `${(v / MB).toFixed(1)} MB` : '—')
/** "median (min–max)" over runs, or the one figure. */
const cell = (/** @type {number[]} */ xs, /** @type {(v: number) => string} */ fmt) =>
  xs.length === 0
    ? '—'
    : xs.length === 1
      ? fmt(xs[0] ?? Number.NaN)
      : `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`

/** The editor's map canvas: the first canvas in the drawing area (the second is the editor's overlay). */
const MAP_CANVAS = `c.isConnected && c.parentElement !== null && c.parentElement.matches('[data-testid="layout-editor-canvas"]') && c.parentElement.querySelector('canvas') === c`

/**
 * In the page before its scripts: the drawing-call hook on the map canvas, and `window.__bench` with the
 * first frame at which the section tree is on the page (checked every frame until it is), the watchers of
 * one "add" and the frame recorder of the drag.
 */
const PAGE_HOOKS = `${drawHook({ global: '__draws', counts: MAP_CANVAS, every: true })}
;(() => {
  const b = { treeFrame: undefined, add: null, frames: [], recording: false, moves: [], down: undefined, up: undefined }
  window.__bench = b
  const treeItems = () => document.querySelectorAll('[data-testid="layout-tree"] [role="treeitem"]')
  const lookForTree = () => {
    if (treeItems().length > 0) b.treeFrame = performance.now()
    else requestAnimationFrame(lookForTree)
  }
  requestAnimationFrame(lookForTree)

  /** Notes the click on "add", and when a tree row named name (aria-label "name, detail") first shows. */
  b.watchAdd = (name) => {
    const add = { name, click: undefined, treeSeen: undefined, treeFrame: undefined, label: null }
    b.add = add
    document.querySelector('[data-testid="layout-block-add"]').addEventListener(
      'click',
      (e) => { add.click = e.timeStamp },
      { capture: true, once: true },
    )
    const tree = document.querySelector('[data-testid="layout-tree"]')
    const find = () => {
      for (const el of treeItems()) {
        const label = el.getAttribute('aria-label') || ''
        if (label.startsWith(name + ', ')) return label
      }
      return null
    }
    const observer = new MutationObserver(() => {
      const label = find()
      if (!label) return
      observer.disconnect()
      add.treeSeen = performance.now()
      add.label = label
      requestAnimationFrame(() => { add.treeFrame = performance.now() })
    })
    observer.observe(tree, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] })
  }
  /** The first frame after a drawing call on the map canvas made at or after t (ms), if any yet. */
  b.frameAfterDrawSince = (t) => {
    const f = window.__draws.frames.find(([draw]) => draw >= t)
    return f ? { draw: f[0], frame: f[1] } : null
  }

  const loop = (t) => {
    if (!b.recording) return
    b.frames.push(t)
    requestAnimationFrame(loop)
  }
  b.record = () => {
    b.frames = []
    b.moves = []
    b.down = undefined
    b.up = undefined
    b.recording = true
    requestAnimationFrame(loop)
  }
  b.stop = () => { b.recording = false }
  addEventListener('pointerdown', (e) => { if (b.recording) b.down = e.timeStamp }, { capture: true })
  addEventListener('pointermove', (e) => { if (b.recording && b.down !== undefined && b.up === undefined) b.moves.push(e.timeStamp) }, { capture: true })
  addEventListener('pointerup', (e) => { if (b.recording) b.up = e.timeStamp }, { capture: true })
})()`

/** Numbered seats and unnumbered places (parking left out) of a layout document, nested sections included. */
function placesOf(/** @type {any} */ layout) {
  let seats = 0
  let unnumbered = 0
  const walk = (/** @type {any[]} */ list) => {
    for (const s of list ?? []) {
      if (s.numbered !== false) for (const r of s.rows ?? []) seats += r.seats.length
      else if (s.zoneType !== 'PARKING') unnumbered += s.capacity ?? 0
      walk(s.sections)
    }
  }
  walk(layout.sections)
  return { seats, unnumbered }
}

/** The seat count in a tree row's label ("Name, CODE · 10.000 sillas"). */
const countInLabel = (/** @type {string | null} */ label) =>
  Number((label?.split('·').pop() ?? '').replace(/\D/g, '')) || Number.NaN

const started = new Date()
const loadStart = loadNow()
const m = machine()
const webCopy = path.join(OUT_DIR, `layout-editor-web-${process.pid}`)
const dataDir = path.join(OUT_DIR, `layout-editor-data-${process.pid}`)
fs.rmSync(dataDir, { recursive: true, force: true })
const wanted = String(opt.venues).split(',')
const big = wanted.includes('100k') ? await benchData(path.join(ROOT, 'bench/.out/layout-editor/gen')) : null
const webBuiltAt = await snapshotWebBuild(webCopy)
const server = await startServer({
  databaseUrl: '',
  secret: randomBytes(32).toString('hex'),
  label: 'layout-editor',
  env: { HOST: 'localhost', DATA_DIR: dataDir, SEED_DEMO: 'true', WEB_BUILD_DIR: webCopy },
})
const origin = `http://localhost:${server.port}`
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP localhost 127.0.0.1'],
})
const chromiumVersion = browser.version()

/** @type {import('playwright-core').Cookie[]} */
let cookies = []

/**
 * A fresh context (cold cache) signed in as the venue manager, with the hooks; the page opens the editor
 * and waits until the venue is drawn and the tree is there.
 * @param {string} layoutId
 */
async function openEditor(layoutId) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 })
  await context.addCookies(cookies)
  await context.addInitScript(PAGE_HOOKS)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  if (opt.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: opt.cpu })
  if (opt.trace) await browser.startTracing(page, { screenshots: false })
  await page.goto(`${origin}/backoffice/layout_editor/${layoutId}`, { waitUntil: 'commit', timeout: 120_000 })
  await page.waitForFunction(
    () => {
      const w = /** @type {any} */ (window)
      return w.__draws?.paint !== undefined && w.__bench?.treeFrame !== undefined
    },
    null,
    { timeout: 120_000, polling: 50 },
  )
  if (opt.trace) {
    const file = path.join(OUT_DIR, `layout-editor-open-${layoutId}-${Date.now()}.trace.json`)
    fs.writeFileSync(file, await browser.stopTracing())
    console.error(`trace: ${file}`)
  }
  const open = await page.evaluate((id) => {
    const w = /** @type {any} */ (window)
    const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0])
    const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
    const doc = resources.find((r) => r.name.endsWith(`/api/admin/layouts/${id}`))
    const chunk = resources.find((r) => /\/assets\/layout-editor-[\w-]+\.js$/.test(r.name))
    return {
      openMs: Math.max(w.__draws.paint, w.__bench.treeFrame),
      firstDrawMs: w.__draws.draw,
      treeFrameMs: w.__bench.treeFrame,
      htmlMs: nav.responseEnd,
      domContentLoadedMs: nav.domContentLoadedEventEnd,
      editorChunkMs: chunk?.responseEnd,
      documentRequestMs: doc?.startTime,
      documentFirstByteMs: doc?.responseStart,
      documentEndMs: doc?.responseEnd,
      documentKB: doc ? (doc.encodedBodySize || doc.transferSize) / 1024 : undefined,
    }
  }, layoutId)
  const heap = await heapNow(cdp)
  return { context, page, cdp, open: { ...open, heapBytes: heap.used, outsideHeapBytes: heap.outside } }
}

/**
 * After two full garbage collections: the JavaScript heap in use, and the memory of ArrayBuffers (typed
 * arrays) kept outside it. @param {import('playwright-core').CDPSession} cdp
 */
async function heapNow(cdp) {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const usage = /** @type {{ usedSize: number, backingStorageSize?: number }} */ (
    await cdp.send('Runtime.getHeapUsage')
  )
  return { used: usage.usedSize, outside: usage.backingStorageSize ?? Number.NaN }
}

const historyLength = (/** @type {import('playwright-core').Page} */ page) =>
  page.getByTestId('layout-editor').evaluate((el) => Number(el.getAttribute('data-history-length')))

/** Waits until the editor's undo history holds `n` changes. */
const historyReaches = (/** @type {import('playwright-core').Page} */ page, /** @type {number} */ n) =>
  page.waitForFunction(
    (k) =>
      Number(document.querySelector('[data-testid="layout-editor"]')?.getAttribute('data-history-length')) ===
      k,
    n,
    { timeout: 600_000, polling: 50 },
  )

/**
 * Fills the row-block form (grid, the form's defaults otherwise) and clicks "add"; returns the in-page
 * times of the click, of the tree row's first frame and of the first frame after the canvas redrew.
 * @param {import('playwright-core').Page} page @param {string} name @param {{ rows: number, seats: number }} size
 * @param {import('playwright-core').CDPSession | null} cdp with --profile, the click and its answer are profiled
 */
async function addBlock(page, name, size, cdp = null) {
  const control = page.getByRole('button', { name: /^(Bloque de filas|Row block)$/ })
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click()
  const form = page.getByTestId('layout-block-form')
  await form.waitFor({ state: 'visible' })
  await form.getByRole('textbox', { name: /^(Nombre|Name)$/ }).fill(name)
  await form.getByTestId('layout-block-rows').fill(String(size.rows))
  await form.getByTestId('layout-block-seats').fill(String(size.seats))
  // Whatever typing into the form set off (the accordion's animation, the panel's layout) settles first.
  await sleep(600)
  await page.evaluate((n) => /** @type {any} */ (window).__bench.watchAdd(n), name)
  const button = page.getByTestId('layout-block-add')
  await button.waitFor({ state: 'visible' })
  const clicked = async () => {
    await button.click()
    const handle = await page.waitForFunction(
      () => {
        const b = /** @type {any} */ (window).__bench
        const a = b.add
        if (a.click === undefined || a.treeFrame === undefined) return null
        const canvas = b.frameAfterDrawSince(a.click)
        return canvas ? { ...a, canvasDraw: canvas.draw, canvasFrame: canvas.frame } : null
      },
      null,
      { timeout: 120_000, polling: 20 },
    )
    return handle.jsonValue()
  }
  const a = cdp ? await profiled(cdp, `add a ${size.rows} × ${size.seats} block`, clicked) : await clicked()
  return {
    ms: Math.max(a.treeFrame, a.canvasFrame) - a.click,
    treeShownMs: a.treeSeen - a.click,
    treeFrameMs: a.treeFrame - a.click,
    canvasDrawMs: a.canvasDraw - a.click,
    canvasFrameMs: a.canvasFrame - a.click,
    label: a.label,
    seats: countInLabel(a.label),
  }
}

/** CPU profile of the page's main thread while `fn` runs: the functions with the most self time. */
async function profiled(
  /** @type {import('playwright-core').CDPSession} */ cdp,
  /** @type {string} */ what,
  fn,
) {
  if (!opt.profile) return fn()
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const result = await fn()
  const { profile } = /** @type {any} */ (await cdp.send('Profiler.stop'))
  const self = new Map()
  const dt = new Map()
  profile.samples?.forEach((/** @type {number} */ id, /** @type {number} */ i) => {
    dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0))
  })
  for (const node of profile.nodes) {
    const f = node.callFrame
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`
    self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0) / 1000)
  }
  console.error(`--- profile: ${what} (self time, ms)`)
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.error(`${v.toFixed(1).padStart(9)}  ${k}`)
  return result
}

/** Open, then generate the 10,000-seat block. @param {string} layoutId */
async function openAndGenerate(layoutId) {
  const { context, page, cdp, open } = await openEditor(layoutId)
  try {
    await sleep(1000)
    const generate = await addBlock(page, 'Bloque diez mil', BIG_BLOCK, cdp)
    return { open, generate }
  } finally {
    await context.close()
  }
}

/**
 * Open, generate the 1,000-seat block, select it from the tree (the view zooms to it), drag it by the middle
 * of the block, then move it 200 times by keyboard and undo a few.
 * @param {string} layoutId
 */
async function dragAndHistory(layoutId) {
  const { context, page, cdp, open } = await openEditor(layoutId)
  try {
    await sleep(1000)
    const block = await addBlock(page, 'Bloque arrastre', DRAG_BLOCK)
    await page
      .getByTestId('layout-tree')
      .locator('[role="treeitem"][aria-label^="Bloque arrastre, "]')
      .click()
    await sleep(1000) // the view's 220 ms zoom to the block, and the bitmaps built in idle time after it
    const box = await page.getByTestId('layout-editor-canvas').boundingBox()
    if (!box) throw new Error('no canvas')
    const x0 = box.x + box.width / 2
    const y0 = box.y + box.height / 2
    await page.mouse.move(x0, y0)
    await sleep(500)
    const before = await historyLength(page)

    // The drag: press in the middle of the selected block, 60 moves paced over a second, release.
    const drag = await profiled(cdp, 'drag 1,000 seats and drop', async () => {
      await page.evaluate(() => /** @type {any} */ (window).__bench.record())
      await sleep(200)
      await page.mouse.down()
      const t0 = Date.now()
      for (let i = 1; i <= DRAG.steps; i++) {
        await page.mouse.move(x0 + (DRAG.dx * i) / DRAG.steps, y0 + (DRAG.dy * i) / DRAG.steps)
        const wait = t0 + (i * DRAG.ms) / DRAG.steps - Date.now()
        if (wait > 0) await sleep(wait)
      }
      await page.mouse.up()
      await historyReaches(page, before + 1)
      const dropped = await page.waitForFunction(
        () => {
          const b = /** @type {any} */ (window).__bench
          return b.up !== undefined ? b.frameAfterDrawSince(b.up) : null
        },
        null,
        { timeout: 120_000, polling: 20 },
      )
      const { frame } = await dropped.jsonValue()
      await sleep(300)
      return page.evaluate((dropFrame) => {
        const b = /** @type {any} */ (window).__bench
        b.stop()
        const first = b.moves[0]
        const last = b.moves[b.moves.length - 1]
        const frames = b.frames.filter((/** @type {number} */ t) => t >= first && t <= last)
        return {
          moves: b.moves.length,
          dragMs: last - first,
          gaps: frames.slice(1).map((/** @type {number} */ t, /** @type {number} */ i) => t - frames[i]),
          dropMs: dropFrame - b.up,
        }
      }, frame)
    })
    const moved = (await historyLength(page)) === before + 1

    // 200 undoable operations: Shift+→ on the focused canvas moves the selection 10 units, one change each.
    await page.getByTestId('layout-editor-canvas').focus()
    await sleep(1500)
    const start = await historyLength(page)
    const heapBefore = await heapNow(cdp)
    const history = await profiled(cdp, `${MOVES} moves by keyboard`, async () => {
      const t0 = Date.now()
      for (let i = 0; i < MOVES; i++) await page.keyboard.press('Shift+ArrowRight')
      await historyReaches(page, start + MOVES)
      return { movesMs: Date.now() - t0 }
    })
    await sleep(1500)
    const heapAfter = await heapNow(cdp)

    // Undo takes the last moves back, and the map is drawn again.
    const beforeUndo = await page.evaluate(() => performance.now())
    for (let i = 0; i < UNDOS; i++) await page.keyboard.press('Control+z')
    await historyReaches(page, start + MOVES - UNDOS)
    const redrawn = await page
      .waitForFunction((t) => /** @type {any} */ (window).__bench.frameAfterDrawSince(t), beforeUndo, {
        timeout: 30_000,
      })
      .then(() => true)
      .catch(() => false)
    return {
      open,
      block,
      drag: { ...drag, moved },
      history: {
        operations: MOVES,
        movesMs: history.movesMs,
        heapBeforeBytes: heapBefore.used,
        heapAfterBytes: heapAfter.used,
        heapGrowthBytes: heapAfter.used - heapBefore.used,
        outsideHeapGrowthBytes: heapAfter.outside - heapBefore.outside,
        undo: {
          steps: UNDOS,
          historyLeft: await historyLength(page),
          expected: start + MOVES - UNDOS,
          redrawn,
        },
      },
    }
  } finally {
    await context.close()
  }
}

/**
 * @type {{ key: string, title: string, seats: number, unnumbered: number, layoutId: string,
 *   documentKB: number, runs: any[] }[]}
 */
const venues = []
try {
  // The venue manager stores each venue as a draft, as an import would.
  const setup = await browser.newContext()
  const page = await setup.newPage()
  await page.goto(`${origin}/api/health`)
  const api = pageApi(page)
  const login = await api('POST', '/api/auth/login', { email: EDITOR_EMAIL, password: PASSWORD })
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.data)}`)
  cookies = (await setup.storageState()).cookies
  const list = await api('GET', '/api/admin/layouts')
  if (list.status !== 200) throw new Error(`layouts: ${list.status} ${JSON.stringify(list.data)}`)
  const event = await api('GET', `/api/event?slug=${STADIUM}`)
  if (event.status !== 200) throw new Error(`event: ${event.status}`)
  const venueId =
    list.data.venues.find((/** @type {any} */ v) => v.id === event.data.venueId)?.id ??
    list.data.venues[0]?.id
  const stadium = await api('GET', `/api/event/seat-layout?eventId=${event.data.id}`)
  if (stadium.status !== 200) throw new Error(`seat layout: ${stadium.status}`)
  const docs = [
    { key: '40k', title: 'demo stadium', layout: stadium.data.layout },
    ...(big ? [{ key: '100k', title: 'generated venue', layout: big.layout }] : []),
  ].filter((d) => wanted.includes(d.key))
  for (const d of docs) {
    const stored = await api('POST', '/api/admin/layouts', {
      venueId,
      name: `Banco de pruebas ${d.key} ${Date.now().toString(36)}`,
      data: d.layout,
      draft: true,
    })
    if (stored.status !== 201)
      throw new Error(`store ${d.key}: ${stored.status} ${JSON.stringify(stored.data)}`)
    venues.push({
      key: d.key,
      title: d.title,
      ...placesOf(d.layout),
      layoutId: stored.data.id,
      documentKB: JSON.stringify(d.layout).length / 1024,
      runs: [],
    })
  }
  await setup.close()

  for (const v of venues) {
    // Warm-up: the server's first render of the page and first read of the document, the browser's first
    // compile of the editor.
    const warm = await openAndGenerate(v.layoutId)
    console.error(`${v.key} warm-up: open ${ms0(warm.open.openMs)}, generate ${ms0(warm.generate.ms)}`)
    for (let run = 1; run <= opt.runs; run++) {
      const first = await openAndGenerate(v.layoutId)
      const second = await dragAndHistory(v.layoutId)
      const gaps = second.drag.gaps
      const sorted = [...gaps].sort((a, b) => a - b)
      const r = {
        open: first.open,
        generate: first.generate,
        openAgain: second.open,
        dragBlock: second.block,
        drag: {
          moves: second.drag.moves,
          dragMs: second.drag.dragMs,
          moved: second.drag.moved,
          frames: gaps.length + 1,
          p50GapMs: percentile(sorted, 50),
          p95GapMs: percentile(sorted, 95),
          maxGapMs: Math.max(...gaps),
          longGaps: gaps.filter((g) => g > ONE_FRAME_MS).length,
          dropMs: second.drag.dropMs,
          gaps,
        },
        history: second.history,
      }
      v.runs.push(r)
      const { gaps: _gaps, ...dragShown } = r.drag
      console.error(
        `${v.key} run ${run}: ${JSON.stringify({ open: r.open.openMs, generate: r.generate, drag: dragShown, history: r.history })}`,
      )
    }
  }
} finally {
  await browser.close()
  await server.stop()
  fs.rmSync(webCopy, { recursive: true, force: true })
  fs.rmSync(dataDir, { recursive: true, force: true })
}

const complaints = serverComplaints(server)
const loadEnd = loadNow()
const raw = saveRaw('layout-editor', {
  started,
  loadStart,
  loadEnd,
  chromium: chromiumVersion,
  cpu: opt.cpu,
  venues,
  complaints,
})

// ---- the run's section (docs/benchmarks-history.md; its rows of docs/benchmarks.md) ------------------------
const measured = venues.filter((v) => v.runs.length > 0)
const name = (/** @type {typeof venues[number]} */ v) =>
  `${v.title}: ${v.seats.toLocaleString('en-US')} seats${v.unnumbered ? ` + ${v.unnumbered.toLocaleString('en-US')} unnumbered` : ''}`
/** A measure's figure (and verdict, when it has a budget) for each venue. */
const row = (
  /** @type {string} */ label,
  /** @type {string} */ budget,
  /** @type {(r: any) => number} */ pick,
  /** @type {(v: number) => string} */ fmt,
  /** @type {number | null} */ limit,
) => [
  label,
  budget,
  ...measured.flatMap((v) => {
    const xs = v.runs.map(pick)
    return [cell(xs, fmt), limit === null ? '' : passFail(xs.every((x) => x <= limit))]
  }),
]
const LIMITS = {
  open: BUDGET.openMs,
  generate: BUDGET.generateMs,
  frame: BUDGET.frameP95Ms + 0.5,
  history: BUDGET.historyBytes,
}
const passes = measured.flatMap((v) =>
  v.runs.flatMap((r) => [
    r.open.openMs <= LIMITS.open,
    r.generate.ms <= LIMITS.generate,
    r.drag.p95GapMs <= LIMITS.frame,
    r.history.heapGrowthBytes <= LIMITS.history,
  ]),
)
const allPass = measured.length === venues.length && passes.length > 0 && passes.every(Boolean)
const failed = [
  ['open', (/** @type {any} */ r) => r.open.openMs <= LIMITS.open],
  ['generate', (/** @type {any} */ r) => r.generate.ms <= LIMITS.generate],
  ['drag', (/** @type {any} */ r) => r.drag.p95GapMs <= LIMITS.frame],
  ['history heap', (/** @type {any} */ r) => r.history.heapGrowthBytes <= LIMITS.history],
]
  .filter(([, ok]) => measured.some((v) => v.runs.some((r) => !(/** @type {any} */ (ok)(r)))))
  .map(([what]) => what)
const undoOk = measured.every((v) =>
  v.runs.every((r) => r.history.undo.redrawn && r.history.undo.historyLeft === r.history.undo.expected),
)
const allMoved = measured.every((v) => v.runs.every((r) => r.drag.moved && r.drag.moves === DRAG.steps))
const seatsRight = measured.every((v) =>
  v.runs.every(
    (r) =>
      r.generate.seats === BIG_BLOCK.rows * BIG_BLOCK.seats &&
      r.dragBlock.seats === DRAG_BLOCK.rows * DRAG_BLOCK.seats,
  ),
)
const dragTook = median(measured.flatMap((v) => v.runs.map((r) => r.drag.dragMs)))

const mainTable = table(
  ['measure', 'budget', ...measured.flatMap((v) => [name(v), 'result'])],
  [
    row(
      'open: navigation start → venue drawn and section tree shown',
      '≤ 1,500 ms',
      (r) => r.open.openMs,
      ms0,
      LIMITS.open,
    ),
    row(
      `generate a ${BIG_BLOCK.rows} × ${BIG_BLOCK.seats} block (10,000 seats): click → tree and canvas show it`,
      '≤ 300 ms',
      (r) => r.generate.ms,
      ms0,
      LIMITS.generate,
    ),
    row(
      `drag ${(DRAG_BLOCK.rows * DRAG_BLOCK.seats).toLocaleString('en-US')} seats: frame gap p95`,
      '≤ 16.7 ms',
      (r) => r.drag.p95GapMs,
      ms1,
      LIMITS.frame,
    ),
    row('… longest frame gap while dragging', '', (r) => r.drag.maxGapMs, ms1, null),
    row('… frames while dragging', '', (r) => r.drag.frames, String, null),
    row('… drop: mouseup → frame after the moved block is drawn', '', (r) => r.drag.dropMs, ms0, null),
    row(
      `${MOVES} undoable moves (Shift+→): JavaScript heap growth after GC`,
      '≤ 50 MB',
      (r) => r.history.heapGrowthBytes,
      mb,
      LIMITS.history,
    ),
    row(
      '… and growth of typed-array memory outside the JS heap',
      '',
      (r) => r.history.outsideHeapGrowthBytes,
      mb,
      null,
    ),
    row(
      '… time per move (key → change committed, venue rebuilt, map drawn)',
      '',
      (r) => r.history.movesMs / MOVES,
      ms0,
      null,
    ),
    row('… JS heap of the editor just opened (after GC), for scale', '', (r) => r.open.heapBytes, mb, null),
  ],
)

const median0 = (/** @type {number[]} */ xs) => ms0(median(xs.filter((x) => Number.isFinite(x))))
const openTable = table(
  [
    'venue',
    'layout document (JSON)',
    'HTML received',
    'editor module received',
    'document requested',
    'document first / last byte',
    'first draw on the map canvas',
    'open',
  ],
  measured.map((v) => {
    const o = v.runs.map((r) => r.open)
    return [
      v.title,
      `${Math.round(v.documentKB).toLocaleString('en-US')} KB`,
      median0(o.map((x) => x.htmlMs)),
      median0(o.map((x) => x.editorChunkMs)),
      median0(o.map((x) => x.documentRequestMs)),
      `${median0(o.map((x) => x.documentFirstByteMs))} / ${median0(o.map((x) => x.documentEndMs))}`,
      median0(o.map((x) => x.firstDrawMs)),
      median0(o.map((x) => x.openMs)),
    ]
  }),
)
const generateTable = table(
  [
    'venue',
    'map redraw starts',
    'tree row seen (end of that task)',
    'frame after the redraw',
    'frame after the tree row',
  ],
  measured.map((v) => {
    const g = v.runs.map((r) => r.generate)
    return [
      v.title,
      median0(g.map((x) => x.canvasDrawMs)),
      median0(g.map((x) => x.treeShownMs)),
      median0(g.map((x) => x.canvasFrameMs)),
      median0(g.map((x) => x.treeFrameMs)),
    ]
  }),
)
const venueText = (/** @type {string} */ key) => {
  const v = venues.find((x) => x.key === key)
  return v
    ? `${v.seats.toLocaleString('en-US')} numbered seats and ${v.unnumbered.toLocaleString('en-US')} unnumbered places, a ${Math.round(v.documentKB).toLocaleString('en-US')} KB document`
    : 'not measured in this run'
}

const body = `
Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node} · Chromium ${chromiumVersion} (/usr/bin/chromium, headless, software rendering) · web build of ${isoMinute(webBuiltAt)}.
Load average (1/5/15 min) at start ${loadStart}, at end ${loadEnd}.

**Budgets** (issue 18; DESIGN §8): open ≤ 1.5 s; a 10,000-seat block generated ≤ 300 ms; dragging 1,000 seats with frame p95 ≤ 16.7 ms; 200 undoable operations with history ≤ 50 MB of heap — on the 40,000-seat demo stadium and a 100,000-seat venue. **Verdict:** ${passFail(allPass)}${failed.length ? ` (${failed.join(', ')})` : ''}.

How: \`npm run bench:layout-editor\` (\`bench/layout-editor/run.mjs\`). The desktop back office: headless Chromium, a 1280×800 window at device pixel ratio 1, ${opt.cpu > 1 ? `CPU slowed ${opt.cpu}×` : '**no CPU throttling**'}. The built server with the demo data on a fresh embedded database; the demo's venue manager (\`${EDITOR_EMAIL}\`, layout-editor role) stores two drafts through the API: the demo stadium's layout (\`${STADIUM}\`: ${venueText('40k')}) and the seat-map benchmark's generated venue (bench/seatmap/generate-layout.ts: ${venueText('100k')}). Each run opens a draft at \`/backoffice/layout_editor/:id\` twice, each time in a fresh browser context (nothing cached); nothing is saved, so every run starts from the same draft.

- **open**: navigation start → the animation frame after the first drawing call on the editor's map canvas (the Canvas 2D calls are wrapped before any page script runs), with the section tree's rows on the page.
- **generate** (first page): the row-block form filled with ${BIG_BLOCK.rows} rows × ${BIG_BLOCK.seats} seats (grid, the form's other defaults); from the click on "add" (the event's time in the page) to the later of the frame after the tree lists the new section and the frame after the map canvas is next drawn.
- **drag** (second page): a ${DRAG_BLOCK.rows} × ${DRAG_BLOCK.seats} block is generated and selected from the tree (the view zooms to it); the mouse presses in the middle of the block and moves ${DRAG.dx} × ${DRAG.dy} px in ${DRAG.steps} steps paced over ~${DRAG.ms / 1000} s (${ms0(dragTook)} from the first to the last move, median), then releases. Frame gaps are the differences between consecutive requestAnimationFrame timestamps from the first to the last pointer move. The drop is mouseup → the frame after the map canvas is drawn again (the editor commits the move, rebuilds its venue model and redraws).
- **history** (same page, block still selected, canvas focused): Shift+→ pressed ${MOVES} times, each press one undoable change of 10 units (the editor's \`data-history-length\` confirms all ${MOVES}); the JavaScript heap in use after two forced garbage collections (CDP \`HeapProfiler.collectGarbage\`, then \`Runtime.getHeapUsage\`: \`usedSize\`, and \`backingStorageSize\` for the typed arrays kept outside the heap) before and after. Then Ctrl+Z ${UNDOS} times: ${undoOk ? `in every run the history went back ${UNDOS} steps and the map was drawn again` : '**undo did not go back as expected in every run** (see the raw results)'}.

${opt.runs} run${opt.runs === 1 ? '' : 's'} per venue after one warm-up (open and generate); cells show the median (min–max), and a budget passes when every run meets it. The frame gap p95 is judged against 16.7 ms plus 0.5 ms for the jitter of requestAnimationFrame timestamps on a 60 Hz clock (one frame reads 16.6–16.8 ms).${allMoved ? '' : ' **Not every drag delivered its 60 moves and committed one move: see the raw results.**'}${seatsRight ? '' : ' **A generated block did not show the expected seat count in the tree: see the raw results.**'}

${mainTable}

Where the open time goes (median, ms from navigation start):

${openTable}

Generating the 10,000-seat block (median, ms after the click; the tree row is seen by a MutationObserver, which runs only once the click's task, including the map's rebuild and redraw, has finished):

${generateTable}

Raw results (every frame gap of every drag included): \`${path.relative(ROOT, raw)}\`.${complaints.length ? ` Server complaints: ${complaints.length}.` : ''}
`
console.log(body)
if (!opt.dry) writeSection('## Layout editor', body + analysisOf('layout-editor'))
