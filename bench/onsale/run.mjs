// @ts-check
// The on-sale rehearsal (issue 42 part 7, DESIGN §8): fans with sessions join the waiting room of a stadium
// match a minute before it opens; each admitted fan holds 1–4 neighbouring seats and then pays by card (80 %),
// gives the hold up (10 %) or lets it expire (10 %). The product runs in its production shape: API processes
// (JOBS_WORKER=off) and one job worker behind HAProxy, through PgBouncer in transaction mode (bench/lib/
// cluster.mjs). Halfway through one API process is killed (SIGKILL) and started again; a third of the way in
// the worker is stopped for a minute.
//
//   npm run bench:onsale                                     20,000 fans, 10 minutes after opening, 4 API processes
//   npm run bench:onsale -- --fans 2000 --minutes 3 --dry    quick look, docs/ untouched
//
// It records per minute: admissions, holds/s, checkouts/s, p50/p95/p99 per endpoint, errors, RSS per process
// and database connections; and afterwards checks: 0 oversold, every paid order's tickets issued once, no
// paid order lost, every given-up and every lapsed hold released, admission order fair (the pre-queue drawn
// at random, later arrivals in arrival order), the last minute's p99 ≤ 1.5 × the first's, RSS flat.
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { performance } from 'node:perf_hooks'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { demoCheckoutDetails } from '../../apps/api/dist/db/seed/demo-accounts.js'
import { generateStadiumLayout } from '../../apps/api/dist/db/seed/layouts.js'
import { startCluster } from '../lib/cluster.mjs'
import { serverFacts, throwawayDatabase } from '../lib/db.mjs'
import { createFans, verifyFan } from '../lib/fans.mjs'
import { insertLayout, insertSeatedEvent, insertVenue, prng, seatGroups, seatKeys } from '../lib/fixtures.mjs'
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
import { fmt } from '../lib/stats.mjs'

const opt = args({
  fans: 20_000,
  /** Minutes measured after opening. */
  minutes: 10,
  /** Seconds before opening during which the fans join (the pre-queue). */
  preOpen: 60,
  /** Share of fans who arrive after opening, spread over its first two minutes (arrival order applies). */
  late: 0.1,
  apis: 4,
  pool: 8,
  /** The room's target of concurrent checkouts (the organiser's setting). */
  target: 500,
  /** Seconds an admitted fan takes to choose seats (uniform between the two), then to fill in and pay. */
  choose: [10, 40],
  fill: [20, 60],
  /** Sockets from this client to the proxy. */
  sockets: 512,
  seed: 42,
  dry: false,
})
const ENDPOINTS = ['join', 'status', 'hold', 'cart', 'pay', 'release']
const SEC = 1000
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)))

const started = new Date()
console.error(`load at start: ${loadNow()}`)
const secret = randomBytes(32).toString('base64url')
const db = await throwawayDatabase('onsale')
const rand = prng(opt.seed)
let cluster = null

/** Every request's outcome: minute since opening (negative before), endpoint, status, client ms. */
const samples = []
/** Per fan: what happened to it, for the checks afterwards. */
const fansSeen = []
const procSamples = []
/** When API process 1 was killed: requests it had in flight fail (502 from the proxy, or a cut socket). */
let killedAt = Number.POSITIVE_INFINITY
/** Milliseconds from the kill until the process answered /api/ready again; NaN when it did not. */
let restarted = Number.NaN

function cardToken() {
  const r = tokenizeSandboxCard(
    { number: '4013 5406 8274 6260', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error(`sandbox tokenizer refused the test card (${r.field})`)
  return r.token
}

function rssKb(pid) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)
    return m ? Number(m[1]) : Number.NaN
  } catch {
    return Number.NaN
  }
}

