import { decodeRuns } from '@palco/domain/seating/availability'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import type { DbHandle } from './db/dialect.js'
import { insertEvent, insertVenue } from './test/fixtures.js'
import { seatedEvent, smallLayout } from './test/seating-fixtures.js'
import { ENGINES, openTestDatabase } from './test/test-db.js'
import { warmUp } from './warm-up.js'

const HOSTS = { COL: 'localhost:3000', MEX: 'mx.localhost:3000' } as const
const DAY = 86_400_000

// Issue 13 defect 7 / DESIGN §8: the first seat map after a start must not wait for what a start can do.
describe.each(ENGINES)('start-up warm-up on %s', (engine) => {
  let handle: DbHandle
  const apps: FastifyInstance[] = []
  /** A new process on the same database, as after a restart. */
  const start = async () => {
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db: handle })
    await app.ready()
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    handle = await openTestDatabase(engine)
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await handle?.close()
  })

  it('makes the places of a published event that has none, and leaves events that are over alone', async () => {
    // Rows written outside the admin API (an import, a start stopped between the demo catalogue and its
    // places): nothing made their places at publication.
    const venue = await insertVenue(handle.db, 'COL')
    const layout = await handle.db
      .insertInto('layouts')
      .values({
        venue_id: venue.id,
        name: 'Importado',
        kind: 'Classic',
        version: 1,
        data: JSON.stringify(smallLayout()),
        seat_count: 50,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const upcoming = await insertEvent(handle.db, venue, { prices: [] })
    const over = await insertEvent(handle.db, venue, { prices: [], startsAt: new Date(Date.now() - 2 * DAY) })
    for (const e of [upcoming, over]) {
      await handle.db.updateTable('events').set({ layout_id: layout.id }).where('id', '=', e.id).execute()
      await handle.db
        .insertInto('price_zones')
        .values({
          event_id: e.id,
          name: 'Norte',
          price_amount: 8_000_000,
          capacity: null,
          section_codes: ['NORTE'],
          per_fan_max: 6,
          zone_type: 'GRANDSTAND',
          numbered: true,
          color: '#1c7ed6',
          position: 0,
        })
        .execute()
    }
    const placesOf = async (eventId: string) =>
      (
        await handle.db
          .selectFrom('event_seats')
          .select('place_index')
          .where('event_id', '=', eventId)
          .execute()
      ).length

    const report = await warmUp(await start(), { hosts: HOSTS, web: false })
    // Every place of the layout: NORTE's 30 seats, GENERAL's 20 and CERRADA's 5 (the last two unsold).
    expect(await placesOf(upcoming.id)).toBe(55)
    expect(report.placesMade).toBeGreaterThanOrEqual(55)
    expect(await placesOf(over.id)).toBe(0)
    expect(report.failed).toBe(0)
  })

  it('answers the first seat map after a start from what the start loaded, not from the database', async () => {
    const event = await seatedEvent(handle.db)
    const warmed = await start()
    const report = await warmUp(warmed, { hosts: HOSTS, web: false })
    expect(report.seatMaps).toBeGreaterThanOrEqual(1)
    expect(report.failed).toBe(0)

    // Change the database behind the processes' backs, without a change number (no feed, no delta): only
    // an answer read from the database after this point can show it. A warmed process answers from the
    // state it loaded at start; one that did not warm reads the database for its first visitor.
    await sql`update event_seats set status = 'SOLD'
      where event_id = ${event.id} and section_code = 'NORTE' and place_index = 5`.execute(handle.db)
    await sql`update layouts set data = jsonb_set(data, '{stage,label}', '"Tarima"')
      where id = (select layout_id from events where id = ${event.id})`.execute(handle.db)
    const seatFive = async (app: FastifyInstance) => {
      const res = await app.inject({ url: `/api/seats?eventId=${event.id}`, headers: { host: HOSTS.COL } })
      expect(res.statusCode).toBe(200)
      return decodeRuns(res.json().sections.NORTE)[5]
    }

    expect(await seatFive(warmed)).toBe('A')
    const layout = await warmed.inject({
      url: `/api/event/seat-layout?eventId=${event.id}`,
      headers: { host: HOSTS.COL },
    })
    expect(layout.statusCode).toBe(200)
    expect(layout.json().layout.stage.label).toBe('Escenario')

    const cold = await start()
    expect(await seatFive(cold)).toBe('S')
  })

  it('reads live holds as held and lapsed ones as available when a new process loads an event', async () => {
    const event = await seatedEvent(handle.db)
    // Two holds written as the hold function writes them: NORTE places 2–3 for ten more minutes, place 7
    // for a hold whose time ran out a minute ago and that no sweeper has tidied yet.
    for (const [places, expires] of [
      [[2, 3], sql`now() + interval '10 minutes'`],
      [[7], sql`now() - interval '1 minute'`],
    ] as const) {
      await sql`
        with h as (
          insert into seat_holds (event_id, user_id, status, expires_at)
          values (${event.id}, null, 'BOOKED', ${expires}) returning id, expires_at
        )
        update event_seats set status = 'HELD', hold_id = h.id, hold_expires_at = h.expires_at,
               change_seq = nextval('seat_change_seq')
        from h
        where event_id = ${event.id} and section_code = 'NORTE' and place_index in (${sql.join(places)})`.execute(
        handle.db,
      )
    }
    const app = await start()
    const res = await app.inject({ url: `/api/seats?eventId=${event.id}`, headers: { host: HOSTS.COL } })
    expect(res.statusCode).toBe(200)
    const norte = decodeRuns(res.json().sections.NORTE)
    // Place 0 is A-1, blocked by the layout.
    expect(norte.slice(0, 9).join('')).toBe('BAHHAAAAA')
    expect(res.json().version).toBeGreaterThan(0)
  })
})
