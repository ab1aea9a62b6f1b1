// @ts-check
// The organiser console's order search (issue 43, "Budgets"): p95 ≤ 200 ms over 1,000,000 orders.
//
//   npm run bench:order-search                      1,000,000 orders, 400 searches
//   npm run bench:order-search -- --orders 20000 --dry   quick look, docs/ untouched
//
// A fresh PostgreSQL database and the built server. The orders are written straight into the tables (making
// a million through checkout would take hours), spread over 20 events of two organisers, each with a code, a
// buyer e-mail, phone and document of its own, as checkout stores them. Then an organiser's owner searches
// through `GET /api/admin/orders?q=`, one search at a time and 4 at once, for codes, e-mails (in other case),
// phones and documents that exist (on their events and on the other organiser's, which must find nothing),
// for the last four digits of the card that paid (order n's card ends in n mod 10,000, so a hundred orders
// share them), and for text that matches nothing. Times are the client's, on loopback, to the last byte.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { serverFacts, throwawayDatabase } from '../lib/db.mjs'
import { createFans } from '../lib/fans.mjs'
import { insertVenue } from '../lib/fixtures.mjs'
import { closedLoop, httpClient } from '../lib/http.mjs'
import {
  args,
  buildFacts,
  isoMinute,
  machine,
  passFail,
  saveRaw,
  table,
  writeSection,
} from '../lib/report.mjs'
import { startServer } from '../lib/server.mjs'
import { fmt, percentile } from '../lib/stats.mjs'

const opt = args({ orders: 1_000_000, searches: 400, events: 20, dry: false })
const BUDGET_MS = 200
const HOUR = 3_600_000

/** Order n's searchable keys, as checkout writes them. */
const keysOf = (n) => ({
  code: `PB${String(n).padStart(10, '0')}`,
  email: `comprador${n}@example.com`,
  phone: `+57300${String(n).padStart(7, '0')}`,
  document: String(10_000_000 + n),
})

async function seed(pool, eventIds, buyerId) {
  const t0 = performance.now()
  const CHUNK = 100_000
  for (let from = 0; from < opt.orders; from += CHUNK) {
    const to = Math.min(opt.orders, from + CHUNK) - 1
    await pool.query(
      `with n as (select g, gen_random_uuid() as hold_id,
                         ($3::uuid[])[1 + g % array_length($3::uuid[], 1)] as event_id
                  from generate_series($1::int, $2::int) g),
            h as (insert into seat_holds (id, event_id, user_id, status, expires_at)
                  select hold_id, event_id, $4, 'FINISHED', now() from n)
       insert into orders (code, user_id, hold_id, event_id, country, locale, currency, status, purchase_status,
                           method, provider, subtotal, fees, discount, wallet_amount, total, lines, contact,
                           billing, idempotency_key, created_at, paid_at, placed_by)
       select 'PB' || lpad(g::text, 10, '0'), $4, hold_id, event_id,
              'COL', 'es-CO', 'COP', 'PAID', 'COMPLETED', 'CARD', 'sandbox', 10000000, 800000, 0, 0, 10800000,
              '[]'::jsonb,
              jsonb_build_object('firstName', 'Comprador', 'lastName', g::text,
                                 'email', 'comprador' || g || '@example.com',
                                 'phone', '+57300' || lpad(g::text, 7, '0')),
              jsonb_build_object('fullName', 'Comprador ' || g, 'documentType', 'CC',
                                 'documentNumber', (10000000 + g)::text),
              'bench-' || g, now() - make_interval(secs => g), now() - make_interval(secs => g), $4
       from n`,
      [from, to, eventIds, buyerId],
    )
    // Each order's card payment, its card ending in n mod 10,000 (migration 0043).
    await pool.query(
      `insert into payments (order_id, user_id, provider_code, method, amount, currency, status,
                             transaction_status, idempotency_key, card_last4, created_at)
       select o.id, o.user_id, 'sandbox', 'CARD', o.total, 'COP', 'PAID', 'APPROVED', 'bench-pay-' || o.code,
              lpad((substr(o.code, 3)::bigint % 10000)::text, 4, '0'), o.created_at
       from orders o where o.code between $1 and $2`,
      [keysOf(from).code, keysOf(to).code],
    )
    console.error(`${to + 1} orders written`)
  }
  await pool.query('analyze orders')
  await pool.query('analyze payments')
  return (performance.now() - t0) / 1000
}

/** One search for each kind of key, cycling: what exists on the organiser's events, on the other's, or nothing. */
function searchOf(i, mineOf) {
  const n = Math.floor(Math.random() * opt.orders)
  const k = keysOf(n)
  const kinds = [
    ['code', k.code],
    ['e-mail', k.email.toUpperCase()],
    ['phone', k.phone],
    ['document', k.document],
    ['card', String(n % 10_000).padStart(4, '0')],
    ['nothing', `nadie${n}@example.com`],
  ]
  const [kind, q] = kinds[i % kinds.length]
  return { kind, q, mine: mineOf(n) }
}

