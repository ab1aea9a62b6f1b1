// @ts-check
// Complete sandbox card checkouts per second on PostgreSQL (hold → cart → pay → order with its tickets), with
// the time of each step as the client and the server see it, and the JavaScript the /checkout pages make the
// browser download (DESIGN §8 as restated: what every page shares ≤ 180 KB gzipped, each route's own ≤ 40 KB).
// Issue 6, "Performance".
//
//   npm run bench:checkout                                          8 and 16 clients, 15 s each, 3 repetitions
//   npm run bench:checkout -- --clients 4 --reps 1 --seconds 5 --dry   quick look, docs/ untouched
//   npm run bench:checkout -- --jsOnly --dry                        only the pages' JavaScript
//
// One checkout is what the web app does for a fan who picked seats and pays by card, one request after the other
// on one keep-alive connection: POST /api/reservations {eventId, seats} → GET /api/checkout-service/cart →
// POST /api/checkout/orders (a sandbox card token made as the browser makes it, holder APRO, the cart's total as
// expectedTotal) → GET /api/checkout/orders/:id (what the success page reads). Every checkout is by a distinct
// signed-in fan (bench/lib/fans.mjs; own X-Forwarded-For) on distinct seats (a pair of neighbours in a row by
// default), so no checkout waits for another's rows. The database and the servers are created for the run and
// removed after it.
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { demoCheckoutDetails } from '../../apps/api/dist/db/seed/demo-accounts.js'
import { generateStadiumLayout } from '../../apps/api/dist/db/seed/layouts.js'
import { serverFacts, throwawayDatabase } from '../lib/db.mjs'
import { createFans, verifyFan } from '../lib/fans.mjs'
import { insertLayout, insertSeatedEvent, insertVenue, prng, seatGroups, seatKeys } from '../lib/fixtures.mjs'
import { httpClient } from '../lib/http.mjs'
import { OUT_DIR } from '../lib/paths.mjs'
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
import {
  cpuSeconds,
  schedSeconds,
  serverComplaints,
  serverTimes,
  startServer,
  startServers,
} from '../lib/server.mjs'
import { fmt, median, percentileSpread, spread, summarize } from '../lib/stats.mjs'
import { routeJavaScript, snapshotWebBuild } from './route-js.mjs'

const opt = args({
  clients: [8, 16],
  seconds: 15,
  warmup: 3,
  reps: 3,
  servers: 1,
  pool: 10,
  /** Seats per checkout (neighbours in one row). */
  seats: 2,
  maxCheckouts: 6000,
  /** info: every request's own server time (Fastify's responseTime) is read back from the server log. */
  logLevel: 'info',
  skipOrderView: false,
  skipWeb: false,
  jsOnly: false,
  dry: false,
})
/** DESIGN §8: JavaScript per page, what the home page loads too (shared) and the route's own, gzipped. */
const SHARED_BUDGET_BYTES = 180_000
const OWN_BUDGET_BYTES = 40_000
const STEPS = opt.skipOrderView ? ['hold', 'cart', 'pay'] : ['hold', 'cart', 'pay', 'order']
const STEP_ROUTE = {
  hold: '`POST /api/reservations`',
  cart: '`GET /api/checkout-service/cart`',
  pay: '`POST /api/checkout/orders`',
  order: '`GET /api/checkout/orders/:id`',
}
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

