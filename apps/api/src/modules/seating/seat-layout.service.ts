import type { Currency } from '@palco/domain/locale/country'
import { flattenSections, type Layout } from '@palco/domain/seating/layout'
import type { ZoneType } from '@palco/domain/seating/layout-vocabulary'
import type { SeatLayout, SectionZone } from '@palco/domain/seating/seat-layout-contract'
import type { Db } from '../../db/dialect.js'
import { zoneSectionCode } from './inventory.service.js'
import { eventLayoutRef, layoutDocument, priceZonesOf } from './seat-layout.repository.js'

/**
 * Layout documents by layout id, kept per process. A stored layout is never edited in place (the editor
 * saves a new version row), so the id is a safe key and nothing needs invalidating. Reading and parsing
 * the document is most of a cold seat-layout answer (40–100 ms for the demo stadium on the embedded
 * database, more for 100,000 seats), which the first visitor of each event used to pay (issue 13
 * defect 7); start-up warms it (warm-up.ts). Keyed by id, so apps sharing a process (tests) cannot see
 * each other's rows. Bounded: a parsed 100,000-seat document holds tens of MB.
 */
class LayoutDocuments {
  private readonly byId = new Map<string, Promise<unknown>>()

  constructor(private readonly max: number) {}

  get(db: Db, layoutId: string): Promise<unknown> {
    let doc = this.byId.get(layoutId)
    if (doc) {
      // Most recently used last, so the bound drops the layout nobody asked for longest.
      this.byId.delete(layoutId)
      this.byId.set(layoutId, doc)
      return doc
    }
    doc = layoutDocument(db, layoutId)
    this.byId.set(layoutId, doc)
    doc.catch(() => this.byId.delete(layoutId))
    if (this.byId.size > this.max) {
      const oldest = this.byId.keys().next().value
      if (oldest !== undefined) this.byId.delete(oldest)
    }
    return doc
  }
}

const documents = new LayoutDocuments(12)

/**
 * The seat layout an event uses plus, per section, the price zone that sells it (spec §7 "seat layout
 * per event"). Events without a layout sell capacity-only zones; their sections are the zones themselves.
 * The event and its zones are read each time (two small rows sets: a draft's zones may still change); the
 * document comes from memory after its first read.
 */
export async function seatLayoutOf(db: Db, eventId: string): Promise<SeatLayout> {
  const event = await eventLayoutRef(db, eventId)
  const [zones, layout] = await Promise.all([
    priceZonesOf(db, eventId),
    event.layout_id ? documents.get(db, event.layout_id) : Promise.resolve(null),
  ])
  const bySection: Record<string, SectionZone> = {}
  for (const z of zones) {
    const view: SectionZone = {
      zoneId: z.id,
      name: z.name,
      price: { amount: Number(z.price_amount), currency: event.currency as Currency },
      color: z.color,
      perFanMax: z.per_fan_max,
      numbered: z.numbered,
      // The back office writes only the layout vocabulary's zone types (catalog/admin-commands).
      zoneType: z.zone_type as ZoneType,
    }
    if (z.section_codes.length === 0) bySection[zoneSectionCode(z.id)] = view
    for (const code of z.section_codes) bySection[code] = view
  }
  return {
    eventId: event.id,
    layoutId: event.layout_id,
    layoutVersion: event.layout_version,
    // Stored layouts were validated when they were saved (catalog-admin createLayout).
    layout: (layout as Layout | null) ?? null,
    zones: bySection,
  }
}

// Per parsed document (the documents above are kept, so the same object comes back): built once.
const namesOfDocument = new WeakMap<object, ReadonlyMap<string, string>>()
const NO_NAMES: ReadonlyMap<string, string> = new Map()

/**
 * Section code → the layout's display name of the section ("Balcón centro"), the one the seat map and its
 * list show: the name every page, receipt and ticket gives a section, instead of a tidied code. Empty for an
 * event sold without a map, whose places have no section of their own. Callers pass the layout id they read
 * with the event anyway (a cart, an order, a sale, a ticket row): no query once the document is in memory,
 * which it is after the first visitor (the checkout's and the counter's hot paths).
 */
export async function sectionNamesOfLayout(
  db: Db,
  layoutId: string | null,
): Promise<ReadonlyMap<string, string>> {
  if (!layoutId) return NO_NAMES
  const layout = (await documents.get(db, layoutId)) as Layout | null
  if (!layout) return NO_NAMES
  let names = namesOfDocument.get(layout)
  if (!names) {
    names = new Map(flattenSections(layout.sections).map((s) => [s.code, s.name]))
    namesOfDocument.set(layout, names)
  }
  return names
}

/** Lines of a cart or sale with their section's display name beside the code (see `sectionNamesOfLayout`). */
export function withSectionNames<T extends { section: string }>(
  lines: readonly T[],
  names: ReadonlyMap<string, string>,
): (T & { sectionName: string | null })[] {
  return lines.map((line) => ({ ...line, sectionName: names.get(line.section) ?? null }))
}
