import { randomUUID } from 'node:crypto'
import type { ReservationStatus } from '@palco/domain/orders/statuses'
import {
  decideHold,
  type EventHold,
  HOLD_MINUTES,
  type HoldPlace,
  type HoldRefusal,
  NEW_HOLD,
  type SeatRef,
  seatRefusal,
} from '@palco/domain/seating/hold-rules'
import { seatKeyOf } from '@palco/domain/seating/seat-key'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, DbHandle } from '../../db/dialect.js'
import { HOLD_PLACES_SQL } from '../../db/sql/hold-places.js'
import { seatedEvent, smallLayout } from '../../test/seating-fixtures.js'
import { ENGINES, openTestDatabase } from '../../test/test-db.js'
import { HoldRefused, holdPlacesAtomically } from './holds.repository.js'
import { placesOfLayout } from './inventory.repository.js'
import { parseSeatKey } from './seat-key.js'

/**
 * One table of cases for the hold rule (issue 41 part 5), run against the database's `hold_places`
 * (db/sql/hold-places.ts) on every engine and against the domain's `decideHold` (hold-rules.ts): the same
 * event (the seating fixture: NORTE rows A–C × 10 with A-1 BLOCKED and C-10 EXCLUSIVE, GENERAL 20 slots,
 * CERRADA sold by no zone), the same holds and places before, the same request, and one expected answer.
 * Times are minutes from the request's `now`; in the database every case runs in one transaction (rolled
 * back), so `now()` is the same instant for the places set up and for the rule, and 0 is the expiry instant.
 */
type Who = 'me' | 'other'

interface Case {
  name: string
  /** Holds of the event before the request, by name. */
  holds?: { name: string; of: Who; status: ReservationStatus; endsIn: number }[]
  /** Places changed from the fixture: `NORTE/B-2`, `GENERAL/UNNUMBERED-1`; a HELD place ends with its hold. */
  places?: { key: string; status: 'HELD' | 'SOLD'; hold: string }[]
  /** Each zone's per-fan maximum (the fixture's is 6). */
  perFanMax?: number
  staff?: boolean
  ask: { seats: string[] } | { section: string; quantity: number }
  expect: Answer
}

type Answer =
  | { granted: true; hold: string; created: boolean; taken: string[] }
  | { granted: false; refusal: Told }

/** A refusal as compared: seats by key and sorted, zones by name, and what the API tells the fan. */
type Told =
  | { kind: 'PLACES_NOT_TAKEN'; code: string; missed: string[] }
  | { kind: 'SLOTS_SHORT'; available: number }
  | { kind: 'MAX_PER_FAN_EXCEEDED'; zone: string | null; max: number }

const NEW = 'new'
const ok = (taken: string[], hold = NEW): Answer => ({ granted: true, hold, created: hold === NEW, taken })
const missed = (code: string, ...seats: string[]): Answer => ({
  granted: false,
  refusal: { kind: 'PLACES_NOT_TAKEN', code, missed: seats },
})
const short = (available: number): Answer => ({ granted: false, refusal: { kind: 'SLOTS_SHORT', available } })
const overMax = (zone: string, max: number): Answer => ({
  granted: false,
  refusal: { kind: 'MAX_PER_FAN_EXCEEDED', zone, max },
})
const mine = (status: ReservationStatus = 'BOOKED', endsIn = 5) => ({
  name: 'mine',
  of: 'me' as Who,
  status,
  endsIn,
})
const theirs = (endsIn = 5) => ({ name: 'theirs', of: 'other' as Who, status: 'BOOKED' as const, endsIn })
const slot = (n: number) => `GENERAL/UNNUMBERED-${n}`