/** What the browser's sandbox tokenizer makes from the documented Colombian Visa test card, holder APRO. */
function cardToken() {
  const r = tokenizeSandboxCard(
    { number: '4013 5406 8274 6260', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error(`sandbox tokenizer refused the test card (${r.field})`)
  return r.token
}

const started = new Date()
const loadStart = loadNow()
console.error(`load at start: ${loadStart}`)
const secret = randomBytes(32).toString('base64url')
const app = await throwawayDatabase('checkout')
let servers = []
let webServer = null
const webCopy = path.join(OUT_DIR, `checkout-web-build-${process.pid}`)

try {
  servers = await startServers(opt.jsOnly ? 1 : opt.servers, {
    databaseUrl: app.url,
    secret,
    label: 'checkout',
    env: { DB_POOL_SIZE: String(opt.pool), LOG_LEVEL: opt.logLevel },
  })
  const pgFacts = await serverFacts(app.pool)

  // One event per (client count, repetition) on the 42,032-place demo stadium, with a per-event fee (8 % + 1 COP)
  // so the cart prices fees as a real one does.
  const layout = generateStadiumLayout().data
  const venueId = await insertVenue(app.pool)
  const { id: layoutId } = await insertLayout(app.pool, venueId, 'Estadio', layout)
  const allSeats = seatKeys(layout)
  const maxCheckouts = Math.min(opt.maxCheckouts, Math.floor(allSeats.length / opt.seats))
  const fans = await createFans(app.pool, opt.jsOnly ? 4 : maxCheckouts, secret)
  await verifyFan(servers[0].base, fans[0])
  console.error(`${fans.length} fans created; cookie verified`)

  const newEvent = async (name) => {
    const eventId = await insertSeatedEvent(app.pool, { venueId, layoutId, layout, name })
    await app.pool.query(
      `insert into event_fees (event_id, percent_bps, fixed_amount) values ($1, 800, 100)`,
      [eventId],
    )
    return eventId
  }

  const clients = servers.map((s) => httpClient(s.base, Math.max(...opt.clients)))
  const phases = []
  if (!opt.jsOnly) {
    for (let rep = 0; rep < opt.reps; rep++) {
      for (const c of opt.clients) {
        const eventId = await newEvent(`Checkout c=${c} rep=${rep + 1}`)
        // The first GET materialises the event's places (inventory.service.ts); not part of the measure.
        const t = performance.now()
        for (const cl of clients) {
          const first = await cl.send({ path: `/api/seats?eventId=${eventId}` })
          if (first.status !== 200) throw new Error(`GET /api/seats: ${first.status}`)
        }
        console.error(`event ${eventId} materialised in ${fmt(performance.now() - t, 0)} ms`)
        phases.push({
          n: phases.length + 1,
          rep,
          c,
          eventId,
          groups: seatGroups(allSeats, opt.seats, prng(1000 * rep + c)),
        })
      }
    }
  }

  /**
   * One checkout by fan `i` on seat group `i`; every request carries an x-request-id (the server logs it as
   * reqId) naming phase, checkout and step, so the server's own time of each step can be read back.
   */
  async function checkout(client, phase, i) {
    const fan = fans[i]
    const seats = phase.groups[i]
    if (!fan || !seats) return null
    const headers = { cookie: fan.cookie, 'x-forwarded-for': fan.ip }
    const ms = {}
    const tag = (step) => ({ ...headers, 'x-request-id': `ck-${phase.n}-${i}-${step}` })
    const fail = (step, res) => ({
      i,
      ok: false,
      step,
      status: res.status,
      code: res.body?.code ?? res.body?.error ?? res.body?.order?.status ?? null,
      ms,
    })
    const t0 = performance.now()
    const hold = await client.send({
      method: 'POST',
      path: '/api/reservations',
      headers: tag('hold'),
      body: { eventId: phase.eventId, seats },
    })
    ms.hold = hold.ms
    if (hold.status !== 201) return fail('hold', hold)
    const reservationId = hold.body.id
    const cart = await client.send({
      path: `/api/checkout-service/cart?reservation=${reservationId}`,
      headers: tag('cart'),
    })
    ms.cart = cart.ms
    if (cart.status !== 200) return fail('cart', cart)
    const pay = await client.send({
      method: 'POST',
      path: '/api/checkout/orders',
      headers: tag('pay'),
      body: {
        reservationId,
        contact,
        billing,
        payment: { method: 'CARD', cardToken: cardToken(), installments: 1 },
        expectedTotal: cart.body.total,
        currency: 'COP',
        idempotencyKey: randomUUID(),
      },
    })
    ms.pay = pay.ms
    const order = pay.body?.order
    if (pay.status !== 201 || order?.status !== 'PAID' || order.tickets?.length !== seats.length)
      return fail('pay', pay)
    if (!opt.skipOrderView) {
      const view = await client.send({ path: `/api/checkout/orders/${order.id}`, headers: tag('order') })
      ms.order = view.ms
      if (view.status !== 200 || view.body?.status !== 'PAID') return { ...fail('order', view), paid: true }
    }
    return {
      i,
      ok: true,
      paid: true,
      seats: seats.length,
      total: order.total,
      ms,
      wholeMs: performance.now() - t0,
    }
  }

  /** Closed loop of whole checkouts: each virtual client starts its next checkout when the last one ended. */
  async function checkoutLoop(phase, { concurrency, durationMs, from, max }) {
    let issued = 0
    const results = []
    const errors = []
    const t0 = performance.now()
    const end = t0 + durationMs
    const worker = async (k) => {
      const client = clients[k % clients.length]
      while (performance.now() < end && issued < max) {
        const i = from + issued++
        try {
          const r = await checkout(client, phase, i)
          if (!r) return
          results.push({ ...r, at: performance.now() - t0 })
        } catch (err) {
          errors.push(String(err))
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, (_, k) => worker(k)))
    return { results, errors, elapsedMs: performance.now() - t0, issued }
  }

  async function integrityOf(eventId) {
    const { rows } = await app.pool.query(
      `select
         (select count(*) from orders where event_id = $1 and status = 'PAID') as paid_orders,
         (select count(*) from orders where event_id = $1 and status <> 'PAID') as other_orders,
         (select coalesce(sum(jsonb_array_length(lines)), 0) from orders where event_id = $1 and status = 'PAID') as paid_lines,
         (select count(*) from tickets where event_id = $1) as tickets,
         (select count(*) from event_seats where event_id = $1 and status = 'SOLD') as sold_seats,
         (select count(*) from (select 1 from tickets where event_id = $1
                                group by section_code, place_index having count(*) > 1) d) as seats_sold_twice,
         (select count(*) from tickets t left join orders o on o.id = t.order_id
           where t.event_id = $1 and (o.id is null or o.status <> 'PAID')) as tickets_without_paid_order`,
      [eventId],
    )
    return rows[0]
  }

  async function checkoutPhase(phase) {
    const warm = await checkoutLoop(phase, {
      concurrency: phase.c,
      durationMs: opt.warmup * 1000,
      from: 0,
      max: Math.floor(maxCheckouts / 5),
    })
    const from = warm.issued
    const cpu0 = servers.map((s) => cpuSeconds(s.pid))
    const sched0 = servers.map((s) => schedSeconds(s.pid))
    const self0 = process.cpuUsage()
    const measured = await checkoutLoop(phase, {
      concurrency: phase.c,
      durationMs: opt.seconds * 1000,
      from,
      max: maxCheckouts - from,
    })
    const wall = measured.elapsedMs / 1000
    const serverCpu = servers.map((s, k) => (cpuSeconds(s.pid) - (cpu0[k] ?? 0)) / wall)
    const serverWait = servers.map((s, k) => (schedSeconds(s.pid).waiting - (sched0[k]?.waiting ?? 0)) / wall)
    const selfUsage = process.cpuUsage(self0)
    const clientCpu = (selfUsage.user + selfUsage.system) / 1e6 / wall
    const ok = measured.results.filter((r) => r.ok)
    const bad = measured.results.filter((r) => !r.ok)
    const paidAll = [...warm.results, ...measured.results].filter((r) => r.paid)
    const step = Object.fromEntries(STEPS.map((s) => [s, summarize(ok.map((r) => r.ms[s]))]))
    const integrity = await integrityOf(phase.eventId)
    const expected = {
      paidOrders: paidAll.length,
      tickets: paidAll.reduce((n, r) => n + (r.seats ?? opt.seats), 0),
    }
    const integrityOk =
      integrity.paid_orders === expected.paidOrders &&
      integrity.other_orders === 0 &&
      integrity.tickets === expected.tickets &&
      integrity.paid_lines === expected.tickets &&
      integrity.sold_seats === expected.tickets &&
      integrity.seats_sold_twice === 0 &&
      integrity.tickets_without_paid_order === 0
    return {
      perSecond: ok.length / wall,
      elapsedS: wall,
      completed: ok.length,
      warmCompleted: warm.results.filter((r) => r.ok).length,
      failed:
        bad.length + measured.errors.length + warm.errors.length + warm.results.filter((r) => !r.ok).length,
      failures: [
        ...new Set([
          ...[...warm.results, ...measured.results]
            .filter((r) => !r.ok)
            .map((r) => `${r.step} ${r.status} ${r.code}`),
          ...warm.errors,
          ...measured.errors,
        ]),
      ].slice(0, 8),
      exhausted: measured.issued >= maxCheckouts - from,
      step,
      whole: summarize(ok.map((r) => r.wholeMs)),
      okIds: ok.map((r) => r.i),
      serverCpu,
      serverWait,
      clientCpu,
      cpuMsPerCheckout: (1000 * serverCpu.reduce((a, b) => a + b, 0)) / (ok.length / wall),
      integrity,
      expected,
      integrityOk,
    }
  }

  const results = []
  for (const phase of phases) {
    const r = { rep: phase.rep + 1, c: phase.c, n: phase.n, ...(await checkoutPhase(phase)), load: loadNow() }
    results.push(r)
    console.error(
      `rep ${r.rep} c=${r.c}: ${fmt(r.perSecond, 1)} checkouts/s (${r.completed} in ${fmt(r.elapsedS, 1)} s${r.exhausted ? ', RAN OUT of fans/seats: raise --maxCheckouts' : ''}, ${r.failed} failed${r.failures.length ? `: ${r.failures.join('; ')}` : ''}) | ${STEPS.map((s) => `${s} p50 ${fmt(r.step[s].p50)} p99 ${fmt(r.step[s].p99)}`).join(' | ')} | whole p50 ${fmt(r.whole.p50)} p99 ${fmt(r.whole.p99)} ms | server CPU ${r.serverCpu.map((v) => `${fmt(100 * v, 0)}%`).join('+')} (${fmt(r.cpuMsPerCheckout, 1)} ms/checkout), run-queue wait ${r.serverWait.map((v) => `${fmt(100 * v, 0)}%`).join('+')}, client CPU ${fmt(100 * r.clientCpu, 0)}% | integrity ${r.integrityOk ? 'ok' : `BAD ${JSON.stringify({ ...r.integrity, expected: r.expected })}`} | load ${r.load}`,
    )
  }

  // The server's own time of each step: Fastify's responseTime (request received → response written) of the
  // measured checkouts' requests, read back from the info-level log by the x-request-id each one carried.
  const serverMs = new Map() // `${phase}-${step}` → ms[]
  const serverTimed = opt.logLevel === 'info' || opt.logLevel === 'debug' || opt.logLevel === 'trace'
  if (serverTimed && results.length) {
    const okSet = new Set(results.flatMap((r) => r.okIds.map((i) => `${r.n}-${i}`)))
    for (const s of servers) {
      for (const [reqId, { ms }] of serverTimes(s.logPath, 'ck-')) {
        const m = /^ck-(\d+)-(\d+)-(\w+)$/.exec(reqId)
        if (!m || !okSet.has(`${m[1]}-${m[2]}`)) continue
        const key = `${m[1]}-${m[3]}`
        serverMs.set(key, [...(serverMs.get(key) ?? []), ms])
      }
    }
    for (const r of results) {
      r.serverStep = Object.fromEntries(STEPS.map((s) => [s, summarize(serverMs.get(`${r.n}-${s}`) ?? [])]))
    }
  }
  for (const cl of clients) cl.close()

  // ---------------------------------------------------------------------------------------- pages' JavaScript
  let web = null
  if (!opt.skipWeb) {
    try {
      const webBuiltAt = await snapshotWebBuild(webCopy)
      webServer = await startServer({
        databaseUrl: app.url,
        secret,
        label: 'checkout-web',
        env: { DB_POOL_SIZE: '2', WEB_BUILD_DIR: webCopy },
      })
      const wc = httpClient(webServer.base, 2)
      const fan = /** @type {NonNullable<typeof fans[0]>} */ (fans[0])
      const eventId = await newEvent('Checkout page JavaScript')
      await wc.send({ path: `/api/seats?eventId=${eventId}` })
      const hold = await wc.send({
        method: 'POST',
        path: '/api/reservations',
        headers: { cookie: fan.cookie, 'x-forwarded-for': fan.ip },
        body: { eventId, seats: allSeats.slice(0, opt.seats) },
      })
      if (hold.status !== 201)
        throw new Error(`hold for the page: ${hold.status} ${JSON.stringify(hold.body)}`)
      const pages = []
      for (const [label, pagePath, routeId] of [
        ['/checkout (cart)', `/checkout?reservation=${hold.body.id}`, 'checkout-checkout'],
        ['/checkout/buy (payment form)', `/checkout/buy?reservation=${hold.body.id}`, 'checkout-buy'],
      ]) {
        const p = await routeJavaScript(wc, pagePath, { headers: { cookie: fan.cookie }, routeId })
        pages.push({ label, ...p })
        console.error(
          `${label}: HTTP ${p.status}${p.isRoute ? '' : ' (NOT the expected route)'}, ${p.scripts.length} scripts, ${fmt(p.gzipTotal / 1000, 1)} KB gzipped (${fmt(p.rawTotal / 1000, 1)} KB raw)`,
        )
      }
      // The home page, signed in as the same fan: what every page of the site loads (framework, UI kit, i18n,
      // header), to tell what the checkout pages add from what they share with every other page.
      const home = await routeJavaScript(wc, '/', { headers: { cookie: fan.cookie } })
      wc.close()
      web = { builtAt: webBuiltAt.toISOString(), pages, home: { label: '/ (home)', ...home } }
    } catch (err) {
      console.error(`pages' JavaScript not measured: ${err instanceof Error ? err.message : err}`)
      web = { error: String(err instanceof Error ? err.message : err) }
    }
  }

  const complaints = [...servers, ...(webServer ? [webServer] : [])].flatMap(serverComplaints)
  const loadEnd = loadNow()
  console.error(`load at end: ${loadEnd}`)
  const raw = saveRaw(opt.dry ? 'checkout-dry' : 'checkout', {
    opt,
    started,
    loadStart,
    loadEnd,
    results: results.map(({ okIds, ...r }) => r),
    web,
    complaints: complaints.slice(0, 50),
  })

  // ------------------------------------------------------------------------------------------------ report
  const integrityOk = results.every((r) => r.integrityOk)
  const noFailures = results.every((r) => r.failed === 0)
  const pagesOk = web?.pages?.every((p) => p.status === 200 && p.isRoute && p.failed.length === 0) ?? false
  const homeUrls = new Set((web?.home?.scripts ?? []).map((s) => s.url))
  /** Bytes of the page's scripts that the home page does not load. */
  const ownBytes = (p) => p.scripts.filter((s) => !homeUrls.has(s.url)).reduce((n, s) => n + s.gzipBytes, 0)
  const withinBudget = (p) =>
    p.status === 200 &&
    p.isRoute &&
    p.failed.length === 0 &&
    p.gzipTotal - ownBytes(p) <= SHARED_BUDGET_BYTES &&
    ownBytes(p) <= OWN_BUDGET_BYTES
  const jsPass = pagesOk && web.home !== undefined && web.pages.every(withinBudget)
  const lat = (rs, pick) => percentileSpread(rs, pick)

  const summaryRows = opt.clients.map((c) => {
    const rs = results.filter((r) => r.c === c)
    return [
      String(c),
      spread(
        rs.map((r) => r.perSecond),
        1,
      ),
      lat(rs, (r) => r.whole),
      spread(
        rs.map((r) => r.cpuMsPerCheckout),
        1,
      ),
      rs.map((r) => r.serverWait.map((v) => `${fmt(100 * v, 0)}%`).join(' + ')).join(', '),
      'recorded',
    ]
  })
  const stepRows = opt.clients.flatMap((c) => {
    const rs = results.filter((r) => r.c === c)
    return STEPS.map((s) => [
      String(c),
      STEP_ROUTE[s],
      lat(rs, (r) => r.step[s]),
      serverTimed ? lat(rs, (r) => r.serverStep?.[s] ?? summarize([])) : '—',
      `${fmt(median(rs.map((r) => (r.step[s].mean / r.whole.mean) * 100)), 0)} %`,
    ])
  })
  const perRun = table(
    [
      'rep',
      'clients',
      'checkouts/s',
      'completed',
      'failed',
      ...STEPS.map((s) => `${s} p50 / p99 ms`),
      'checkout p50 / p99 ms',
      'server CPU (ms CPU per checkout)',
      'server waiting for a CPU',
      'client CPU',
      'load after',
    ],
    results.map((r) => [
      String(r.rep),
      String(r.c),
      fmt(r.perSecond, 1),
      String(r.completed),
      String(r.failed),
      ...STEPS.map((s) => `${fmt(r.step[s].p50)} / ${fmt(r.step[s].p99)}`),
      `${fmt(r.whole.p50)} / ${fmt(r.whole.p99)}`,
      `${r.serverCpu.map((v) => `${fmt(100 * v, 0)}%`).join(' + ')} (${fmt(r.cpuMsPerCheckout, 1)})`,
      r.serverWait.map((v) => `${fmt(100 * v, 0)}%`).join(' + '),
      `${fmt(100 * r.clientCpu, 0)}%`,
      r.load,
    ]),
  )
  const integrityText = results.length
    ? `Integrity, checked in SQL after each phase on its event (warm-up included): PAID orders = 201 answers with a PAID order, no other order, tickets = order lines = SOLD seats = seats paid, no seat with two tickets, no ticket without a PAID order: ${integrityOk ? 'yes' : '**no**'} (${results.reduce((n, r) => n + r.integrity.paid_orders, 0)} orders, ${results.reduce((n, r) => n + r.integrity.tickets, 0)} tickets in all). Failed checkouts: ${noFailures ? 'none' : results.flatMap((r) => r.failures).join('; ')}${results.some((r) => r.exhausted) ? '; **some phases ran out of fans or seats before the end of the window** (raise `--maxCheckouts`)' : ''}${complaints.length ? `; servers logged ${complaints.length} warnings/errors (see ${raw.replace(/^.*?bench\//, 'bench/')})` : ''}.`
    : ''

  const kb = (b) => `${fmt(b / 1000, 1)} KB`
  let jsText
  if (!web) jsText = 'Not measured (`--skipWeb`).'
  else if (!web.pages) jsText = `Not measured: ${web.error}. **Verdict: FAIL** (no figure).`
  else {
    const largest = [...new Map(web.pages.flatMap((p) => p.scripts).map((s) => [s.url, s])).values()]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 10)
    const inPages = (s) =>
      web.pages
        .filter((p) => p.scripts.some((x) => x.url === s.url))
        .map((p) => p.label.split(' ')[0])
        .join(', ')
    const seatMapChunks = web.pages.flatMap((p) =>
      p.scripts.filter((s) => /seat-?map|konva|stadium/i.test(s.url)).map((s) => s.url),
    )
    const gzippedHere = web.pages.flatMap((p) => p.scripts.filter((s) => s.gzippedHere)).length
    const notPreloaded = [...new Set(web.pages.flatMap((p) => p.notPreloaded))]
    jsText = `**Budget** (DESIGN §8): JavaScript per page, gzipped: what the home page loads too ≤ 180 KB, the route's own ≤ 40 KB; the seat map lazily loaded. **Verdict: ${jsPass ? 'pass' : 'FAIL'}.**

How: a second server process with the web build (a private copy of \`apps/web/build\`, built ${web.builtAt.slice(0, 16).replace('T', ' ')} UTC) on the same database; a fan holds ${opt.seats} seats and requests each page's server-rendered HTML with the session cookie; every \`<script src>\`, \`<link rel="modulepreload">\` and module imported by the page's inline module script is then fetched from the server with \`accept-encoding: gzip\` and its bytes on the wire summed (the server's own gzip, @fastify/compress${gzippedHere ? `; ${gzippedHere} scripts came uncompressed and were gzipped here with zlib's default level` : ''}), plus every module those import statically, which the browser fetches as it follows the imports (${notPreloaded.length} of them; the server sends no module preloads since the paint-first change, \`apps/web/app/lib/paint-first.ts\`). This is everything the browser downloads before the page is interactive; chunks loaded later on demand (\`import()\`) are not in it.

${table(
  [
    'page',
    'HTTP',
    'scripts',
    'gzipped',
    'uncompressed',
    'of it, also on the home page (≤ 180 KB)',
    'the page’s own (≤ 40 KB)',
    'budget',
  ],
  [...web.pages, ...(web.home ? [web.home] : [])].map((p) => {
    const own = ownBytes(p)
    const isHome = p === web.home
    return [
      `\`${p.label}\``,
      `${p.status}${p.isRoute ? '' : ' (not the route)'}`,
      String(p.scripts.length),
      kb(p.gzipTotal),
      kb(p.rawTotal),
      isHome ? '—' : kb(p.gzipTotal - own),
      isHome ? '—' : kb(own),
      isHome ? '(reference)' : passFail(withinBudget(p)),
    ]
  }),
)}

"Also on the home page": scripts the signed-in home page loads too (React, React DOM and React Router, Mantine's
core, i18next, the header and footer), which every page of the site downloads before any code of its own${web.home ? `: ${kb(web.home.gzipTotal)} on the home page itself` : ''}.

Seat map in the initial JavaScript: ${seatMapChunks.length ? `**yes** (${[...new Set(seatMapChunks)].join(', ')})` : 'no (no chunk named seat map, Konva or stadium)'}.

The 10 largest scripts (gzipped, of either page):

${table(
  ['script', 'gzipped', 'uncompressed', 'on'],
  largest.map((s) => [`\`${s.url}\``, kb(s.gzipBytes), kb(s.rawBytes), inPages(s)]),
)}`
  }

  const m = machine()
  const loadBody = results.length
    ? `**Budget**: none for throughput (issue 6 asks for the figures): **verdict: recorded.**

What runs: ${opt.servers} API process${opt.servers > 1 ? 'es' : ''} (\`node apps/api/dist/server.js\`, NODE_ENV=production, LOG_LEVEL=${opt.logLevel}, DB_POOL_SIZE=${opt.pool}, TRUST_PROXY=true, payments through the built-in sandbox provider, no web build) on a throwaway database. One checkout is what the web app does for a fan paying by card, request after request on one keep-alive connection: ${STEPS.map((s) => STEP_ROUTE[s]).join(' → ')}: a hold of ${opt.seats} neighbouring seats, the cart, the order paid with a sandbox card token made as the browser's tokenizer makes it (Colombian Visa test card, holder APRO: approved) with contact and billing details, the cart's total as \`expectedTotal\`, COP and a fresh idempotency key, answered 201 with the order PAID and its tickets${opt.skipOrderView ? '' : ', then the order as the success page reads it'}. Each checkout is by a distinct signed-in fan (own X-Forwarded-For) on distinct seats of a 42,032-place stadium event with an 8 % + 1 COP fee (a fresh event per phase); closed loop, each virtual client starting its next checkout when the last one ends, ${opt.warmup} s warm-up then ${opt.seconds} s measured; a checkout counts when every step answered as expected. ${opt.reps} repetition${opt.reps > 1 ? 's' : ''}; cells show median (min–max) over them. Client latencies are on loopback, nearest-rank percentiles.${serverTimed ? " Server time is Fastify's responseTime of the same requests (request received → response written), read back from the info-level log by the x-request-id each request carried; the info-level request log costs the server a little CPU of its own." : ''}

${table(['clients', 'checkouts/s', 'checkout p50 / p99 ms', 'server CPU ms per checkout', 'server waiting for a CPU (per rep)', 'verdict'], summaryRows)}

Per step (median over the repetitions of each one's p50 / p99, min–max in brackets):

${table(['clients', 'step', 'client p50 / p99 ms', 'server p50 / p99 ms', 'share of the checkout (mean)'], stepRows)}

${integrityText}

<details><summary>Every phase</summary>

${perRun}

</details>`
    : ''

  const body = `
Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts.version} (${pgFacts.settings}) · ${buildFacts()}.
Load average (1/5/15 min) at start ${loadStart}, at end ${loadEnd}: the machine is shared with other engineers' builds and tests, so figures move between runs; the repetitions below show by how much.

${loadBody}

### Checkout pages' JavaScript

${jsText}

Command: \`npm run bench:checkout\` (options: \`--clients ${opt.clients.join(',')} --seconds ${opt.seconds} --reps ${opt.reps} --seats ${opt.seats} --servers ${opt.servers} --pool ${opt.pool}\`; \`--jsOnly\` measures the pages only; \`--dry\` leaves this file alone). Raw results: \`${raw.replace(/^.*?bench\//, 'bench/')}\`.
`
  console.log(body)
  // --jsOnly has no throughput figures, so it never replaces the recorded section.
  if (!opt.dry && !opt.jsOnly) writeSection('## Checkout', body + analysisOf('checkout'))
} finally {
  if (webServer) await webServer.stop().catch((e) => console.error(e))
  for (const s of servers) await s.stop().catch((e) => console.error(e))
  fs.rmSync(webCopy, { recursive: true, force: true })
  await app.drop()
}
