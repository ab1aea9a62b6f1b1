import { type Layout, layoutSchema } from '@palco/domain/seating/layout'
import type { Db } from '../../db/dialect.js'
import {
  eventsMissingInventory,
  hasInventory,
  insertPlaces,
  type PlaceRow,
  placeSourceOf,
  placesOfLayout,
} from './inventory.repository.js'

/** Section code of a capacity-only zone (an event without a layout): the zone's own id. */
export const zoneSectionCode = (zoneId: string) => zoneId

/**
 * Parsed layout documents by layout id, shared by the events of one batch: the demo's stadium events use
 * the same layout, whose validation costs 50–200 ms. A layout row is never edited in place (a new version
 * is a new row), so the id is a safe key.
 */
type ParsedLayouts = Map<string, Layout>

async function placesOf(db: Db, eventId: string, layouts: ParsedLayouts): Promise<PlaceRow[]> {
  const { layoutId, layout: document, zones } = await placeSourceOf(db, eventId)
  const places: PlaceRow[] = []
  if (document && layoutId) {
    let layout = layouts.get(layoutId)
    if (!layout) {
      layout = layoutSchema.parse(document)
      layouts.set(layoutId, layout)
    }
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
  return places
}

/** One event's places, inside the caller's transaction; 0 when it has them already. */
async function materializeIn(trx: Db, eventId: string, layouts: ParsedLayouts): Promise<number> {
  if (await hasInventory(trx, eventId)) return 0
  const places = await placesOf(trx, eventId, layouts)
  await insertPlaces(trx, eventId, places)
  return places.length
}

/**
 * Publishing materialises an event's places (issue 5 part 2): one row per seat of the layout version it
 * uses, one per slot of every unnumbered or capacity-only zone. Idempotent.
 */
export async function materializeEvent(db: Db, eventId: string): Promise<number> {
  return db.transaction().execute((trx) => materializeIn(trx, eventId, new Map()))
}

/**
 * The places of several events inside the caller's transaction, so that they land together with the
 * events themselves: the demo catalogue is written this way (issue 13 defect 7: made on first read, a
 * stadium's first seat map took 2–7 s).
 */
export async function materializeEventsIn(trx: Db, eventIds: readonly string[]): Promise<number> {
  const layouts: ParsedLayouts = new Map()
  let total = 0
  for (const id of eventIds) total += await materializeIn(trx, id, layouts)
  return total
}

/**
 * Every published event that is not over and has no places gets them, one transaction per event. Start-up
 * runs it, so a start that stopped between the demo catalogue and its places, or events whose rows were
 * written outside the admin API, do not leave the work to their first visitor.
 */
export async function materializeMissing(db: Db, endingAfter: Date = new Date()): Promise<number> {
  const layouts: ParsedLayouts = new Map()
  let total = 0
  for (const e of await eventsMissingInventory(db, endingAfter)) {
    total += await db.transaction().execute((trx) => materializeIn(trx, e.id, layouts))
  }
  return total
}

const ready = new Set<string>()
const inflight = new Map<string, Promise<unknown>>()

/**
 * Makes sure an event's places exist before anything reads or holds them. Publication (admin API) and the
 * demo seed make them, and start-up repairs what they missed (materializeMissing); this is the last
 * safety net, for an event whose rows appeared after the start by some other way (a direct import, the
 * benchmarks' fixtures). Concurrent first uses share one materialisation; other processes are kept apart
 * by ON CONFLICT.
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
