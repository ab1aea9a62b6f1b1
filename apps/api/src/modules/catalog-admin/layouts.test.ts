import type { Layout } from '@palco/domain/seating/layout'
import { DEFAULT_SECTION_NAME } from '@palco/domain/seating/layout-vocabulary'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smallLayout } from '../../test/seating-fixtures.js'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { INLINE_BODY_BYTES } from './layout-worker.js'

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

  it('refuses a NUL or a lone surrogate inside an imported file with 422 naming the string, and saves nothing', async () => {
    const before = (await call('GET', '/api/admin/layouts', editor)).json().layouts.length
    const refused = async (file: string) => {
      const res = await call('POST', '/api/admin/layouts/import', editor, { venueId, name: 'Nula', file })
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().code).toBe('LAYOUT_IMPORT_REFUSED')
      return res.json().details as { reason: string; path: string }
    }
    // The file's own JSON escapes: the request body is clean, the document inside it is not.
    const text = JSON.stringify(smallLayout())
    expect(await refused(text.replace('"name":"General"', '"name":"Platea\\u0000izq"'))).toEqual({
      reason: 'UNSTORABLE_TEXT',
      path: 'sections[1].name',
    })
    expect(await refused(text.replace('"label":"Escenario"', '"label":"Tarima \\ud83d"'))).toEqual({
      reason: 'UNSTORABLE_TEXT',
      path: 'stage.label',
    })
    expect(await refused(text.replace('"A-1":"BLOCKED"', '"A-\\udc00":"BLOCKED"'))).toMatchObject({
      reason: 'UNSTORABLE_TEXT',
    })
    // The editor's save carries the document as JSON itself: refused at the door, naming the field.
    const draft = (await call('GET', '/api/admin/layouts', editor)).json().layouts[0]
    const nul = smallLayout()
    Object.assign(nul.sections[1] ?? {}, { name: 'Platea\u0000izq' })
    const save = await call('PUT', `/api/admin/layouts/${draft.id}`, editor, { data: nul })
    expect(save.statusCode, save.body).toBe(400)
    expect(Object.keys(save.json().fields)).toEqual(['data.sections.1.name'])
    expect((await call('GET', '/api/admin/layouts', editor)).json().layouts).toHaveLength(before)
  })

  it("holds a saved document to the import's rule: markup in a name is refused, so every export imports again", async () => {
    const draft = (
      await call('POST', '/api/admin/layouts', editor, {
        venueId,
        name: 'Marcado',
        data: smallLayout(),
        draft: true,
      })
    ).json()
    const cases: [string, (l: Layout) => void, string][] = [
      [
        'a section name',
        (l) => Object.assign(l.sections[0] ?? {}, { name: '<img src=x onerror=alert(1)>' }),
        'data.sections.0.name',
      ],
      [
        'a row label',
        (l) => Object.assign(l.sections[0]?.rows?.[0] ?? {}, { label: '</b>A' }),
        'data.sections.0.rows.0.label',
      ],
      [
        'the stage label',
        (l) => Object.assign(l.stage, { label: '<svg onload=alert(1)>' }),
        'data.stage.label',
      ],
    ]
    for (const [what, change, field] of cases) {
      const layout = smallLayout()
      change(layout)
      for (const res of [
        await call('PUT', `/api/admin/layouts/${draft.id}`, editor, { data: layout }),
        await call('POST', '/api/admin/layouts', editor, {
          venueId,
          name: 'Marcado 2',
          data: layout,
          draft: true,
        }),
      ]) {
        expect(res.statusCode, `${what}: ${res.body}`).toBe(422)
        expect(res.json().fields).toEqual({ [field]: 'UNSAFE_TEXT' })
      }
    }
    // What was saved is what the last good save left, and its export imports back.
    const file = await call('GET', `/api/admin/layouts/${draft.id}/layout.json`, editor)
    expect(JSON.parse(file.body)).toEqual(smallLayout())
    const again = await call('POST', '/api/admin/layouts/import', editor, {
      venueId,
      name: 'Marcado',
      file: file.body,
    })
    expect(again.statusCode, again.body).toBe(201)
  })

  it('publishes a new layout once it has something to sell, leaving its unused default section out', async () => {
    // What the editor's "new layout" makes: the stage and the default section, empty, filling the canvas.
    const fresh = smallLayout()
    fresh.sections = [
      {
        code: 'GENERAL',
        name: DEFAULT_SECTION_NAME,
        color: '#868e96',
        disabled: false,
        zoneType: 'GRANDSTAND',
        numbered: false,
        capacity: 0,
        viewDirection: 'NORTH',
        shape: { type: 'path', points: [20, 120, 780, 120, 780, 580, 20, 580] },
      },
    ]
    const draft = (
      await call('POST', '/api/admin/layouts', editor, { venueId, name: 'Nuevo', data: fresh, draft: true })
    ).json()
    const empty = await call('POST', `/api/admin/layouts/${draft.id}/publish`, editor)
    expect(empty.statusCode).toBe(422)
    expect(empty.json().details.problems.map((p: { code: string }) => p.code)).toEqual(['NO_SELLABLE_PLACES'])

    const drawn = { ...fresh, sections: [...fresh.sections, ...smallLayout().sections.slice(0, 1)] }
    expect((await call('PUT', `/api/admin/layouts/${draft.id}`, editor, { data: drawn })).statusCode).toBe(
      200,
    )
    const published = await call('POST', `/api/admin/layouts/${draft.id}/publish`, editor)
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json()).toMatchObject({ status: 'PUBLISHED', seatCount: 30, problems: [] })
    const stored = (await call('GET', `/api/admin/layouts/${draft.id}`, editor)).json()
    expect(stored.data.sections.map((s: { code: string }) => s.code)).toEqual(['NORTE'])
  })

  it('takes a big document through the layout worker: saved, refused by the same rules, published', async () => {
    const big = smallLayout()
    const norte = big.sections[0]
    if (!norte?.rows) throw new Error('fixture changed')
    // 40 rows × 500 seats: well past the size parsed in place (layout-worker.ts INLINE_BODY_BYTES).
    norte.rows = Array.from({ length: 40 }, (_, r) => ({
      label: `R${r + 1}`,
      seats: Array.from(
        { length: 500 },
        (_, i) => [i + 1, 100 + i * 0.4, 100 + r * 1.5] as [number, number, number],
      ),
    }))
    norte.restrictions = {}
    norte.shape = { type: 'path', points: [90, 90, 310, 90, 310, 170, 90, 170] }
    expect(JSON.stringify(big).length).toBeGreaterThan(INLINE_BODY_BYTES)
    const draft = (
      await call('POST', '/api/admin/layouts', editor, { venueId, name: 'Grande', data: big, draft: true })
    ).json()
    expect(draft).toMatchObject({ status: 'DRAFT', seatCount: 20_025 })

    const unsafe = structuredClone(big)
    Object.assign(unsafe.sections[1] ?? {}, { name: 'Platea\u0000<b>' })
    const refused = await call('PUT', `/api/admin/layouts/${draft.id}`, editor, { data: unsafe })
    expect(refused.statusCode, refused.body).toBe(422)
    expect(refused.json().fields).toEqual({ 'data.sections.1.name': 'UNSTORABLE_TEXT' })
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/layouts/${draft.id}`,
      headers: { cookie: editor, 'content-type': 'application/json' },
      payload: JSON.stringify({ data: big }).slice(0, -2),
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().code).toBe('MALFORMED_JSON')

    const published = await call('POST', `/api/admin/layouts/${draft.id}/publish`, editor)
    expect(published.statusCode, published.body).toBe(200)
    const stored = (await call('GET', `/api/admin/layouts/${draft.id}`, editor)).json()
    expect(stored.data.sections[0].rows).toHaveLength(40)
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