const CASES: Case[] = [
  { name: 'a free seat: a new hold takes it', ask: { seats: ['NORTE/B-2'] }, expect: ok(['NORTE/B-2']) },
  {
    name: 'a seat asked twice counts once',
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3', 'NORTE/B-2'] },
    expect: ok(['NORTE/B-2', 'NORTE/B-3']),
  },
  {
    name: 'a seat in another fan’s live hold is unavailable',
    holds: [theirs()],
    places: [{ key: 'NORTE/B-2', status: 'HELD', hold: 'theirs' }],
    ask: { seats: ['NORTE/B-2'] },
    expect: missed('SEAT_UNAVAILABLE', 'NORTE/B-2 HELD'),
  },
  {
    name: 'a seat whose hold lapsed a minute ago is free, sweeper or not',
    holds: [theirs(-1)],
    places: [{ key: 'NORTE/B-2', status: 'HELD', hold: 'theirs' }],
    ask: { seats: ['NORTE/B-2'] },
    expect: ok(['NORTE/B-2']),
  },
  {
    name: 'a seat whose hold ends this instant is free (the instant included)',
    holds: [theirs(0)],
    places: [{ key: 'NORTE/B-2', status: 'HELD', hold: 'theirs' }],
    ask: { seats: ['NORTE/B-2'] },
    expect: ok(['NORTE/B-2']),
  },
  {
    name: 'my live hold grows; a seat it has is kept as it is',
    holds: [mine()],
    places: [{ key: 'NORTE/B-2', status: 'HELD', hold: 'mine' }],
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3'] },
    expect: ok(['NORTE/B-3'], 'mine'),
  },
  {
    name: 'asking again only for seats my hold has takes nothing and refuses nothing',
    holds: [mine()],
    places: [{ key: 'NORTE/B-2', status: 'HELD', hold: 'mine' }],
    ask: { seats: ['NORTE/B-2'] },
    expect: ok([], 'mine'),
  },
  {
    name: 'an ACTIVE hold (a cart built) is live and grows too',
    holds: [mine('ACTIVE')],
    ask: { seats: ['NORTE/B-3'] },
    expect: ok(['NORTE/B-3'], 'mine'),
  },
  {
    name: 'a hold whose payment started is not added to: a new hold, and its seat is not free',
    holds: [mine('STARTED_PAYMENT')],
    places: [{ key: 'NORTE/B-2', status: 'HELD', hold: 'mine' }],
    ask: { seats: ['NORTE/B-2'] },
    expect: missed('SEAT_UNAVAILABLE', 'NORTE/B-2 HELD'),
  },
  {
    name: 'my hold past its time is not added to: a new hold retakes its lapsed seat',
    holds: [mine('BOOKED', -1)],
    places: [{ key: 'NORTE/B-2', status: 'HELD', hold: 'mine' }],
    ask: { seats: ['NORTE/B-2'] },
    expect: ok(['NORTE/B-2']),
  },
  {
    name: 'a sold seat is unavailable',
    holds: [theirs()],
    places: [{ key: 'NORTE/B-2', status: 'SOLD', hold: 'theirs' }],
    ask: { seats: ['NORTE/B-2'] },
    expect: missed('SEAT_UNAVAILABLE', 'NORTE/B-2 SOLD'),
  },
  {
    name: 'a blocked seat is not selectable',
    ask: { seats: ['NORTE/A-1'] },
    expect: missed('SEAT_NOT_SELECTABLE', 'NORTE/A-1 BLOCKED BLOCKED'),
  },
  {
    name: 'an EXCLUSIVE seat is not selectable by a fan',
    ask: { seats: ['NORTE/C-10'] },
    expect: missed('SEAT_NOT_SELECTABLE', 'NORTE/C-10 AVAILABLE EXCLUSIVE'),
  },
  {
    name: 'an EXCLUSIVE seat is staff’s to hold',
    staff: true,
    ask: { seats: ['NORTE/C-10'] },
    expect: ok(['NORTE/C-10']),
  },
  {
    name: 'a seat that does not exist is not found',
    ask: { seats: ['NORTE/Z-1', 'NORTE/B-2'] },
    expect: missed('SEAT_NOT_FOUND', 'NORTE/Z-1'),
  },
  {
    name: 'a seat of a section no zone sells is not selectable',
    ask: { seats: ['CERRADA/UNNUMBERED-1'] },
    expect: missed('SEAT_NOT_SELECTABLE', 'CERRADA/UNNUMBERED-1 BLOCKED'),
  },
  {
    name: 'all or nothing: one sold seat refuses the free one with it',
    holds: [theirs()],
    places: [{ key: 'NORTE/B-3', status: 'SOLD', hold: 'theirs' }],
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3'] },
    expect: missed('SEAT_UNAVAILABLE', 'NORTE/B-3 SOLD'),
  },
  {
    name: 'over the per-fan maximum of the zone',
    perFanMax: 2,
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3', 'NORTE/B-4'] },
    expect: overMax('Norte', 2),
  },
  {
    name: 'up to the per-fan maximum exactly',
    perFanMax: 2,
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3'] },
    expect: ok(['NORTE/B-2', 'NORTE/B-3']),
  },
  {
    name: 'seats sold to me count toward the maximum',
    perFanMax: 2,
    holds: [{ name: 'paid', of: 'me', status: 'FINISHED', endsIn: -30 }],
    places: [{ key: 'NORTE/A-5', status: 'SOLD', hold: 'paid' }],
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3'] },
    expect: overMax('Norte', 2),
  },
  {
    name: 'seats of my payment under way count toward the maximum',
    perFanMax: 2,
    holds: [mine('WAITING_FOR_PAYMENT')],
    places: [
      { key: 'NORTE/A-5', status: 'HELD', hold: 'mine' },
      { key: 'NORTE/A-6', status: 'HELD', hold: 'mine' },
    ],
    ask: { seats: ['NORTE/B-2'] },
    expect: overMax('Norte', 2),
  },
  {
    name: 'seats of my lapsed hold do not count toward the maximum',
    perFanMax: 2,
    holds: [mine('BOOKED', -1)],
    places: [
      { key: 'NORTE/A-5', status: 'HELD', hold: 'mine' },
      { key: 'NORTE/A-6', status: 'HELD', hold: 'mine' },
    ],
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3'] },
    expect: ok(['NORTE/B-2', 'NORTE/B-3']),
  },
  {
    name: 'another fan’s seats do not count toward mine',
    perFanMax: 2,
    holds: [theirs()],
    places: [
      { key: 'NORTE/A-5', status: 'HELD', hold: 'theirs' },
      { key: 'NORTE/A-6', status: 'SOLD', hold: 'theirs' },
    ],
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3'] },
    expect: ok(['NORTE/B-2', 'NORTE/B-3']),
  },
  {
    name: 'staff are not held to the per-fan maximum',
    perFanMax: 2,
    staff: true,
    ask: { seats: ['NORTE/B-2', 'NORTE/B-3', 'NORTE/B-4'] },
    expect: ok(['NORTE/B-2', 'NORTE/B-3', 'NORTE/B-4']),
  },
  {
    name: 'a quantity of a section takes its first free slots',
    ask: { section: 'GENERAL', quantity: 3 },
    expect: ok([slot(1), slot(2), slot(3)]),
  },
  {
    name: 'a quantity skips taken slots and takes a lapsed one',
    holds: [theirs(), { name: 'gone', of: 'other', status: 'BOOKED', endsIn: -2 }],
    places: [
      { key: slot(1), status: 'SOLD', hold: 'theirs' },
      { key: slot(2), status: 'HELD', hold: 'gone' },
      { key: slot(3), status: 'HELD', hold: 'theirs' },
    ],
    ask: { section: 'GENERAL', quantity: 2 },
    expect: ok([slot(2), slot(4)]),
  },
  {
    name: 'a quantity larger than the free slots says how many there are',
    holds: [theirs()],
    places: Array.from({ length: 18 }, (_, i) => ({
      key: slot(i + 1),
      status: 'SOLD' as const,
      hold: 'theirs',
    })),
    ask: { section: 'GENERAL', quantity: 3 },
    expect: short(2),
  },
  {
    name: 'a quantity of a numbered section finds no slots',
    ask: { section: 'NORTE', quantity: 1 },
    expect: short(0),
  },
  {
    name: 'a quantity of a section no zone sells finds none',
    ask: { section: 'CERRADA', quantity: 1 },
    expect: short(0),
  },
  {
    name: 'a quantity over the per-fan maximum',
    perFanMax: 2,
    ask: { section: 'GENERAL', quantity: 3 },
    expect: overMax('General', 2),
  },
]

