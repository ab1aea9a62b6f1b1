// @ts-check
// Hot spot (DESIGN §8, issue 5 "Performance"): 500 concurrent clients on the same 50 seats. Exactly 50 granted,
// 0 oversold, loser p99 ≤ the p99 of a same-size burst on distinct seats in the same run (the budget as DESIGN
// §8 restated it from measurements: a refusal must cost no more than a grant does when 500 arrive at once).
// Run against 1 API process and again against 4 (same DATABASE_URL, different ports, clients spread
// round-robin).
//
//   npm run bench:contention                     1 and 4 processes, 3 repetitions each
//   npm run bench:contention -- --reps 1 --dry   quick look, docs/ untouched
//
// Design. The 50 hot seats are the front of one section (row 1 seats 1–30, row 2 seats 1–20). Each of 500
// distinct signed-in fans sends one POST /api/reservations for one seat: fan k asks for hot seat k mod 50, so
// every seat has exactly 10 contenders, and the 500 requests are sent in a shuffled order all at once over 500
// already-open keep-alive connections. One request per fan (no retry loop): a retry would only add load, and
// "exactly 50 granted" is then a direct check of all-or-nothing, NOWAIT holds. In the same run, before the burst:
// the uncontended reference, holds on distinct free seats of another section by other fans at low concurrency
// (4 clients, closed loop); and, after it, a same-size burst of 500 fans on 500 distinct free seats, which
// separates the cost of contention from the cost of 500 requests arriving at once. Checks afterwards, in the
// database: HELD rows among the hot seats = 50, every hold of the event has exactly the one seat it asked for,
// no hold row without its seat, and each hot seat was granted to exactly one 201.
import { randomBytes } from 'node:crypto'
import { generateStadiumLayout } from '../../apps/api/dist/db/seed/layouts.js'
import { serverFacts, throwawayDatabase } from '../lib/db.mjs'
import { createFans, verifyFan } from '../lib/fans.mjs'
import { insertLayout, insertSeatedEvent, insertVenue, prng, shuffle } from '../lib/fixtures.mjs'
import { burst, closedLoop, httpClient, warmSockets } from '../lib/http.mjs'
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
import { cpuSeconds, postgresCpuSeconds, serverComplaints, startServers } from '../lib/server.mjs'
import { fmt, median, spread, summarize } from '../lib/stats.mjs'

const opt = args({
  processes: [1, 4],
  clients: 500,
  seats: 50,
  uncontended: 300,
  uncontendedConcurrency: 4,
  reps: 3,
  pool: 10,
  dry: false,
})
const started = new Date()
const loadStart = loadNow()
console.error(`load at start: ${loadStart}`)
const secret = randomBytes(32).toString('base64url')
const app = await throwawayDatabase('contention')
let servers = []

const HOT_SECTION = 'OCCIDENTAL_PREFERENCIAL_SECCION_101'
/** The unmeasured warm-up burst: 10 contenders on each of 10 seats, as in the measured one. */
const WARM_SEATS = 10
const WARM_FANS = 100
const COLD_SECTIONS = ['ORIENTAL_GENERAL_SECCION_211', 'ORIENTAL_GENERAL_SECCION_212']
const DISTINCT_SECTIONS = ['ORIENTAL_PREFERENCIAL_SECCION_111', 'ORIENTAL_PREFERENCIAL_SECCION_112']

/** The seat keys of a section, rows in order (numbered rows 1, 2, …; 30 seats a row in the stadium). */
function sectionSeats(layout, code) {
  const s = layout.sections.find((x) => x.code === code)
  if (!s) throw new Error(`no section ${code}`)
  return s.rows.flatMap((r) => r.seats.map(([n]) => `${code}/${r.label}-${n}`))
}

