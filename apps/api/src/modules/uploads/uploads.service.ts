import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Readable } from 'node:stream'
import { DomainError, type ErrorCode } from '@palco/domain/errors/domain-error'
import { FILE_TYPES, type FileType, MAX_FILE_BYTES } from '@palco/domain/forms/form-definition'
import type { Country } from '@palco/domain/locale/country'
import type { Role } from '@palco/domain/people/vocabulary'
import type { UploadLink, UploadTicket, UploadUrlBody, UploadView } from '@palco/domain/uploads/contract'
import {
  READABLE_UPLOAD_STATUSES,
  UNATTACHED_UPLOAD_TTL_MS,
  UPLOAD_LINK_TTL_MS,
  UPLOAD_URL_TTL_MS,
  type UploadStatus,
} from '@palco/domain/uploads/lifecycle'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/dialect.js'
import { requireViewableEvent } from '../catalog/event.service.js'
import type { QueueDefinition } from '../jobs/job-runner.js'
import { typeByContent } from './content-type.js'
import { type FileStore, TooLarge } from './file-store.js'
import { type StrippableType, stripImageMetadata, UnreadableImage } from './strip-metadata.js'
import {
  attachCompleteUploads,
  clearStaging,
  consumePutToken,
  deleteUnattached,
  expiredStaging,
  findUpload,
  findUploads,
  insertUpload,
  markComplete,
  markRejected,
  type UploadRow,
  uploadsByIds,
  uploadsByOrder,
} from './uploads.repository.js'

/**
 * What a FILE field of an event's form accepts, or null when the event's form has no such file field. The
 * inscription forms supply it (app.ts); without it any field takes FILE_TYPES up to MAX_FILE_BYTES.
 */
export type FileFieldRules = (
  db: Db,
  eventId: string,
  field: string,
) => Promise<{ accept: readonly FileType[]; maxBytes: number } | null>

export const anyFileField: FileFieldRules = async () => ({ accept: FILE_TYPES, maxBytes: MAX_FILE_BYTES })

export interface UploadDeps {
  db: Db
  store: FileStore
  /** HMAC key of the upload and read URLs, derived from the app's secret. */
  signingKey: Uint8Array
  /** Read on every call, so tests move the clock (expiry, the sweep). */
  now: () => Date
  fileRules: FileFieldRules
  log?: FastifyBaseLogger
}

/** The key every upload token is signed with: the app's secret, narrowed to this one use. */
export const uploadSigningKey = (appSecret: string) =>
  createHmac('sha256', appSecret).update('palco:uploads:v1').digest()

/** An attached or attachable upload as the form code and the organiser's export see it. */
export interface UploadMeta {
  id: string
  userId: string
  eventId: string
  field: string
  fileName: string
  contentType: FileType
  size: number
  status: UploadStatus
  orderId: string | null
}

const notFound = () => new DomainError('NOT_FOUND', { message: 'No such upload.' })
const stagingKeyOf = (eventId: string, id: string) => `inscriptions/${eventId}/${id}.incoming`
const storedKeyOf = (eventId: string, id: string) => `inscriptions/${eventId}/${id}`
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url')
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
const isFileType = (t: string): t is FileType => (FILE_TYPES as readonly string[]).includes(t)

function sign(deps: UploadDeps, purpose: 'put' | 'get', id: string, exp: number, nonce = '') {
  return b64(createHmac('sha256', deps.signingKey).update(`${purpose}|${id}|${exp}|${nonce}`).digest())
}

/**
 * `<expiry ms>.<nonce>.<signature>` for PUT (the nonce makes each URL's hash unique), `<expiry ms>.<signature>`
 * for GET. Answers the expiry when the signature holds; a forged or mangled token is a 404, not a hint.
 */
function verify(deps: UploadDeps, purpose: 'put' | 'get', id: string, token: string): number {
  const parts = token.split('.')
  const [expText, nonce, signature] = purpose === 'put' ? parts : [parts[0], '', parts[1]]
  if (parts.length !== (purpose === 'put' ? 3 : 2) || !expText || !signature || !/^\d{1,15}$/.test(expText))
    throw notFound()
  const exp = Number(expText)
  const expected = Buffer.from(sign(deps, purpose, id, exp, nonce))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound()
  return exp
}

function metaOf(row: UploadRow): UploadMeta {
  return {
    id: row.id,
    userId: row.user_id,
    eventId: row.event_id,
    field: row.field,
    fileName: row.file_name,
    contentType: row.content_type as FileType,
    size: row.size ?? 0,
    status: row.status as UploadStatus,
    orderId: row.order_id,
  }
}

