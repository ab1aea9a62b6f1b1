import { SELLING_EVENT_STATUS } from '@palco/domain/catalog/event-lifecycle'
import { flattenSections, type Layout, placesIn } from '@palco/domain/seating/layout'
import { assertSeatStart, type SeatStatus } from '@palco/domain/seating/seat-lifecycle'
import { sql } from 'kysely'
import type { Db } from '../../db/dialect.js'

export interface PlaceRow {
  section: string
  index: number
  row: string
  seat: number
  zoneId: string | null
  restriction: string | null
  blocked: boolean
}

const UNNUMBERED = 'UNNUMBERED'
const BATCH = 5000

/** The places of an event in layout order: numbered seats, then unnumbered slots 1..capacity. */
export function placesOfLayout(layout: Layout, zoneBySection: ReadonlyMap<string, string>): PlaceRow[] {
  const out: PlaceRow[] = []
  for (const s of flattenSections(layout.sections)) {
    const zoneId = zoneBySection.get(s.code) ?? null
    if (s.numbered) {
      let index = 0
      for (const row of s.rows ?? []) {
        for (const [seat] of row.seats) {
          const restriction = s.restrictions?.[`${row.label}-${seat}`] ?? null
          out.push({
            section: s.code,
            index: index++,
            row: row.label,
            seat,
            zoneId,
            restriction,
            // Not for sale: blocked seats, disabled sections, and sections no price zone sells.
            blocked: restriction === 'BLOCKED' || s.disabled || zoneId === null,
          })
        }
      }
    } else {
      const n = placesIn(s)
      for (let i = 0; i < n; i++) {
        out.push({
          section: s.code,
          index: i,
          row: UNNUMBERED,
          seat: i + 1,
          zoneId,
          restriction: null,
          blocked: s.disabled || zoneId === null,
        })
      }
    }
  }
  return out
}

export async function hasInventory(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('event_seats')
    .select('place_index')
    .where('event_id', '=', eventId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** A place is made BLOCKED when not for sale, AVAILABLE otherwise (seat-lifecycle.ts, its first statuses). */
const statusOf = (p: PlaceRow): SeatStatus => (p.blocked ? 'BLOCKED' : 'AVAILABLE')

/** Bulk insert through unnest(): one statement per 5,000 places, portable to PostgreSQL 15 and PGlite. */
export async function insertPlaces(db: Db, eventId: string, places: PlaceRow[]) {
  for (const status of new Set(places.map(statusOf))) assertSeatStart(status)
  for (let i = 0; i < places.length; i += BATCH) {
    const chunk = places.slice(i, i + BATCH)
    await sql`
      insert into event_seats (event_id, section_code, place_index, row_label, seat_number, price_zone_id, restriction, status)
      select ${eventId}::uuid, s, i, r, n, z::uuid, x, st
      from unnest(
        ${chunk.map((p) => p.section)}::text[], ${chunk.map((p) => p.index)}::int[], ${chunk.map((p) => p.row)}::text[],
        ${chunk.map((p) => p.seat)}::int[], ${chunk.map((p) => p.zoneId)}::text[], ${chunk.map((p) => p.restriction)}::text[],
        ${chunk.map(statusOf)}::text[]
      ) as t(s, i, r, n, z, x, st)
      on conflict do nothing`.execute(db)
  }
}

/** What an event's places are made from: its layout document (if any) and its price zones in order. */
export async function placeSourceOf(db: Db, eventId: string) {
  const event = await db
    .selectFrom('events as e')
    .leftJoin('layouts as l', 'l.id', 'e.layout_id')
    .select(['e.id', 'e.layout_id', 'l.data as layout'])
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow()
  const zones = await db
    .selectFrom('price_zones')
    .select(['id', 'section_codes', 'capacity'])
    .where('event_id', '=', eventId)
    .orderBy('position')
    .execute()
  return { layoutId: event.layout_id, layout: event.layout, zones }
}

/**
 * Published events that sell places but have none made yet (published before seating existed, rows
 * written outside the admin API, or a start that stopped between the demo catalogue and its places),
 * leaving out those already over: nobody can buy those any more.
 */
export async function eventsMissingInventory(db: Db, endingAfter: Date = new Date(0)) {
  return db
    .selectFrom('events as e')
    .select(['e.id'])
    .where('e.status', '=', SELLING_EVENT_STATUS)
    .where('e.ends_at', '>', endingAfter)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('event_seats as s').select('s.event_id').whereRef('s.event_id', '=', 'e.id')),
      ),
    )
    .orderBy('e.starts_at')
    .execute()
}