try {
  cluster = await startCluster({
    databaseUrl: db.url,
    secret,
    apis: opt.apis,
    worker: true,
    label: 'onsale',
    env: { DB_POOL_SIZE: String(opt.pool) },
  })
  const pgFacts = await serverFacts(db.pool)
  const client = httpClient(cluster.base, opt.sockets)

  const layout = generateStadiumLayout().data
  const venueId = await insertVenue(db.pool)
  const { id: layoutId, seatCount } = await insertLayout(db.pool, venueId, 'Estadio', layout)
  const eventId = await insertSeatedEvent(db.pool, { venueId, layoutId, layout, name: 'Rehearsal match' })
  const groups = seatGroups(seatKeys(layout), 4, rand).map((g) => [...g])
  let nextGroup = 0
  const fans = await createFans(db.pool, opt.fans, secret)
  const [admin] = await createFans(db.pool, 1, secret, { prefix: 'admin', role: 'admin' })
  await verifyFan(cluster.base, fans[0])
  const opensAt = Date.now() + opt.preOpen * SEC + 5 * SEC
  const room = await client.send({
    method: 'PUT',
    path: `/api/admin/events/${eventId}/waiting-room`,
    headers: { cookie: admin.cookie, 'x-forwarded-for': admin.ip },
    body: {
      enabled: true,
      opensAt: new Date(opensAt).toISOString(),
      targetCheckouts: opt.target,
      ratePerMinute: null,
    },
  })
  if (room.status !== 200)
    throw new Error(`waiting room not set: ${room.status} ${JSON.stringify(room.body)}`)
  // The first read makes the event's places (inventory.service.ts); not part of the rehearsal.
  await client.send({ path: `/api/seats?eventId=${eventId}` })
  console.error(`${fans.length} fans, ${seatCount} places, opening at ${new Date(opensAt).toISOString()}`)

  const endAt = opensAt + opt.minutes * 60 * SEC
  const minuteOf = (t) => Math.floor((t - opensAt) / (60 * SEC))
  async function call(name, spec) {
    const r = await client
      .send(spec)
      .catch((e) => ({ status: 0, ms: 0, body: String(e), start: performance.now() }))
    samples.push({ m: minuteOf(Date.now()), t: Date.now(), name, status: r.status, ms: r.ms })
    return r
  }

  async function journey(fan, i) {
    const late = rand() < opt.late
    const joinAt = late
      ? opensAt + rand() * 120 * SEC
      : opensAt - opt.preOpen * SEC + rand() * (opt.preOpen - 2) * SEC
    const kind = ((x) => (x < 0.8 ? 'pay' : x < 0.9 ? 'abandon' : 'expire'))(rand())
    const seen = {
      i,
      late,
      kind,
      joinedAt: 0,
      admittedAt: 0,
      holdId: null,
      orderId: null,
      seats: 0,
      outcome: '',
    }
    fansSeen.push(seen)
    const end = (/** @type {string} */ outcome) => {
      seen.outcome = outcome
    }
    const headers = { cookie: fan.cookie, 'x-forwarded-for': fan.ip }
    await sleep(joinAt - Date.now())
    const join = await call('join', { method: 'POST', path: `/api/waiting-rooms/${eventId}/join`, headers })
    seen.joinedAt = Date.now()
    if (join.status !== 200) return end(`join ${join.status}`)
    let status = join.body
    while (status.state !== 'YOUR_TURN' || !status.pass) {
      if (Date.now() > endAt) return end('still waiting')
      if (status.state === 'TURN_EXPIRED' || status.state === 'TURN_USED' || status.state === 'NOT_IN_QUEUE')
        return end(status.state)
      await sleep((status.refreshSeconds ?? 4) * SEC * (0.9 + 0.1 * rand()))
      const r = await call('status', { path: `/api/waiting-rooms/${eventId}/status`, headers })
      if (r.status === 200) status = r.body
    }
    seen.admittedAt = Date.now()
    const passed = { ...headers, 'x-palco-pass': status.pass }
    // A person looks at the map before holding, and fills in the form before paying: the room's rate is
    // worked out from how long that takes (issue 42), so fans who pay at once would be let in all together.
    const thinking = ([lo, hi]) => sleep((lo + rand() * (hi - lo)) * SEC)
    await thinking(opt.choose)
    const want = 1 + Math.floor(rand() * 4)
    let hold = null
    for (let tries = 0; tries < 3 && !hold; tries++) {
      const group = groups[nextGroup++]
      if (!group) return end('sold out')
      const r = await call('hold', {
        method: 'POST',
        path: '/api/reservations',
        headers: passed,
        body: { eventId, seats: group.slice(0, want) },
      })
      if (r.status === 201) hold = r.body
    }
    if (!hold) return end('no hold')
    seen.holdId = hold.id
    seen.seats = want
    if (kind === 'expire') return end('let expire')
    if (kind === 'abandon') {
      const r = await call('release', {
        method: 'DELETE',
        path: `/api/reservations/${hold.id}`,
        headers: passed,
      })
      return end(r.status < 300 ? 'given up' : `release ${r.status}`)
    }
    await thinking(opt.fill)
    const cart = await call('cart', {
      path: `/api/checkout-service/cart?reservation=${hold.id}`,
      headers: passed,
    })
    if (cart.status !== 200) return end(`cart ${cart.status}`)
    const pay = await call('pay', {
      method: 'POST',
      path: '/api/checkout/orders',
      headers: passed,
      body: {
        reservationId: hold.id,
        ...demoCheckoutDetails(`onsale-${i}@bench.invalid`),
        payment: { method: 'CARD', cardToken: cardToken(), installments: 1 },
        expectedTotal: cart.body.total,
        currency: 'COP',
        idempotencyKey: randomUUID(),
      },
    })
    if (pay.status === 201 && pay.body?.order?.status === 'PAID') {
      seen.orderId = pay.body.order.id
      seen.outcome = 'paid'
    } else seen.outcome = `pay ${pay.status}`
  }

  async function chaos() {
    const third = opensAt + (opt.minutes * 60 * SEC) / 3
    await sleep(third - Date.now())
    console.error('worker stopped for a minute')
    await cluster.stopWorker()
    await sleep(60 * SEC)
    await cluster.startWorker()
    console.error('worker started again')
    await sleep(opensAt + (opt.minutes * 60 * SEC) / 2 - Date.now())
    console.error('API process 1 killed (SIGKILL)')
    killedAt = Date.now()
    cluster.kill(0)
    const back = await cluster.restart(0).then(
      () => true,
      (err) => {
        console.error(String(err))
        return false
      },
    )
    restarted = back ? Date.now() - killedAt : Number.NaN
    console.error(back ? 'API process 1 started again' : 'API process 1 did NOT start again')
  }

  async function watch() {
    while (Date.now() < endAt) {
      const { apis, worker } = cluster.pids()
      const { rows } = await db.pool.query('select count(*) as n from pg_stat_activity where datname = $1', [
        db.name,
      ])
      procSamples.push({
        m: minuteOf(Date.now()),
        rss: apis.map((p) => rssKb(p)),
        worker: worker ? rssKb(worker) : null,
        connections: Number(rows[0]?.n ?? 0),
      })
      await sleep(5 * SEC)
    }
  }

  await Promise.all([...fans.map((f, i) => journey(f, i)), chaos(), watch()])
  // Lapsed holds are freed by the sweeper's job; give it a moment past the last expiry.
  await sleep(10 * SEC)

  const checks = await checksAfter(eventId, opensAt)
  const minutes = perMinute(opensAt)
  const ok = checks.every((c) => c.ok)
  const body = report({ checks, minutes, pgFacts, seatCount, opensAt, ok })
  saveRaw(opt.dry ? 'onsale-dry' : 'onsale', { opt, checks, minutes, fans: fansSeen.length })
  console.log(body)
  if (!opt.dry) writeSection('## On-sale rehearsal', body)
  client.close()
} finally {
  await cluster?.stop()
  await db.drop()
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * Answers the rehearsal expects: success, a seat someone else took first (409), and what the deliberate kill
 * cuts — requests in flight on the killed process in the 5 s before the proxy's health check takes it out.
 */
function expected(s) {
  return (
    (s.status >= 200 && s.status < 300) ||
    (s.name === 'hold' && s.status === 409) ||
    ((s.status === 0 || s.status === 502 || s.status === 503) && s.t >= killedAt && s.t < killedAt + 5000)
  )
}

function perMinute(opensAt) {
  const rows = []
  for (let m = 0; m < opt.minutes; m++) {
    const here = samples.filter((s) => s.m === m)
    const lat = {}
    for (const e of ENDPOINTS) {
      const ms = here
        .filter((s) => s.name === e && s.status !== 0)
        .map((s) => s.ms)
        .sort((a, b) => a - b)
      lat[e] = ms.length ? [50, 95, 99].map((p) => percentile(ms, p)) : null
    }
    const all = here.map((s) => s.ms).sort((a, b) => a - b)
    const procs = procSamples.filter((p) => p.m === m)
    const last = procs.at(-1)
    rows.push({
      m,
      admissions: fansSeen.filter((f) => f.admittedAt && Math.floor((f.admittedAt - opensAt) / 60_000) === m)
        .length,
      holds: here.filter((s) => s.name === 'hold' && s.status === 201).length / 60,
      checkouts: here.filter((s) => s.name === 'pay' && s.status === 201).length / 60,
      errors: here.filter((s) => !expected(s)).length,
      requests: here.length,
      p99: percentile(all, 99),
      lat,
      rss: last ? last.rss.map((k) => Math.round(k / 1024)) : [],
      worker: last?.worker ? Math.round(last.worker / 1024) : null,
      connections: procs.length ? Math.max(...procs.map((p) => p.connections)) : null,
    })
  }
  return rows
}

async function checksAfter(eventId, opensAt) {
  const q = async (text, values) => (await db.pool.query(text, values)).rows
  const out = []
  const add = (what, ok, seen) => out.push({ what, ok, seen })
  const over = await q(
    `select section_code, place_index, count(*) as n from tickets where event_id = $1
     group by 1, 2 having count(*) > 1`,
    [eventId],
  )
  add('no place sold twice', over.length === 0, `${over.length} places with more than one ticket`)
  const paid = fansSeen.filter((f) => f.orderId)
  const byOrder = new Map(
    (
      await q(
        `select o.id, o.status, count(t.id) as tickets from orders o left join tickets t on t.order_id = o.id
         where o.id = any($1::uuid[]) group by o.id, o.status`,
        [paid.map((f) => f.orderId)],
      )
    ).map((r) => [r.id, r]),
  )
  const lost = paid.filter((f) => byOrder.get(f.orderId)?.status !== 'PAID')
  add(
    'no paid order lost',
    lost.length === 0,
    `${paid.length} orders paid, ${lost.length} not PAID in the database`,
  )
  const wrong = paid.filter((f) => Number(byOrder.get(f.orderId)?.tickets) !== f.seats)
  add(
    'tickets issued once per paid order',
    wrong.length === 0,
    `${wrong.length} orders with another count of tickets`,
  )
  const gaveUp = fansSeen.filter((f) => f.outcome === 'given up').map((f) => f.holdId)
  const stillHeld = await q(
    `select count(*) as n from event_seats where hold_id = any($1::uuid[]) and status = 'HELD'`,
    [gaveUp],
  )
  add(
    'every given-up hold released',
    Number(stillHeld[0].n) === 0,
    `${gaveUp.length} given up, ${stillHeld[0].n} places still held`,
  )
  const lapsed = await q(
    `select count(*) as n from event_seats where event_id = $1 and status = 'HELD' and hold_expires_at < now() - interval '5 seconds'`,
    [eventId],
  )
  const letExpire = fansSeen.filter((f) => f.outcome === 'let expire').length
  add(
    'every lapsed hold released',
    Number(lapsed[0].n) === 0,
    `${letExpire} let expire, ${lapsed[0].n} places held past their time`,
  )
  add(...(await fairness(eventId, opensAt)))
  const mins = perMinute(opensAt).filter((r) => r.requests > 0)
  const first = mins[0]?.p99
  const last = mins.at(-1)?.p99
  add('last minute p99 ≤ 1.5 × the first', last <= 1.5 * first, `${fmt(first, 0)} ms then ${fmt(last, 0)} ms`)
  const rss = (m) => procSamples.filter((p) => p.m === m).at(-1)?.rss ?? []
  const early = rss(1)
  const late = rss(opt.minutes - 1)
  // The restarted process (the first) starts again from nothing: the others show whether memory grows.
  const grew = early.slice(1).filter((kb, j) => late[j + 1] > 1.25 * kb)
  add(
    'RSS flat (≤ 1.25 × minute 1)',
    grew.length === 0 && early.length > 1,
    `${early.map((k) => Math.round(k / 1024)).join('/')} MB → ${late.map((k) => Math.round(k / 1024)).join('/')} MB`,
  )
  add(
    'the killed API process back',
    Number.isFinite(restarted),
    Number.isFinite(restarted)
      ? `ready ${fmt(restarted / 1000, 1)} s after the kill`
      : 'not ready within 90 s',
  )
  const errors = samples.filter((s) => !expected(s)).length
  add(
    'errors other than the deliberate kill',
    errors === 0,
    `${errors} unexpected answers of ${samples.length}`,
  )
  return out
}

/** Spearman's rank correlation of two keys over a list (no ties expected). */
function rankCorrelation(list, x, y) {
  const n = list.length
  if (n < 3) return Number.NaN
  const rank = (key) => {
    const r = new Map()
    const sorted = [...list].sort((a, b) => a[key] - b[key])
    for (let k = 0; k < sorted.length; k++) r.set(sorted[k], k)
    return r
  }
  const a = rank(x)
  const b = rank(y)
  let d2 = 0
  for (const f of list) d2 += ((a.get(f) ?? 0) - (b.get(f) ?? 0)) ** 2
  return 1 - (6 * d2) / (n * (n * n - 1))
}

/**
 * Fair admission, read from the room's own places (its queue keys are the order it admits in): the pre-queue's
 * draw says nothing of the order fans joined in (rank correlation within 3/√n of 0), every later arrival is
 * behind every drawn place and in arrival order, and nobody was admitted while a place ahead of theirs was
 * still waiting. The fans' own view (when their status first said YOUR_TURN) is shown beside it.
 */
async function fairness(eventId, opensAt) {
  const places = (
    await db.pool.query(
      `select seq::float8 as seq, pre_queue, queue_key::float8 as key, admitted_at is not null as admitted
       from waiting_room_places where event_id = $1`,
      [eventId],
    )
  ).rows
  const pre = places.filter((p) => p.pre_queue && p.key !== null)
  const late = places.filter((p) => !p.pre_queue)
  const drawRho = rankCorrelation(pre, 'seq', 'key')
  const lateRho = rankCorrelation(late, 'seq', 'key')
  const behind = late.every((l) => pre.every((p) => l.key > p.key))
  // Let in is the room's cursor (every key at or below it); a fan let in near the end may not have asked again
  // yet, so "told" (admitted_at) is not the measure. Passed over: a place still waiting behind the cursor, or
  // one told its turn while a place ahead of it waited.
  const cursor = Number(
    (await db.pool.query('select admitted_key from waiting_rooms where event_id = $1', [eventId])).rows[0]
      .admitted_key,
  )
  const lastTold = Math.max(...places.filter((p) => p.admitted).map((p) => p.key))
  const skipped = places.filter((p) => p.key !== null && p.key < lastTold && p.key > cursor).length
  const seenRho = rankCorrelation(
    fansSeen.filter((f) => f.admittedAt && !f.late && f.joinedAt < opensAt),
    'joinedAt',
    'admittedAt',
  )
  const ok =
    Math.abs(drawRho) < 3 / Math.sqrt(Math.max(pre.length, 1)) &&
    (late.length < 3 || lateRho > 0.999) &&
    behind &&
    skipped === 0
  return [
    'admission fair (pre-queue drawn, later arrivals in order)',
    ok,
    `draw vs joining ${fmt(drawRho, 3)} over ${pre.length} (fans saw ${fmt(seenRho, 2)}); arrivals after opening in order ${fmt(lateRho, 3)} over ${late.length}, ${behind ? 'all' : 'NOT all'} behind the draw; ${skipped} passed over`,
  ]
}

function report({ checks, minutes, pgFacts, seatCount, opensAt, ok }) {
  const m = machine()
  const latCell = (l) => (l ? l.map((x) => fmt(x, 0)).join(' / ') : '—')
  const outcomes = {}
  for (const f of fansSeen) outcomes[f.outcome] = (outcomes[f.outcome] ?? 0) + 1
  return `## On-sale rehearsal

Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts.version} (${pgFacts.settings}) · ${buildFacts()}.

What runs: ${opt.apis} API processes (JOBS_WORKER=off, DB_POOL_SIZE=${opt.pool}) and one job worker behind HAProxy, through PgBouncer in transaction mode, on one PostgreSQL, all on this machine with the load generator (bench/lib/cluster.mjs). ${fmt(opt.fans, 0)} signed-in fans join the waiting room of a ${fmt(seatCount, 0)}-place match: ${fmt(100 * (1 - opt.late), 0)} % during the ${opt.preOpen} s before it opens (the pre-queue), the rest during its first two minutes; each polls its status as the server says, and once admitted takes ${opt.choose[0]}–${opt.choose[1]} s to choose, holds 1–4 neighbouring seats with its pass, takes ${opt.fill[0]}–${opt.fill[1]} s to fill in the form, then pays by sandbox card (80 %), gives the hold up (10 %) or lets it expire (10 %). The room's target is ${opt.target} concurrent checkouts; the rate is the room's own. A third of the way in the worker is stopped for a minute; halfway, API process 1 is killed with SIGKILL and started again. ${opt.minutes} minutes from opening (${new Date(opensAt).toISOString()}).

Fans' outcomes: ${Object.entries(outcomes)
    .map(([k, v]) => `${k} ${fmt(v, 0)}`)
    .join(', ')}.

${table(
  [
    'minute',
    'admitted',
    'holds/s',
    'checkouts/s',
    'requests',
    'unexpected',
    ...ENDPOINTS.map((e) => `${e} p50/p95/p99 ms`),
    'RSS MB (APIs; worker)',
    'DB connections',
  ],
  minutes.map((r) => [
    String(r.m + 1),
    fmt(r.admissions, 0),
    fmt(r.holds, 1),
    fmt(r.checkouts, 1),
    fmt(r.requests, 0),
    fmt(r.errors, 0),
    ...ENDPOINTS.map((e) => latCell(r.lat[e])),
    `${r.rss.join(' / ')}; ${r.worker ?? 'stopped'}`,
    r.connections === null ? '—' : String(r.connections),
  ]),
)}

${table(
  ['check', 'seen', 'verdict'],
  checks.map((c) => [c.what, c.seen, passFail(c.ok)]),
)}

Overall: ${passFail(ok)}.

Command: \`npm run bench:onsale\` (options: \`--fans ${opt.fans} --minutes ${opt.minutes} --apis ${opt.apis} --target ${opt.target} --choose ${opt.choose.join(',')} --fill ${opt.fill.join(',')}\`; \`--dry\` leaves this file alone).
`
}
