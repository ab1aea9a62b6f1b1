import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

describe.each(ENGINES)('an organiser’s owners manage its staff on %s (issue 43 part 1)', (engine) => {
  let t: TestApp
  let admin: string
  let owner: string
  let otherOwner: string
  let box: string
  let league: string
  let promoter: string
  let n = 0

  const call = (method: Method, url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
  const staffUrl = (organiserId: string) => `/api/backoffice/organisers/${organiserId}/staff`
  const put = (cookie: string, email: string, role: string, organiserId = league) =>
    call('PUT', staffUrl(organiserId), cookie, { email, role })
  const newFan = async () => {
    const email = `personal${++n}.${Date.now()}@example.co`
    const cookie = await registerFan(t.app, 900 + n, 'localhost:3000', email)
    return { email, cookie }
  }
  const idOf = async (email: string) => {
    const list = (await call('GET', staffUrl(league), owner)).json().staff as {
      userId: string
      email: string
    }[]
    return list.find((s) => s.email === email)?.userId as string
  }

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    admin = await loginAs(t.app, 'admin@palco.co')
    owner = await loginAs(t.app, 'club@palco.co')
    otherOwner = await loginAs(t.app, 'eventos@palco.co')
    box = await loginAs(t.app, 'taquilla.club@palco.co')
    const mine = (await call('GET', '/api/backoffice/organisers', owner)).json().organisers
    league = mine[0].id
    promoter = (await call('GET', '/api/backoffice/organisers', otherOwner)).json().organisers[0].id
  })
  afterAll(async () => t?.close())

  it('lists the staff with their roles, to owners only', async () => {
    const res = await call('GET', staffUrl(league), owner)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'club@palco.co', role: 'owner' }),
        expect.objectContaining({ email: 'taquilla.club@palco.co', role: 'box_office' }),
      ]),
    )
    expect((await call('GET', staffUrl(league), box)).statusCode).toBe(403)
    expect((await call('GET', staffUrl(league), otherOwner)).statusCode).toBe(404)
    expect((await call('GET', staffUrl(promoter), owner)).statusCode).toBe(404)
  })

  it('adds a fan as read-only, who then reads the league’s events and no more; a new role or removal applies at once', async () => {
    const fan = await newFan()
    expect((await call('GET', '/api/admin/events', fan.cookie)).statusCode).toBe(403)
    const added = await put(owner, fan.email.toUpperCase(), 'read_only')
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toMatchObject({ email: fan.email, role: 'read_only' })
    const events = await call('GET', '/api/admin/events', fan.cookie)
    expect(events.statusCode, events.body).toBe(200)
    expect((await call('GET', '/api/backoffice/organisers', fan.cookie)).json().organisers).toEqual([
      expect.objectContaining({ id: league, role: 'read_only' }),
    ])
    // Reading is not managing.
    expect((await put(fan.cookie, 'fan@palco.co', 'owner')).statusCode).toBe(403)

    // Box office: an operator, who opens the assistant for the league's events.
    expect((await put(owner, fan.email, 'box_office')).json().role).toBe('box_office')
    const sells = await call('GET', '/api/assistant/events', fan.cookie)
    expect(sells.statusCode, sells.body).toBe(200)
    expect(sells.json().all).toBe(false)
    expect((await call('GET', staffUrl(league), fan.cookie)).statusCode).toBe(403)

    // An open shift keeps them at the counter until its drawer is counted.
    const shift = await call('POST', '/api/assistant/shift', fan.cookie, { openingFloat: 0 })
    expect(shift.statusCode, shift.body).toBe(201)
    const whileOpen = await call('DELETE', `${staffUrl(league)}/${added.json().userId}`, owner)
    expect(whileOpen.json()).toMatchObject({ code: 'OPERATOR_SHIFT_OPEN' })
    expect((await put(owner, fan.email, 'manager')).json()).toMatchObject({ code: 'OPERATOR_SHIFT_OPEN' })
    const closed = await call('POST', '/api/assistant/shift/close', fan.cookie, { countedCash: 0 })
    expect(closed.statusCode, closed.body).toBe(200)

    const removed = await call('DELETE', `${staffUrl(league)}/${added.json().userId}`, owner)
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await call('GET', '/api/assistant/events', fan.cookie)).statusCode).toBe(403)
    expect((await call('GET', '/api/admin/events', fan.cookie)).statusCode).toBe(403)
    const session = await call('GET', '/api/auth/current-session', fan.cookie)
    expect(session.body).not.toContain('operator')
  })

  it('says why it cannot add someone, on the e-mail field', async () => {
    const unknown = await put(owner, 'nadie.aqui@example.co', 'manager')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'AUTH0003' })
    for (const email of ['admin@palco.co', 'planos@palco.co', 'operador@palco.co']) {
      const res = await put(owner, email, 'manager')
      expect(res.statusCode, `${email}: ${res.body}`).toBe(403)
      expect(res.json()).toMatchObject({ code: 'InvalidAccountTypeException' })
    }
    const malformed = await put(owner, 'no-es-correo', 'manager')
    expect(malformed.statusCode).toBe(400)
    const badRole = await put(owner, 'fan@palco.co', 'jefe')
    expect(badRole.statusCode).toBe(400)
  })

  it('never leaves the organiser without an owner, also when two owners step down at once', async () => {
    const me = await idOf('club@palco.co')
    expect((await put(owner, 'club@palco.co', 'manager')).json()).toMatchObject({ code: 'LAST_OWNER' })
    const selfRemoval = await call('DELETE', `${staffUrl(league)}/${me}`, owner)
    expect(selfRemoval.statusCode).toBe(409)

    const second = await newFan()
    expect((await put(owner, second.email, 'owner')).statusCode).toBe(200)
    const secondOwner = await loginAs(t.app, second.email, 'Boleta#2026')
    // Each demotes the other at the same moment: one wins, the organiser keeps an owner. The loser is either
    // no longer an owner (403) or would leave none (409), depending on when their request got in.
    const [a, b] = await Promise.all([
      put(owner, second.email, 'read_only'),
      put(secondOwner, 'club@palco.co', 'read_only'),
    ])
    const codes = [a.statusCode, b.statusCode]
    expect(
      codes.filter((c) => c === 200),
      `${a.body} ${b.body}`,
    ).toHaveLength(1)
    expect(codes.filter((c) => c === 403 || c === 409)).toHaveLength(1)
    const staff = (await call('GET', staffUrl(league), admin)).json().staff as { role: string }[]
    expect(staff.filter((s) => s.role === 'owner')).toHaveLength(1)
    // Put the demo's owner back as it was for the other cases.
    const winner = a.statusCode === 200 ? owner : secondOwner
    await put(winner, 'club@palco.co', 'owner')
    owner = await loginAs(t.app, 'club@palco.co')
  })

  it('lets a platform admin manage any organiser’s staff', async () => {
    const res = await call('GET', staffUrl(promoter), admin)
    expect(res.statusCode).toBe(200)
    expect(res.json().staff).toEqual([expect.objectContaining({ email: 'eventos@palco.co', role: 'owner' })])
  })
})
