import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { formDefinitionSchema, MAX_FILE_BYTES } from '@palco/domain/forms/form-definition'
import type { LightMyRequestResponse } from 'fastify'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/dialect.js'
import { insertEvent, insertVenue } from '../../test/fixtures.js'
import { loginAs, registerFan } from '../../test/session.js'
import { openTestApp, type TestApp } from '../../test/test-app.js'
import { ENGINES } from '../../test/test-db.js'
import { userIdOf } from '../../test/ticket-fixtures.js'
import {
  HTML,
  JPEG,
  jpegWithMetadata,
  PNG,
  pdfOfSize,
  SECRET,
  SVG,
  webpWithMetadata,
} from '../../test/upload-files.js'
import { attachUploads, sweepUploads, uploadMeta } from './uploads.service.js'

/**
 * Issue 17 part 3 through the HTTP interface: the size boundary, type by content, expiry and reuse of an
 * upload URL, privacy between fans, metadata stripped, and the daily sweep — on the local disk, then the
 * same checks that depend on the store against an S3 stand-in.
 */

/** The event's form: the FILE fields these uploads are for (the upload URL names one of them). */
async function withFileFields(db: Db, eventId: string) {
  const file = (name: string) => ({ name, type: 'FILE', label: { es: name, en: name } })
  const definition = formDefinitionSchema.parse({ fields: [file('certificado_medico'), file('foto')] })
  await db
    .insertInto('inscription_forms')
    .values({ event_id: eventId, definition: JSON.stringify(definition) })
    .execute()
}

const CO = 'localhost:3000'
const MIN = 60_000
const DAY = 24 * 60 * MIN
type Cookie = string | undefined

function harness(getApp: () => TestApp) {
  let ip = 0
  const addr = () => `10.17.${Math.floor(++ip / 250) % 250}.${ip % 250}`
  const app = () => getApp().app
  const headers = (cookie: Cookie) => ({ host: CO, ...(cookie ? { cookie } : {}) })
  const ask = (cookie: Cookie, body: object) =>
    app().inject({
      method: 'POST',
      url: '/api/checkout/inscription/dynamic_data/uploadUrl',
      headers: headers(cookie),
      remoteAddress: addr(),
      payload: body,
    })
  const put = (url: string, payload: Buffer | Readable, contentType: string) =>
    app().inject({
      method: 'PUT',
      url,
      headers: { host: CO, 'content-type': contentType },
      remoteAddress: addr(),
      payload,
    })
  const complete = (cookie: Cookie, id: string) =>
    app().inject({
      method: 'POST',
      url: `/api/uploads/${id}/complete`,
      headers: headers(cookie),
      remoteAddress: addr(),
    })
  const link = (cookie: Cookie, id: string) =>
    app().inject({
      method: 'GET',
      url: `/api/uploads/${id}/link`,
      headers: headers(cookie),
      remoteAddress: addr(),
    })
  const get = (url: string) =>
    app().inject({ method: 'GET', url, headers: { host: CO }, remoteAddress: addr() })
  return { ask, put, complete, link, get }
}

const codeOf = (res: LightMyRequestResponse) => (res.json() as { code?: string }).code

