import { z } from 'zod'
import { wallClockAt } from '../format/wall-clock.js'
import { UNNUMBERED } from '../seating/layout-vocabulary.js'

/**
 * An event's attendees for its organiser (issue 43 part 4): every ticket that gets into the event — its own,
 * and those of the season passes and bundles that include it — with who holds it, who bought it, where it
 * sits and whether it has come in. The back office pages them and searches them; the exports write them all.
 */

/** Rows per page of the back office's table. */
export const ATTENDEE_PAGE_SIZE = 50
export const ATTENDEE_PAGE_SIZE_MAX = 100
/** The longest search: a name, an e-mail, a document or an order code. */
export const ATTENDEE_SEARCH_MAX = 100

/**
 * Up to this many tickets an export downloads straight away, streamed as it is read (a few seconds at most);
 * more, and it is a job that writes a file and hands out a link (`ATTENDEE_EXPORT_LINK_TTL_MS`), so no
 * download of a stadium's worth of rows hangs on one request. The server may be configured lower.
 */
export const ATTENDEE_DIRECT_EXPORT_MAX = 5_000

export const attendeeQuerySchema = /* @__PURE__ */ z.object({
  q: z.string().trim().max(ATTENDEE_SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(ATTENDEE_PAGE_SIZE_MAX).default(ATTENDEE_PAGE_SIZE),
})
export type AttendeeQuery = z.infer<typeof attendeeQuerySchema>

export const attendeeRowSchema = /* @__PURE__ */ z.object({
  ticketId: z.uuid(),
  /** Who uses it: the receiver of a transferred ticket, the participant of an inscription, else the buyer. */
  holderName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
  orderCode: z.string(),
  /** The document the gate admits it by, or the buyer's billing document. */
  document: z.object({ type: z.string().nullable(), number: z.string() }).nullable(),
  zone: z.string().nullable(),
  section: z.string(),
  /** Null for an unnumbered place. */
  row: z.string().nullable(),
  seat: z.int().nullable(),
  kind: z.string(),
  status: z.string(),
  /** The entry at this event (a pass has one per included event), or null while it has not come in. */
  checkIn: z.object({ at: z.iso.datetime(), gate: z.string() }).nullable(),
})
export type AttendeeRow = z.infer<typeof attendeeRowSchema>

export const attendeeListSchema = /* @__PURE__ */ z.object({
  event: z.object({ id: z.uuid(), name: z.string(), startsAt: z.iso.datetime(), timeZone: z.string() }),
  /** Every ticket of the event, valid ones (PAID) and how many of those came in, whatever the search. */
  counts: z.object({ tickets: z.int(), valid: z.int(), checkedIn: z.int() }),
  /** Rows matching the search, and this page of them (in order of purchase). */
  total: z.int(),
  page: z.int(),
  size: z.int(),
  totalPages: z.int(),
  items: z.array(attendeeRowSchema),
  /** Above this many tickets an export is a job (`POST …/attendee-exports`), not a direct download. */
  directExportMax: z.int(),
})
export type AttendeeList = z.infer<typeof attendeeListSchema>

export const ATTENDEE_EXPORT_FORMATS = ['csv', 'xlsx'] as const
export type AttendeeExportFormat = (typeof ATTENDEE_EXPORT_FORMATS)[number]

/**
 * An export job's life:
 * - QUEUED: asked for, waiting for a worker.
 * - RUNNING: a worker writes the file. A worker that dies leaves it RUNNING; the job's retry starts it again.
 * - READY: the file is written and can be downloaded through expiring links until the file itself expires.
 * - FAILED: the file could not be written (the reason is logged); asking again makes a new export.
 * - EXPIRED: the file was deleted after `ATTENDEE_EXPORT_FILE_TTL_MS`.
 */
export const ATTENDEE_EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'] as const
export type AttendeeExportStatus = (typeof ATTENDEE_EXPORT_STATUSES)[number]

const TRANSITIONS: Readonly<Record<AttendeeExportStatus, readonly AttendeeExportStatus[]>> = {
  QUEUED: ['RUNNING', 'FAILED'],
  RUNNING: ['RUNNING', 'READY', 'FAILED'],
  READY: ['EXPIRED'],
  FAILED: [],
  EXPIRED: [],
}

export const canExportTransition = (from: AttendeeExportStatus, to: AttendeeExportStatus): boolean =>
  TRANSITIONS[from].includes(to)

/** The statuses an export may move to `to` from: what the write's WHERE names. */
export const exportStatusesBefore = (to: AttendeeExportStatus): AttendeeExportStatus[] =>
  ATTENDEE_EXPORT_STATUSES.filter((from) => canExportTransition(from, to))

/** Throws when no status moves to `to` (the initial one): a write to it is not a move. */
export function assertExportMoveTo(to: AttendeeExportStatus): AttendeeExportStatus[] {
  const from = exportStatusesBefore(to)
  if (from.length === 0) throw new Error(`no attendee export moves to ${to}`)
  return from
}

/** An export not finished yet: a second request for the same event and format gets this one. */
export const UNDERWAY_EXPORT_STATUSES = [
  'QUEUED',
  'RUNNING',
] as const satisfies readonly AttendeeExportStatus[]

/** How long a download link works; asking for the export's state again gives a fresh one. */
export const ATTENDEE_EXPORT_LINK_TTL_MS = 60 * 60_000
/** How long an export's file is kept: people's data does not linger on disk. */
export const ATTENDEE_EXPORT_FILE_TTL_MS = 24 * 60 * 60_000

export const attendeeExportBodySchema = /* @__PURE__ */ z.object({ format: z.enum(ATTENDEE_EXPORT_FORMATS) })

export const attendeeExportViewSchema = /* @__PURE__ */ z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  format: z.enum(ATTENDEE_EXPORT_FORMATS),
  status: z.enum(ATTENDEE_EXPORT_STATUSES),
  /** Tickets to write (known once a worker starts) and written so far: the progress. */
  rowsTotal: z.int().nullable(),
  rowsWritten: z.int(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** When the file is deleted (READY only). */
  fileExpiresAt: z.iso.datetime().nullable(),
  /** A link that downloads the file, READY only; it stops working at `expiresAt`. */
  download: z.object({ url: z.string(), expiresAt: z.iso.datetime() }).nullable(),
})
export type AttendeeExportView = z.infer<typeof attendeeExportViewSchema>