function viewOf(row: UploadRow): UploadView {
  const { userId: _u, orderId: _o, ...view } = metaOf(row)
  return view
}

/** A settled upload answers as it is, or with the code it was refused with. */
function settled(row: UploadRow): UploadView {
  if (row.status === 'REJECTED') throw new DomainError(rejectCodeOf(row), { field: row.field })
  return viewOf(row)
}

const rejectCodeOf = (row: UploadRow): ErrorCode => (row.reject_code as ErrorCode | null) ?? 'UPLOAD_REJECTED'

/**
 * `POST /api/checkout/inscription/dynamic_data/uploadUrl`: a short-lived, single-use URL the browser PUTs
 * the file to. Type and size as declared are checked here so the form can say so at once; the file itself
 * is checked by content on complete.
 */
export async function requestUploadUrl(
  deps: UploadDeps,
  who: { userId: string; country: Country },
  body: UploadUrlBody,
): Promise<UploadTicket> {
  const event = await requireViewableEvent(deps.db, who.country, { id: body.eventId.toLowerCase() })
  const rules = await deps.fileRules(deps.db, event.id, body.field)
  if (!rules)
    throw new DomainError('VALIDATION_FAILED', {
      field: 'field',
      message: 'This form has no file field of that name.',
    })
  const maxBytes = Math.min(rules.maxBytes, MAX_FILE_BYTES)
  if (!isFileType(body.contentType) || !rules.accept.includes(body.contentType))
    throw new DomainError('UPLOAD_TYPE_NOT_ALLOWED', { field: body.field, details: { accept: rules.accept } })
  if (body.size > maxBytes)
    throw new DomainError('UPLOAD_TOO_LARGE', { field: body.field, details: { maxBytes } })

  const now = deps.now()
  const id = randomUUID()
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS)
  const stagingKey = stagingKeyOf(event.id, id)
  const presigned = await deps.store.presignPut(stagingKey, body.contentType, expiresAt, now)
  let uploadUrl = presigned
  let tokenHash: string | null = null
  if (!uploadUrl) {
    const exp = expiresAt.getTime()
    const nonce = b64(randomBytes(18))
    const token = `${exp}.${nonce}.${sign(deps, 'put', id, exp, nonce)}`
    // Only the hash is kept: a database leak does not hand out working URLs.
    tokenHash = sha256(token)
    uploadUrl = `/api/uploads/${id}?token=${encodeURIComponent(token)}`
  }
  await insertUpload(deps.db, {
    id,
    user_id: who.userId,
    event_id: event.id,
    field: body.field,
    file_name: body.fileName,
    content_type: body.contentType,
    max_bytes: maxBytes,
    staging_key: stagingKey,
    put_token_hash: tokenHash,
    expires_at: expiresAt,
    created_at: now,
  })
  return {
    uploadId: id,
    uploadUrl,
    method: 'PUT',
    headers: { 'content-type': body.contentType },
    expiresAt: expiresAt.toISOString(),
  }
}

async function reject(deps: UploadDeps, row: UploadRow, code: ErrorCode): Promise<never> {
  if (row.staging_key) await deps.store.remove(row.staging_key)
  await markRejected(deps.db, row.id, code, deps.now())
  throw new DomainError(code, { field: row.field })
}

/**
 * `PUT /api/uploads/:id?token=…` (local storage): the URL is spent before a byte is read, so a second PUT
 * — even one racing the first — gets UPLOAD_USED. The body is cut off at the upload's limit; an over-size
 * file is refused with 413 and nothing of it is kept.
 */
export async function receiveUpload(
  deps: UploadDeps,
  id: string,
  token: string,
  body: Readable,
  declaredLength: number | undefined,
): Promise<{ size: number }> {
  const exp = verify(deps, 'put', id, token)
  const now = deps.now()
  const row = await consumePutToken(deps.db, id, sha256(token), now)
  if (!row) {
    const existing = await findUpload(deps.db, id)
    if (!existing) throw notFound()
    if (existing.used_at || existing.status !== 'PENDING') throw new DomainError('UPLOAD_USED')
    if (exp <= now.getTime() || existing.expires_at <= now) throw new DomainError('UPLOAD_EXPIRED')
    throw notFound()
  }
  if (!row.staging_key) throw notFound()
  if (declaredLength !== undefined && declaredLength > row.max_bytes)
    return reject(deps, row, 'UPLOAD_TOO_LARGE')
  try {
    return { size: await deps.store.write(row.staging_key, body, row.max_bytes) }
  } catch (err) {
    if (err instanceof TooLarge) return reject(deps, row, 'UPLOAD_TOO_LARGE')
    throw err
  }
}

