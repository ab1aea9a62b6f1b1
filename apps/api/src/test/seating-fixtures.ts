import type { Layout } from '@palco/domain/seating/layout'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/dialect.js'
import { materializeEvent } from '../modules/seating/inventory.service.js'
import { insertEvent, insertVenue } from './fixtures.js'

/**
 * A small venue for seating tests: section NORTE (rows A–C × 10 seats; A-1 BLOCKED, C-10 EXCLUSIVE),
 * section GENERAL (unnumbered, 20 places) and section CERRADA (no zone sells it).
 */
export function smallLayout(): Layout {
  const rows = ['A', 'B', 'C'].map((label, r) => ({
    label,
    seats: Array.from(
      { length: 10 },
      (_, i) => [i + 1, 100 + i * 20, 100 + r * 20] as [number, number, number],
    ),
  }))
  return {
    format: 'palco.layout',
    version: 1,
    kind: 'Classic',
    stage: { type: 'DEFAULT_STAGE', x: 100, y: 0, width: 200, height: 40, label: 'Escenario' },
    canvas: { width: 800, height: 600 },
    sections: [
      {
        code: 'NORTE',
        name: 'Norte',
        color: '#1c7ed6',
        disabled: false,
        zoneType: 'GRANDSTAND',
        numbered: true,
        viewDirection: 'NORTH',
        shape: { type: 'path', points: [90, 90, 310, 90, 310, 170, 90, 170] },
        restrictions: { 'A-1': 'BLOCKED', 'C-10': 'EXCLUSIVE' },
        rows,
      },
      {
        code: 'GENERAL',
        name: 'General',
        color: '#2f9e44',
        disabled: false,
        zoneType: 'GRANDSTAND',
        numbered: false,
        capacity: 20,
        viewDirection: 'NORTH',
        shape: { type: 'path', points: [90, 200, 310, 200, 310, 260, 90, 260] },
      },
      {
        code: 'CERRADA',
        name: 'Cerrada',
        color: '#868e96',
        disabled: false,
        zoneType: 'GRANDSTAND',
        numbered: false,
        capacity: 5,
        viewDirection: 'NORTH',
        shape: { type: 'path', points: [400, 200, 500, 200, 500, 260, 400, 260] },
      },
    ],
  }
}

export async function seatedEvent(db: Db, opts: { perFanMax?: number; country?: 'COL' | 'MEX' } = {}) {
  const venue = await insertVenue(db, opts.country ?? 'COL')
  const layout = await db
    .insertInto('layouts')
    .values({
      venue_id: venue.id,
      name: 'Pequeño',
      kind: 'Classic',
      version: 1,
      data: JSON.stringify(smallLayout()),
      seat_count: 50,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const event = await insertEvent(db, venue, { prices: [] })
  await db.updateTable('events').set({ layout_id: layout.id }).where('id', '=', event.id).execute()
  await db
    .insertInto('price_zones')
    .values([
      {
        event_id: event.id,
        name: 'Norte',
        price_amount: 8_000_000,
        capacity: null,
        section_codes: ['NORTE'],
        per_fan_max: opts.perFanMax ?? 6,
        zone_type: 'GRANDSTAND',
        numbered: true,
        color: '#1c7ed6',
        position: 0,
      },
      {
        event_id: event.id,
        name: 'General',
        price_amount: 3_000_000,
        capacity: 20,
        section_codes: ['GENERAL'],
        per_fan_max: opts.perFanMax ?? 6,
        zone_type: 'GRANDSTAND',
        numbered: false,
        color: '#2f9e44',
        position: 1,
      },
    ])
    .execute()
  await materializeEvent(db, event.id)
  return event
}

/**
 * A Colombian venue with `smallLayout()` published, made through the admin API as the back office makes them
 * (venues and layouts are the platform's: an admin's session). Answers their ids.
 */
export async function venueWithSmallLayout(
  app: FastifyInstance,
  adminCookie: string,
  name: string,
  city = 'Bogotá',
) {
  const headers = { cookie: adminCookie }
  const venue = await app.inject({
    method: 'POST',
    url: '/api/admin/venues',
    headers,
    payload: { country: 'COL', name, city, timeZone: 'America/Bogota' },
  })
  if (venue.statusCode !== 201) throw new Error(`venue: ${venue.statusCode} ${venue.body}`)
  const venueId = venue.json().id as string
  const layout = await app.inject({
    method: 'POST',
    url: '/api/admin/layouts',
    headers,
    payload: { venueId, name: 'Principal', data: smallLayout() },
  })
  if (layout.statusCode !== 201) throw new Error(`layout: ${layout.statusCode} ${layout.body}`)
  return { venueId, layoutId: layout.json().id as string }
}
