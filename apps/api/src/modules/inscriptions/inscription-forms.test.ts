import { randomBytes, randomUUID } from 'node:crypto'
import { tokenizeSandboxCard } from '@palco/domain/checkout/sandbox-cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoCheckoutDetails } from '../../db/seed/demo-accounts.js'
import { seatedEvent } from '../../test/seating-fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

/**
 * Inscriptions through the HTTP interface (issue 17 parts 1, 2, 4, 5 and 6): the organiser's form and age
 * rules, each participant's answers saved as a draft and judged on submit, the order refused until they are,
 * one named ticket and one entry per participant, and the organiser's CSV export.
 */

const CO = 'localhost:3000'
const { contact, billing } = demoCheckoutDetails('camila.compras@example.co')
const both = (es: string, en = es) => ({ es, en })
const FORM = {
  fields: [
    { name: 'full_name', type: 'TEXT', label: both('Nombre completo', 'Full name'), required: true },
    { name: 'birth_date', type: 'DATE', label: both('Fecha de nacimiento', 'Date of birth'), required: true },
    {
      name: 'size',
      type: 'RADIO_GROUP',
      label: both('Talla', 'Size'),
      required: true,
      options: [
        { value: 'S', label: both('S') },
        { value: 'M', label: both('M') },
      ],
    },
    { name: 'team', type: 'CHECKBOX', label: both('Equipo', 'Team'), required: false },
    {
      name: 'team_name',
      type: 'TEXT',
      label: both('Nombre del equipo', 'Team name'),
      required: true,
      visibleWhen: { field: 'team', equals: true },
    },
    { name: 'secret', type: 'PASSWORD', label: both('Clave', 'Passcode'), required: false },
  ],
}