/**
 * `POST /api/uploads/:id/complete`: the server reads the file back and decides. It must be within the
 * limit; its type, sniffed from its bytes, must be the declared one (a PDF renamed .png, an SVG or HTML
 * page is refused); an image loses its metadata. What passes is written under a key no URL was signed for,
 * so a late PUT to a still-valid S3 URL cannot replace a checked file.
 */
export async function completeUpload(deps: UploadDeps, userId: string, id: string): Promise<UploadView> {
  const row = await findUpload(deps.db, id)
  if (!row || row.user_id !== userId) throw notFound()
  if (row.status !== 'PENDING') return settled(row)
  if (!row.staging_key) throw notFound()
  let bytes: Uint8Array | null
  try {
    bytes = await deps.store.read(row.staging_key, row.max_bytes)
  } catch (err) {
    if (err instanceof TooLarge) return reject(deps, row, 'UPLOAD_TOO_LARGE')
    throw err
  }
  if (!bytes) {
    const again = await findUpload(deps.db, id)
    if (again && again.status !== 'PENDING') return settled(again)
    if (row.expires_at <= deps.now()) return reject(deps, row, 'UPLOAD_EXPIRED')
    throw new DomainError('UPLOAD_INCOMPLETE', { field: row.field })
  }
  const type = await typeByContent(bytes, row.content_type, FILE_TYPES)
  if (!type) return reject(deps, row, 'UPLOAD_TYPE_MISMATCH')
  let clean = bytes
  if (type !== 'application/pdf') {
    try {
      clean = stripImageMetadata(type as StrippableType, bytes)
    } catch (err) {
      if (err instanceof UnreadableImage) return reject(deps, row, 'UPLOAD_UNREADABLE')
      throw err
    }
  }
  const storedKey = storedKeyOf(row.event_id, row.id)
  await deps.store.write(storedKey, clean, row.max_bytes)
  await deps.store.remove(row.staging_key)
  const done = await markComplete(deps.db, id, { size: clean.length, storedKey, now: deps.now() })
  if (done) return viewOf(done)
  const after = await findUpload(deps.db, id)
  if (!after) throw notFound()
  return settled(after)
}

const isAdmin = (roles: readonly Role[]) => roles.includes('admin')
const readable = (row: UploadRow) =>
  (READABLE_UPLOAD_STATUSES as readonly string[]).includes(row.status) && row.stored_key !== null

/**
 * An expiring link to a stored file, for its own fan or an admin. Anyone else gets 404, as for an upload
 * that does not exist: no hint that someone uploaded something.
 */
export async function uploadLink(
  deps: UploadDeps,
  who: { userId: string; roles: readonly Role[] },
  id: string,
): Promise<UploadLink> {
  const row = await findUpload(deps.db, id)
  if (!row || (row.user_id !== who.userId && !isAdmin(who.roles))) throw notFound()
  if (!readable(row)) {
    if (row.status === 'REJECTED') throw new DomainError(rejectCodeOf(row), { field: row.field })
    throw new DomainError('UPLOAD_INCOMPLETE', { field: row.field })
  }
  return readLinkOf(deps, row)
}

/**
 * Read links without a person, for the organiser's export, whose caller has already checked that an admin
 * asks: by upload id, for those attached to a submitted form (others are left out), lasting `ttlMs`. One
 * query for all of them, however many rows the export has.
 */
export async function attachedUploadLinks(
  deps: UploadDeps,
  ids: readonly string[],
  ttlMs: number,
): Promise<Map<string, UploadLink>> {
  const rows = (await findUploads(deps.db, ids)).filter((row) => row.status === 'ATTACHED')
  return new Map(
    await Promise.all(rows.map(async (row) => [row.id, await readLinkOf(deps, row, ttlMs)] as const)),
  )
}

async function readLinkOf(deps: UploadDeps, row: UploadRow, ttlMs = UPLOAD_LINK_TTL_MS): Promise<UploadLink> {
  const now = deps.now()
  const expiresAt = new Date(now.getTime() + ttlMs)
  const key = row.stored_key ?? ''
  const presigned = await deps.store.presignGet(
    key,
    { fileName: row.file_name, contentType: row.content_type },
    expiresAt,
    now,
  )
  const exp = expiresAt.getTime()
  const url =
    presigned ??
    `/api/uploads/${row.id}/file?token=${encodeURIComponent(`${exp}.${sign(deps, 'get', row.id, exp)}`)}`
  return { url, expiresAt: expiresAt.toISOString() }
}