describe.each(ENGINES)('inscription uploads on the local disk, on %s', (engine) => {
  let t: TestApp
  let dataDir: string
  let eventId: string
  let fanA: string
  let fanB: string
  let admin: string
  let fanAId: string
  const h = harness(() => t)
  const clockAt = (ms: number) => {
    t.app.uploads.now = () => new Date(ms)
  }
  const body = (over: Partial<{ contentType: string; size: number; fileName: string }> = {}) => ({
    eventId,
    field: 'certificado_medico',
    fileName: 'certificado.pdf',
    contentType: 'application/pdf',
    size: 1000,
    ...over,
  })
  /** Asks for a URL, PUTs the bytes and completes: the three responses. */
  const upload = async (cookie: string, bytes: Buffer, contentType: string, declaredSize = bytes.length) => {
    const asked = await h.ask(cookie, body({ contentType, size: declaredSize }))
    expect(asked.statusCode, asked.body).toBe(201)
    const ticket = asked.json() as { uploadId: string; uploadUrl: string }
    const sent = await h.put(ticket.uploadUrl, bytes, contentType)
    const done = sent.statusCode === 200 ? await h.complete(cookie, ticket.uploadId) : sent
    return { id: ticket.uploadId, url: ticket.uploadUrl, sent, done }
  }
  const filesOnDisk = () =>
    fs.existsSync(path.join(dataDir, 'private-uploads'))
      ? fs
          .readdirSync(path.join(dataDir, 'private-uploads'), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
      : []

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palco-uploads-'))
    t = await openTestApp(engine, { demoAccounts: true, env: { DATA_DIR: dataDir } })
    const venue = await insertVenue(t.db.db)
    eventId = (await insertEvent(t.db.db, venue, { type: 'INSCRIPTION', name: 'Carrera 10K' })).id
    await withFileFields(t.db.db, eventId)
    fanA = await loginAs(t.app, 'fan@palco.co')
    fanAId = await userIdOf(t.db.db, 'fan@palco.co')
    fanB = await registerFan(t.app, 171)
    admin = await loginAs(t.app, 'admin@palco.co')
  })
  afterAll(async () => {
    await t?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('hands a signed-in fan a single-use PUT URL that expires in 10 minutes', async () => {
    const now = Date.now()
    clockAt(now)
    const res = await h.ask(fanA, body())
    expect(res.statusCode, res.body).toBe(201)
    const ticket = res.json()
    expect(ticket.method).toBe('PUT')
    expect(ticket.uploadUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\?token=/)
    expect(Date.parse(ticket.expiresAt)).toBe(now + 10 * MIN)
    expect((await h.ask(undefined, body())).statusCode).toBe(401)
  })

  it('accepts a file of exactly 10 MB and refuses 10 MB + 1 byte, declared or sent', async () => {
    clockAt(Date.now())
    const exact = await upload(fanA, pdfOfSize(MAX_FILE_BYTES), 'application/pdf')
    expect(exact.done.statusCode, exact.done.body).toBe(200)
    expect(exact.done.json()).toMatchObject({
      size: MAX_FILE_BYTES,
      contentType: 'application/pdf',
      status: 'COMPLETE',
    })

    const declared = await h.ask(fanA, body({ size: MAX_FILE_BYTES + 1 }))
    expect(declared.statusCode).toBe(413)
    expect(declared.json()).toMatchObject({
      code: 'UPLOAD_TOO_LARGE',
      fields: { certificado_medico: 'UPLOAD_TOO_LARGE' },
    })

    // Declared small, sent large: the content-length is refused before a byte is stored…
    const lied = await upload(fanA, pdfOfSize(MAX_FILE_BYTES + 1), 'application/pdf', 1000)
    expect(lied.sent.statusCode).toBe(413)
    expect(codeOf(lied.sent)).toBe('UPLOAD_TOO_LARGE')
    expect(codeOf(await h.complete(fanA, lied.id))).toBe('UPLOAD_TOO_LARGE')

    // …and a body with no length is cut off at the limit while it streams.
    const asked = (await h.ask(fanA, body())).json()
    const big = pdfOfSize(MAX_FILE_BYTES + 1)
    const chunks = Array.from({ length: 11 }, (_, i) => big.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024))
    const streamed = await h.put(asked.uploadUrl, Readable.from(chunks), 'application/pdf')
    expect(streamed.statusCode).toBe(413)
    expect(codeOf(streamed)).toBe('UPLOAD_TOO_LARGE')
    expect(filesOnDisk().filter((f) => f.startsWith(asked.uploadId))).toEqual([])
  })

  it('judges the type by content: a PDF declared as PNG, an SVG and an HTML page are refused and deleted', async () => {
    clockAt(Date.now())
    const renamed = await upload(fanA, pdfOfSize(2000), 'image/png')
    expect(renamed.sent.statusCode).toBe(200)
    expect(renamed.done.statusCode).toBe(422)
    expect(renamed.done.json()).toMatchObject({
      code: 'UPLOAD_TYPE_MISMATCH',
      fields: { certificado_medico: 'UPLOAD_TYPE_MISMATCH' },
    })
    const svg = await upload(fanA, SVG, 'image/png')
    expect(codeOf(svg.done)).toBe('UPLOAD_TYPE_MISMATCH')
    const html = await upload(fanA, HTML, 'application/pdf')
    expect(codeOf(html.done)).toBe('UPLOAD_TYPE_MISMATCH')
    for (const id of [renamed.id, svg.id, html.id])
      expect(filesOnDisk().filter((f) => f.startsWith(id))).toEqual([])
    // Asking again answers the same refusal; the file is gone for good.
    expect(codeOf(await h.complete(fanA, renamed.id))).toBe('UPLOAD_TYPE_MISMATCH')

    const declaredSvg = await h.ask(fanA, body({ contentType: 'image/svg+xml' }))
    expect(declaredSvg.statusCode).toBe(415)
    expect(codeOf(declaredSvg)).toBe('UPLOAD_TYPE_NOT_ALLOWED')
    expect(codeOf(await h.ask(fanA, body({ contentType: 'text/html' })))).toBe('UPLOAD_TYPE_NOT_ALLOWED')

    const png = await upload(fanA, PNG, 'image/png')
    expect(png.done.statusCode).toBe(200)
    const webp = await upload(fanA, webpWithMetadata(), 'image/webp')
    expect(webp.done.statusCode, webp.done.body).toBe(200)
  })

  it('refuses an expired upload URL and a URL used twice', async () => {
    const start = Date.now()
    clockAt(start)
    const late = (await h.ask(fanA, body())).json()
    clockAt(start + 10 * MIN + 1000)
    const tooLate = await h.put(late.uploadUrl, pdfOfSize(1000), 'application/pdf')
    expect(tooLate.statusCode).toBe(422)
    expect(codeOf(tooLate)).toBe('UPLOAD_EXPIRED')
    expect(codeOf(await h.complete(fanA, late.uploadId))).toBe('UPLOAD_EXPIRED')

    clockAt(start)
    const once = (await h.ask(fanA, body())).json()
    expect((await h.put(once.uploadUrl, pdfOfSize(1000), 'application/pdf')).statusCode).toBe(200)
    const again = await h.put(once.uploadUrl, pdfOfSize(1500), 'application/pdf')
    expect(again.statusCode).toBe(409)
    expect(codeOf(again)).toBe('UPLOAD_USED')
    expect((await h.complete(fanA, once.uploadId)).json()).toMatchObject({ size: 1000 })

    const forged = once.uploadUrl.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'))
    expect((await h.put(forged, pdfOfSize(1000), 'application/pdf')).statusCode).toBe(404)
  })

  it('lets only the uploading fan and admins read a file, through an expiring download link', async () => {
    const now = Date.now()
    clockAt(now)
    const mine = await upload(fanA, pdfOfSize(3000), 'application/pdf')
    expect(mine.done.statusCode).toBe(200)

    expect((await h.link(fanB, mine.id)).statusCode).toBe(404)
    expect((await h.complete(fanB, mine.id)).statusCode).toBe(404)
    expect((await h.link(undefined, mine.id)).statusCode).toBe(401)

    for (const reader of [fanA, admin]) {
      const res = await h.link(reader, mine.id)
      expect(res.statusCode).toBe(200)
      const file = await h.get(res.json().url)
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="certificado\.pdf"/)
      expect(file.headers['x-content-type-options']).toBe('nosniff')
      expect(file.headers['cache-control']).toBe('private, no-store')
      expect(file.headers['content-type']).toBe('application/pdf')
      expect(file.rawPayload.equals(pdfOfSize(3000))).toBe(true)
    }

    const { url } = (await h.link(fanA, mine.id)).json()
    clockAt(now + 5 * MIN + 1000)
    const expired = await h.get(url)
    expect(expired.statusCode).toBe(422)
    expect(codeOf(expired)).toBe('UPLOAD_EXPIRED')
    clockAt(now)
    expect((await h.get(url.replace(/token=\d+/, `token=${now + DAY}`))).statusCode).toBe(404)
  })

  it('stores a photo without its EXIF, XMP and IPTC metadata', async () => {
    clockAt(Date.now())
    const photo = await upload(fanA, jpegWithMetadata(), 'image/jpeg')
    expect(photo.done.statusCode, photo.done.body).toBe(200)
    expect(photo.done.json().size).toBe(JPEG.length)
    const file = await h.get((await h.link(fanA, photo.id)).json().url)
    expect(file.rawPayload.toString('latin1')).not.toContain(SECRET)
    expect(file.rawPayload.equals(JPEG)).toBe(true)
  })

  it('attaches a complete upload once, to its own fan and event only', async () => {
    clockAt(Date.now())
    const a = await upload(fanA, PNG, 'image/png')
    const b = await upload(fanB, PNG, 'image/png')
    const attach = (ids: string[]) =>
      t.db.db.transaction().execute((trx) => attachUploads(trx, { userId: fanAId, eventId, uploadIds: ids }))
    await expect(attach([a.id, b.id])).rejects.toMatchObject({
      code: 'UPLOAD_NOT_ATTACHABLE',
      details: { uploadIds: [b.id] },
    })
    // All or none: the refused call attached nothing.
    expect((await uploadMeta(t.db.db, [a.id]))[0]?.status).toBe('COMPLETE')
    const attached = await attach([a.id])
    expect(attached).toEqual([
      expect.objectContaining({
        id: a.id,
        field: 'certificado_medico',
        contentType: 'image/png',
        size: PNG.length,
      }),
    ])
    await expect(attach([a.id])).rejects.toMatchObject({ code: 'UPLOAD_NOT_ATTACHABLE' })
  })

  it('sweeps uploads left unattached for a day, files and rows, and keeps attached ones', async () => {
    const start = Date.now()
    clockAt(start)
    const kept = await upload(fanA, PNG, 'image/png')
    const dropped = await upload(fanA, pdfOfSize(1000), 'application/pdf')
    const pending = (await h.ask(fanA, body())).json()
    await t.db.db
      .transaction()
      .execute((trx) =>
        attachUploads(trx, { userId: fanAId, eventId, uploadIds: [kept.id], now: new Date(start) }),
      )

    clockAt(start + DAY - MIN)
    await sweepUploads(t.app.uploads)
    expect((await uploadMeta(t.db.db, [kept.id, dropped.id, pending.uploadId])).length).toBe(3)

    clockAt(start + DAY + MIN)
    const swept = await sweepUploads(t.app.uploads)
    expect(swept.deleted).toBeGreaterThanOrEqual(2)
    expect((await uploadMeta(t.db.db, [kept.id, dropped.id, pending.uploadId])).map((u) => u.id)).toEqual([
      kept.id,
    ])
    expect(filesOnDisk().filter((f) => f.startsWith(dropped.id))).toEqual([])
    expect((await h.link(fanA, dropped.id)).statusCode).toBe(404)
    const file = await h.get((await h.link(fanA, kept.id)).json().url)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PNG)).toBe(true)
  })
})

