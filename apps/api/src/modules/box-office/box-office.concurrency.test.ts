import { randomUUID } from 'node:crypto'
import { expectedCash } from '@palco/domain/box-office/tenders'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/dialect.js'
import { checkoutDepsOf, insertAccount } from '../../test/checkout-deps.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { openTestDatabase } from '../../test/test-db.js'
import { holdPlaces } from '../seating/holds.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { tendersOfShift } from './box-office.repository.js'
import {
  closeShift,
  collect,
  courtesyQuota,
  type Operator,
  openShift,
  reserve,
  saveCourtesyQuota,
  sell,
  voidSale,
} from './box-office.service.js'

const COUNTERS = 8
const QUOTA = 3

/**
 * Counters racing on real connections (issue 15): the last courtesies of a quota, and a double tap on
 * "charge". PostgreSQL only: PGlite has one connection, so it cannot race.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the box office under contention on PostgreSQL', () => {
  let handle: DbHandle
  let deps: CheckoutDeps
  const operators: Operator[] = []

  beforeAll(async () => {
    handle = await openTestDatabase('postgres')
    deps = checkoutDepsOf(handle.db)
    for (let i = 0; i < COUNTERS; i++) {
      const email = `counter${i}@example.co`
      const id = await insertAccount(handle.db, { name: `Taquilla ${i}`, email, role: 'operator' })
      const operator = {
        userId: id,
        email,
        address: `10.16.0.${i}`,
        channel: 'WEB_DESKTOP' as const,
        admin: false,
        scope: { all: true as const },
      }
      await openShift(handle.db, operator, 'COL', 0)
      operators.push(operator)
    }
  })
  afterAll(async () => handle?.close())

  const holdFor = async (operator: Operator, eventId: string, seat: string) => {
    const r = await holdPlaces(
      handle.db,
      eventId,
      { userId: operator.userId, staff: true },
      { seats: [seat] },
    )
    return { id: r.id, total: r.total }
  }
  const saleBody = (reservation: { id: string; total: number }, tender: object, key = randomUUID()) => ({
    reservationId: reservation.id,
    buyer: { kind: 'WALK_IN' as const, name: 'Invitado' },
    tenders: [tender as never],
    expectedTotal: reservation.total,
    currency: 'COP' as const,
    idempotencyKey: key,
  })

  it(`gives exactly ${QUOTA} courtesies when ${COUNTERS} counters race for a quota of ${QUOTA}`, async () => {
    const event = await seatedEvent(handle.db)
    const admin = { userId: randomUUID(), email: 'admin@example.co' }
    await saveCourtesyQuota(handle.db, admin, event.id, QUOTA)
    const holds = await Promise.all(operators.map((o, i) => holdFor(o, event.id, `NORTE/B-${i + 1}`)))
    const results = await Promise.allSettled(
      operators.map((o, i) =>
        sell(
          deps,
          o,
          'COL',
          saleBody(holds[i] as { id: string; total: number }, { kind: 'COURTESY', reason: 'PRESS' }),
        ),
      ),
    )
    const given = results.filter((r) => r.status === 'fulfilled')
    const refused = results.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [],
    )
    expect(given).toHaveLength(QUOTA)
    expect(refused).toEqual(Array(COUNTERS - QUOTA).fill('COURTESY_QUOTA_EXCEEDED'))
    expect(await courtesyQuota(handle.db, event.id)).toMatchObject({ quota: QUOTA, issued: QUOTA, left: 0 })
    const courtesyTickets = await handle.db
      .selectFrom('tickets')
      .select('id')
      .where('event_id', '=', event.id)
      .where('kind', '=', 'COURTESY')
      .execute()
    expect(courtesyTickets).toHaveLength(QUOTA)
  })

  it('sells once when "charge" is pressed twice with two keys for the same reservation', async () => {
    const event = await seatedEvent(handle.db)
    const operator = operators[0] as Operator
    const reservation = await holdFor(operator, event.id, 'NORTE/A-2')
    const results = await Promise.allSettled(
      [0, 1].map(() =>
        sell(deps, operator, 'COL', saleBody(reservation, { kind: 'CASH', tendered: reservation.total })),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const orders = await handle.db
      .selectFrom('orders')
      .select('status')
      .where('hold_id', '=', reservation.id)
      .execute()
    expect(orders).toEqual([{ status: 'PAID' }])
  })

  it('a close racing a sale, a void and a collection counts each of them or refuses it, 20 rounds', async () => {
    const operator = operators[COUNTERS - 1] as Operator
    const FLOAT = 500_000
    await closeShift(handle.db, operator, 0)
    for (let round = 0; round < 20; round++) {
      const event = await seatedEvent(handle.db)
      const shift = await openShift(handle.db, operator, 'COL', FLOAT)
      // Before the race: a cash sale to void, and a reservation to collect.
      const toVoid = await holdFor(operator, event.id, 'NORTE/B-1')
      const voidable = await sell(
        deps,
        operator,
        'COL',
        saleBody(toVoid, { kind: 'CASH', tendered: toVoid.total }),
      )
      const kept = await holdFor(operator, event.id, 'NORTE/B-2')
      const { tenders: _none, ...keepFor } = saleBody(kept, {})
      const until = new Date(Date.now() + 2 * 3600_000).toISOString()
      const reserved = await reserve(deps, operator, 'COL', { ...keepFor, until })
      const toSell = await holdFor(operator, event.id, 'NORTE/B-3')

      const raced = await Promise.allSettled([
        sell(deps, operator, 'COL', saleBody(toSell, { kind: 'CASH', tendered: toSell.total + 10_000 })),
        voidSale(deps, operator, 'COL', voidable.orderId),
        collect(deps, operator, 'COL', reserved.orderId, {
          tenders: [{ kind: 'CASH', tendered: kept.total }],
          idempotencyKey: randomUUID(),
        }),
        closeShift(handle.db, operator, 0),
      ])
      const refusals = raced.flatMap((r) =>
        r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [],
      )
      expect(
        refusals.every((code) => code === 'SHIFT_NOT_OPEN'),
        JSON.stringify(refusals),
      ).toBe(true)
      expect(raced[3]?.status, 'the close itself').toBe('fulfilled')

      // What the close counted is what the shift's own movements add up to, now that every one has landed.
      const closed = await handle.db
        .selectFrom('box_office_shifts')
        .selectAll()
        .where('id', '=', shift.id)
        .executeTakeFirstOrThrow()
      const tenders = await tendersOfShift(handle.db, shift.id)
      const cash = tenders
        .filter((t) => t.method === 'CASH')
        .map((t) => ({ amount: Number(t.amount), status: t.status }))
      expect(Number(closed.expected_cash), `round ${round}`).toBe(expectedCash(FLOAT, cash))
      // And no movement of the shift is later than its close.
      const moved = await handle.db
        .selectFrom('payments as p')
        .innerJoin('orders as o', 'o.id', 'p.order_id')
        .select(['p.created_at', 'p.updated_at'])
        .where((eb) => eb.or([eb('p.shift_id', '=', shift.id), eb('o.shift_id', '=', shift.id)]))
        .where('p.provider_code', '=', 'staff')
        .execute()
      const closedAt = new Date(closed.closed_at as Date).getTime()
      for (const m of moved) expect(new Date(m.updated_at).getTime()).toBeLessThanOrEqual(closedAt)
    }
  })
})
