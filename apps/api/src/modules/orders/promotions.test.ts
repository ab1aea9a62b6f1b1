import { randomBytes, randomUUID } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { DomainError } from '@palco/domain/errors/domain-error'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { venueWithSmallLayout } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { createPromoBatch } from './promotions.service.js'

/**
 * Issue 43 part 5 through HTTP: organisers' staff make promo codes for their own events (one, or 1,000 at once),
 * list them with their uses, change their caps, validity and switch; bad values are refused on their field with
 * nothing written; another organiser's codes and events are out of reach; a fan redeems a new code at checkout.
 */

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
const CO = 'localhost:3000'
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

describe.each(ENGINES)('promo codes in the back office on %s', (engine) => {
  let t: TestApp
  let admin: string
  let club: string
  let eventos: string
  let fan: string
  let venueId: string
  let layoutId: string
  let eventA: { id: string; zoneIds: string[]; organiserId: string }
  let eventA2: { id: string; zoneIds: string[] }
  let eventB: { id: string; zoneIds: string[] }
  let n = 0
  let ip = 0

  const call = (method: Method, url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, host: CO },
      remoteAddress: `10.43.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
      ...(payload ? { payload } : {}),
    })

  const eventBody = () => {
    const start = Date.now() + 20 * DAY
    return {
      country: 'COL',
      type: 'FOOTBALL',
      slug: `promo-partido-${++n}`,
      name: `Partido ${n}`,
      venueId,
      layoutId,
      startsAt: iso(start),
      endsAt: iso(start + 2 * 3_600_000),
      onSaleAt: iso(Date.now() - DAY),
      offSaleAt: iso(start),
      zones: [
        { name: 'Norte', price: 8_000_000, sectionCodes: ['NORTE'] },
        { name: 'General', price: 3_000_000, sectionCodes: ['GENERAL'], numbered: false },
      ],
    }
  }
  const publishedEvent = async (cookie: string) => {
    const made = await call('POST', '/api/admin/events', cookie, eventBody())
    expect(made.statusCode, made.body).toBe(201)
    const published = await call('POST', `/api/admin/events/${made.json().id}/publish`, cookie)
    expect(published.statusCode, published.body).toBe(200)
    return made.json()
  }
  const codeBody = (over: Record<string, unknown> = {}) => ({
    code: `CLUB${++n}`,
    kind: 'PERCENT',
    percentBps: 1_000,
    eventIds: [eventA.id],
    ...over,
  })
  const countCodes = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('promo_codes')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const card = () => {
    const r = tokenizeSandboxCard(
      { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
      randomBytes,
    )
    if (!r.ok) throw new Error('tokenize failed')
    return r.token
  }
  /** The fan holds a seat of the event, applies the code and pays by card: the order as answered. */
  const buyWith = async (eventId: string, seat: string, code: string) => {
    const held = await call('POST', '/api/reservations', fan, { eventId, seats: [seat] })
    expect(held.statusCode, held.body).toBe(201)
    const reservationId = held.json().id as string
    const applied = await call('POST', '/api/checkout-service/cart/promo', fan, { reservationId, code })
    expect(applied.statusCode, applied.body).toBe(200)
    const cart = applied.json()
    const paid = await call('POST', '/api/checkout/orders', fan, {
      reservationId,
      contact,
      billing,
      payment: { method: 'CARD', cardToken: card(), installments: 1, walletAmount: 0 },
      expectedTotal: cart.total,
      currency: 'COP',
      idempotencyKey: randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    return { cart, order: paid.json().order }
  }

  beforeAll(async () => {
    t = await openTestApp(engine, {
      demoAccounts: true,
      env: { DATA_DIR: path.join(os.tmpdir(), `palco-promos-${Date.now()}`) },
    })
    admin = await loginAs(t.app, 'admin@palco.co')
    club = await loginAs(t.app, 'club@palco.co')
    eventos = await loginAs(t.app, 'eventos@palco.co')
    fan = await loginAs(t.app, 'fan@palco.co')
    ;({ venueId, layoutId } = await venueWithSmallLayout(t.app, admin, 'Estadio de Descuentos', 'Medellín'))
    eventA = await publishedEvent(club)
    eventA2 = await publishedEvent(club)
    eventB = await publishedEvent(eventos)
  })
  afterAll(async () => t?.close())

  it('makes one code for the organiser’s own tier, lists it with its uses, and a fan redeems it at checkout', async () => {
    const norte = eventA.zoneIds[0] as string
    const made = await call(
      'POST',
      '/api/admin/promo-codes',
      club,
      codeBody({ code: ' hinchas-2026 ', percentBps: 2_500, zoneIds: [norte], maxUses: 3, maxUsesPerFan: 1 }),
    )
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({
      code: 'HINCHAS-2026',
      country: 'COL',
      kind: 'PERCENT',
      percentBps: 2_500,
      amount: null,
      eventIds: [eventA.id],
      zoneIds: [norte],
      uses: 0,
      remaining: 3,
      state: 'ACTIVE',
      organiserId: eventA.organiserId,
      batchId: null,
    })
    const { cart, order } = await buyWith(eventA.id, 'NORTE/A-2', 'hinchas-2026')
    expect(cart.promoCode).toEqual({ code: 'HINCHAS-2026', discount: 2_000_000 })
    expect(order).toMatchObject({ status: 'PAID', discount: 2_000_000 })
    const list = await call('GET', '/api/admin/promo-codes?q=hinchas', club)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json()).toMatchObject({ total: 1, page: 0, size: 20 })
    expect(list.json().items[0]).toMatchObject({ code: 'HINCHAS-2026', uses: 1, remaining: 2 })
    // The same fan cannot use a once-per-fan code twice.
    const again = await call('POST', '/api/reservations', fan, { eventId: eventA.id, seats: ['NORTE/A-3'] })
    const refused = await call('POST', '/api/checkout-service/cart/promo', fan, {
      reservationId: again.json().id,
      code: 'HINCHAS-2026',
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'PROMO_CODE_ALREADY_USED',
      fields: { code: 'PROMO_CODE_ALREADY_USED' },
    })
    // Filtered by event: the other event has none.
    expect((await call('GET', `/api/admin/promo-codes?eventId=${eventA2.id}`, club)).json().total).toBe(0)
  })

  it('makes 1,000 codes at once, all different, downloadable as CSV, and a fan redeems one', async () => {
    const before = await countCodes()
    const made = await call(
      'POST',
      '/api/admin/promo-codes/batch',
      club,
      codeBody({
        code: undefined,
        prefix: 'socios',
        count: 1_000,
        label: 'Socios 2026',
        kind: 'FIXED',
        percentBps: null,
        amount: 1_000_000,
        maxUsesPerFan: 1,
      }),
    )
    expect(made.statusCode, made.body).toBe(201)
    const batch = made.json()
    expect(batch).toMatchObject({ label: 'Socios 2026', count: 1_000 })
    expect(new Set(batch.codes).size).toBe(1_000)
    for (const code of batch.codes) expect(code).toMatch(/^SOCIOS-[A-Z2-9]{8}$/)
    expect(await countCodes()).toBe(before + 1_000)
    const page = await call('GET', `/api/admin/promo-codes?batchId=${batch.batchId}&page=2&size=100`, club)
    expect(page.json()).toMatchObject({ total: 1_000, page: 2, size: 100 })
    expect(page.json().items).toHaveLength(100)
    expect(page.json().items[0]).toMatchObject({
      kind: 'FIXED',
      amount: 1_000_000,
      currency: 'COP',
      batchLabel: 'Socios 2026',
    })
    const csv = await call('GET', `/api/admin/promo-codes/batches/${batch.batchId}/codes.csv`, club)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('promo-Socios-2026.csv')
    const lines = csv.body.trim().split('\r\n')
    expect(lines).toHaveLength(1_001)
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual([...batch.codes].sort())
    const { order } = await buyWith(eventA.id, 'NORTE/B-4', (batch.codes[7] as string).toLowerCase())
    expect(order).toMatchObject({ status: 'PAID', discount: 1_000_000 })
    const used = (await call('GET', `/api/admin/promo-codes?q=${batch.codes[7]}`, club)).json()
    expect(used.items[0]).toMatchObject({ uses: 1, remaining: null })
  })

  it('refuses each bad value on its field and writes nothing', async () => {
    const before = await countCodes()
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ code: 'AB' }, 400, 'code', 'promoCodeFormat'],
      [{ code: 'DOS PALABRAS' }, 400, 'code', 'promoCodeFormat'],
      [{ percentBps: 0 }, 400, 'percentBps', 'percentRange'],
      [{ percentBps: 10_100 }, 400, 'percentBps', 'percentRange'],
      [{ kind: 'FIXED', percentBps: null, amount: 0 }, 400, 'amount', 'amountPositive'],
      [{ kind: 'FIXED', percentBps: null, amount: 99.5 }, 400, 'amount', 'amountPositive'],
      [{ maxUses: 0 }, 400, 'maxUses', 'maxUsesMin'],
      [{ kind: 'FIXED', percentBps: null }, 422, 'amount', 'required'],
      [{ percentBps: null }, 422, 'percentBps', 'required'],
      [{ startsAt: iso(Date.now() + DAY), endsAt: iso(Date.now()) }, 422, 'endsAt', 'endBeforeStart'],
      [{ maxUses: 2, maxUsesPerFan: 5 }, 422, 'maxUsesPerFan', 'perFanAboveMax'],
      [{ eventIds: [] }, 422, 'eventIds', 'eventsRequired'],
      [{ eventIds: [randomUUID()] }, 422, 'eventIds', 'unknownEvent'],
      [{ eventIds: [eventB.id] }, 422, 'eventIds', 'unknownEvent'],
      [{ zoneIds: [eventA2.zoneIds[0]] }, 422, 'zoneIds', 'zoneNotOfEvents'],
      [{ code: 'hinchas-2026' }, 409, 'code', 'promoCodeTaken'],
    ]
    for (const [over, status, field, rule] of cases) {
      const res = await call('POST', '/api/admin/promo-codes', club, codeBody(over))
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(status)
      expect(res.json().fields?.[field], JSON.stringify(over)).toBe(rule)
    }
    // A batch with a broken rule writes none of its codes.
    const batch = await call(
      'POST',
      '/api/admin/promo-codes/batch',
      club,
      codeBody({ code: undefined, prefix: 'MALO', count: 50, maxUses: 1, maxUsesPerFan: 2 }),
    )
    expect(batch.statusCode).toBe(422)
    expect(batch.json()).toMatchObject({ code: 'RULE_BROKEN', fields: { maxUsesPerFan: 'perFanAboveMax' } })
    const tooMany = await call(
      'POST',
      '/api/admin/promo-codes/batch',
      club,
      codeBody({ code: undefined, prefix: 'MALO', count: 1_001 }),
    )
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().fields).toEqual({ count: 'batchSize' })
    expect(await countCodes()).toBe(before)
  })

  it('writes no code of a batch whose codes cannot all be drawn', async () => {
    const before = await countCodes()
    const taken = await call('POST', '/api/admin/promo-codes', club, codeBody({ code: 'FIJO-AAAAAAAA' }))
    expect(taken.statusCode, taken.body).toBe(201)
    // A source of randomness that only ever draws the code that is taken.
    const stuck = (size: number) => new Uint8Array(size)
    const user = await t.db.db
      .selectFrom('auth_users')
      .select('id')
      .where('email', '=', 'club@palco.co')
      .executeTakeFirstOrThrow()
    const refused = await createPromoBatch(
      t.db.db,
      { userId: user.id, email: 'club@palco.co' },
      { all: false, organiserIds: [eventA.organiserId] },
      'COL',
      {
        prefix: 'FIJO',
        count: 2,
        label: null,
        kind: 'PERCENT',
        percentBps: 500,
        amount: null,
        startsAt: null,
        endsAt: null,
        maxUses: null,
        maxUsesPerFan: null,
        eventIds: [eventA.id],
        zoneIds: [],
        active: true,
      },
      stuck,
    ).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(DomainError)
    expect(refused).toMatchObject({ code: 'CONFLICT', fields: { prefix: 'promoPrefixCrowded' } })
    expect(await countCodes()).toBe(before + 1)
  })

  it('keeps another organiser’s codes and events out of reach', async () => {
    const theirs = await call(
      'POST',
      '/api/admin/promo-codes',
      eventos,
      codeBody({ code: 'SOLO-EVENTOS', eventIds: [eventB.id] }),
    )
    expect(theirs.statusCode, theirs.body).toBe(201)
    const id = theirs.json().id
    expect((await call('PATCH', `/api/admin/promo-codes/${id}`, club, { active: false })).statusCode).toBe(
      404,
    )
    expect((await call('DELETE', `/api/admin/promo-codes/${id}`, club)).statusCode).toBe(404)
    const mine = await call('GET', '/api/admin/promo-codes?size=100', club)
    expect(mine.body).not.toContain('SOLO-EVENTOS')
    expect((await call('GET', `/api/admin/promo-codes?eventId=${eventB.id}`, club)).json().total).toBe(0)
    const targets = (await call('GET', '/api/admin/promo-codes/targets', club)).json()
    expect(targets).toMatchObject({ currency: 'COP', countryWide: false })
    expect(targets.events.map((e: { id: string }) => e.id)).toEqual(
      expect.arrayContaining([eventA.id, eventA2.id]),
    )
    expect(JSON.stringify(targets)).not.toContain(eventB.id)
    // A code naming the events of two organisers is nobody's: the admin is told so on the field.
    const mixed = await call(
      'POST',
      '/api/admin/promo-codes',
      admin,
      codeBody({ eventIds: [eventA.id, eventB.id] }),
    )
    expect(mixed.statusCode).toBe(422)
    expect(mixed.json().fields).toEqual({ eventIds: 'mixedOrganisers' })
    // The platform admin sees both organisers' codes; a fan none.
    expect((await call('GET', '/api/admin/promo-codes?q=solo-eventos', admin)).json().total).toBe(1)
    expect((await call('GET', '/api/admin/promo-codes?q=hinchas-2026', admin)).json().total).toBe(1)
    expect((await call('GET', '/api/admin/promo-codes', fan)).statusCode).toBe(403)
    expect((await call('POST', '/api/admin/promo-codes', fan, codeBody())).statusCode).toBe(403)
  })

  it('lets only a platform admin make a code for every event of the country', async () => {
    const made = await call(
      'POST',
      '/api/admin/promo-codes',
      admin,
      codeBody({ code: 'TODO-EL-PAIS', eventIds: [] }),
    )
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ eventIds: [], organiserId: null })
    expect((await call('GET', '/api/admin/promo-codes?q=TODO-EL', club)).json().total).toBe(0)
    expect((await call('GET', '/api/admin/promo-codes/targets', admin)).json().countryWide).toBe(true)
  })

  it('changes caps, validity and switch; never below the uses; a used code is deactivated, not deleted', async () => {
    const code = (await call('GET', '/api/admin/promo-codes?q=HINCHAS-2026', club)).json().items[0]
    const url = `/api/admin/promo-codes/${code.id}`
    const below = await call('PATCH', url, club, { maxUses: 0 })
    expect(below.statusCode).toBe(400)
    const belowUses = await call('PATCH', url, club, { maxUses: 1, maxUsesPerFan: 1 })
    expect(belowUses.statusCode, belowUses.body).toBe(200)
    expect(belowUses.json()).toMatchObject({ maxUses: 1, uses: 1, remaining: 0, state: 'EXHAUSTED' })
    // A code with two orders holding it cannot be capped at one.
    const twice = await call(
      'POST',
      '/api/admin/promo-codes',
      club,
      codeBody({ code: 'DOBLE', eventIds: [eventA2.id], maxUses: 5 }),
    )
    await buyWith(eventA2.id, 'NORTE/C-1', 'DOBLE')
    await buyWith(eventA2.id, 'NORTE/C-2', 'DOBLE')
    const capped = await call('PATCH', `/api/admin/promo-codes/${twice.json().id}`, club, { maxUses: 1 })
    expect(capped.statusCode, capped.body).toBe(422)
    expect(capped.json().fields).toEqual({ maxUses: 'belowUses' })
    const ends = iso(Date.now() + 30 * DAY)
    const window = await call('PATCH', url, club, { startsAt: iso(Date.now() + 40 * DAY), endsAt: ends })
    expect(window.statusCode).toBe(422)
    expect(window.json().fields).toEqual({ endsAt: 'endBeforeStart' })
    const perFan = await call('PATCH', url, club, { maxUsesPerFan: 2 })
    expect(perFan.statusCode).toBe(422)
    expect(perFan.json().fields).toEqual({ maxUsesPerFan: 'perFanAboveMax' })
    const used = await call('DELETE', url, club)
    expect(used.statusCode).toBe(409)
    const off = await call('PATCH', url, club, { active: false, maxUses: 5, endsAt: ends })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toMatchObject({
      active: false,
      state: 'INACTIVE',
      maxUses: 5,
      remaining: 4,
      endsAt: ends,
    })
    // A fan is told the code does not apply any more.
    const held = await call('POST', '/api/reservations', fan, { eventId: eventA.id, seats: ['NORTE/C-3'] })
    const refused = await call('POST', '/api/checkout-service/cart/promo', fan, {
      reservationId: held.json().id,
      code: 'HINCHAS-2026',
    })
    expect(refused.json().code).toBe('PROMO_CODE_INVALID')
    // An unused one may be deleted.
    const typo = await call('POST', '/api/admin/promo-codes', club, codeBody({ code: 'HINCHAZ' }))
    expect((await call('DELETE', `/api/admin/promo-codes/${typo.json().id}`, club)).statusCode).toBe(204)
    expect((await call('GET', '/api/admin/promo-codes?q=HINCHAZ', club)).json().total).toBe(0)
  })
})