try {
  const layout = generateStadiumLayout().data
  const hot = sectionSeats(layout, HOT_SECTION).slice(0, opt.seats)
  const cold = COLD_SECTIONS.flatMap((c) => sectionSeats(layout, c))
  const distinct = DISTINCT_SECTIONS.flatMap((c) => sectionSeats(layout, c))
  // Warm-up burst seats: after the reference's, in the same cold sections.
  const warmSeats = cold.slice(opt.uncontended + 100, opt.uncontended + 100 + WARM_SEATS)
  if (cold.length < opt.uncontended + 100 + WARM_SEATS || distinct.length < opt.clients)
    throw new Error('layout too small')

  const results = []
  let pgFacts
  for (const n of opt.processes) {
    servers = await startServers(n, {
      databaseUrl: app.url,
      secret,
      label: `contention-${n}p-`,
      env: { DB_POOL_SIZE: String(opt.pool) },
    })
    pgFacts ??= await serverFacts(app.pool)
    // Fans: 500 for the burst, others for the uncontended reference and the distinct-seat burst. The same fans
    // serve every repetition: each repetition is a fresh event, and the one-hold rule is per fan and event.
    const venueId = await insertVenue(app.pool)
    const { id: layoutId } = await insertLayout(app.pool, venueId, `Estadio ${n}p`, layout)
    const fans = await createFans(app.pool, 2 * opt.clients + opt.uncontended + 100 + WARM_FANS, secret, {
      prefix: `c${n}p`,
    })
    for (const s of servers) await verifyFan(s.base, fans[0])
    const burstFans = fans.slice(0, opt.clients)
    const refFans = fans.slice(opt.clients, opt.clients + opt.uncontended + 100)
    const distinctFans = fans.slice(
      opt.clients + opt.uncontended + 100,
      2 * opt.clients + opt.uncontended + 100,
    )
    const warmFans = fans.slice(2 * opt.clients + opt.uncontended + 100)

    const perServer = Math.ceil(opt.clients / n)
    const clients = servers.map((s) => httpClient(s.base, perServer))
    for (let rep = 0; rep < opt.reps; rep++) {
      const eventId = await insertSeatedEvent(app.pool, {
        venueId,
        layoutId,
        layout,
        name: `Hot spot ${n}p rep ${rep + 1}`,
      })
      for (const c of clients) {
        const r = await c.send({ path: `/api/seats?eventId=${eventId}` })
        if (r.status !== 200) throw new Error(`GET /api/seats ${r.status}`)
      }
      const hold = (fan, seat) => ({
        method: 'POST',
        path: '/api/reservations',
        headers: { cookie: fan.cookie, 'x-forwarded-for': fan.ip },
        body: { eventId, seats: [seat] },
      })

      // Uncontended reference: warm-up (first 100), then the measured holds, distinct free seats, low concurrency.
      const warm = await closedLoop({
        clients,
        concurrency: opt.uncontendedConcurrency,
        durationMs: 60_000,
        maxRequests: 100,
        next: (i) => hold(refFans[i], cold[i]),
      })
      const ref = await closedLoop({
        clients,
        concurrency: opt.uncontendedConcurrency,
        durationMs: 120_000,
        maxRequests: opt.uncontended,
        next: (i) => hold(refFans[100 + i], cold[100 + i]),
      })
      const refOk = ref.samples.filter((s) => s.status === 201)
      const refLat = summarize(refOk.map((s) => s.ms))
      const refFailed =
        ref.samples.length -
        refOk.length +
        ref.errors.length +
        warm.samples.filter((s) => s.status !== 201).length

      // Warm-up burst, not measured: the reference had 100 holds to warm the path that grants, and this gives
      // the path that refuses the same chance, so the first contended burst after a start does not measure
      // the JIT compiling it.
      await warmSockets(clients, perServer)
      const warmRun = await burst(
        clients,
        warmFans.map((fan, k) => hold(fan, /** @type {string} */ (warmSeats[k % WARM_SEATS]))),
      )

      // The hot-spot burst.
      await warmSockets(clients, perServer)
      const order = shuffle(
        burstFans.map((fan, k) => ({ fan, seat: /** @type {string} */ (hot[k % hot.length]) })),
        prng(7919 * (rep + 1) + n),
      )
      const cpu0 = servers.map((s) => cpuSeconds(s.pid))
      const clientCpu0 = process.cpuUsage()
      const pgCpu0 = postgresCpuSeconds()
      const hotRun = await burst(
        clients,
        order.map((o) => hold(o.fan, o.seat)),
      )
      const cpu = servers.map((s, k) => cpuSeconds(s.pid) - (cpu0[k] ?? 0))
      const pgCpu = postgresCpuSeconds() - pgCpu0
      const clientUsage = process.cpuUsage(clientCpu0)
      const clientCpu = (clientUsage.user + clientUsage.system) / 1e6
      const winners = hotRun.results.filter((r) => r.status === 201)
      const losers = hotRun.results.filter((r) => r.status === 409 && r.body?.code === 'SEAT_UNAVAILABLE')
      const other = hotRun.results.filter(
        (r) => !(r.status === 201 || (r.status === 409 && r.body?.code === 'SEAT_UNAVAILABLE')),
      )
      const grantedSeats = winners.map((w) => w.body?.seats?.[0]?.key)
      const lostByNowait = losers.filter((r) => /right now/.test(r.body?.detail ?? '')).length

      // Same-size burst without contention: 500 other fans, 500 distinct free seats.
      await warmSockets(clients, perServer)
      const distinctRun = await burst(
        clients,
        distinctFans.map((fan, k) => hold(fan, /** @type {string} */ (distinct[k]))),
      )
      const distinctOk = distinctRun.results.filter((r) => r.status === 201)

      // The warm-up burst is held to the same rule: one hold per seat, nothing else.
      const warmGranted = warmRun.results.filter((r) => r.status === 201).length

      // Database checks.
      const q = async (text, params) => (await app.pool.query(text, params)).rows
      const [{ n: hotHeld }] = await q(
        `select count(*)::int as n from event_seats where event_id = $1 and section_code = $2 and status = 'HELD'
           and (row_label, seat_number) in (select split_part(k, '-', 1), split_part(k, '-', 2)::int from unnest($3::text[]) as k)`,
        [eventId, HOT_SECTION, hot.map((k) => k.slice(HOT_SECTION.length + 1))],
      )
      const [{ n: heldTotal }] = await q(
        `select count(*)::int as n from event_seats where event_id = $1 and status = 'HELD'`,
        [eventId],
      )
      const [{ n: holdRows }] = await q(`select count(*)::int as n from seat_holds where event_id = $1`, [
        eventId,
      ])
      const [{ n: badHolds }] = await q(
        `select count(*)::int as n from (
           select h.id from seat_holds h left join event_seats es on es.hold_id = h.id and es.status = 'HELD'
           where h.event_id = $1 group by h.id having count(es.place_index) <> 1) x`,
        [eventId],
      )
      const expectedHeld =
        winners.length +
        refOk.length +
        warm.samples.filter((s) => s.status === 201).length +
        warmGranted +
        distinctOk.length
      const correct =
        warmGranted === WARM_SEATS &&
        winners.length === opt.seats &&
        hotHeld === opt.seats &&
        new Set(grantedSeats).size === opt.seats &&
        grantedSeats.every((k) => hot.includes(k)) &&
        badHolds === 0 &&
        holdRows === expectedHeld &&
        heldTotal === expectedHeld &&
        other.length === 0

      const loserLat = summarize(losers.map((r) => r.ms))
      const winnerLat = summarize(winners.map((r) => r.ms))
      const distinctLat = summarize(distinctOk.map((r) => r.ms))
      const r = {
        processes: n,
        rep: rep + 1,
        eventId,
        granted: winners.length,
        hotHeld,
        heldTotal,
        expectedHeld,
        holdRows,
        badHolds,
        distinctSeatsGranted: new Set(grantedSeats).size,
        losers: losers.length,
        lostByNowait,
        other: other.length,
        otherSample: other.slice(0, 3).map((o) => `${o.status} ${o.body?.code ?? o.error ?? ''}`),
        correct,
        refLat,
        refFailed,
        loserLat,
        winnerLat,
        burstMs: hotRun.elapsedMs,
        serverCpuS: cpu,
        clientCpuS: clientCpu,
        postgresCpuS: pgCpu,
        distinctLat,
        distinctGranted: distinctOk.length,
        distinctMs: distinctRun.elapsedMs,
        ratio: loserLat.p99 / refLat.p99,
        load: loadNow(),
      }
      results.push(r)
      console.error(
        `${n}p rep ${r.rep}: granted ${r.granted}, hot HELD ${hotHeld}, bad holds ${badHolds}, other ${r.other} ${r.otherSample.join(',')} | uncontended p50 ${fmt(refLat.p50)} p99 ${fmt(refLat.p99)} ms | losers ${r.losers} (${lostByNowait} while in flight) p50 ${fmt(loserLat.p50)} p99 ${fmt(loserLat.p99)} ms, winners p99 ${fmt(winnerLat.p99)} | burst ${fmt(r.burstMs, 0)} ms, CPU s server ${fmt(
          cpu.reduce((a, b) => a + b, 0),
          2,
        )} client ${fmt(clientCpu, 2)} pg ${fmt(pgCpu, 2)} | distinct-seat burst p99 ${fmt(distinctLat.p99)} ms (${distinctOk.length}/${opt.clients}) | ratio ${fmt(r.ratio, 2)} | load ${r.load}`,
      )
    }
    for (const c of clients) c.close()
    const complaints = servers.flatMap(serverComplaints)
    if (complaints.length)
      console.error(
        `servers logged ${complaints.length} warnings/errors, e.g.\n${complaints.slice(0, 3).join('\n')}`,
      )
    for (const r of results.filter((x) => x.processes === n)) r.complaints = complaints.length
    for (const s of servers) await s.stop()
    servers = []
  }

  const loadEnd = loadNow()
  console.error(`load at end: ${loadEnd}`)
  const raw = saveRaw(opt.dry ? 'contention-dry' : 'contention', {
    opt,
    started,
    loadStart,
    loadEnd,
    results,
  })

  let allPass = true
  const summaryRows = opt.processes.map((n) => {
    const rs = results.filter((r) => r.processes === n)
    const correct = rs.every((r) => r.correct)
    // Loser p99 against the same run's burst on distinct seats; the uncontended ratio stays as a diagnostic.
    const latPass = median(rs.map((r) => r.loserLat.p99 / r.distinctLat.p99)) <= 1
    allPass &&= correct && latPass
    return [
      String(n),
      rs.map((r) => r.granted).join(', '),
      rs.map((r) => r.hotHeld).join(', '),
      correct ? '0' : '**see below**',
      spread(
        rs.map((r) => r.refLat.p99),
        1,
      ),
      spread(
        rs.map((r) => r.loserLat.p50),
        1,
      ),
      spread(
        rs.map((r) => r.loserLat.p99),
        1,
      ),
      spread(
        rs.map((r) => r.ratio),
        2,
      ),
      spread(
        rs.map((r) => r.distinctLat.p99),
        1,
      ),
      spread(
        rs.map((r) => r.loserLat.p99 / r.distinctLat.p99),
        2,
      ),
      `${passFail(correct)} / ${passFail(latPass)}`,
    ]
  })
  const perRun = table(
    [
      'processes',
      'rep',
      'granted',
      'losers (refused while another took the seat)',
      'other',
      'uncontended p50 / p99 ms',
      'loser p50 / p99 / max ms',
      'winner p99 ms',
      'burst wall ms',
      'CPU s: servers · load generator · PostgreSQL',
      `${opt.clients} distinct seats p50 / p99 ms`,
      'load after',
    ],
    results.map((r) => [
      String(r.processes),
      String(r.rep),
      String(r.granted),
      `${r.losers} (${r.lostByNowait})`,
      String(r.other),
      `${fmt(r.refLat.p50)} / ${fmt(r.refLat.p99)}`,
      `${fmt(r.loserLat.p50)} / ${fmt(r.loserLat.p99)} / ${fmt(r.loserLat.max)}`,
      fmt(r.winnerLat.p99),
      fmt(r.burstMs, 0),
      `${r.serverCpuS.map((v) => fmt(v, 2)).join(' + ')} · ${fmt(r.clientCpuS, 2)} · ${fmt(r.postgresCpuS, 2)}`,
      `${fmt(r.distinctLat.p50)} / ${fmt(r.distinctLat.p99)}`,
      r.load,
    ]),
  )
  const m = machine()
  const body = `
Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts?.version} (${pgFacts?.settings}) · ${buildFacts()}.
Load average (1/5/15 min) at start ${loadStart}, at end ${loadEnd} (shared machine: other engineers' builds, tests and browsers run at the same time).

**Budget** (DESIGN §8): 500 clients on the same 50 seats: exactly 50 granted, 0 oversold, loser p99 ≤ the p99 of a same-size burst on distinct seats in the same run. **Verdict: ${allPass ? 'pass' : 'FAIL'}** (correctness / latency per row below).

How: ${opt.clients} distinct signed-in fans, fan k asks \`POST /api/reservations\` for hot seat k mod ${opt.seats} (the front ${opt.seats} seats of ${HOT_SECTION}: 10 contenders per seat), one request each, shuffled, all sent at once over ${opt.clients} open keep-alive connections spread round-robin over the API processes (each \`node apps/api/dist/server.js\`, NODE_ENV=production, DB_POOL_SIZE=${opt.pool}, TRUST_PROXY=true so each fan has its own X-Forwarded-For, same DATABASE_URL). Uncontended reference in the same run, just before: ${opt.uncontended} holds by other fans on distinct free seats, ${opt.uncontendedConcurrency} clients, closed loop (after 100 warm-up holds); then, unmeasured, a warm-up burst of ${WARM_FANS} other fans on ${WARM_SEATS} other seats, so the refusing path is as warm as the granting one. Diagnostic in the same run, just after: ${opt.clients} fans on ${opt.clients} distinct free seats, also all at once. Oversell checks in the database afterwards: HELD rows among the hot seats, holds with other than exactly one seat, hold rows vs 201 answers, each hot seat granted to exactly one 201; a loser must be 409 SEAT_UNAVAILABLE (anything else counts as "other"). ${opt.reps} repetitions per process count, each on a fresh event; cells show median (min–max); latencies client-side on loopback, nearest-rank.

${table(['processes', 'granted (per rep)', 'hot seats HELD', 'oversold', 'uncontended p99 ms', 'loser p50 ms', 'loser p99 ms', 'loser p99 ÷ uncontended p99', `${opt.clients} distinct seats at once, p99 ms`, 'loser p99 ÷ that (≤ 1)', 'verdict (correct / latency)'], summaryRows)}

<details><summary>Every repetition</summary>

${perRun}

</details>

Command: \`npm run bench:contention\` (options: \`--processes 1,4 --clients ${opt.clients} --seats ${opt.seats} --reps ${opt.reps} --pool ${opt.pool}\`; \`--dry\` leaves this file alone). Raw results: \`${raw.replace(/^.*?bench\//, 'bench/')}\`.
`
  console.log(body)
  if (!opt.dry) writeSection('## Hot spot (contention)', body + analysisOf('contention'))
} finally {
  for (const s of servers) await s.stop().catch((e) => console.error(e))
  await app.drop()
}