export const attendeeExportListSchema = /* @__PURE__ */ z.object({
  exports: z.array(attendeeExportViewSchema),
})

/** The columns of an export, in order, with their headings in each language. */
export const ATTENDEE_COLUMNS = [
  { key: 'ticket', es: 'Boleta', en: 'Ticket' },
  { key: 'holder', es: 'Titular', en: 'Holder' },
  { key: 'buyerEmail', es: 'Correo del comprador', en: 'Buyer e-mail' },
  { key: 'order', es: 'Compra', en: 'Order' },
  { key: 'documentType', es: 'Tipo de documento', en: 'Document type' },
  { key: 'document', es: 'Documento', en: 'Document' },
  { key: 'zone', es: 'Zona', en: 'Zone' },
  { key: 'section', es: 'Sección', en: 'Section' },
  { key: 'row', es: 'Fila', en: 'Row' },
  { key: 'seat', es: 'Silla', en: 'Seat' },
  { key: 'kind', es: 'Tipo de boleta', en: 'Ticket kind' },
  { key: 'status', es: 'Estado', en: 'Status' },
  { key: 'checkedIn', es: 'Ingresó', en: 'Checked in' },
  { key: 'checkedInAt', es: 'Hora de ingreso', en: 'Check-in time' },
  { key: 'gate', es: 'Puerta', en: 'Gate' },
] as const

export const attendeeHeadings = (lang: 'es' | 'en'): string[] => ATTENDEE_COLUMNS.map((c) => c[lang])

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** An instant as the event's wall clock, `2026-05-01 19:04:09`: what a spreadsheet reads as a date and time. */
export function wallClockText(iso: string, timeZone: string): string {
  const c = wallClockAt(Date.parse(iso), timeZone)
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`
}

/** One attendee as the export's cells, in `ATTENDEE_COLUMNS` order (the seat a number, the rest text). */
export function attendeeCells(
  row: AttendeeRow,
  lang: 'es' | 'en',
  timeZone: string,
): (string | number | null)[] {
  const yes = lang === 'es' ? 'Sí' : 'Yes'
  const no = lang === 'es' ? 'No' : 'No'
  return [
    row.ticketId,
    row.holderName,
    row.buyerEmail,
    row.orderCode,
    row.document?.type ?? null,
    row.document?.number ?? null,
    row.zone,
    row.section,
    row.row,
    row.seat,
    row.kind,
    row.status,
    row.checkIn ? yes : no,
    row.checkIn ? wallClockText(row.checkIn.at, timeZone) : null,
    row.checkIn?.gate ?? null,
  ]
}

/** A ticket's place as stored: the row UNNUMBERED means an unnumbered place, with no row or seat to show. */
export const placeOf = (rowLabel: string, seatNumber: number): { row: string | null; seat: number | null } =>
  rowLabel.toUpperCase() === UNNUMBERED ? { row: null, seat: null } : { row: rowLabel, seat: seatNumber }
