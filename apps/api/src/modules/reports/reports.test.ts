import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { QrMaterial } from '@palco/domain/tickets/qr-code'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import {
  insertPaidOrder,
  insertPassProduct,
  insertTicketEvent,
  userIdOf,
} from '../../test/ticket-fixtures.js'
import { ATTENDEE_EXPORT_SWEEP, ATTENDEE_EXPORTS } from './reports.service.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** Names a spreadsheet would run as formulas, given to tickets' holders. */
const FORMULAS = ['=HYPERLINK("http://evil.example","pulse aquí")', '+573001234567', '-1+1', '@SUM(A1)']

describe.each(ENGINES)('attendees and their exports on %s (issue 43 part 4)', (engine) => {
  let t: TestApp
  let dataDir: string
  let club: string
  let eventos: string
  let operator: string
  let fan: string
  let fanId: string
  /** The league's event: 6 tickets of the fan's (4 with formula names), a pass that includes it. */
  let eventA: { id: string; country: string; currency: string }
  let orderA: { id: string; code: string }
  let ticketsA: string[]
  let passTicket: string
  /** The promoter's event. */
  let eventB: { id: string }

  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } })
  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload })
  const clockAt = (ms: number) => {
    t.app.reports.now = () => new Date(ms)
  }

  async function organiserId(slug: string) {
    const row = await t.db.db
      .selectFrom('organisers')
      .select('id')
      .where('slug', '=', slug)
      .where('country', '=', 'COL')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async function eventOf(slug: string, name: string) {
    const event = await insertTicketEvent(t.db.db, { name })
    await t.db.db
      .updateTable('events')
      .set({ organiser_id: await organiserId(slug) })
      .where('id', '=', event.id)
      .execute()
    return event
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palco-reports-'))
    t = await openTestApp(engine, {
      demoAccounts: true,
      env: { DATA_DIR: dataDir, ATTENDEE_EXPORT_DIRECT_MAX: '8' },
    })
    club = await loginAs(t.app, 'club@palco.co')
    eventos = await loginAs(t.app, 'eventos@palco.co')
    operator = await loginAs(t.app, 'operador@palco.co')
    fan = await loginAs(t.app, 'fan@palco.co')
    fanId = await userIdOf(t.db.db, 'fan@palco.co')
    eventA = await eventOf('liga-andina', 'Clásico de prueba')
    eventB = await eventOf('andes-live', 'Concierto de prueba')
    const bought = await insertPaidOrder(t.db.db, fanId, eventA, { seats: 6 })
    orderA = bought.order
    ticketsA = bought.tickets.map((x) => x.id)
    await t.db.db
      .updateTable('orders')
      .set({
        contact: JSON.stringify({ firstName: 'Ana', lastName: 'Pérez', email: 'ana.perez@example.co' }),
        billing: JSON.stringify({ fullName: 'Ana Pérez', documentType: 'CC', documentNumber: '1020304050' }),
      })
      .where('id', '=', orderA.id)
      .execute()
    for (const [i, name] of FORMULAS.entries())
      await t.db.db
        .updateTable('tickets')
        .set({ holder_name: name })
        .where('id', '=', ticketsA[i] as string)
        .execute()
    const pass = await insertPassProduct(t.db.db, [eventA])
    passTicket = (await insertPaidOrder(t.db.db, fanId, pass, { seats: 1 })).tickets[0]?.id as string
    await insertPaidOrder(t.db.db, fanId, { ...eventB, country: 'COL', currency: 'COP' }, { seats: 1 })
  })
  afterAll(async () => {
    await t?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  /** Scans the fan's ticket at a gate, as the operator's phone does. */
  async function checkIn(ticketId: string, eventId: string, gate: string) {
    const qr = (await get(`/api/tickets/${ticketId}`, fan)).json().qr as QrMaterial
    if (!('code' in qr)) throw new Error('a static code was expected')
    const res = await post('/api/checkin', operator, { code: qr.code, eventId, gate })
    expect(res.json().result, res.body).toBe('VALID')
  }

  it('lists every ticket that gets into the event, with its check-in after a real scan', async () => {
    const before = await get(`/api/admin/events/${eventA.id}/attendees`, club)
    expect(before.statusCode, before.body).toBe(200)
    expect(before.json()).toMatchObject({
      event: { id: eventA.id, name: 'Clásico de prueba', timeZone: 'America/Bogota' },
      counts: { tickets: 7, valid: 7, checkedIn: 0 },
      total: 7,
      page: 0,
      totalPages: 1,
      directExportMax: 8,
    })
    await checkIn(ticketsA[5] as string, eventA.id, 'Puerta Norte')
    const after = (await get(`/api/admin/events/${eventA.id}/attendees`, club)).json()
    expect(after.counts).toEqual({ tickets: 7, valid: 7, checkedIn: 1 })
    const row = after.items.find((r: { ticketId: string }) => r.ticketId === ticketsA[5])
    expect(row).toMatchObject({
      holderName: 'Ana Pérez',
      buyerEmail: 'ana.perez@example.co',
      orderCode: orderA.code,
      document: { type: 'CC', number: '1020304050' },
      zone: 'Oriental',
      section: '101',
      row: 'B',
      seat: 6,
      kind: 'PAID',
      status: 'PAID',
      checkIn: { at: expect.any(String), gate: 'Puerta Norte' },
    })
    expect(Date.now() - Date.parse(row.checkIn.at)).toBeLessThan(MINUTE)
    const unscanned = after.items.find((r: { ticketId: string }) => r.ticketId === ticketsA[4])
    expect(unscanned.checkIn).toBeNull()
    // The season pass that includes the event is an attendee too, with its own buyer.
    const pass = after.items.find((r: { ticketId: string }) => r.ticketId === passTicket)
    expect(pass).toMatchObject({ buyerEmail: 'fan@palco.co', checkIn: null })
  })

  it('searches by name, e-mail, document and order code, and pages', async () => {
    const search = async (q: string) =>
      (await get(`/api/admin/events/${eventA.id}/attendees?q=${encodeURIComponent(q)}`, club)).json()
    expect((await search('pérez')).total).toBe(2)
    expect((await search('ANA.PEREZ@')).total).toBe(6)
    expect((await search('1020304050')).total).toBe(6)
    expect((await search(orderA.code.toLowerCase())).total).toBe(6)
    expect((await search('HYPERLINK')).items.map((r: { ticketId: string }) => r.ticketId)).toEqual([
      ticketsA[0],
    ])
    expect((await search('%')).total).toBe(0)
    const page1 = (await get(`/api/admin/events/${eventA.id}/attendees?size=3&page=1`, club)).json()
    expect(page1).toMatchObject({ total: 7, page: 1, size: 3, totalPages: 3 })
    expect(page1.items).toHaveLength(3)
    const page0 = (await get(`/api/admin/events/${eventA.id}/attendees?size=3&page=0`, club)).json()
    expect(page0.items[0].ticketId).not.toBe(page1.items[0].ticketId)
  })

  it('hides another organiser’s event and its exports, and keeps fans out', async () => {
    for (const url of ['attendees', 'attendees.csv', 'attendees.xlsx', 'attendee-exports']) {
      const res = await get(`/api/admin/events/${eventA.id}/${url}`, eventos)
      expect(res.statusCode, url).toBe(404)
    }
    expect(
      (await post(`/api/admin/events/${eventA.id}/attendee-exports`, eventos, { format: 'csv' })).statusCode,
    ).toBe(404)
    const own = await get(`/api/admin/events/${eventB.id}/attendees`, eventos)
    expect(own.json().counts.tickets).toBe(1)
    expect((await get(`/api/admin/events/${eventA.id}/attendees`, fan)).statusCode).toBe(403)
    const made = await post(`/api/admin/events/${eventA.id}/attendee-exports`, club, { format: 'xlsx' })
    expect(made.statusCode, made.body).toBe(202)
    expect((await get(`/api/admin/attendee-exports/${made.json().id}`, eventos)).statusCode).toBe(404)
    await t.app.jobs.runDue(ATTENDEE_EXPORTS)
    const ready = (await get(`/api/admin/attendee-exports/${made.json().id}`, club)).json()
    expect(ready.status).toBe('READY')
    const stolen = await get(ready.download.url, eventos)
    expect(stolen.statusCode).toBe(404)
  })

  it('streams the CSV with formula-looking names defused', async () => {
    const res = await get(`/api/admin/events/${eventA.id}/attendees.csv`, club)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="asistentes-.+\.csv"/)
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toMatch(/^Boleta,Titular,Correo del comprador,Compra,/)
    expect(lines).toHaveLength(8)
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""pulse aquí"")"`)
    expect(res.body).toContain(",'+573001234567,")
    expect(res.body).toContain(",'-1+1,")
    expect(res.body).toContain(",'@SUM(A1),")
    const scanned = lines.find((l) => l.startsWith(ticketsA[5] as string)) as string
    expect(scanned).toMatch(/,Sí,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Puerta Norte$/)
  })

  it('streams the XLSX with every name as a text cell, never a formula', async () => {
    const res = await get(`/api/admin/events/${eventA.id}/attendees.xlsx`, club)
    expect(res.statusCode, res.body).toBe(200)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
    )
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array)
    expect(sheet).not.toContain('<f>')
    expect(sheet).toContain(
      '<t xml:space="preserve">=HYPERLINK(&quot;http://evil.example&quot;,&quot;pulse aquí&quot;)</t>',
    )
    for (const name of FORMULAS.slice(1))
      expect(sheet).toContain(`t="inlineStr"><is><t xml:space="preserve">${name}</t>`)
    expect(sheet.match(/<row /g)).toHaveLength(8)
  })

  it('refuses a direct download past the limit: that export is a job', async () => {
    const big = await eventOf('liga-andina', 'Final de prueba')
    await insertPaidOrder(t.db.db, fanId, big, { seats: 9 })
    const res = await get(`/api/admin/events/${big.id}/attendees.csv`, club)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({ code: 'EXPORT_TOO_LARGE', status: 422 })
    const list = (await get(`/api/admin/events/${big.id}/attendees`, club)).json()
    expect(list.counts.tickets).toBeGreaterThan(list.directExportMax)
  })

  it('exports as a job: a link that downloads the file, then expires; a replay makes nothing twice', async () => {
    const start = Date.now()
    clockAt(start)
    const asked = await post(`/api/admin/events/${eventA.id}/attendee-exports`, club, { format: 'csv' })
    expect(asked.statusCode, asked.body).toBe(202)
    const x = asked.json()
    expect(x).toMatchObject({ status: 'QUEUED', format: 'csv', download: null, rowsWritten: 0 })
    const again = await post(`/api/admin/events/${eventA.id}/attendee-exports`, club, { format: 'csv' })
    expect(again.json().id).toBe(x.id)
    expect(await t.app.jobs.runDue(ATTENDEE_EXPORTS)).toBe(1)
    const ready = (await get(`/api/admin/attendee-exports/${x.id}`, club)).json()
    expect(ready).toMatchObject({ status: 'READY', rowsTotal: 7, rowsWritten: 7 })
    expect(Date.parse(ready.download.expiresAt)).toBe(start + HOUR)
    const file = await get(ready.download.url, club)
    expect(file.statusCode, file.body).toBe(200)
    expect(file.body.trimEnd().split('\r\n')).toHaveLength(8)
    expect(file.body).toContain(`"'=HYPERLINK(""http://evil.example""`)

    // A replay of the finished job changes nothing: one row, one file.
    const rowBefore = await exportRow(x.id)
    await t.app.jobs.send(ATTENDEE_EXPORTS, { exportId: x.id })
    expect(await t.app.jobs.runDue(ATTENDEE_EXPORTS)).toBe(1)
    expect(await exportRow(x.id)).toEqual(rowBefore)
    expect(
      fs.readdirSync(path.join(dataDir, 'exports/attendee-exports')).filter((f) => f.startsWith(x.id)),
    ).toEqual([`${x.id}.csv`])
    const listed = (await get(`/api/admin/events/${eventA.id}/attendee-exports`, club)).json()
    expect(listed.exports.filter((e: { id: string }) => e.id === x.id)).toHaveLength(1)

    // An hour later the link is gone; asking for the export again gives a fresh one while the file is kept.
    clockAt(start + HOUR + 1)
    const late = await get(ready.download.url, club)
    expect(late.statusCode).toBe(410)
    expect(late.headers['content-type']).toContain('application/problem+json')
    expect(late.json()).toMatchObject({ code: 'EXPORT_LINK_EXPIRED', status: 410 })
    const fresh = (await get(`/api/admin/attendee-exports/${x.id}`, club)).json()
    expect((await get(fresh.download.url, club)).statusCode).toBe(200)
    // A forged link is no export at all.
    expect(
      (await get(fresh.download.url.replace(/token=\d+/, `token=${start + 9 * HOUR}`), club)).statusCode,
    ).toBe(404)

    // A day later the file is deleted: the export says so, every link answers 410.
    clockAt(start + 25 * HOUR)
    expect((await get(`/api/admin/attendee-exports/${x.id}`, club)).json()).toMatchObject({
      status: 'EXPIRED',
      download: null,
    })
    await t.app.jobs.send(ATTENDEE_EXPORT_SWEEP, {})
    await t.app.jobs.runDue(ATTENDEE_EXPORT_SWEEP)
    expect(fs.existsSync(path.join(dataDir, `exports/attendee-exports/${x.id}.csv`))).toBe(false)
    expect((await exportRow(x.id))?.status).toBe('EXPIRED')
    expect((await get(fresh.download.url, club)).statusCode).toBe(410)
    clockAt(Date.now())
  })

  it('starts an export again when its worker died half-way', async () => {
    const made = (
      await post(`/api/admin/events/${eventA.id}/attendee-exports`, club, { format: 'xlsx' })
    ).json()
    // The worker took it and died: the row says RUNNING, the job is retried.
    await t.db.db
      .updateTable('attendee_exports')
      .set({ status: 'RUNNING', rows_written: 3 })
      .where('id', '=', made.id)
      .execute()
    await t.app.jobs.runDue(ATTENDEE_EXPORTS)
    const ready = (await get(`/api/admin/attendee-exports/${made.id}`, club)).json()
    expect(ready).toMatchObject({ status: 'READY', rowsWritten: 7 })
    const file = await get(ready.download.url, club)
    expect(file.headers['content-type']).toContain('spreadsheetml')
    const sheet = strFromU8(
      unzipSync(new Uint8Array(file.rawPayload))['xl/worksheets/sheet1.xml'] as Uint8Array,
    )
    expect(sheet.match(/<row /g)).toHaveLength(8)
  })

  async function exportRow(id: string) {
    return t.db.db.selectFrom('attendee_exports').selectAll().where('id', '=', id).executeTakeFirst()
  }
})