/** `GET /api/uploads/:id/file?token=…` (local storage): the file behind a read link, while it is valid. */
export async function openUploadFile(deps: UploadDeps, id: string, token: string) {
  const exp = verify(deps, 'get', id, token)
  if (exp <= deps.now().getTime()) throw new DomainError('UPLOAD_EXPIRED')
  const row = await findUpload(deps.db, id)
  if (!row?.stored_key || !readable(row)) throw notFound()
  const stream = await deps.store.open(row.stored_key)
  if (!stream) throw notFound()
  return { stream, fileName: row.file_name, contentType: row.content_type, size: row.size }
}

/**
 * Marks a participant's files as part of their submitted form, in the form's own transaction: each must be
 * the fan's, COMPLETE, for this event and not attached before (so one file never answers two forms). All or
 * none: any that fails throws UPLOAD_NOT_ATTACHABLE naming them, and the caller's transaction rolls back.
 * An attached upload is never swept.
 */
export async function attachUploads(
  trx: Db,
  q: { userId: string; eventId: string; uploadIds: string[]; orderId?: string | null; now?: Date },
): Promise<UploadMeta[]> {
  const ids = [...new Set(q.uploadIds.map((x) => x.toLowerCase()))]
  const moved = await attachCompleteUploads(trx, {
    userId: q.userId,
    eventId: q.eventId,
    ids,
    orderId: q.orderId ?? null,
    now: q.now ?? new Date(),
  })
  if (moved.length !== ids.length) {
    const got = new Set(moved.map((r) => r.id))
    const refused = ids.filter((id) => !got.has(id))
    throw new DomainError('UPLOAD_NOT_ATTACHABLE', { details: { uploadIds: refused } })
  }
  const order = new Map(ids.map((id, i) => [id, i]))
  return moved.map(metaOf).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
}

/** Uploads by id, in the order asked, leaving out ids that name none. */
export async function uploadMeta(db: Db, ids: string[]): Promise<UploadMeta[]> {
  const rows = new Map((await uploadsByIds(db, [...new Set(ids)])).map((r) => [r.id, metaOf(r)]))
  return ids.flatMap((id) => rows.get(id) ?? [])
}

/** The files attached with an order's participants, for the organiser's export. */
export async function uploadsOfOrder(db: Db, orderId: string): Promise<UploadMeta[]> {
  return (await uploadsByOrder(db, orderId)).map(metaOf)
}

const SWEEP_BATCH = 500

/**
 * Deletes uploads no submitted form named within a day (their files and rows), and the staging objects of
 * settled uploads whose URL has expired. Rows go first, in a statement that re-checks they are unattached,
 * then their files: a form attaching one meanwhile either wins (kept) or finds it gone (refused), never a
 * row pointing at a deleted file. A file whose delete fails is logged and left to the store's lifecycle.
 */
export async function sweepUploads(deps: UploadDeps): Promise<{ deleted: number; stagingCleared: number }> {
  const now = deps.now()
  let deleted = 0
  for (;;) {
    const gone = await deleteUnattached(
      deps.db,
      new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS),
      SWEEP_BATCH,
    )
    for (const row of gone) {
      for (const key of [row.staging_key, row.stored_key]) if (key) await removeQuietly(deps, key)
    }
    deleted += gone.length
    if (gone.length < SWEEP_BATCH) break
  }
  const staging = await expiredStaging(deps.db, now, SWEEP_BATCH)
  for (const row of staging) if (row.staging_key) await removeQuietly(deps, row.staging_key)
  await clearStaging(
    deps.db,
    staging.map((r) => r.id),
  )
  return { deleted, stagingCleared: staging.length }
}

async function removeQuietly(deps: UploadDeps, key: string) {
  try {
    await deps.store.remove(key)
  } catch (err) {
    deps.log?.error({ err, key }, 'upload sweep could not delete a file')
  }
}

/**
 * The upload sweep as a periodic job (issue 42 part 3), every `intervalMs`, one at a time across every
 * process. Idempotent: `deleteUnattached` deletes only rows still unattached and past their day (a second run
 * finds them gone), a file already removed is a quiet miss, and `clearStaging` clears keys already cleared.
 */
export function uploadSweepJob(deps: UploadDeps, intervalMs: number): QueueDefinition {
  return {
    name: 'uploads-sweep',
    everyMs: intervalMs,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
    handle: async () => {
      await sweepUploads(deps)
    },
  }
}
