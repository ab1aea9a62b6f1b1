import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/dialect.js'
import { checkoutDepsOf, insertAccount } from '../../test/checkout-deps.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { openTestDatabase } from '../../test/test-db.js'
import type { CheckoutDeps } from '../checkout/settlement.service.js'
import { holdPlaces } from '../seating/holds.service.js'
import { courtesyQuota, type Operator, openShift, saveCourtesyQuota, sell } from './box-office.service.js'

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
})
