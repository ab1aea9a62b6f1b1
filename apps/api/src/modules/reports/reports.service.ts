import { createHmac, timingSafeEqual } from 'node:crypto'
import { Readable } from 'node:stream'
import { DomainError } from '@palco/domain/errors/domain-error'
import { formLanguageOf } from '@palco/domain/forms/localized-text'
import type { Scope } from '@palco/domain/organisers/staff-access'
import {
  ATTENDEE_EXPORT_FILE_TTL_MS,
  ATTENDEE_EXPORT_LINK_TTL_MS,
  type AttendeeExportFormat,
  type AttendeeExportStatus,
  type AttendeeExportView,
  type AttendeeList,
  type AttendeeQuery,
  type AttendeeRow,
  attendeeCells,
  attendeeHeadings,
  placeOf,
} from '@palco/domain/reports/attendees'
import { splitSectionCode } from '@palco/domain/tickets/location'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/dialect.js'
import type { JobRunner, QueueDefinition } from '../jobs/job-runner.js'
import { eventInScope } from '../organisers/organisers.service.js'
import type { FileStore } from '../uploads/file-store.js'
import {
  type AttendeeDbRow,
  attendeeBatch,
  attendeeCounts,
  attendeePage,
  countMatching,
  type ExportRow,
  eventOfReport,
  exportsOfEvent,
  exportsToExpire,
  findExport,
  insertExport,
  moveExport,
  recordProgress,
  ticketSourcesOf,
  underwayExport,
} from './reports.repository.js'
import { type Cell, csvStream, type RowBatches, xlsxStream } from './spreadsheet-stream.js'

/**
 * An event's attendees for its organiser (issue 43 part 4): the back office's paged, searchable list with
 * check-in state, and the exports as CSV or XLSX. A small event's export streams straight to the browser; a
 * big one is a job that writes the file under DATA_DIR and hands out expiring links to it. Either way the rows
 * are read in keyset batches and written as they come: memory holds one batch, whatever the event's size.
 */

export interface ReportDeps {
  db: Db
  jobs: Pick<JobRunner, 'send' | 'ready'>
  /** Where export files are written (DATA_DIR/exports). */
  store: FileStore
  /** HMAC key of the download links, derived from the app's secret. */
  signingKey: Uint8Array
  /** Read on every call, so tests move the clock (link and file expiry). */
  now: () => Date
  /** Above this many tickets an export must be a job (ATTENDEE_EXPORT_DIRECT_MAX unless configured). */
  directMax: number
  log?: FastifyBaseLogger
}

export const ATTENDEE_EXPORTS = 'attendee-exports'
export const ATTENDEE_EXPORT_SWEEP = 'attendee-exports-sweep'
/** Rows read per query: big enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_BATCH = 1_000
/** The progress is written down every this many rows. */
const PROGRESS_EVERY = 5_000
/** A file past this is refused (and nothing is left behind): a runaway, not a real event. */
const MAX_EXPORT_BYTES = 2 * 1024 ** 3

const notFound = (message = 'No such event.') => new DomainError('NOT_FOUND', { message })

async function reportedEvent(db: Db, eventId: string) {
  const event = await eventOfReport(db, eventId)
  if (!event) throw notFound()
  return event
}

function rowOf(r: AttendeeDbRow): AttendeeRow {
  const place = splitSectionCode(r.section_code)
  return {
    ticketId: r.id,
    holderName: r.holder_name,
    buyerEmail: r.buyer_email,
    orderCode: r.order_code,
    document: r.document_number ? { type: r.document_type, number: r.document_number } : null,
    zone: r.zone_name ?? (place.zone || null),
    section: place.section,
    ...placeOf(r.row_label, r.seat_number),
    kind: r.kind,
    status: r.status,
    checkIn: r.checked_in_at ? { at: new Date(r.checked_in_at).toISOString(), gate: r.gate ?? '' } : null,
  }
}