const started = new Date()
const secret = randomBytes(32).toString('base64url')
const app = await throwawayDatabase('order-search')
let server = null
try {
  server = await startServer({ databaseUrl: app.url, secret, label: 'order-search' })
  const pgFacts = await serverFacts(app.pool)
  const venueId = await insertVenue(app.pool)
  const orgs = await app.pool.query(
    `insert into organisers (country, slug, name) values ('COL', 'bench-a', 'Bench A'), ('COL', 'bench-b', 'Bench B')
     returning id`,
  )
  const [orgA, orgB] = orgs.rows.map((r) => r.id)
  const startsAt = new Date(Date.now() + 30 * 24 * HOUR)
  const eventIds = []
  for (let e = 0; e < opt.events; e++) {
    const { rows } = await app.pool.query(
      `insert into events (country, currency, slug, type, name, venue_id, starts_at, ends_at, on_sale_at, off_sale_at,
                           status, organiser_id)
       values ('COL', 'COP', $1, 'FOOTBALL', $1, $2, $3, $4, now() - interval '1 day', $3, 'PUBLISHED', $5)
       returning id`,
      [
        `bench-match-${e}`,
        venueId,
        startsAt,
        new Date(startsAt.getTime() + 2 * HOUR),
        e % 2 === 0 ? orgA : orgB,
      ],
    )
    eventIds.push(rows[0].id)
  }
  // Order n is of eventIds[n % events]: even events are organiser A's.
  const mineOf = (n) => (n % opt.events) % 2 === 0
  const [buyer] = await createFans(app.pool, 1, secret, { prefix: 'buyer' })
  const [owner] = await createFans(app.pool, 1, secret, {
    prefix: 'owner',
    role: 'organiser',
    offset: 900_000,
  })
  await app.pool.query(`insert into organiser_staff (organiser_id, user_id, role) values ($1, $2, 'owner')`, [
    orgA,
    owner.userId,
  ])
  const seedSeconds = await seed(app.pool, eventIds, buyer.userId)
  const client = httpClient(server.base, 4)
  const headers = { cookie: owner.cookie, 'x-forwarded-for': owner.ip }

  // Every answer is checked: a search of the organiser's own key finds that order, any other finds nothing.
  let wrong = 0
  const phase = async (concurrency) => {
    const specs = Array.from({ length: opt.searches }, (_, i) => searchOf(i, mineOf))
    const run = await closedLoop({
      clients: [client],
      concurrency,
      durationMs: 600_000,
      maxRequests: opt.searches,
      next: (i) => {
        const s = specs[i]
        return s ? { path: `/api/admin/orders?q=${encodeURIComponent(s.q)}`, headers, keepBody: true } : null
      },
    })
    for (const sample of run.samples) {
      const s = specs[sample.i]
      const orders = sample.body?.orders ?? null
      if (sample.status !== 200 || !s || !orders) {
        wrong++
        continue
      }
      if (s.kind === 'card') {
        // A page of the organiser's orders paid by a card with those digits; none when they are another's.
        const ns = orders.map((o) => Number(String(o.code).slice(2)))
        const right = ns.every((n) => n % 10_000 === Number(s.q) && mineOf(n))
        if (!right || orders.length > 0 !== s.mine) wrong++
        continue
      }
      const expected = s.kind !== 'nothing' && s.mine ? 1 : 0
      if (orders.length !== expected) wrong++
    }
    const ms = run.samples.map((x) => x.ms).sort((a, b) => a - b)
    return {
      concurrency,
      count: ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
    }
  }
  await phase(1) // warm-up: plans and the index pages the searches touch
  const phases = [await phase(1), await phase(4)]
  const ok = wrong === 0 && phases.every((p) => p.p95 <= BUDGET_MS)
  const raw = saveRaw('order-search', { started, opt, seedSeconds, phases, wrong, pgFacts })
  const m = machine()
  const body = [
    `**Budget** (issue 43): order search p95 ≤ ${BUDGET_MS} ms over 1,000,000 orders. **Verdict:** ${passFail(ok)}${opt.orders < 1_000_000 ? ` (at ${opt.orders.toLocaleString('en-US')} orders, not the budget's size)` : ''}.`,
    '',
    `How: \`npm run bench:order-search\` on ${isoMinute(started)}. A fresh PostgreSQL database and the built server; ${opt.orders.toLocaleString('en-US')} paid orders written straight into the tables (${fmt(seedSeconds)} s) over ${opt.events} events of two organisers, each with its own code, buyer e-mail, phone and document. An organiser's owner searches \`GET /api/admin/orders?q=\` ${opt.searches} times per phase for codes, upper-case e-mails, phones and documents of random orders, for the last four digits of their cards (each shared by 100 orders, all of one organiser's events; the newest 50 are answered, to that organiser only) and for e-mails no order has; a search finds the order exactly when it is one of theirs, and a card's digits only their orders paid by such a card (every answer checked: ${wrong} wrong). Times are the client's on loopback, to the last byte, after one warm-up phase.`,
    '',
    table(
      ['orders', 'searches at once', 'searches', 'p50 ms', 'p95 ms', 'p99 ms', 'budget'],
      phases.map((p) => [
        opt.orders.toLocaleString('en-US'),
        String(p.concurrency),
        String(p.count),
        fmt(p.p50),
        fmt(p.p95),
        fmt(p.p99),
        `p95 ≤ ${BUDGET_MS} ms`,
      ]),
    ),
    '',
    `Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts.version} (${pgFacts.settings}) · ${buildFacts()}. Raw figures: \`${path.relative(process.cwd(), raw)}\`.`,
  ].join('\n')
  console.log(body)
  if (!opt.dry) writeSection('## Order search', body)
} finally {
  await server?.stop()
  await app.drop()
}