const sortedKeys = (refs: readonly SeatRef[]) => refs.map(seatKeyOf).sort()
const seatsOf = (keys: readonly string[]) => keys.map((k) => parseSeatKey(k) as SeatRef)

/** A refusal as the table states it: a missed seat is its key, then what the rule saw of it. */
function told(refusal: HoldRefusal, zoneName: (id: string | null) => string | null): Told {
  if (refusal.kind === 'SLOTS_SHORT') return refusal
  if (refusal.kind === 'MAX_PER_FAN_EXCEEDED')
    return { kind: refusal.kind, zone: zoneName(refusal.zoneId), max: refusal.max }
  const shown = seatRefusal(refusal.missed)
  return {
    kind: refusal.kind,
    code: shown.code,
    missed: shown.seats.map((m) => [seatKeyOf(m), m.status, m.restriction].filter(Boolean).join(' ')).sort(),
  }
}

describe('the hold rule in TypeScript (decideHold)', () => {
  const now = Date.parse('2025-03-05T15:00:00Z')
  const zoneOf = new Map([
    ['NORTE', 'Norte'],
    ['GENERAL', 'General'],
  ])

  function decide(c: Case): Answer {
    const holds: EventHold[] = (c.holds ?? []).map((h) => ({
      id: h.name,
      userId: h.of,
      status: h.status,
      createdAt: now - 60_000,
      expiresAt: now + h.endsIn * 60_000,
    }))
    const places: HoldPlace[] = placesOfLayout(smallLayout(), zoneOf).map((p) => {
      const changed = c.places?.find((x) => x.key === seatKeyOf(p))
      const hold = holds.find((h) => h.id === changed?.hold)
      return {
        section: p.section,
        index: p.index,
        row: p.row,
        seat: p.seat,
        restriction: p.restriction,
        zoneId: p.zoneId,
        status: changed?.status ?? (p.blocked ? 'BLOCKED' : 'AVAILABLE'),
        holdId: changed?.hold ?? null,
        holdExpiresAt: changed?.status === 'HELD' ? (hold?.expiresAt ?? null) : null,
      }
    })
    const perFanMax = new Map([...zoneOf.values()].map((z) => [z, c.perFanMax ?? 6]))
    const want = 'seats' in c.ask ? { seats: seatsOf(c.ask.seats) } : c.ask
    const d = decideHold({ places, holds, perFanMax }, { userId: 'me', staff: c.staff ?? false, want }, now)
    if (!d.granted) return { granted: false, refusal: told(d.refusal, (z) => z) }
    return {
      granted: true,
      hold: d.holdId === NEW_HOLD ? NEW : d.holdId,
      created: d.created,
      taken: sortedKeys(d.taken),
    }
  }

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(decide(c)).toEqual(c.expect)
  })
})

