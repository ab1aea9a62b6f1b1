import { randomUUID } from 'node:crypto'
import { DomainError } from '@palco/domain/errors/domain-error'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/dialect.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { openTestDatabase } from '../../test/test-db.js'
import { holdPlaces } from './holds.service.js'

const FANS = 60

/**
 * Many real connections racing for the same seats (issue 5: "no seat is ever sold or held twice"). Runs
 * on PostgreSQL only: PGlite has one connection, so it cannot race.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('holds under contention on PostgreSQL', () => {
  let handle: DbHandle
  const users: string[] = []

  beforeAll(async () => {
    handle = await openTestDatabase('postgres')
    for (let i = 0; i < FANS; i++) {
      const id = randomUUID()
      await handle.db
        .insertInto('auth_users')
        .values({
          id,
          name: `Fan ${i}`,
          email: `race${i}@example.co`,
          emailVerified: true,
          image: null,
          phoneNumber: null,
          phoneNumberVerified: null,
          role: 'fan',
        })
        .execute()
      users.push(id)
    }
  })
  afterAll(async () => handle?.close())

  async function race<T>(fn: (user: string, i: number) => Promise<T>) {
    return Promise.allSettled(users.map((u, i) => fn(u, i)))
  }

  it('grants each numbered seat to exactly one fan, whole requests only', async () => {
    const event = await seatedEvent(handle.db, { perFanMax: 10 })
    const seatsOf = (i: number) => {
      const a = (i % 9) + 2 // B-2 … B-10: nine seats, overlapping pairs
      return [`NORTE/B-${a}`, `NORTE/B-${a === 10 ? 2 : a + 1}`]
    }
    const results = await race((user, i) =>
      holdPlaces(handle.db, event.id, { userId: user, staff: false }, { seats: seatsOf(i) }),
    )
    const granted = results.filter((r) => r.status === 'fulfilled').map((r) => r.value)
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason)
    expect(granted.length).toBeGreaterThan(0)
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(DomainError)
      expect((reason as DomainError).code).toBe('SEAT_UNAVAILABLE')
    }
    // All or nothing: every granted hold has both its seats.
    for (const g of granted) expect(g.seats).toHaveLength(2)
    const keys = granted.flatMap((g) => g.seats.map((s) => s.key))
    expect(new Set(keys).size).toBe(keys.length)
    const held = await handle.db
      .selectFrom('event_seats')
      .select(['section_code', 'place_index', 'hold_id'])
      .where('event_id', '=', event.id)
      .where('status', '=', 'HELD')
      .execute()
    expect(held).toHaveLength(keys.length)
    expect(held.length).toBeLessThanOrEqual(9)
  })

  it('never hands out more unnumbered places than the section has', async () => {
    const event = await seatedEvent(handle.db, { perFanMax: 10 })
    const results = await race((user) =>
      holdPlaces(handle.db, event.id, { userId: user, staff: false }, { section: 'GENERAL', quantity: 1 }),
    )
    const granted = results.filter((r) => r.status === 'fulfilled')
    expect(granted).toHaveLength(20)
    const count = await handle.db
      .selectFrom('event_seats')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', event.id)
      .where('section_code', '=', 'GENERAL')
      .where('status', '=', 'HELD')
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(20)
  })

  it('keeps one fan within the per-fan maximum even with parallel requests', async () => {
    const event = await seatedEvent(handle.db, { perFanMax: 4 })
    const user = users[0] as string
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        holdPlaces(handle.db, event.id, { userId: user, staff: false }, { seats: [`NORTE/C-${i + 1}`] }),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(4)
    const mine = await handle.db
      .selectFrom('event_seats')
      .innerJoin('seat_holds', 'seat_holds.id', 'event_seats.hold_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_seats.event_id', '=', event.id)
      .where('seat_holds.user_id', '=', user)
      .executeTakeFirstOrThrow()
    expect(Number(mine.n)).toBe(4)
  })
})
