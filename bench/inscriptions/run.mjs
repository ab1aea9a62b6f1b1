// @ts-check
// The organiser's export of an inscription (issue 17, "Performance"): 1,000 entries with 16 fields each, as
// CSV, in under 5 s.
//
//   npm run bench:inscriptions                 1,000 entries, the export timed 5 times
//   npm run bench:inscriptions -- --dry        quick look, docs/ untouched
//
// The entries are made the way fans make them, through the API on PostgreSQL: 250 fans each hold 4 places
// of a free category, submit one form per participant (16 fields: every type of spec §2 but FILE, which an
// upload would need), and confirm the free order, which records the entries. Then an admin downloads
// `GET /api/admin/events/:id/inscriptions.csv`; the figure is the time to its last byte. The database and
// the server are made for the run and removed after it.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { formDefinitionSchema } from '@palco/domain/forms/form-definition'
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
import { fmt, median } from '../lib/stats.mjs'

const opt = args({ fans: 250, perFan: 4, runs: 5, dry: false })
const BUDGET_MS = 5000
const HOUR = 3_600_000

const both = (es, en = es) => ({ es, en })
const option = (value) => ({ value, label: both(value) })
/** Sixteen fields, one of each type but FILE, and a second TEXT; the form is checked as the API checks it. */
const FORM = formDefinitionSchema.parse({
  fields: [
    { name: 'full_name', type: 'TEXT', label: both('Nombre completo'), required: true },
    { name: 'club', type: 'TEXT', label: both('Club') },
    { name: 'notes', type: 'TEXTAREA', label: both('Notas') },
    { name: 'email', type: 'EMAIL', label: both('Correo'), required: true },
    { name: 'bib_number', type: 'NUMBER', label: both('Número'), min: 1, max: 99999 },
    { name: 'shirt', type: 'SELECT', label: both('Talla'), options: ['S', 'M', 'L'].map(option) },
    { name: 'rules', type: 'READONLY', label: both('Reglamento'), value: 'Acepto el reglamento.' },
    { name: 'phone', type: 'PHONE', label: both('Celular'), required: true },
    { name: 'waiver', type: 'CHECKBOX', label: both('Acepto'), required: true },
    { name: 'birth_date', type: 'DATE', label: both('Nacimiento'), required: true },
    { name: 'arrival', type: 'DATETIME', label: both('Llegada') },
    { name: 'blood', type: 'COMBO_BOX', label: both('Sangre'), options: ['O+', 'A+', 'B+'].map(option) },
    { name: 'gender', type: 'RADIO_GROUP', label: both('Género'), options: ['F', 'M', 'X'].map(option) },
    { name: 'team_code', type: 'PASSWORD', label: both('Clave de equipo') },
    { name: 'profile', type: 'URL', label: both('Perfil') },
    { name: 'finish', type: 'TIME', label: both('Tiempo') },
  ],
})

const answersOf = (i) => ({
  full_name: `=Participante ${i}`,
  club: `Club, "${i % 17}"`,
  notes: `Línea uno\nlínea dos ${i}`,
  email: `p${i}@example.com`,
  bib_number: String(1 + (i % 9000)),
  shirt: ['S', 'M', 'L'][i % 3],
  phone: `3${String(100000000 + i).slice(-9)}`,
  waiver: true,
  birth_date: `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 9}`,
  arrival: '2027-01-10T06:30',
  blood: ['O+', 'A+', 'B+'][i % 3],
  gender: ['F', 'M', 'X'][i % 3],
  team_code: `clave-${i}`,
  profile: `https://example.com/runner/${i}`,
  finish: `0${1 + (i % 3)}:${10 + (i % 50)}`,
})

