import { randomBytes, randomUUID } from 'node:crypto'
import type { PresaleRule } from '@palco/domain/checkout/presale'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

// Presales by bank card (issue 42 part 2), through the HTTP API: a tier limited to a sponsor's cards refuses
// every other method and every card outside its rule — read from the provider's description of the token, not
// from anything the browser says — and keeps the fan's hold; the sponsor's card buys.

const SITES = [
  { country: 'COL', host: 'localhost:3000', currency: 'COP', fan: 'fan@palco.co' },
  { country: 'MEX', host: 'mx.localhost:3000', currency: 'MXN', fan: 'fan@palco.mx' },
] as const

const andino: PresaleRule = {
  sponsor: 'Banco Andino',
  binRanges: [{ from: '45999910', to: '45999919' }],
  cardTypes: ['CREDIT', 'DEBIT'],
}

const CARDS = {
  sponsorCredit: '4599991000000017',
  sponsorDebit: '4599991000000058',
  sponsorPrepaid: '4599991000000074',
  other: '4509953566233704',
}

const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

describe.each(ENGINES)('bank-card presale on %s', (engine) => {
  let t: TestApp
  let admin: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    admin = await loginAs(t.app, 'admin@palco.co')
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.42.${Math.floor(++ip / 250) % 250}.${ip % 250}`

  const setPresale = (eventId: string, zoneId: string, presale: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/zones/${zoneId}/presale`,
      headers: { cookie: admin },
      payload: { presale },
    })

  /** A seated event whose Norte tier is Banco Andino's presale; General stays open to every method. */
  const presaleEvent = async (country: 'COL' | 'MEX') => {
    const event = await seatedEvent(db(), { country })
    const norte = await db()
      .selectFrom('price_zones')
      .select('id')
      .where('event_id', '=', event.id)
      .where('name', '=', 'Norte')
      .executeTakeFirstOrThrow()
    const res = await setPresale(event.id, norte.id, andino)
    expect(res.statusCode, res.body).toBe(200)
    return { event, norteId: norte.id }
  }

  const hold = async (cookie: string, host: string, eventId: string, seats: string[] | 'GENERAL') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { cookie, host },
      payload: seats === 'GENERAL' ? { eventId, section: 'GENERAL', quantity: 1 } : { eventId, seats },
      remoteAddress: addr(),
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as string
  }

  /** The card form's call: the sandbox provider's tokenization endpoint. */
  const tokenize = async (host: string, number: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/card-tokens',
      headers: { host },
      payload: { number, holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
      remoteAddress: addr(),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { token: string; card: { bin: string; type: string } }
  }

  const pay = (
    site: (typeof SITES)[number],
    cookie: string,
    reservationId: string,
    payment: Record<string, unknown>,
    expectedTotal: number,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      headers: { cookie, host: site.host },
      remoteAddress: addr(),
      payload: {
        reservationId,
        contact,
        billing,
        payment,
        expectedTotal,
        currency: site.currency,
        idempotencyKey: randomUUID(),
      },
    })

  const heldSeats = async (holdId: string) =>
    (await db().selectFrom('event_seats').select('status').where('hold_id', '=', holdId).execute()).map(
      (s) => s.status,
    )

  const orderCount = async (holdId: string) =>
    Number(
      (
        await db()
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('hold_id', '=', holdId)
          .executeTakeFirstOrThrow()
      ).n,
    )

  describe.each(SITES)('in $country', (site) => {
    it('shows card alone and the sponsor; refuses other methods and cards, keeps the hold; sells to the sponsor card', async () => {
      const fan = await loginAs(t.app, site.fan)
      const { event } = await presaleEvent(site.country)
      const id = await hold(fan, site.host, event.id, ['NORTE/A-2'])

      const cart = await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${id}`,
        headers: { cookie: fan, host: site.host },
      })
      expect(cart.statusCode, cart.body).toBe(200)
      const { total, methods, presale } = cart.json()
      expect(methods).toEqual(['CARD'])
      expect(presale).toEqual({ sponsor: 'Banco Andino', cardTypes: ['CREDIT', 'DEBIT'], rules: [andino] })

      const refused = async (payment: Record<string, unknown>, code: string, reason?: string) => {
        const res = await pay(site, fan, id, payment, total)
        expect(res.statusCode, res.body).toBe(422)
        expect(res.headers['content-type']).toContain('application/problem+json')
        const problem = res.json()
        expect(problem.code).toBe(code)
        expect(problem.detail).toContain('Banco Andino')
        if (reason) expect(problem.details).toEqual({ sponsor: 'Banco Andino', reason })
        // Nothing placed, the places still held for this fan: another card can be tried.
        expect(await orderCount(id)).toBe(0)
        expect(await heldSeats(id)).toEqual(['HELD'])
      }

      // Another method, however offered elsewhere: refused before any card is asked about.
      const network = site.country === 'MEX' ? 'oxxo' : 'cash'
      await refused({ method: 'CASH', network, walletAmount: 0 }, 'PRESALE_CARD_REQUIRED')
      // A sponsor's number tokenized in the browser alone: the provider never saw it, so it cannot say.
      const typed = tokenizeSandboxCard(
        { number: CARDS.sponsorCredit, holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
        randomBytes,
      )
      if (!typed.ok) throw new Error('tokenize failed')
      await refused(
        { method: 'CARD', cardToken: typed.token, installments: 1 },
        'PRESALE_CARD_REFUSED',
        'UNCONFIRMED',
      )
      // Another bank's card, and the sponsor's prepaid card (a type the rule leaves out).
      const other = await tokenize(site.host, CARDS.other)
      expect(other.card).toEqual({ bin: '45099535', type: 'CREDIT' })
      await refused(
        { method: 'CARD', cardToken: other.token, installments: 1 },
        'PRESALE_CARD_REFUSED',
        'BIN',
      )
      const prepaid = await tokenize(site.host, CARDS.sponsorPrepaid)
      await refused(
        { method: 'CARD', cardToken: prepaid.token, installments: 1 },
        'PRESALE_CARD_REFUSED',
        'TYPE',
      )

      const sponsor = await tokenize(site.host, CARDS.sponsorCredit)
      const paid = await pay(
        site,
        fan,
        id,
        { method: 'CARD', cardToken: sponsor.token, installments: 1 },
        total,
      )
      expect(paid.statusCode, paid.body).toBe(201)
      expect(paid.json().order).toMatchObject({ status: 'PAID', method: 'CARD' })
      expect(paid.json().order.tickets).toHaveLength(1)
      expect(await heldSeats(id)).toEqual(['SOLD'])
    })
  })

  it('sells an ordinary tier of the same event by any method, and a debit card of the sponsor pays the presale', async () => {
    const site = SITES[0]
    const fan = await loginAs(t.app, site.fan)
    const { event } = await presaleEvent('COL')
    const open = await hold(fan, site.host, event.id, 'GENERAL')
    const cart = (
      await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${open}`,
        headers: { cookie: fan, host: site.host },
      })
    ).json()
    expect(cart.presale).toBeNull()
    expect(cart.methods).toContain('CASH')
    const cash = await pay(site, fan, open, { method: 'CASH', network: 'cash', walletAmount: 0 }, cart.total)
    expect(cash.statusCode, cash.body).toBe(201)

    const id = await hold(fan, site.host, event.id, ['NORTE/A-3'])
    const total = (
      await t.app.inject({
        url: `/api/checkout-service/cart?reservation=${id}`,
        headers: { cookie: fan, host: site.host },
      })
    ).json().total
    const debit = await tokenize(site.host, CARDS.sponsorDebit)
    expect(debit.card).toEqual({ bin: '45999910', type: 'DEBIT' })
    const paid = await pay(site, fan, id, { method: 'CARD', cardToken: debit.token, installments: 1 }, total)
    expect(paid.statusCode, paid.body).toBe(201)
  })

  it('lets an admin set and clear a tier’s presale, with a field error for each broken rule', async () => {
    const { event, norteId } = await presaleEvent('COL')
    const fieldsOf = async (presale: unknown) => {
      const res = await setPresale(event.id, norteId, presale)
      expect(res.statusCode, res.body).toBe(400)
      return res.json().fields as Record<string, string>
    }
    expect(await fieldsOf({ ...andino, binRanges: [{ from: '45999', to: '45999' }] })).toMatchObject({
      'presale.binRanges.0.from': 'PRESALE_BIN_INVALID',
    })
    expect(await fieldsOf({ ...andino, binRanges: [{ from: '459999', to: '459990' }] })).toMatchObject({
      'presale.binRanges.0.to': 'PRESALE_RANGE_ORDER',
    })
    expect(await fieldsOf({ ...andino, cardTypes: [] })).toMatchObject({
      'presale.cardTypes': 'PRESALE_TYPES_REQUIRED',
    })
    const read = async () =>
      (await t.app.inject({ url: `/api/admin/events/${event.id}`, headers: { cookie: admin } })).json()
        .zones[0].presale
    expect(await read()).toEqual(andino)
    expect((await setPresale(event.id, norteId, null)).statusCode).toBe(200)
    expect(await read()).toBeNull()
    // A tier of another event is not this event's.
    const elsewhere = await seatedEvent(db())
    expect((await setPresale(elsewhere.id, norteId, andino)).statusCode).toBe(404)
    // Fans may not.
    const fan = await loginAs(t.app, 'fan@palco.co')
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event.id}/zones/${norteId}/presale`,
      headers: { cookie: fan },
      payload: { presale: andino },
    })
    expect(res.statusCode).toBe(403)
  })
})
