// @ts-check
// Realistic mixed state for the 100,000-seat event: ~30 % SOLD or HELD in runs, deterministic.
import { prng } from '../lib/fixtures.mjs'
import { SEATS_PER_SECTION } from './layout.mjs'

/** Makes ~30 % of the places SOLD or HELD, in runs, deterministically. */
export async function mixState(pool, eventId, layout) {
  const rand = prng(20_261_122)
  const sold = { s: [], i: [] }
  const heldRuns = []
  for (const section of layout.sections) {
    const blocked = new Set()
    let idx = 0
    for (const row of section.rows)
      for (const [n] of row.seats) {
        if (section.restrictions?.[`${row.label}-${n}`] === 'BLOCKED') blocked.add(idx)
        idx++
      }
    // Some sections sell much better than others; mean ≈ 30 % taken.
    const pRun = 0.2 + 0.32 * rand()
    let p = 0
    while (p < SEATS_PER_SECTION) {
      if (rand() < pRun) {
        const len = 2 + Math.floor(rand() * 7)
        const held = rand() < 0.15
        const run = []
        for (let k = 0; k < len && p < SEATS_PER_SECTION; k++, p++) {
          if (blocked.has(p)) continue
          if (held) run.push(p)
          else {
            sold.s.push(section.code)
            sold.i.push(p)
          }
        }
        if (held && run.length) heldRuns.push({ section: section.code, indexes: run })
      } else {
        p += 1 + Math.floor(rand() * 12)
      }
    }
  }
  await pool.query(
    `update event_seats es set status = 'SOLD', change_seq = nextval('seat_change_seq')
     from unnest($2::text[], $3::int[]) as t(s, i)
     where es.event_id = $1 and es.section_code = t.s and es.place_index = t.i`,
    [eventId, sold.s, sold.i],
  )
  const { rows: holds } = await pool.query(
    `insert into seat_holds (event_id, user_id, status, expires_at)
     select $1, null, 'BOOKED', now() + interval '3 hours' from generate_series(1, $2) returning id, expires_at`,
    [eventId, heldRuns.length],
  )
  const hs = []
  const hi = []
  const hh = []
  heldRuns.forEach((run, k) => {
    for (const i of run.indexes) {
      hs.push(run.section)
      hi.push(i)
      hh.push(holds[k].id)
    }
  })
  await pool.query(
    `update event_seats es set status = 'HELD', hold_id = t.h, hold_expires_at = now() + interval '3 hours',
       change_seq = nextval('seat_change_seq')
     from unnest($2::text[], $3::int[], $4::uuid[]) as t(s, i, h)
     where es.event_id = $1 and es.section_code = t.s and es.place_index = t.i`,
    [eventId, hs, hi, hh],
  )
  await pool.query('analyze event_seats')
  const { rows } = await pool.query(
    `select status, count(*)::int as n from event_seats where event_id = $1 group by status order by status`,
    [eventId],
  )
  return Object.fromEntries(rows.map((r) => [r.status, r.n]))
}
