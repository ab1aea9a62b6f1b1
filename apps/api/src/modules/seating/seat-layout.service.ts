import type { Currency } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import { zoneSectionCode } from './inventory.service.js'

export interface ZoneOfSection {
  zoneId: string
  name: string
  price: { amount: number; currency: Currency }
  color: string
  perFanMax: number
  numbered: boolean
  zoneType: string
}

/**
 * The seat layout an event uses plus, per section, the price zone that sells it (spec §7 "seat layout
 * per event"). Events without a layout sell capacity-only zones; their sections are the zones themselves.
 */
export async function seatLayoutOf(db: Db, eventId: string) {
  const event = await db
    .selectFrom('events as e')
    .leftJoin('layouts as l', 'l.id', 'e.layout_id')
    .select(['e.id', 'e.currency', 'l.id as layout_id', 'l.version as layout_version', 'l.data as layout'])
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow()
  const zones = await db
    .selectFrom('price_zones')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .execute()
  const bySection: Record<string, ZoneOfSection> = {}
  for (const z of zones) {
    const view: ZoneOfSection = {
      zoneId: z.id,
      name: z.name,
      price: { amount: Number(z.price_amount), currency: event.currency as Currency },
      color: z.color,
      perFanMax: z.per_fan_max,
      numbered: z.numbered,
      zoneType: z.zone_type,
    }
    if (z.section_codes.length === 0) bySection[zoneSectionCode(z.id)] = view
    for (const code of z.section_codes) bySection[code] = view
  }
  return {
    eventId: event.id,
    layoutId: event.layout_id,
    layoutVersion: event.layout_version,
    layout: event.layout ?? null,
    zones: bySection,
  }
}