class RolledBack extends Error {
  constructor(readonly answer: Answer) {
    super('rolled back')
  }
}

describe.each(ENGINES)('the hold rule in the database (hold_places) on %s', (engine) => {
  let handle: DbHandle
  let eventId: string
  const users: Record<Who, string> = { me: randomUUID(), other: randomUUID() }
  const zoneNames = new Map<string, string>()

  beforeAll(async () => {
    handle = await openTestDatabase(engine)
    for (const [who, id] of Object.entries(users)) {
      await handle.db
        .insertInto('auth_users')
        .values({
          id,
          name: who,
          email: `${who}@example.co`,
          emailVerified: true,
          image: null,
          phoneNumber: null,
          phoneNumberVerified: null,
          role: 'fan',
        })
        .execute()
    }
    eventId = (await seatedEvent(handle.db)).id
    const zones = await handle.db
      .selectFrom('price_zones')
      .select(['id', 'name'])
      .where('event_id', '=', eventId)
      .execute()
    for (const z of zones) zoneNames.set(z.id, z.name)
  })
  afterAll(async () => handle?.close())

  /** The places and holds of the case, written with times from this transaction's `now()`. */
  async function setUp(trx: Db, c: Case, ids: Map<string, string>) {
    await sql`update price_zones set per_fan_max = ${c.perFanMax ?? 6} where event_id = ${eventId}`.execute(
      trx,
    )
    for (const h of c.holds ?? []) {
      ids.set(h.name, randomUUID())
      await sql`insert into seat_holds (id, event_id, user_id, status, created_at, expires_at)
        values (${ids.get(h.name)}, ${eventId}, ${users[h.of]}, ${h.status}, now() - interval '1 minute',
          now() + make_interval(secs => ${h.endsIn * 60}))`.execute(trx)
    }
    for (const p of c.places ?? []) {
      const ref = parseSeatKey(p.key) as SeatRef
      await sql`update event_seats es set status = ${p.status}, hold_id = ${ids.get(p.hold)},
          hold_expires_at = case when ${p.status} = 'HELD' then sh.expires_at end
        from seat_holds sh
        where sh.id = ${ids.get(p.hold)} and es.event_id = ${eventId}
          and es.section_code = ${ref.section} and es.row_label = ${ref.row} and es.seat_number = ${ref.seat}`.execute(
        trx,
      )
    }
  }

  async function hold(c: Case): Promise<Answer> {
    const ids = new Map<string, string>()
    const want = 'seats' in c.ask ? { seats: seatsOf(c.ask.seats) } : c.ask
    try {
      await handle.db.transaction().execute(async (trx) => {
        await setUp(trx, c, ids)
        let answer: Answer
        try {
          const r = await holdPlacesAtomically(trx, eventId, users.me, HOLD_MINUTES, c.staff ?? false, want)
          const name = [...ids].find(([, id]) => id === r.hold.id)?.[0]
          const taken = r.taken.map((t) => ({
            section: t.section_code,
            row: t.row_label,
            seat: t.seat_number,
          }))
          answer = { granted: true, hold: name ?? NEW, created: r.hold.created, taken: sortedKeys(taken) }
        } catch (err) {
          if (!(err instanceof HoldRefused)) throw err
          answer = {
            granted: false,
            refusal: told(err.refusal, (z) => (z === null ? null : (zoneNames.get(z) ?? z))),
          }
        }
        throw new RolledBack(answer)
      })
    } catch (err) {
      if (err instanceof RolledBack) return err.answer
      throw err
    }
    throw new Error('the case was not rolled back')
  }

  it('runs the body db/sql/hold-places.ts keeps', async () => {
    const { rows } = await sql<{
      def: string
    }>`select pg_get_functiondef('hold_places'::regproc) as def`.execute(handle.db)
    const body = (text: string) =>
      (text.split(/\$(?:fn|function)\$/)[1] ?? '')
        .replace(/--[^\n]*/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    expect(body(rows[0]?.def ?? '')).toBe(body(HOLD_PLACES_SQL))
    expect(body(HOLD_PLACES_SQL)).not.toBe('')
  })

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    expect(await hold(c)).toEqual(c.expect)
  })
})
