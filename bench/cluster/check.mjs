// @ts-check
// The production shape works (issue 42 part 5): two API processes and one job worker behind HAProxy, through
// PgBouncer in transaction mode, against one PostgreSQL. Checks, in order:
//   1. a fan's session, made once, is honoured by every process;
//   2. a hold taken through one process reaches a seat map open on the other (LISTEN on the direct connection);
//   3. a hold taken through the proxy cannot be taken again by another fan through the other process;
//   4. the worker runs jobs (pg-boss marks some completed);
//   5. one API process killed with SIGKILL: the proxy keeps answering from the other, and the killed one
//      comes back on its port.
// Prints what it saw and exits 1 on the first check that fails. Needs `npm run build`, PostgreSQL on
// 127.0.0.1:5432, Debian's pgbouncer and haproxy.
//
//   npm run check:cluster
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { generateStadiumLayout } from '../../apps/api/dist/db/seed/layouts.js'
import { startCluster } from '../lib/cluster.mjs'
import { throwawayDatabase } from '../lib/db.mjs'
import { createFans, verifyFan } from '../lib/fans.mjs'
import { insertLayout, insertSeatedEvent, insertVenue, seatKeys } from '../lib/fixtures.mjs'

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const secret = randomBytes(32).toString('base64url')
const db = await throwawayDatabase('cluster')
let cluster = null
let failed = false

function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) {
    failed = true
    throw new Error(what)
  }
}

async function hold(base, fan, eventId, seat) {
  const res = await fetch(`${base}/api/reservations`, {
    method: 'POST',
    headers: { cookie: fan.cookie, 'x-forwarded-for': fan.ip, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId, seats: [seat] }),
  })
  return res.status
}

/** Opens the live seat feed on one process and resolves with the first `seats` event's data. */
function firstSeatChange(base, eventId, timeoutMs) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/seats/stream?eventId=${eventId}`, (res) => {
      let buf = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => {
        buf += chunk
        const m = buf.match(/event: seats\nid: [^\n]*\ndata: ([^\n]*)\n/)
        if (m) {
          clearTimeout(timer)
          req.destroy()
          resolve(JSON.parse(m[1] ?? 'null'))
        }
      })
    })
    const timer = setTimeout(() => {
      req.destroy()
      reject(new Error(`no seat change on ${base} within ${timeoutMs} ms`))
    }, timeoutMs)
    req.on('error', () => {})
  })
}

try {
  cluster = await startCluster({ databaseUrl: db.url, secret, apis: 2, worker: true, label: 'cluster' })
  const [a, b] = cluster.apis.map((m) => m.server.base)
  console.log(`proxy ${cluster.base}, API ${a} and ${b}, PgBouncer :${cluster.pooler.port}`)

  const fans = await createFans(db.pool, 3, secret)
  const sessions = await Promise.all([verifyFan(a, fans[0]), verifyFan(b, fans[0])])
  check(
    sessions.every((s) => s.userId === fans[0].userId),
    'one session, honoured by both API processes',
  )

  const layout = generateStadiumLayout().data
  const venueId = await insertVenue(db.pool)
  const { id: layoutId } = await insertLayout(db.pool, venueId, 'Estadio', layout)
  const eventId = await insertSeatedEvent(db.pool, { venueId, layoutId, layout, name: 'Cluster check' })
  const seats = seatKeys(layout)
  // The first read makes the event's places (inventory.service.ts).
  check(
    (await fetch(`${cluster.base}/api/seats?eventId=${eventId}`)).status === 200,
    'seat map read through the proxy',
  )

  const change = firstSeatChange(b, eventId, 5000)
  await sleep(300)
  check((await hold(a, fans[0], eventId, seats[0])) === 201, `hold of ${seats[0]} through API 1`)
  const seen = await change.catch((e) => e)
  check(
    !(seen instanceof Error),
    `API 2's open map told of it (${seen instanceof Error ? seen.message : 'within 5 s'})`,
  )

  const first = await hold(cluster.base, fans[1], eventId, seats[1])
  const second = await hold(b, fans[2], eventId, seats[1])
  check(
    first === 201 && second === 409,
    `${seats[1]} held once: ${first} through the proxy, then ${second} on API 2`,
  )

  let completed = 0
  for (let i = 0; i < 90 && completed === 0; i++) {
    const { rows } = await db.pool
      .query(`select count(*) as n from pgboss.job where state = 'completed'`)
      .catch(() => ({ rows: [{ n: 0 }] }))
    completed = Number(rows[0]?.n ?? 0)
    if (!completed) await sleep(1000)
  }
  check(completed > 0, `the worker ran jobs (${completed} completed)`)

  cluster.kill(0)
  await sleep(1500)
  const answers = []
  for (let i = 0; i < 20; i++) answers.push((await fetch(`${cluster.base}/api/ready`)).status)
  check(
    answers.every((s) => s === 200),
    `API 1 killed: the proxy answered ${answers.filter((s) => s === 200).length} of 20 from API 2`,
  )
  await cluster.restart(0)
  check((await fetch(`${a}/api/ready`)).status === 200, 'API 1 started again on its port')
} catch (err) {
  if (!failed) console.error(err)
  failed = true
} finally {
  await cluster?.stop()
  await db.drop()
}
process.exit(failed ? 1 : 0)