/** GET /api/admin/events/:id/attendees: one page of the event's tickets, searched, with the event's counts. */
export async function attendeeList(
  deps: ReportDeps,
  eventId: string,
  query: AttendeeQuery,
): Promise<AttendeeList> {
  const event = await reportedEvent(deps.db, eventId)
  const sources = await ticketSourcesOf(deps.db, eventId)
  const search = query.q || undefined
  const counts = await attendeeCounts(deps.db, eventId, sources)
  const total = search ? await countMatching(deps.db, eventId, sources, search) : counts.tickets
  const rows = await attendeePage(deps.db, {
    eventId,
    sources,
    ...(search ? { search } : {}),
    offset: query.page * query.size,
    limit: query.size,
  })
  return {
    event: {
      id: event.id,
      name: event.name,
      startsAt: new Date(event.starts_at).toISOString(),
      timeZone: event.time_zone,
    },
    counts: { tickets: counts.tickets, valid: counts.valid, checkedIn: counts.checked_in },
    total,
    page: query.page,
    size: query.size,
    totalPages: Math.ceil(total / query.size),
    items: rows.map(rowOf),
    directExportMax: deps.directMax,
  }
}

/** Every attendee of the event in batches of `batchSize`, each read after the last (keyset, not offset). */
export async function* attendeeBatches(
  db: Db,
  eventId: string,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<AttendeeRow[]> {
  const sources = await ticketSourcesOf(db, eventId)
  let after: { at: string; id: string } | null = null
  for (;;) {
    const rows = await attendeeBatch(db, { eventId, sources, after, limit: batchSize })
    if (rows.length > 0) yield rows.map(rowOf)
    const last = rows[rows.length - 1]
    if (!last || rows.length < batchSize) return
    after = { at: last.cursor_at, id: last.id }
  }
}

const CONTENT_TYPES: Record<AttendeeExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

const fileNameOf = (eventId: string, format: AttendeeExportFormat, lang: 'es' | 'en') =>
  `${lang === 'es' ? 'asistentes' : 'attendees'}-${eventId}.${format}`

/** The export's bytes, read and written batch by batch; `onBatch` hears how many rows each batch had. */
export function spreadsheetOf(
  db: Db,
  x: { eventId: string; format: AttendeeExportFormat; locale: string; timeZone: string },
  onBatch: (rows: number) => Promise<void> = async () => {},
): AsyncGenerator<Uint8Array> {
  const lang = formLanguageOf(x.locale)
  const batches: RowBatches = (async function* () {
    for await (const rows of attendeeBatches(db, x.eventId)) {
      const cells: Cell[][] = rows.map((row) => attendeeCells(row, lang, x.timeZone))
      yield cells
      await onBatch(rows.length)
    }
  })()
  const heading = attendeeHeadings(lang)
  return x.format === 'csv'
    ? csvStream(heading, batches)
    : xlsxStream(lang === 'es' ? 'Asistentes' : 'Attendees', heading, batches)
}

/**
 * GET /api/admin/events/:id/attendees.csv|.xlsx: the whole list streamed as it is read, for an event of at
 * most `directMax` tickets; a bigger one answers EXPORT_TOO_LARGE (its export is a job).
 */
export async function directAttendeeExport(
  deps: ReportDeps,
  eventId: string,
  format: AttendeeExportFormat,
  locale: string,
) {
  const event = await reportedEvent(deps.db, eventId)
  const { tickets } = await attendeeCounts(deps.db, eventId, await ticketSourcesOf(deps.db, eventId))
  if (tickets > deps.directMax)
    throw new DomainError('EXPORT_TOO_LARGE', { details: { tickets, max: deps.directMax } })
  const bytes = spreadsheetOf(deps.db, { eventId, format, locale, timeZone: event.time_zone })
  return {
    stream: Readable.from(bytes, { objectMode: false }),
    fileName: fileNameOf(eventId, format, formLanguageOf(locale)),
    contentType: CONTENT_TYPES[format],
  }
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url')
const sign = (deps: ReportDeps, exportId: string, exp: number) =>
  b64(createHmac('sha256', deps.signingKey).update(`attendee-export|${exportId}|${exp}`).digest())

/** The key every download link is signed with: the app's secret, narrowed to this one use. */
export const reportSigningKey = (appSecret: string) =>
  createHmac('sha256', appSecret).update('palco:attendee-exports:v1').digest()

/** A READY export's file is there until `file_expires_at`; the sweep then deletes it. */
const fileAlive = (x: ExportRow, now: Date) =>
  x.status === 'READY' && x.file_expires_at !== null && new Date(x.file_expires_at) > now

function viewOf(deps: ReportDeps, x: ExportRow): AttendeeExportView {
  const now = deps.now()
  const alive = fileAlive(x, now)
  const status = (x.status === 'READY' && !alive ? 'EXPIRED' : x.status) as AttendeeExportStatus
  let download: AttendeeExportView['download'] = null
  if (alive && x.file_expires_at) {
    const exp = Math.min(now.getTime() + ATTENDEE_EXPORT_LINK_TTL_MS, new Date(x.file_expires_at).getTime())
    const token = `${exp}.${sign(deps, x.id, exp)}`
    download = {
      url: `/api/admin/attendee-exports/${x.id}/file?token=${encodeURIComponent(token)}`,
      expiresAt: new Date(exp).toISOString(),
    }
  }
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())
  return {
    id: x.id,
    eventId: x.event_id,
    format: x.format as AttendeeExportFormat,
    status,
    rowsTotal: x.rows_total,
    rowsWritten: x.rows_written,
    createdAt: new Date(x.created_at).toISOString(),
    finishedAt: iso(x.finished_at),
    fileExpiresAt: status === 'READY' ? iso(x.file_expires_at) : null,
    download,
  }
}

/**
 * POST /api/admin/events/:id/attendee-exports: a new export, queued in the same transaction as its row; or the
 * one of this event and format already underway (a double click makes one job).
 */
export async function requestAttendeeExport(
  deps: ReportDeps,
  q: { eventId: string; format: AttendeeExportFormat; locale: string; userId: string },
): Promise<AttendeeExportView> {
  await reportedEvent(deps.db, q.eventId)
  await deps.jobs.ready(ATTENDEE_EXPORTS)
  const row = await deps.db.transaction().execute(async (trx) => {
    const made = await insertExport(trx, {
      eventId: q.eventId,
      format: q.format,
      locale: q.locale,
      requestedBy: q.userId,
    })
    if (!made) return underwayExport(trx, q.eventId, q.format)
    await deps.jobs.send(ATTENDEE_EXPORTS, { exportId: made.id }, { trx, singletonKey: made.id })
    return findExport(trx, made.id)
  })
  // Finished between the refused insert and the look-up: asking again makes a new one.
  if (!row) throw new DomainError('CONFLICT', { message: 'An export just finished; ask again.' })
  return viewOf(deps, row)
}

/** The export, when the asker's scope reaches its event; 404 as if absent otherwise. */
async function exportInScope(deps: ReportDeps, scope: Scope, exportId: string) {
  const x = await findExport(deps.db, exportId)
  if (!x) throw notFound('No such export.')
  await eventInScope(deps.db, scope, x.event_id).catch(() => {
    throw notFound('No such export.')
  })
  return x
}

/** GET /api/admin/attendee-exports/:id: its state and, when ready, a fresh link. */
export async function attendeeExportView(deps: ReportDeps, scope: Scope, exportId: string) {
  return viewOf(deps, await exportInScope(deps, scope, exportId))
}

/** GET /api/admin/events/:id/attendee-exports: the event's latest exports, newest first. */
export async function attendeeExportsOf(deps: ReportDeps, eventId: string) {
  await reportedEvent(deps.db, eventId)
  return { exports: (await exportsOfEvent(deps.db, eventId, 10)).map((x) => viewOf(deps, x)) }
}

/** `<expiry ms>.<signature>`; a forged or mangled token is a 404, not a hint. */
function verifiedExpiry(deps: ReportDeps, exportId: string, token: string): number {
  const [expText, signature, extra] = token.split('.')
  if (extra !== undefined || !expText || !signature || !/^\d{1,15}$/.test(expText))
    throw notFound('No such export.')
  const exp = Number(expText)
  const expected = Buffer.from(sign(deps, exportId, exp))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound('No such export.')
  return exp
}

/**
 * GET /api/admin/attendee-exports/:id/file?token=…: the file behind a link. A link past its hour, or a file
 * already deleted, answers 410 EXPORT_LINK_EXPIRED (ask for the export again for a fresh link, or export again).
 */
export async function openAttendeeExport(deps: ReportDeps, scope: Scope, exportId: string, token: string) {
  const exp = verifiedExpiry(deps, exportId, token)
  const x = await exportInScope(deps, scope, exportId)
  const now = deps.now()
  if (exp <= now.getTime())
    throw new DomainError('EXPORT_LINK_EXPIRED', {
      message: 'This download link has expired; ask for a new one.',
    })
  const stream = fileAlive(x, now) && x.file_key ? await deps.store.open(x.file_key) : null
  if (!stream)
    throw new DomainError('EXPORT_LINK_EXPIRED', { message: 'This export’s file was deleted; export again.' })
  const format = x.format as AttendeeExportFormat
  return {
    stream,
    fileName: fileNameOf(x.event_id, format, formLanguageOf(x.locale)),
    contentType: CONTENT_TYPES[format],
  }
}

/**
 * Writes an export's file (the job). Idempotent: a replay of a READY, FAILED or EXPIRED export does nothing;
 * one left RUNNING by a worker that died starts again and writes the same key (the store writes to a temporary
 * name and renames it into place), so one export is one row and one file however often its job runs.
 */
export async function writeAttendeeExport(deps: ReportDeps, exportId: string): Promise<void> {
  const x = await findExport(deps.db, exportId)
  if (!x || (x.status !== 'QUEUED' && x.status !== 'RUNNING')) return
  const event = await eventOfReport(deps.db, x.event_id)
  if (!event) {
    await moveExport(deps.db, x.id, 'FAILED', { at: deps.now() })
    return
  }
  const { tickets } = await attendeeCounts(deps.db, x.event_id, await ticketSourcesOf(deps.db, x.event_id))
  const at = deps.now()
  if (!(await moveExport(deps.db, x.id, 'RUNNING', { rowsTotal: tickets, rowsWritten: 0, at }))) return
  const format = x.format as AttendeeExportFormat
  const key = `attendee-exports/${x.id}.${format}`
  let written = 0
  let reported = 0
  const onBatch = async (rows: number) => {
    written += rows
    if (written - reported < PROGRESS_EVERY) return
    reported = written
    await recordProgress(deps.db, x.id, written)
  }
  try {
    const bytes = spreadsheetOf(
      deps.db,
      { eventId: x.event_id, format, locale: x.locale, timeZone: event.time_zone },
      onBatch,
    )
    const size = await deps.store.write(key, Readable.from(bytes, { objectMode: false }), MAX_EXPORT_BYTES)
    const doneAt = deps.now()
    const fileExpiresAt = new Date(doneAt.getTime() + ATTENDEE_EXPORT_FILE_TTL_MS)
    await moveExport(deps.db, x.id, 'READY', {
      rowsWritten: written,
      fileKey: key,
      byteSize: size,
      at: doneAt,
      fileExpiresAt,
    })
  } catch (err) {
    deps.log?.error({ err, exportId: x.id }, 'attendee export failed')
    await moveExport(deps.db, x.id, 'FAILED', { rowsWritten: written, at: deps.now() })
  }
}

/**
 * The export job. A worker that dies mid-file leaves the job to expire and be retried (`writeAttendeeExport`
 * starts it again); a file that cannot be written is FAILED, not retried (the organiser asks again).
 */
export function attendeeExportJob(deps: ReportDeps): QueueDefinition<{ exportId: string }> {
  return {
    name: ATTENDEE_EXPORTS,
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
    handle: (data) => writeAttendeeExport(deps, data.exportId),
  }
}

/** Deletes the files whose time is up and marks their exports EXPIRED: people's data does not linger. */
export async function sweepAttendeeExports(deps: ReportDeps): Promise<number> {
  const due = await exportsToExpire(deps.db, deps.now(), 100)
  for (const x of due) {
    if (x.file_key) await deps.store.remove(x.file_key)
    await moveExport(deps.db, x.id, 'EXPIRED')
  }
  return due.length
}

export function attendeeExportSweepJob(deps: ReportDeps, everyMs: number): QueueDefinition {
  return { name: ATTENDEE_EXPORT_SWEEP, everyMs, handle: async () => void (await sweepAttendeeExports(deps)) }
}