describe.each(ENGINES)('inscription forms on %s', (engine) => {
  let t: TestApp
  let fan: string
  let other: string
  let admin: string
  let ip = 0

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    fan = await registerFan(t.app, 171, CO, `fan171.${Date.now()}@example.co`)
    other = await registerFan(t.app, 172, CO, `fan172.${Date.now()}@example.co`)
    admin = await loginAs(t.app, 'admin@palco.co')
  })
  afterAll(async () => t?.close())

  const db = () => t.db.db
  const addr = () => `10.18.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = fan) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, host: CO },
      remoteAddress: addr(),
      ...(payload ? { payload } : {}),
    })
  /** A seated event whose Norte zone asks the form and takes runners 18 or older on the event's date. */
  const inscription = async () => {
    const event = await seatedEvent(db())
    const zones = await db()
      .selectFrom('price_zones')
      .select(['id', 'name'])
      .where('event_id', '=', event.id)
      .execute()
    const norte = zones.find((z) => z.name === 'Norte')?.id ?? ''
    const saved = await call(
      'PUT',
      `/api/admin/events/${event.id}/inscription-form`,
      { definition: FORM, ageRules: [{ zoneId: norte, minAge: 18, maxAge: null }] },
      admin,
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const starts = await db()
      .selectFrom('events')
      .select('starts_at')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow()
    return { eventId: event.id, startsAt: new Date(starts.starts_at) }
  }
  const hold = async (eventId: string, seats: string[]) => {
    const res = await call('POST', '/api/reservations', { eventId, seats })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as string
  }
  /** A birth date `years` years before the event's day (the birthday on it). */
  /** Born `years` before the event's own calendar day in Bogotá, where the age rule counts it (spec §5). */
  const bornYearsBefore = (day: Date, years: number) => {
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(day)
    return `${Number(local.slice(0, 4)) - years}${local.slice(4)}`
  }
  const placeOrder = async (reservationId: string) => {
    const cart = (await call('GET', `/api/checkout-service/cart?reservation=${reservationId}`)).json()
    const card = tokenizeSandboxCard(
      { number: '4509 9535 6623 3704', holderName: 'APRO', expMonth: 12, expYear: 2035, cvv: '123' },
      randomBytes,
    )
    if (!card.ok) throw new Error('tokenize failed')
    return call('POST', '/api/checkout/orders', {
      reservationId,
      contact,
      billing,
      payment: { method: 'CARD', cardToken: card.token, installments: 1, walletAmount: 0 },
      expectedTotal: cart.total,
      currency: 'COP',
      idempotencyKey: randomUUID(),
    })
  }

  it('keeps a draft, names every problem on submit, refuses the order until submitted, then names the tickets', async () => {
    const { eventId, startsAt } = await inscription()
    const reservationId = await hold(eventId, ['NORTE/A-2', 'NORTE/A-3'])
    const view = (await call('GET', `/api/checkout/inscription/form?reservation=${reservationId}`)).json()
    expect(view.definition.fields.map((f: { name: string }) => f.name)).toEqual(
      FORM.fields.map((f) => f.name),
    )
    expect(view.participants).toEqual([
      { seq: 0, zoneName: 'Norte', ageRule: { minAge: 18, maxAge: null } },
      { seq: 1, zoneName: 'Norte', ageRule: { minAge: 18, maxAge: null } },
    ])
    expect(view).toMatchObject({ saved: [{}, {}], complete: false })
    expect(
      (await call('GET', `/api/checkout-service/cart?reservation=${reservationId}`)).json(),
    ).toMatchObject({
      participantsForm: 'TO_FILL',
    })
    // Someone else's reservation is not found.
    expect(
      (await call('GET', `/api/checkout/inscription/form?reservation=${reservationId}`, undefined, other))
        .statusCode,
    ).toBe(404)

    // Not submitted: no order.
    const early = await placeOrder(reservationId)
    expect(early.statusCode).toBe(409)
    expect(early.json().code).toBe('INSCRIPTION_FORM_INCOMPLETE')

    // A draft is kept as typed, whatever it holds.
    const draft = [{ full_name: 'Ana' }, { size: 'XL' }]
    const kept = await call('PUT', '/api/checkout/inscription/form', {
      reservationId,
      participants: draft,
      submit: false,
    })
    expect(kept.json()).toMatchObject({ complete: false })
    expect(
      (await call('GET', `/api/checkout/inscription/form?reservation=${reservationId}`)).json().saved,
    ).toEqual(draft)

    // Submitted with problems: each named on its participant's field, the answers still kept.
    const wrong = [
      { full_name: 'Ana Gómez', birth_date: bornYearsBefore(startsAt, 30), size: 'M', team: true },
      { full_name: '', birth_date: bornYearsBefore(startsAt, 17), size: 'XL' },
    ]
    const refused = await call('PUT', '/api/checkout/inscription/form', {
      reservationId,
      participants: wrong,
      submit: true,
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({
      code: 'RULE_BROKEN',
      fields: {
        'participants.0.team_name': 'required',
        'participants.1.full_name': 'required',
        'participants.1.size': 'notAnOption',
      },
    })
    expect(
      (await call('GET', `/api/checkout/inscription/form?reservation=${reservationId}`)).json().saved,
    ).toEqual(wrong)
    // Under age on the event's date, once the rest is right.
    const young = [
      wrong[0],
      { full_name: 'Luis Pérez', birth_date: bornYearsBefore(startsAt, 17), size: 'S' },
    ]
    const minor = await call('PUT', '/api/checkout/inscription/form', {
      reservationId,
      participants: young,
      submit: true,
    })
    expect(minor.json().fields).toEqual({
      'participants.0.team_name': 'required',
      'participants.1.birth_date': 'ageOutOfRange',
    })

    // Right: submitted, the cart says so, and the order is placed with one named ticket per participant.
    const right = [
      {
        full_name: '=HYPERLINK("x")',
        birth_date: bornYearsBefore(startsAt, 30),
        size: 'M',
        team: true,
        team_name: 'Los Rápidos',
        secret: 'clave 123',
      },
      {
        full_name: 'Luis Pérez',
        birth_date: bornYearsBefore(startsAt, 18),
        size: 'S',
        team_name: 'hidden, dropped',
      },
    ]
    const ok = await call('PUT', '/api/checkout/inscription/form', {
      reservationId,
      participants: right,
      submit: true,
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ complete: true })
    expect(
      (await call('GET', `/api/checkout-service/cart?reservation=${reservationId}`)).json(),
    ).toMatchObject({
      participantsForm: 'FILLED',
    })
    const placed = await placeOrder(reservationId)
    expect(placed.statusCode, placed.body).toBe(201)
    const orderId = placed.json().order.id as string
    expect(placed.json().order.status).toBe('PAID')
    const tickets = (await call('GET', `/api/myPurchases/tickets?purchaseId=${orderId}`)).json().tickets as {
      holderName: string | null
    }[]
    expect(tickets.map((x) => x.holderName).sort()).toEqual(['=HYPERLINK("x")', 'Luis Pérez'])

    // The entries: answers as validated, the hidden field dropped, the passcode only as a hash.
    const entries = await db()
      .selectFrom('inscription_entries')
      .select(['seq', 'participant_name', 'answers'])
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute()
    expect(entries.map((e) => e.participant_name)).toEqual(['=HYPERLINK("x")', 'Luis Pérez'])
    const first = entries[0]?.answers as Record<string, unknown>
    expect(first.secret).toMatch(/^scrypt\$/)
    expect(first.secret).not.toContain('clave')
    expect(entries[1]?.answers).not.toHaveProperty('team_name')

    // The organiser's export: a row per participant, no passcode column, the formula defused.
    const csv = await call('GET', `/api/admin/events/${eventId}/inscriptions.csv`, undefined, admin)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toBe(
      'Compra,Estado,Categoría,Participante,Nombre completo,Fecha de nacimiento,Talla,Equipo,Nombre del equipo',
    )
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`)
    expect(csv.body).not.toContain('scrypt')
    expect((await call('GET', `/api/admin/events/${eventId}/inscriptions.csv`)).statusCode).toBe(403)
    // The back office's list: how many, and the latest named.
    const listed = await call('GET', `/api/admin/events/${eventId}/inscriptions`, undefined, admin)
    expect(listed.json().total).toBe(2)
    expect(
      listed
        .json()
        .latest.map((e: { participantName: string }) => e.participantName)
        .sort(),
    ).toEqual(['=HYPERLINK("x")', 'Luis Pérez'])
    expect(listed.json().latest[0]).toMatchObject({ status: 'PAID', zoneName: expect.any(String) })
    expect((await call('GET', `/api/admin/events/${eventId}/inscriptions`)).statusCode).toBe(403)
  })

  it('takes a file answer only for a file the fan sent for that field, and keeps it attached when sent again', async () => {
    const event = await seatedEvent(db())
    const definition = {
      fields: [
        FORM.fields[0],
        {
          name: 'certificate',
          type: 'FILE',
          label: both('Certificado', 'Certificate'),
          required: true,
          accept: ['application/pdf'],
        },
      ],
    }
    expect(
      (
        await call(
          'PUT',
          `/api/admin/events/${event.id}/inscription-form`,
          { definition, ageRules: [] },
          admin,
        )
      ).statusCode,
    ).toBe(200)
    const reservationId = await hold(event.id, ['NORTE/C-2'])
    const submit = (certificate: object) =>
      call('PUT', '/api/checkout/inscription/form', {
        reservationId,
        participants: [{ full_name: 'Ana Gómez', certificate }],
        submit: true,
      })
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
    const stranger = { uploadId: randomUUID(), name: 'x.pdf', bytes: pdf.length, type: 'application/pdf' }
    expect((await submit(stranger)).json()).toMatchObject({
      fields: { 'participants.0.certificate': 'fileNotReceived' },
    })
    // A field the form does not have takes no upload at all.
    const wrongField = await call('POST', '/api/checkout/inscription/dynamic_data/uploadUrl', {
      eventId: event.id,
      field: 'full_name',
      fileName: 'x.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    })
    expect(wrongField.statusCode).toBe(400)
    const asked = await call('POST', '/api/checkout/inscription/dynamic_data/uploadUrl', {
      eventId: event.id,
      field: 'certificate',
      fileName: 'certificado.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    })
    expect(asked.statusCode, asked.body).toBe(201)
    const { uploadId, uploadUrl } = asked.json()
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { host: CO, 'content-type': 'application/pdf' },
      remoteAddress: addr(),
      payload: pdf,
    })
    expect(put.statusCode, put.body).toBe(200)
    expect((await call('POST', `/api/uploads/${uploadId}/complete`)).statusCode).toBe(200)
    const answer = { uploadId, name: 'certificado.pdf', bytes: pdf.length, type: 'application/pdf' }
    // Another fan cannot name it.
    const theirs = await registerFan(t.app, 173, CO, `fan173.${Date.now()}@example.co`)
    const theirHold = (
      await call('POST', '/api/reservations', { eventId: event.id, seats: ['NORTE/C-3'] }, theirs)
    ).json().id
    const stolen = await call(
      'PUT',
      '/api/checkout/inscription/form',
      { reservationId: theirHold, participants: [{ full_name: 'Otra', certificate: answer }], submit: true },
      theirs,
    )
    expect(stolen.json()).toMatchObject({ fields: { 'participants.0.certificate': 'fileNotReceived' } })
    expect((await submit(answer)).json()).toMatchObject({ complete: true })
    const row = await db()
      .selectFrom('uploads')
      .select('status')
      .where('id', '=', uploadId)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('ATTACHED')
    // Sent again (the fan edited another answer): the same file is still theirs.
    expect((await submit(answer)).json()).toMatchObject({ complete: true })

    // The organiser's export names the file and links to it for a day; the link opens it without a session.
    expect((await placeOrder(reservationId)).statusCode).toBe(201)
    const csv = await call('GET', `/api/admin/events/${event.id}/inscriptions.csv`, undefined, admin)
    const [head, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(head).toBe(
      'Compra,Estado,Categoría,Participante,Nombre completo,Certificado,Certificado (enlace por 24 horas)',
    )
    const link = line?.split(',').at(-1) ?? ''
    expect(line).toContain(',certificado.pdf,')
    expect(link).toMatch(
      new RegExp(`^http://${CO.replace('.', '\\.')}/api/uploads/${uploadId}/file\\?token=`),
    )
    const opened = await t.app.inject({
      url: new URL(link).pathname + new URL(link).search,
      headers: { host: CO },
    })
    expect(opened.statusCode).toBe(200)
    expect(opened.rawPayload.equals(pdf)).toBe(true)
  })

  it('replaces an unfinished sign-up chosen again instead of piling its places up, in two tabs too, and adds only when asked', async () => {
    const { eventId } = await inscription()
    const signUp = (quantity: number, replace?: boolean) =>
      call('POST', '/api/reservations', {
        eventId,
        section: 'GENERAL',
        quantity,
        ...(replace === undefined ? {} : { replace }),
      })
    const heldPlaces = async () =>
      Number(
        (
          await db()
            .selectFrom('event_seats')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('event_id', '=', eventId)
            .where('status', '=', 'HELD')
            .executeTakeFirstOrThrow()
        ).n,
      )
    const first = await signUp(2, true)
    expect(first.statusCode, first.body).toBe(201)
    // Back from the form, "General × 2" again: two places and two participants, not four.
    const again = await signUp(2, true)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toMatchObject({ total: 2 * 3_000_000 })
    expect(again.json().seats).toHaveLength(2)
    expect((await call('GET', `/api/reservations/${first.json().id}`)).json()).toMatchObject({
      status: 'CANCELLED',
      seats: [],
    })
    const form = await call('GET', `/api/checkout/inscription/form?reservation=${again.json().id}`)
    expect(form.json().participants).toHaveLength(2)
    expect(await heldPlaces()).toBe(2)
    // Up to the per-person maximum (6) whatever was chosen before, since the earlier choice is given back.
    expect((await signUp(6, true)).json().seats).toHaveLength(6)
    expect(await heldPlaces()).toBe(6)
    // Two tabs choosing at once: one choice stands, alone.
    const tabs = await Promise.all([signUp(3, true), signUp(3, true)])
    expect(tabs.map((r) => r.statusCode)).toEqual([201, 201])
    expect(await heldPlaces()).toBe(3)
    const live = (await call('GET', `/api/reservations?eventId=${eventId}`)).json().reservation
    expect(live.seats).toHaveLength(3)
    // Adding is the fan's explicit choice, and the maximum still counts what is held.
    const added = await signUp(1)
    expect(added.json().seats).toHaveLength(4)
    const over = await signUp(3)
    expect(over.statusCode).toBe(422)
    expect(over.json()).toMatchObject({ code: 'MAX_PER_FAN_EXCEEDED', details: { max: 6 } })
    expect(await heldPlaces()).toBe(4)
  })

  it('refuses a form with a cycle of conditions, an age rule without a birth date, and anyone but an admin', async () => {
    const event = await seatedEvent(db())
    const zone = await db()
      .selectFrom('price_zones')
      .select('id')
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow()
    const url = `/api/admin/events/${event.id}/inscription-form`
    const cycle = {
      fields: [
        { name: 'a', type: 'CHECKBOX', label: both('A'), visibleWhen: { field: 'b', equals: true } },
        { name: 'b', type: 'CHECKBOX', label: both('B'), visibleWhen: { field: 'a', equals: true } },
      ],
    }
    const looped = await call('PUT', url, { definition: cycle, ageRules: [] }, admin)
    expect(looped.statusCode).toBe(400)
    expect(looped.json().code).toBe('VALIDATION_FAILED')
    const noBirth = await call(
      'PUT',
      url,
      { definition: { fields: [FORM.fields[0]] }, ageRules: [{ zoneId: zone.id, minAge: 18, maxAge: null }] },
      admin,
    )
    expect(noBirth.statusCode).toBe(422)
    expect(noBirth.json().fields).toEqual({ ageRules: 'birthDateFieldRequired' })
    expect((await call('PUT', url, { definition: FORM, ageRules: [] })).statusCode).toBe(403)
    expect((await call('GET', url, undefined, admin)).json()).toEqual({ definition: null })
    // An event without a form: the cart asks nothing, and the order goes through as before.
    const reservationId = await hold(event.id, ['NORTE/B-2'])
    expect(
      (await call('GET', `/api/checkout-service/cart?reservation=${reservationId}`)).json().participantsForm,
    ).toBe('NONE')
    expect((await placeOrder(reservationId)).json().order.status).toBe('PAID')
  })
})
