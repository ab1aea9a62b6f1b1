import type { Layout } from '@palco/domain/seating/layout'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smallLayout } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'

const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

/** A seat moved out of its section: an error that blocks publishing, though the document is well formed. */
function withStraySeat(): Layout {
  const layout = smallLayout()
  const norte = layout.sections[0]
  if (!norte?.rows?.[0]?.seats[0]) throw new Error('fixture changed')
  norte.rows[0].seats[0] = [1, 700, 500]
  return layout
}

describe.each(ENGINES)('layout editor API on %s', (engine) => {
  let t: TestApp
  let admin: string
  let editor: string
  let venueId: string

  const call = (method: 'POST' | 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })

  const eventOn = (layoutId: string, slug: string) => {
    const start = Date.now() + 20 * DAY
    return call('POST', '/api/admin/events', admin, {
      country: 'COL',
      type: 'EVENT',
      slug,
      name: `Función ${slug}`,
      description: 'Una función de prueba.',
      venueId,
      layoutId,
      startsAt: iso(start),
      endsAt: iso(start + 2 * 3_600_000),
      onSaleAt: iso(Date.now() - DAY),
      offSaleAt: iso(start),
      zones: [{ name: 'Norte', price: 8_000_000, sectionCodes: ['NORTE'] }],
    })
  }

  beforeAll(async () => {
    t = await openTestApp(engine, { demoAccounts: true })
    admin = await loginAs(t.app, 'admin@palco.co')
    editor = await loginAs(t.app, 'planos@palco.co')
    const venue = await call('POST', '/api/admin/venues', admin, {
      country: 'COL',
      name: 'Teatro de Prueba',
      city: 'Medellín',
      timeZone: 'America/Bogota',
    })
    expect(venue.statusCode, venue.body).toBe(201)
    venueId = venue.json().id
  })
  afterAll(async () => t?.close())

  it('is for admins and layout editors only', async () => {
    const fan = await loginAs(t.app, 'fan@palco.co')
    const operator = await loginAs(t.app, 'operador@palco.co')
    expect((await call('GET', '/api/admin/layouts', '')).statusCode).toBe(401)
    expect((await call('GET', '/api/admin/layouts', fan)).statusCode).toBe(403)
    expect((await call('GET', '/api/admin/layouts', operator)).statusCode).toBe(403)
    const list = await call('GET', '/api/admin/layouts', editor)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().venues.map((v: { id: string }) => v.id)).toContain(venueId)
    // Drawing plans is not running the catalogue.
    const event = await call('POST', '/api/admin/venues', editor, {
      country: 'COL',
      name: 'Otro',
      city: 'Cali',
      timeZone: 'America/Bogota',
    })
    expect(event.statusCode).toBe(403)
  })

  it('saves a draft in place, blocks publishing on errors, and publishes once', async () => {
    const created = await call('POST', '/api/admin/layouts', editor, {
      venueId,
      name: 'Sala principal',
      data: withStraySeat(),
      draft: true,
    })
    expect(created.statusCode, created.body).toBe(201)
    const draft = created.json()
    expect(draft).toMatchObject({ version: 1, status: 'DRAFT', seatCount: 55, eventCount: 0 })

    // Events are made on published plans only: a draft may still change.
    const early = await eventOn(draft.id, 'sala-borrador')
    expect(early.statusCode).toBe(422)
    expect(early.json().fields.layoutId).toBe('layoutNotPublished')

    const refused = await call('POST', `/api/admin/layouts/${draft.id}/publish`, editor)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('LAYOUT_NOT_PUBLISHABLE')
    expect(refused.json().details.problems).toContainEqual(
      expect.objectContaining({
        code: 'SEAT_OUTSIDE_SECTION',
        severity: 'error',
        target: { kind: 'seat', section: 'NORTE', row: 'A', seat: 1 },
      }),
    )

    const fixed = smallLayout()
    fixed.sections = fixed.sections.map((s) => (s.code === 'GENERAL' ? { ...s, capacity: 30 } : s))
    const saved = await call('PUT', `/api/admin/layouts/${draft.id}`, editor, { data: fixed })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ id: draft.id, version: 1, status: 'DRAFT', seatCount: 65 })

    const published = await call('POST', `/api/admin/layouts/${draft.id}/publish`, editor)
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json()).toMatchObject({ id: draft.id, status: 'PUBLISHED' })
    expect((await call('POST', `/api/admin/layouts/${draft.id}/publish`, editor)).statusCode).toBe(409)
    expect((await eventOn(draft.id, 'sala-publicada')).statusCode).toBe(201)
  })

  it('never changes a published version: saving it makes the next draft, and events keep theirs', async () => {
    const v1 = (
      await call('POST', '/api/admin/layouts', admin, { venueId, name: 'Auditorio', data: smallLayout() })
    ).json()
    expect(v1.status).toBe('PUBLISHED')
    const event = await eventOn(v1.id, 'auditorio-v1')
    expect(event.statusCode, event.body).toBe(201)

    const smaller = smallLayout()
    smaller.sections = smaller.sections.map((s) =>
      s.code === 'NORTE' ? { ...s, rows: s.rows?.slice(0, 1) } : s,
    )
    const next = await call('PUT', `/api/admin/layouts/${v1.id}`, editor, { data: smaller })
    expect(next.statusCode, next.body).toBe(201)
    expect(next.json()).toMatchObject({ version: 2, status: 'DRAFT', seatCount: 35 })
    expect(next.json().id).not.toBe(v1.id)

    const kept = (await call('GET', `/api/admin/layouts/${v1.id}`, editor)).json()
    expect(kept).toMatchObject({ status: 'PUBLISHED', seatCount: 55, eventCount: 1 })
    expect(kept.data).toEqual(smallLayout())
    // The event stays on the version it was made on, whose rows B and C (and their tickets) still exist.
    const onEvent = await call('GET', `/api/admin/events/${event.json().id}`, admin)
    expect(onEvent.json().layoutId).toBe(v1.id)
  })

  it('exports layout.json and imports it back unchanged; refuses hostile files and saves nothing', async () => {
    const v = (
      await call('POST', '/api/admin/layouts', admin, { venueId, name: 'Exportada', data: smallLayout() })
    ).json()
    const file = await call('GET', `/api/admin/layouts/${v.id}/layout.json`, editor)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-disposition']).toBe('attachment; filename="layout.json"')
    expect(JSON.parse(file.body)).toEqual(smallLayout())

    const imported = await call('POST', '/api/admin/layouts/import', editor, {
      venueId,
      name: 'Importada',
      file: file.body,
    })
    expect(imported.statusCode, imported.body).toBe(201)
    expect(imported.json()).toMatchObject({ status: 'DRAFT', version: 1, seatCount: 55 })
    const back = (await call('GET', `/api/admin/layouts/${imported.json().id}`, editor)).json()
    expect(back.data).toEqual(smallLayout())

    const before = (await call('GET', '/api/admin/layouts', editor)).json().layouts.length
    const refuse = async (text: string) => {
      const res = await call('POST', '/api/admin/layouts/import', editor, {
        venueId,
        name: 'Hostil',
        file: text,
      })
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().code).toBe('LAYOUT_IMPORT_REFUSED')
      return res.json().details as { reason: string; path: string }
    }
    expect(await refuse('{"format": "palco.layout",')).toMatchObject({ reason: 'NOT_JSON' })
    expect(await refuse(`${'['.repeat(200)}${']'.repeat(200)}`)).toMatchObject({ reason: 'TOO_DEEP' })
    const scripted = {
      ...smallLayout(),
      shapes: [{ id: 't1', type: 'text', x: 1, y: 1, text: '<script>alert(1)</script>' }],
    }
    expect(await refuse(JSON.stringify(scripted))).toMatchObject({
      reason: 'UNSAFE_TEXT',
      path: 'shapes[0].text',
    })
    const foreign = {
      ...smallLayout(),
      shapes: [{ id: 'i1', type: 'image', x: 0, y: 0, src: 'https://evil.example/p.png' }],
    }
    expect(await refuse(JSON.stringify(foreign))).toMatchObject({
      reason: 'FOREIGN_IMAGE',
      path: 'shapes[0].src',
    })
    // Row A's second seat, [2, 120, 100], with a word for its number.
    const broken = JSON.stringify(smallLayout()).replace('[2,120,100]', '["uno",120,100]')
    expect(await refuse(broken)).toMatchObject({
      reason: 'INVALID',
      path: 'sections[0].rows[0].seats[1][0]',
    })
    expect((await call('GET', '/api/admin/layouts', editor)).json().layouts).toHaveLength(before)
  })

  it('gives two simultaneous saves of a published version two different versions', async () => {
    const v1 = (
      await call('POST', '/api/admin/layouts', admin, { venueId, name: 'Concurrida', data: smallLayout() })
    ).json()
    const saves = await Promise.all(
      [1, 2, 3].map(() => call('PUT', `/api/admin/layouts/${v1.id}`, editor, { data: smallLayout() })),
    )
    expect(saves.map((s) => s.statusCode)).toEqual([201, 201, 201])
    expect(saves.map((s) => s.json().version).sort()).toEqual([2, 3, 4])
  })

  it('publishes a draft once when two publishes race', async () => {
    const d = (
      await call('POST', '/api/admin/layouts', editor, {
        venueId,
        name: 'Carrera',
        data: smallLayout(),
        draft: true,
      })
    ).json()
    const tries = await Promise.all(
      [1, 2].map(() => call('POST', `/api/admin/layouts/${d.id}/publish`, editor)),
    )
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409])
  })
})