describe('inscription uploads on an S3-compatible store (s3rver)', () => {
  let t: TestApp
  let s3: S3rver
  let s3Dir: string
  let dataDir: string
  let eventId: string
  let fan: string
  const h = harness(() => t)
  const BUCKET = 'palco-private'

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palco-s3rver-'))
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palco-uploads-'))
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: BUCKET }],
    })
    const { port } = await s3.run()
    t = await openTestApp(ENGINES[0] ?? 'pglite', {
      demoAccounts: true,
      env: {
        DATA_DIR: dataDir,
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    })
    const venue = await insertVenue(t.db.db)
    eventId = (await insertEvent(t.db.db, venue, { type: 'INSCRIPTION' })).id
    await withFileFields(t.db.db, eventId)
    fan = await loginAs(t.app, 'fan@palco.co')
  })
  afterAll(async () => {
    await t?.close()
    await s3?.close()
    fs.rmSync(s3Dir, { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const ask = async (contentType: string, size: number) => {
    const res = await h.ask(fan, { eventId, field: 'foto', fileName: 'foto.jpg', contentType, size })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { uploadId: string; uploadUrl: string; headers: Record<string, string> }
  }
  const putTo = (ticket: { uploadUrl: string; headers: Record<string, string> }, bytes: Buffer) =>
    fetch(ticket.uploadUrl, { method: 'PUT', headers: ticket.headers, body: bytes })

  it('uploads to a presigned URL, checks and strips the file on complete, and reads it through a presigned download', async () => {
    const ticket = await ask('image/jpeg', 5000)
    expect(ticket.uploadUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/palco-private\/.*X-Amz-Signature=/)
    expect((await putTo(ticket, jpegWithMetadata())).status).toBe(200)
    const done = await h.complete(fan, ticket.uploadId)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length })

    // A second PUT to the still-valid URL lands on the staging key, never on the checked file.
    expect((await putTo(ticket, pdfOfSize(1000))).status).toBe(200)
    const { url } = (await h.link(fan, ticket.uploadId)).json()
    expect(url).toMatch(/X-Amz-Signature=/)
    const file = await fetch(url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/)
    const bytes = Buffer.from(await file.arrayBuffer())
    expect(bytes.toString('latin1')).not.toContain(SECRET)
    expect(bytes.equals(JPEG)).toBe(true)

    // The sweep removes what the late PUT left once the URL has expired.
    t.app.uploads.now = () => new Date(Date.now() + 11 * MIN)
    expect((await sweepUploads(t.app.uploads)).stagingCleared).toBeGreaterThanOrEqual(1)
    t.app.uploads.now = () => new Date()
  })

  it('refuses a PDF declared as PNG and deletes it from the bucket', async () => {
    const ticket = await ask('image/png', 2000)
    expect((await putTo(ticket, pdfOfSize(2000))).status).toBe(200)
    const done = await h.complete(fan, ticket.uploadId)
    expect(done.statusCode).toBe(422)
    expect(codeOf(done)).toBe('UPLOAD_TYPE_MISMATCH')
    const objectUrl = ticket.uploadUrl.split('?')[0] ?? ''
    const left = fs
      .readdirSync(s3Dir, { recursive: true })
      .map(String)
      .filter((f) => f.includes(ticket.uploadId))
    expect(left, objectUrl).toEqual([])
  })

  it('refuses a file over the limit sent to a URL declared for less', async () => {
    const ticket = await ask('application/pdf', 1000)
    expect((await putTo(ticket, pdfOfSize(MAX_FILE_BYTES + 1))).status).toBe(200)
    const done = await h.complete(fan, ticket.uploadId)
    expect(done.statusCode).toBe(413)
    expect(codeOf(done)).toBe('UPLOAD_TOO_LARGE')
  })
})
