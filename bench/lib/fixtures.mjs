// @ts-check
// Catalogue rows for the API benchmarks, written with plain SQL after the first server has migrated the
// database: a Colombian venue, a stored layout, a published on-sale event using it, and price zones whose
// section_codes cover every section, so the app materialises every place (inventory.service.ts).

import { seededRandom, shuffledWith } from '@palco/domain/random/seeded'
import { flattenSections, layoutSchema } from '@palco/domain/seating/layout'

const HOUR = 3_600_000

export async function insertVenue(pool) {
  const { rows } = await pool.query(
    `insert into venues (country, name, city, time_zone) values ('COL', 'Estadio de pruebas', 'Bogotá', 'America/Bogota')
     returning id`,
  )
  return rows[0].id
}

/** Stores a layout (validated with the product's schema first). */
export async function insertLayout(pool, venueId, name, layout) {
  layoutSchema.parse(layout)
  const seatCount = flattenSections(layout.sections).reduce(
    (n, s) => n + (s.numbered ? (s.rows ?? []).reduce((m, r) => m + r.seats.length, 0) : (s.capacity ?? 0)),
    0,
  )
  const { rows } = await pool.query(
    `insert into layouts (venue_id, name, kind, version, data, seat_count) values ($1, $2, 'Classic', 1, $3, $4)
     returning id`,
    [venueId, name, JSON.stringify(layout), seatCount],
  )
  return { id: rows[0].id, seatCount }
}

/**
 * A published event on sale now, on `layoutId`, with one price zone per group of sections (zones of
 * `sectionsPerZone` sections, per-fan maximum `perFanMax`).
 */
export async function insertSeatedEvent(
  pool,
  { venueId, layoutId, layout, name, perFanMax = 10, sectionsPerZone = 10 },
) {
  const startsAt = new Date(Date.now() + 7 * 24 * HOUR)
  const { rows } = await pool.query(
    `insert into events (country, currency, slug, type, name, description, venue_id, layout_id, starts_at, ends_at,
                         on_sale_at, off_sale_at, status, visibility)
     values ('COL', 'COP', $1, 'CONCERT', $2, '', $3, $4, $5, $6, $7, $5, 'PUBLISHED', 'ALL')
     returning id`,
    [
      `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      name,
      venueId,
      layoutId,
      startsAt,
      new Date(startsAt.getTime() + 3 * HOUR),
      new Date(Date.now() - 24 * HOUR),
    ],
  )
  const eventId = rows[0].id
  const sections = flattenSections(layout.sections).filter((s) => s.zoneType !== 'PARKING')
  for (let z = 0; z * sectionsPerZone < sections.length; z++) {
    const group = sections.slice(z * sectionsPerZone, (z + 1) * sectionsPerZone)
    await pool.query(
      `insert into price_zones (event_id, name, price_amount, capacity, section_codes, per_fan_max, zone_type, numbered, color, position)
       values ($1, $2, $3, null, $4, $5, 'GRANDSTAND', $6, '#1c7ed6', $7)`,
      [
        eventId,
        `Zona ${z + 1}`,
        5_000_000 + z * 100_000,
        group.map((s) => s.code),
        perFanMax,
        group.every((s) => s.numbered),
        z,
      ],
    )
  }
  return eventId
}

/** Every numbered seat of a layout as `SECTION/ROW-N` keys, in layout order. */
export function seatKeys(layout) {
  const keys = []
  for (const s of flattenSections(layout.sections)) {
    if (!s.numbered || s.disabled) continue
    for (const row of s.rows ?? []) {
      for (const [n] of row.seats) {
        const code = `${row.label}-${n}`
        const r = s.restrictions?.[code]
        if (r && r !== 'PREFERENTIAL') continue
        keys.push(`${s.code}/${code}`)
      }
    }
  }
  return keys
}

/** Deterministic PRNG (mulberry32) and a shuffle with it: the domain's, so benchmarks draw as the product does. */
export { seededRandom as prng, shuffledWith as shuffle }

/** Seats in groups of `n` neighbours of one row (layout order), then shuffled. */
export function seatGroups(keys, n, rand) {
  const byRow = new Map()
  for (const k of keys) {
    const row = k.slice(0, k.lastIndexOf('-'))
    byRow.set(row, [...(byRow.get(row) ?? []), k])
  }
  const groups = []
  for (const seats of byRow.values())
    for (let i = 0; i + n <= seats.length; i += n) groups.push(seats.slice(i, i + n))
  return shuffledWith(groups, rand)
}
