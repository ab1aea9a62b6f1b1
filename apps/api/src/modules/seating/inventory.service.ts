import { type Layout, layoutSchema } from '@palco/domain/seating/layout'
import type { Db } from '../../db/dialect.js'
import {
  eventsMissingInventory,
  hasInventory,
  insertPlaces,
  type PlaceRow,
  placesOfLayout,
} from './inventory.repository.js'

/** Section code of a capacity-only zone (an event without a layout): the zone's own id. */
export const zoneSectionCode = (zoneId: string) => zoneId

/**
 * Publishing materialises an event's places (issue 5 part 2): one row per seat of the layout version it
 * uses, one per slot of every unnumbered or capacity-only zone. Idempotent.
 */
export async function materializeEvent(db: Db, eventId: string): Promise<number> {
  if (await hasInventory(db, eventId)) return 0
  const event = await db
    .selectFrom('events as e')
    .leftJoin('layouts as l', 'l.id', 'e.layout_id')
    .select(['e.id', 'l.data as layout'])
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow()
  const zones = await db
    .selectFrom('price_zones')
    .select(['id', 'section_codes', 'capacity'])
    .where('event_id', '=', eventId)
    .orderBy('position')
    .execute()
  const places: PlaceRow[] = []
  if (event.layout) {
    const layout: Layout = layoutSchema.parse(event.layout)
    const zoneBySection = new Map<string, string>()
    for (const z of zones) for (const code of z.section_codes) zoneBySection.set(code, z.id)
    places.push(...placesOfLayout(layout, zoneBySection))
  }
  for (const z of zones) {
    if (z.section_codes.length > 0 || !z.capacity) continue
    for (let i = 0; i < z.capacity; i++) {
      places.push({
        section: zoneSectionCode(z.id),
        index: i,
        row: 'UNNUMBERED',
        seat: i + 1,
        zoneId: z.id,
        restriction: null,
        blocked: false,
      })
    }
  }
  await db.transaction().execute((trx) => insertPlaces(trx, eventId, places))
  return places.length
}

/** Every published event without places gets them (an operations task: `materializeMissing`). */
export async function materializeMissing(db: Db): Promise<number> {
  let total = 0
  for (const e of await eventsMissingInventory(db)) total += await materializeEvent(db, e.id)
  return total
}

const ready = new Set<string>()
const inflight = new Map<string, Promise<unknown>>()

/**
 * Makes sure an event's places exist before anything reads or holds them. Events published through the
 * admin API are materialised at publication; the demo catalogue is done lazily on first use, because
 * writing 40,000+ rows per stadium event at boot would make the embedded database's first start slow.
 * Concurrent first uses share one materialisation; other processes are kept apart by ON CONFLICT.
 */
export async function ensureInventory(db: Db, eventId: string): Promise<void> {
  if (ready.has(eventId)) return
  let work = inflight.get(eventId)
  if (!work) {
    work = materializeEvent(db, eventId).finally(() => inflight.delete(eventId))
    inflight.set(eventId, work)
  }
  await work
  ready.add(eventId)
}
