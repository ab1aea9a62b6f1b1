// @ts-check
// The export of an event's attendees (DESIGN §8, issue 43 part 4): 100,000 attendees in ≤ 30 s with
// ≤ 200 MB RSS growth.
//
//   npm run bench:attendee-export                             100,000 attendees, CSV then XLSX
//   npm run bench:attendee-export -- --attendees 2000 --dry   quick look, docs/ untouched
//
// A fresh PostgreSQL database and the built server (npm run build, or `npx tsc -b packages/domain apps/api`
// for the API alone), which also works the jobs. The event's tickets are written with plain SQL: 4 per order,
// each order with its buyer's contact and document, a few holders named like spreadsheet formulas, 30 % of
// them checked in. Then the organiser's owner asks `POST /api/admin/events/:id/attendee-exports` for each
// format and follows `GET /api/admin/attendee-exports/:id` until the file is ready; the figure is the
// server's time from the request to the file written (queue wait included), and the server process's
// largest RSS meanwhile (sampled every 50 ms from /proc) less its RSS just before. The file is then
// downloaded through its link and its rows counted. The database, the server and its files are removed
// after the run.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { serverFacts, throwawayDatabase } from '../lib/db.mjs'
import { createFans } from '../lib/fans.mjs'
import { insertVenue } from '../lib/fixtures.mjs'
import { httpClient } from '../lib/http.mjs'
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
import { fmt } from '../lib/stats.mjs'

const opt = args({ attendees: 100_000, dry: false })
const BUDGET_MS = 30_000
const BUDGET_RSS_MB = 200
const BUDGET_SIZE = 100_000
const HOUR = 3_600_000
const PER_ORDER = 4
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** The server's resident memory now, in MB (Linux). */
function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

/** An organiser with an event of `count` attendees, and its owner's session. */
async function seed(pool, secret, count) {
  const venueId = await insertVenue(pool)
  const org = await pool.query(
    `insert into organisers (country, slug, name) values ('COL', $1, 'Organizador de pruebas') returning id`,
    [`bench-${Date.now().toString(36)}`],
  )
  const organiserId = org.rows[0].id
  const [owner] = await createFans(pool, 1, secret, { prefix: 'owner', role: 'organiser', offset: 900_000 })
  const [buyer] = await createFans(pool, 1, secret, { prefix: 'buyer', offset: 800_000 })
  await pool.query(`insert into organiser_staff (organiser_id, user_id, role) values ($1, $2, 'owner')`, [
    organiserId,
    owner.userId,
  ])
  const startsAt = new Date(Date.now() + 30 * 24 * HOUR)
  const { rows } = await pool.query(
    `insert into events (country, currency, slug, type, name, description, venue_id, starts_at, ends_at,
                         on_sale_at, off_sale_at, status, visibility, organiser_id)
     values ('COL', 'COP', $1, 'FOOTBALL', 'Final de pruebas', '', $2, $3, $4, $5, $3, 'PUBLISHED', 'ALL', $6)
     returning id`,
    [
      `bench-final-${Date.now().toString(36)}`,
      venueId,
      startsAt,
      new Date(startsAt.getTime() + 2 * HOUR),
      new Date(Date.now() - HOUR),
      organiserId,
    ],
  )
  const eventId = rows[0].id
  const orders = Math.ceil(count / PER_ORDER)
  const CHUNK = 5_000
  for (let from = 0; from < orders; from += CHUNK) {
    const to = Math.min(orders, from + CHUNK)
    await pool.query(
      `with h as (
         insert into seat_holds (event_id, user_id, status, expires_at)
         select $1, $2, 'FINISHED', now() from generate_series($3::int, $4::int - 1)
         returning id
       ), numbered as (select id, $3::int - 1 + row_number() over () as n from h),
       o as (
         insert into orders (code, user_id, placed_by, hold_id, event_id, country, locale, currency, status,
                             purchase_status, method, provider, subtotal, fees, discount, wallet_amount, total,
                             lines, contact, billing, idempotency_key, paid_at, created_at)
         select 'BEN-' || lpad(n::text, 8, '0'), $2, $2, id, $1, 'COL', 'es-CO', 'COP', 'PAID', 'COMPLETED',
                'CARD', 'PALCO', 20000000, 0, 0, 0, 20000000, '[]',
                jsonb_build_object('firstName', 'Asistente', 'lastName', 'Número ' || n,
                                   'email', 'asistente' || n || '@example.co', 'phone', '+573001234567'),
                jsonb_build_object('fullName', 'Asistente ' || n, 'documentType', 'CC',
                                   'documentNumber', (1000000000 + n)::text),
                'bench-' || n, now(), now() - make_interval(secs => $5::int - n)
         from numbered
         returning id, created_at, substring(code from 5)::int as n
       )
       insert into tickets (order_id, event_id, owner_user_id, section_code, place_index, row_label, seat_number,
                            zone_name, kind, ownership, status, qr_secret, holder_name, created_at)
       select o.id, $1, $2, 'ORIENTAL_ALTA-SECCION_' || (100 + (o.n % 40)), o.n * ${PER_ORDER} + k,
              chr(65 + ((o.n / 40) % 26)::int), (o.n * ${PER_ORDER} + k) % 60 + 1, 'Oriental', 'PAID', 'OWNED',
              'PAID', decode(md5(random()::text) || md5(random()::text), 'hex'),
              case when (o.n * ${PER_ORDER} + k) % 97 = 0 then '=HYPERLINK("http://example.com","clic")' end,
              o.created_at
       from o cross join generate_series(0, ${PER_ORDER - 1}) as k
       where o.n * ${PER_ORDER} + k < $6`,
      [eventId, buyer.userId, from, to, orders, count],
    )
  }
  await pool.query(
    `insert into ticket_checkins (ticket_id, event_id, gate, operator_user_id, secret_version)
     select id, $1, 'Puerta ' || (1 + place_index % 4), $2, 1 from tickets
     where event_id = $1 and place_index % 10 < 3`,
    [eventId, owner.userId],
  )
  await pool.query('analyze')
  return { eventId, owner }
}