const started = new Date()
const secret = randomBytes(32).toString('base64url')
const app = await throwawayDatabase('inscriptions')
let server = null
try {
  server = await startServer({ databaseUrl: app.url, secret, label: 'inscriptions' })
  const pgFacts = await serverFacts(app.pool)
  const venueId = await insertVenue(app.pool)
  const startsAt = new Date(Date.now() + 60 * 24 * HOUR)
  const { rows } = await app.pool.query(
    `insert into events (country, currency, slug, type, name, description, venue_id, starts_at, ends_at,
                         on_sale_at, off_sale_at, status, visibility)
     values ('COL', 'COP', $1, 'INSCRIPTION', 'Carrera de pruebas', '', $2, $3, $4, $5, $3, 'PUBLISHED', 'ALL')
     returning id`,
    [
      `bench-race-${Date.now().toString(36)}`,
      venueId,
      startsAt,
      new Date(startsAt.getTime() + 3 * HOUR),
      new Date(Date.now() - HOUR),
    ],
  )
  const eventId = rows[0].id
  const zone = await app.pool.query(
    `insert into price_zones (event_id, name, price_amount, capacity, section_codes, per_fan_max, zone_type, numbered, color, position)
     values ($1, '5K', 0, 100000, '{}', $2, 'GRANDSTAND', false, '#1c7ed6', 0) returning id`,
    [eventId, opt.perFan],
  )
  const zoneId = zone.rows[0].id
  await app.pool.query(`insert into inscription_forms (event_id, definition) values ($1, $2)`, [
    eventId,
    JSON.stringify(FORM),
  ])
  const fans = await createFans(app.pool, opt.fans, secret, { prefix: 'runner' })
  const [admin] = await createFans(app.pool, 1, secret, {
    prefix: 'organiser',
    role: 'admin',
    offset: 900_000,
  })
  const client = httpClient(server.base, 8)

  // The entries, as fans make them: 8 at a time.
  const makeStart = performance.now()
  let next = 0
  let made = 0
  async function signUpNext() {
    for (;;) {
      const n = next++
      const fan = fans[n]
      if (!fan) return
      const h = { cookie: fan.cookie, 'x-forwarded-for': fan.ip }
      const hold = await client.send({
        method: 'POST',
        path: '/api/reservations',
        headers: h,
        body: { eventId, section: zoneId, quantity: opt.perFan },
      })
      if (hold.status !== 201) throw new Error(`hold: ${hold.status} ${JSON.stringify(hold.body)}`)
      const reservationId = hold.body.id
      const participants = Array.from({ length: opt.perFan }, (_, k) => answersOf(n * opt.perFan + k))
      const saved = await client.send({
        method: 'PUT',
        path: '/api/checkout/inscription/form',
        headers: h,
        body: { reservationId, participants, submit: true },
      })
      if (saved.status !== 200) throw new Error(`form: ${saved.status} ${JSON.stringify(saved.body)}`)
      const order = await client.send({
        method: 'POST',
        path: '/api/checkout/orders',
        headers: h,
        body: {
          reservationId,
          contact: {
            firstName: 'Bench',
            lastName: 'Runner',
            email: `r${n}@example.com`,
            phone: '+573001234567',
          },
          billing: { fullName: 'Bench Runner', documentType: 'CC', documentNumber: `${1000000 + n}` },
          payment: { method: 'FREE' },
          expectedTotal: 0,
          currency: 'COP',
          idempotencyKey: `bench-inscription-${n}`,
        },
      })
      if (order.status !== 201 || order.body.order?.status !== 'PAID')
        throw new Error(`order: ${order.status} ${JSON.stringify(order.body).slice(0, 300)}`)
      made += opt.perFan
    }
  }
  await Promise.all(Array.from({ length: 8 }, signUpNext))
  const makeSeconds = (performance.now() - makeStart) / 1000
  console.error(`${made} entries made in ${makeSeconds.toFixed(1)} s`)

  // The export: one warm-up, then the timed runs.
  const headers = { cookie: admin.cookie, 'x-forwarded-for': admin.ip }
  const csvPath = `/api/admin/events/${eventId}/inscriptions.csv`
  const warm = await client.send({ path: csvPath, headers })
  if (warm.status !== 200) throw new Error(`export: ${warm.status}`)
  const text = typeof warm.body === 'string' ? warm.body : String(warm.body)
  const lines = text.trim().split('\r\n')
  const bytes = Buffer.byteLength(text)
  const times = []
  for (let r = 0; r < opt.runs; r++) {
    const t0 = performance.now()
    const res = await client.send({ path: csvPath, headers })
    times.push(performance.now() - t0)
    if (res.status !== 200) throw new Error(`export: ${res.status}`)
  }
  const med = median(times)
  const ok = med <= BUDGET_MS && lines.length - 1 === made
  const raw = saveRaw('inscriptions', {
    started,
    opt,
    made,
    makeSeconds,
    times,
    bytes,
    rows: lines.length - 1,
    pgFacts,
  })
  const m = machine()
  const body = [
    `**Budget** (issue 17): 1,000 entries with 16 fields each export as CSV in under 5 s. **Verdict:** ${passFail(ok)}.`,
    '',
    `How: \`npm run bench:inscriptions\` on ${isoMinute(started)}. A fresh PostgreSQL database and the built server; ${opt.fans} fans each hold ${opt.perFan} places of a free category, submit one form per participant (16 fields: every type of spec §2 but FILE) and confirm the order, as the pages do (${made} entries in ${fmt(makeSeconds)} s, 8 fans at a time). Then an admin downloads \`GET /api/admin/events/:id/inscriptions.csv\`, once to warm up and ${opt.runs} times timed to the last byte. Cells that would run as spreadsheet formulas (every participant's name starts with "=") are quoted; the passcode column is left out.`,
    '',
    table(
      ['entries', 'CSV rows', 'CSV size', 'export, median (min–max)', 'budget'],
      [
        [
          String(made),
          String(lines.length - 1),
          `${(bytes / 1024).toFixed(0)} KB`,
          `${fmt(med)} ms (${fmt(Math.min(...times))}–${fmt(Math.max(...times))})`,
          `≤ ${BUDGET_MS} ms`,
        ],
      ],
    ),
    '',
    `Run ${isoMinute(started)} · ${m.cpu}, ${m.memory} RAM, ${m.os}, Node ${m.node}, ${pgFacts.version} (${pgFacts.settings}) · ${buildFacts()}. Raw figures: \`${path.relative(process.cwd(), raw)}\`.`,
  ].join('\n')
  console.log(body)
  if (!opt.dry) writeSection('## Inscriptions export', body)
} finally {
  await server?.stop()
  await app.drop()
}
