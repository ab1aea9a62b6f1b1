import { randomBytes, randomUUID } from 'node:crypto'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { DomainError } from '@palco/domain/errors/domain-error'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/dialect.js'
import { checkoutDepsOf, insertAccount } from '../../test/checkout-deps.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { openTestDatabase } from '../../test/test-db.js'
import { applyPromo } from '../orders/cart.service.js'
import { holdPlaces } from '../seating/holds.service.js'
import type { CheckoutDeps } from '../settlement/settlement.service.js'
import { placeOrder } from './checkout.service.js'

const FANS = 40
const LIMIT = 7

const token = () => {
  const r = tokenizeSandboxCard(
    { number: '4509953566233704', holderName: 'APRO', expMonth: 1, expYear: 2040, cvv: '123' },
    randomBytes,
  )
  if (!r.ok) throw new Error('tokenize')
  return r.token
}
const body = (reservationId: string, expectedTotal: number, key = randomUUID()) => ({
  reservationId,
  contact: { firstName: 'Fan', lastName: 'Carrera', email: 'carrera@example.co', phone: '+573001234567' },
  billing: { fullName: 'Fan Carrera', documentType: 'CC' as const, documentNumber: '12345678' },
  payment: { method: 'CARD' as const, cardToken: token(), installments: 1, walletAmount: 0 },
  expectedTotal,
  currency: 'COP' as const,
  idempotencyKey: key,
})

/**
 * Real connections racing (issue 6: "a limited code is never over-used", "a double-submitted pay button →
 * one order"). PostgreSQL only: PGlite has one connection, so it cannot race.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('checkout under contention on PostgreSQL', () => {
  let handle: DbHandle
  let deps: CheckoutDeps
  const users: string[] = []

  beforeAll(async () => {
    handle = await openTestDatabase('postgres')
    deps = checkoutDepsOf(handle.db)
    for (let i = 0; i < FANS; i++) {
      users.push(
        await insertAccount(handle.db, { name: `Fan ${i}`, email: `promo-race${i}@example.co`, role: 'fan' }),
      )
    }
  })
  afterAll(async () => handle?.close())

  it(`lets exactly ${LIMIT} of ${FANS} racing fans redeem a code limited to ${LIMIT} uses`, async () => {
    // Two small events: each GENERAL section has 20 places, one per fan.
    const events = [
      await seatedEvent(handle.db, { perFanMax: 50 }),
      await seatedEvent(handle.db, { perFanMax: 50 }),
    ]
    const code = `RACE${randomUUID().slice(0, 6).toUpperCase()}`
    await handle.db
      .insertInto('promo_codes')
      .values({
        country: 'COL',
        code,
        kind: 'PERCENT',
        percent_bps: 5000,
        amount: null,
        currency: null,
        starts_at: null,
        ends_at: null,
        max_uses: LIMIT,
        max_uses_per_fan: null,
      })
      .execute()
    // Every fan holds a place and applies the code (applying is not a use; paying is).
    const carts = []
    for (const [i, user] of users.entries()) {
      const event = events[i % 2] as { id: string }
      const view = await holdPlaces(
        handle.db,
        event.id,
        { userId: user, staff: false },
        { section: 'GENERAL', quantity: 1 },
      )
      carts.push({ user, cart: await applyPromo(handle.db, user, view.id, code) })
    }
    expect(carts).toHaveLength(FANS)
    const results = await Promise.allSettled(
      carts.map(({ user, cart }) => placeOrder(deps, { userId: user }, body(cart.reservationId, cart.total))),
    )
    const ok = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason)
    expect(ok).toHaveLength(LIMIT)
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(DomainError)
      expect((reason as DomainError).code).toBe('PROMO_CODE_EXHAUSTED')
    }
    const promo = await handle.db
      .selectFrom('promo_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
    expect(promo.uses).toBe(LIMIT)
    const paid = await handle.db
      .selectFrom('orders')
      .select('id')
      .where('promo_code', '=', code)
      .where('status', '=', 'PAID')
      .execute()
    expect(paid).toHaveLength(LIMIT)
  })

  it('turns parallel pay requests on one reservation into one order and one charge', async () => {
    const event = await seatedEvent(handle.db)
    const user = users[0] as string
    const view = await holdPlaces(
      handle.db,
      event.id,
      { userId: user, staff: false },
      { seats: ['NORTE/A-2', 'NORTE/A-3'] },
    )
    const sameKey = randomUUID()
    const attempts = [
      ...Array.from({ length: 5 }, () => body(view.id, view.total, sameKey)),
      ...Array.from({ length: 5 }, () => body(view.id, view.total)),
    ]
    const results = await Promise.allSettled(attempts.map((b) => placeOrder(deps, { userId: user }, b)))
    const orders = await handle.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('hold_id', '=', view.id)
      .execute()
    expect(orders).toHaveLength(1)
    expect(orders[0]?.status).toBe('PAID')
    for (const r of results) {
      if (r.status === 'fulfilled') expect(r.value.order.id).toBe(orders[0]?.id)
      else expect((r.reason as DomainError).code).toBe('ORDER_NOT_PAYABLE')
    }
    const charges = await handle.db
      .selectFrom('sandbox_payments as s')
      .innerJoin('payments as p', 'p.id', 's.payment_id')
      .select('s.id')
      .where('p.order_id', '=', orders[0]?.id ?? '')
      .execute()
    expect(charges).toHaveLength(1)
    const tickets = await handle.db
      .selectFrom('tickets')
      .select('id')
      .where('event_id', '=', event.id)
      .execute()
    expect(tickets).toHaveLength(2)
  })
})