/** One export as the back office makes it: asked for, followed to READY, downloaded through its link. */
async function exportOnce(client, server, headers, eventId, format) {
  const before = rssMb(server.pid)
  let peak = before
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(server.pid))
    } catch {}
  }, 50)
  const t0 = performance.now()
  const asked = await client.send({
    method: 'POST',
    path: `/api/admin/events/${eventId}/attendee-exports`,
    headers,
    body: { format },
  })
  if (asked.status !== 202) throw new Error(`export: ${asked.status} ${JSON.stringify(asked.body)}`)
  let view = asked.body
  while (view.status === 'QUEUED' || view.status === 'RUNNING') {
    await sleep(100)
    const res = await client.send({ path: `/api/admin/attendee-exports/${view.id}`, headers })
    view = res.body
  }
  const wallMs = performance.now() - t0
  clearInterval(sampler)
  if (view.status !== 'READY') throw new Error(`export ended ${view.status}`)
  const file = await client.send({ path: view.download.url, headers, raw: true })
  if (file.status !== 200) throw new Error(`download: ${file.status}`)
  const rows =
    format === 'csv'
      ? file.body.toString('utf8').split('\r\n').length - 2
      : (strFromU8(unzipSync(new Uint8Array(file.body))['xl/worksheets/sheet1.xml']).match(/<row /g)
          ?.length ?? 0) - 1
  return {
    format,
    serverMs: Date.parse(view.finishedAt) - Date.parse(view.createdAt),
    wallMs,
    rssBefore: before,
    rssGrowth: peak - before,
    bytes: file.bytes,
    rows,
  }
}

const started = new Date()
const secret = randomBytes(32).toString('base64url')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palco-bench-exports-'))
const app = await throwawayDatabase('attendees')
let server = null
try {
  server = await startServer({
    databaseUrl: app.url,
    secret,
    label: 'attendee-export',
    env: { DATA_DIR: dataDir },
  })
  const pgFacts = await serverFacts(app.pool)
  const seedStart = performance.now()
  const { eventId, owner } = await seed(app.pool, secret, opt.attendees)
  const seedSeconds = (performance.now() - seedStart) / 1000
  console.error(`${opt.attendees} attendees written in ${seedSeconds.toFixed(1)} s`)
  const client = httpClient(server.base, 2)
  const headers = { cookie: owner.cookie, 'x-forwarded-for': owner.ip }
  const list = await client.send({ path: `/api/admin/events/${eventId}/attendees?size=50`, headers })
  if (list.status !== 200 || list.body.counts.tickets !== opt.attendees)
    throw new Error(`list: ${list.status} ${JSON.stringify(list.body).slice(0, 300)}`)
  const runs = []
  for (const format of ['csv', 'xlsx']) {
    const run = await exportOnce(client, server, headers, eventId, format)
    console.error(
      `${format}: ${fmt(run.serverMs / 1000, 2)} s, RSS +${fmt(run.rssGrowth)} MB, ${run.rows} rows`,
    )
    runs.push(run)
  }
  client.close()
  const ok = runs.every(
    (r) => r.serverMs <= BUDGET_MS && r.rssGrowth <= BUDGET_RSS_MB && r.rows === opt.attendees,
  )
  const atSize = opt.attendees >= BUDGET_SIZE
  const raw = saveRaw('attendee-export', { started, opt, seedSeconds, runs, pgFacts })
  const m = machine()
  const body = [
    `**Budget** (DESIGN §8): an export of ${BUDGET_SIZE.toLocaleString('en-US')} attendees ≤ 30 s, ≤ 200 MB RSS growth. **Verdict:** ${atSize ? passFail(ok) : `not at the budget's size (${opt.attendees} attendees): ${passFail(ok)} at this size`}.`,
    '',
    `How: \`npm run bench:attendee-export\` on ${isoMinute(started)}. A fresh PostgreSQL database and the built server, which also works the jobs. ${opt.attendees.toLocaleString('en-US')} tickets of one event written with SQL (${PER_ORDER} per order, each order with its buyer's contact and document, 1 in 97 holders named like a formula, 30 % checked in; ${fmt(seedSeconds)} s). The organiser's owner asks for each export (\`POST /api/admin/events/:id/attendee-exports\`) and follows it until READY; "export" is the server's time from the request to the file written (queue wait included), "RSS growth" the server process's largest RSS meanwhile less its RSS just before (sampled every 50 ms). The file is downloaded through its link and its rows counted.`,
    '',
    table(
      ['format', 'attendees', 'rows in the file', 'file size', 'export', 'RSS growth', 'budget'],
      runs.map((r) => [
        r.format.toUpperCase(),
        opt.attendees.toLocaleString('en-US'),
        r.rows.toLocaleString('en-US'),
        `${(r.bytes / 1024 / 1024).toFixed(1)} MB`,
        `${fmt(r.serverMs / 1000, 2)} s`,
        `${fmt(r.rssGrowth)} MB (from ${fmt(r.rssBefore)} MB)`,
        `≤ 30 s, ≤ ${BUDGET_RSS_MB} MB`,
      ]),
    ),
    '',
    `Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts.version} (${pgFacts.settings}) · ${buildFacts()}. Raw figures: \`${path.relative(process.cwd(), raw)}\`.`,
  ].join('\n')
  console.log(body)
  if (!opt.dry) writeSection('## Attendee export', body)
} finally {
  await server?.stop()
  await app.drop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
