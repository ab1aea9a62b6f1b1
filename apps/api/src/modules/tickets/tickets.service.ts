import { randomBytes } from 'node:crypto'
import { isEventCancelled } from '@palco/domain/catalog/event-lifecycle'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, Locale } from '@palco/domain/locale/country'
import type { TicketKind, TicketOwnership } from '@palco/domain/orders/vocabulary'
import type { Scope } from '@palco/domain/organisers/staff-access'
import type {
  CheckInBody,
  CheckInByDocumentBody,
  CheckInResponse,
  EventTickets,
  GateEvents,
  OfflinePackage,
  TicketDetail,
  TicketEvent,
  TicketSummary,
  TransferBody,
} from '@palco/domain/tickets/contract'
import { ticketLocationLabel } from '@palco/domain/tickets/location'
import { canOwnershipMove } from '@palco/domain/tickets/ownership-lifecycle'
import type { QrType } from '@palco/domain/tickets/qr'
import {
  DYNAMIC_STEP_SECONDS,
  DYNAMIC_WINDOW_STEPS,
  type KnownTicket,
  parseTicketCode,
  type QrMaterial,
  sha256,
  signTicketBase,
  staticDefaultCode,
  toBase64Url,
  verifyTicketCode,
} from '@palco/domain/tickets/qr-code'
import { acceptScanTime } from '@palco/domain/tickets/scan-time'
import { LOCKED_TICKET_STATUS } from '@palco/domain/tickets/status-lifecycle'
import type { Db } from '../../db/dialect.js'
import { preRegisterContact } from '../fans/fans.service.js'
import { insertOutboxMessage } from '../notifications/notifications.service.js'
import { sectionNamesOfLayout } from '../seating/seat-layout.service.js'
import { signingKeys } from './signing-key.js'
import { transferMessage } from './ticket-messages.js'
import { ticketsPdf } from './ticket-pdf.js'
import {
  eventForGate,
  eventsAdmittedBy,
  fanIdsOfUser,
  findCheckin,
  findFanByContact,
  findIssuedTicketsOfOrder,
  findTicketForGate,
  findTicketsOfUser,
  frameOfEvent,
  gateEvents,
  hasCheckin,
  hasSentTicket,
  insertCheckin,
  insertTransfer,
  lockTicket,
  maxPerFanOfEvent,
  moveTicket,
  readdressFanTransfers,
  reassignFanTickets,
  type TicketRow,
  ticketSecret,
  ticketSecrets,
  ticketsAdmittedAt,
  ticketsOfDocument,
  userEmailOf,
} from './tickets.repository.js'

export interface Viewer {
  userId: string
  email: string
}

const iso = (d: Date | string) => new Date(d).toISOString()

export function eventOf(row: {
  event_id: string
  event_name: string
  event_slug: string
  event_type: string
  event_country: string
  event_starts_at: Date
  event_ends_at: Date
  event_image_url: string | null
  event_qr_type: string
  venue_name: string
  venue_city: string
  venue_time_zone: string
}): TicketEvent {
  return {
    id: row.event_id,
    name: row.event_name,
    slug: row.event_slug,
    type: row.event_type,
    country: row.event_country,
    startsAt: iso(row.event_starts_at),
    endsAt: iso(row.event_ends_at),
    timeZone: row.venue_time_zone,
    venueName: row.venue_name,
    city: row.venue_city,
    imageUrl: row.event_image_url,
    qrType: row.event_qr_type as QrType,
  }
}

/** "j•••@example.co", "+57 •••• 4455": enough for the sender to recognise, not a directory. */
export function maskContact(contact: string): string {
  const at = contact.indexOf('@')
  if (at > 0) return `${contact.slice(0, 1)}•••${contact.slice(at)}`
  return `${contact.slice(0, contact.indexOf(' ') + 1 || 3)}•••• ${contact.slice(-4)}`
}

const locationOf = (
  row: {
    section_code: string
    row_label: string
    seat_number: number
    zone_name: string | null
    venue_stadium_code: string | null
  },
  sectionName: string | null = null,
) =>
  ticketLocationLabel(
    {
      zone: row.zone_name,
      sectionCode: row.section_code,
      sectionName,
      seatCode: `${row.row_label}-${row.seat_number}`,
    },
    row.venue_stadium_code,
  )

/** The viewer's side of a ticket: a ticket they passed on is TRANSFERRED, whatever the row now says. */
function isTransferredAway(row: TicketRow, viewer: Viewer): boolean {
  return row.transfer_from_user_id === viewer.userId
}

/**
 * Used up: entered every event it admits. A season pass used at its first match is still the fan's ticket
 * for the next one, so it keeps its code until the last included event has seen it.
 */
function usedUp(row: TicketRow): boolean {
  return row.checkin_count > 0 && row.checkin_count >= row.admits_count
}

export function summaryOf(row: TicketRow, viewer: Viewer): TicketSummary {
  const away = isTransferredAway(row, viewer)
  const used = usedUp(row)
  return {
    id: row.id,
    purchaseId: row.order_id,
    eventId: row.event_id,
    section: row.section_code,
    row: row.row_label,
    seat: row.seat_number,
    zoneName: row.zone_name,
    location: locationOf(row),
    holderName: row.holder_name,
    kind: row.kind as TicketKind,
    ownership: away ? 'TRANSFERRED' : (row.ownership as TicketOwnership),
    status: away ? 'TRANSFERRED' : row.status === LOCKED_TICKET_STATUS ? 'LOCKED' : used ? 'USED' : 'VALID',
    checkedInAt: used && row.checked_in_at ? iso(row.checked_in_at) : null,
    transferredTo: away && row.transfer_contact ? maskContact(row.transfer_contact) : null,
  }
}

async function rowsOf(db: Db, viewer: Viewer, filter: Parameters<typeof findTicketsOfUser>[3] = {}) {
  return findTicketsOfUser(db, viewer.userId, await fanIdsOfUser(db, viewer.userId), filter)
}

/** GET /api/myTickets: grouped by event; upcoming (not ended) soonest first, or past most recent first. */
export async function myTickets(
  db: Db,
  viewer: Viewer,
  opts: { past: boolean; now: Date },
): Promise<EventTickets[]> {
  const rows = await rowsOf(db, viewer)
  const groups = new Map<string, EventTickets & { endsAt: number }>()
  for (const row of rows) {
    const ended = row.event_ends_at.getTime() < opts.now.getTime()
    if (ended !== opts.past) continue
    let g = groups.get(row.event_id)
    if (!g) {
      g = { event: eventOf(row), tickets: [], endsAt: row.event_ends_at.getTime() }
      groups.set(row.event_id, g)
    }
    g.tickets.push(summaryOf(row, viewer))
  }
  const list = [...groups.values()]
  list.sort((a, b) =>
    opts.past
      ? b.event.startsAt.localeCompare(a.event.startsAt)
      : a.event.startsAt.localeCompare(b.event.startsAt),
  )
  return list.map(({ endsAt: _e, ...g }) => g)
}

/** GET /api/myTickets/event: the viewer's tickets for one event; someone else's event → 404. */
export async function myTicketsOfEvent(db: Db, viewer: Viewer, eventId: string): Promise<EventTickets> {
  const rows = await rowsOf(db, viewer, { eventId })
  const first = rows[0]
  if (!first) throw new DomainError('NOT_FOUND')
  return { event: eventOf(first), tickets: rows.map((r) => summaryOf(r, viewer)) }
}

export async function ticketsOfPurchase(db: Db, viewer: Viewer, orderId: string): Promise<TicketSummary[]> {
  const rows = await rowsOf(db, viewer, { orderId })
  return rows.map((r) => summaryOf(r, viewer))
}

async function qrMaterialOf(
  db: Db,
  row: TicketRow,
  secretOf: (ticketId: string) => Promise<Uint8Array> = (id) => findSecret(db, id),
): Promise<QrMaterial> {
  const secret = await secretOf(row.id)
  const type = row.event_qr_type as QrType
  const ref = { ticketId: row.id, eventId: row.event_id, version: row.secret_version }
  if (type === 'STATIC_DEFAULT') return { type, code: staticDefaultCode(ref, secret) }
  const keys = type === 'DYNAMIC_DEFAULT' ? null : await signingKeys(db)
  if (type === 'STATIC_ENCRYPTED') {
    return { type, code: await signTicketBase(type, ref, (keys as NonNullable<typeof keys>).privateKey) }
  }
  return {
    type,
    ticketId: row.id,
    version: row.secret_version,
    secret: toBase64Url(secret),
    signedBase: keys ? await signTicketBase('DYNAMIC_ENCRYPTED', ref, keys.privateKey) : null,
    stepSeconds: DYNAMIC_STEP_SECONDS,
  }
}

async function findSecret(db: Db, ticketId: string): Promise<Uint8Array> {
  const row = await ticketSecret(db, ticketId)
  if (!row) throw new Error(`ticket ${ticketId} vanished`)
  return new Uint8Array(row.qr_secret)
}

/** GET /api/tickets/:id — the only answer that carries what draws the code, and only to its holder. */
export async function ticketDetail(db: Db, viewer: Viewer, ticketId: string): Promise<TicketDetail> {
  const [row] = await rowsOf(db, viewer, { ticketId })
  if (!row) throw new DomainError('NOT_FOUND')
  return detailOfRow(db, row, viewer)
}

/**
 * The tickets of a sale made at the counter, as a PDF to hand over (issue 15 part 4). The box office checks
 * that the operator asking made the sale; a walk-in's tickets have no owner account, so they are seen as
 * their holder would see them.
 */
export async function counterSaleTicketsPdf(
  db: Db,
  orderId: string,
  locale: Locale,
  print: Parameters<typeof ticketsPdf>[2],
): Promise<Uint8Array> {
  const rows = await findIssuedTicketsOfOrder(db, orderId)
  const shared = sharedFactsOf(db, rows)
  const details = await Promise.all(
    rows.map((row) => detailOfRow(db, row, { userId: row.owner_user_id ?? '', email: '' }, shared)),
  )
  return ticketsPdf(details, locale, print)
}

/**
 * What the tickets of one event have in common, read once however many tickets are printed
 * together (a counter sale's PDF read them once per ticket before; bench/box-office).
 */
function sharedFactsOf(db: Db, printed: readonly TicketRow[] = []) {
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    const hit = cache.get(key) ?? read()
    cache.set(key, hit)
    return hit
  }
  const frames = new Map<string, ReturnType<typeof frameOfEvent>>()
  const sectionNames = new Map<string, Promise<ReadonlyMap<string, string>>>()
  const maxima = new Map<string, Promise<number | null>>()
  // Every code of a printed order is drawn: their secrets in one read instead of one per ticket.
  const secrets =
    printed.length > 0
      ? ticketSecrets(
          db,
          printed.map((r) => r.id),
        ).then((found) => new Map(found.map((s) => [s.id, new Uint8Array(s.qr_secret)])))
      : null
  return {
    frame: (row: TicketRow) =>
      once(frames, row.event_id, () => frameOfEvent(db, row.event_id, row.event_country)),
    maxPerFan: (row: TicketRow) => once(maxima, row.event_id, () => maxPerFanOfEvent(db, row.event_id)),
    sectionName: async (row: TicketRow) =>
      (await once(sectionNames, row.event_id, () => sectionNamesOfLayout(db, row.event_layout_id))).get(
        row.section_code,
      ) ?? null,
    secret: async (ticketId: string) => (await secrets)?.get(ticketId) ?? findSecret(db, ticketId),
  }
}

async function detailOfRow(
  db: Db,
  row: TicketRow,
  viewer: Viewer,
  shared = sharedFactsOf(db),
): Promise<TicketDetail> {
  const summary = summaryOf(row, viewer)
  const frame = await shared.frame(row)
  const maxPerFan = await shared.maxPerFan(row)
  const holds = summary.status === 'VALID'
  return {
    ...summary,
    // The section as the seat map names it, on the ticket's page and its printout.
    location: locationOf(row, await shared.sectionName(row)),
    event: eventOf(row),
    purchaseCode: row.order_code ?? '',
    rules: [
      { key: 'noWeapons', count: null },
      { key: 'noFood', count: null },
      { key: 'noSmoking', count: null },
      { key: 'maxTickets', count: maxPerFan ?? 10 },
    ],
    frame: frame
      ? {
          name: frame.name,
          imageUrl: frame.image_url,
          backgroundColor: frame.background_color,
          textColor: frame.text_color,
          accentColor: frame.accent_color,
        }
      : null,
    transferable:
      holds &&
      // A pass that already got someone into one match stays with them (as the transfer itself refuses).
      row.checkin_count === 0 &&
      row.event_transferable &&
      canOwnershipMove(row.ownership as TicketOwnership, 'RECEIVED') &&
      row.event_ends_at.getTime() > Date.now(),
    checkIn:
      usedUp(row) && row.checked_in_at ? { at: iso(row.checked_in_at), gate: row.checkin_gate ?? '' } : null,
    qr: holds ? await qrMaterialOf(db, row, shared.secret) : null,
  }
}

/** For the PDF: the rows of the viewer's held tickets with their code material. */
export async function printableTickets(db: Db, viewer: Viewer, ticketId: string) {
  const detail = await ticketDetail(db, viewer, ticketId)
  return detail
}

type TransferContact = ReturnType<typeof contactOf>
const contactOf = (body: TransferBody) =>
  'email' in body
    ? { email: body.email.trim().toLowerCase(), label: body.email.trim().toLowerCase() }
    : { prefix: body.phonePrefix, phone: body.phone, label: `${body.phonePrefix} ${body.phone}` }

/**
 * A pre-registered fan's tickets join the account that proved their email or phone (issue 12), and so do the
 * transfers that sent them there: the account is their receiver from then on, as if it had been sent them.
 * The caller retires the pre-registered fan in the same transaction.
 */
export async function takeOverTicketsOfFan(db: Db, fromFanId: string, to: { fanId: string; userId: string }) {
  await reassignFanTickets(db, fromFanId, to)
  await readdressFanTransfers(db, fromFanId, to)
}

/**
 * POST /api/tickets/:id/transfer (issue 7, part 4). One transaction with the ticket row locked, so a
 * transfer and a gate scan of the same ticket cannot interleave: the receiver gets the ticket with a new
 * secret (every earlier code is superseded), the transfer is logged once (a unique ticket_id), and both
 * sides are notified through the outbox.
 */
export async function transferTicket(
  db: Db,
  viewer: Viewer,
  ticketId: string,
  body: TransferBody,
  ctx: { locale: Locale; country: Country; now: Date },
) {
  const contact = contactOf(body)
  return db.transaction().execute(async (trx) => {
    const myFans = await fanIdsOfUser(trx, viewer.userId)
    const ticket = await lockTransferableTicket(trx, viewer, myFans, ticketId, contact, ctx.now)
    const { receiver, preRegistered } = await receiverOf(trx, viewer, myFans, contact, ctx.country)
    await passTicketOn(trx, viewer, ticket, receiver, contact.label)
    await notifyTransfer(trx, viewer, ticketId, receiver, contact.label, ctx.locale)
    return {
      ticketId,
      ownership: 'TRANSFERRED' as const,
      transferredTo: maskContact(contact.label),
      receiverPreRegistered: preRegistered,
    }
  })
}

/**
 * The ticket, locked, once it is the viewer's and may be passed on: paid (a paguitos ticket stays with the
 * fan paying for it, issue 16 part 6), unused, owned rather than received, of an event that allows transfers
 * and has not ended, and not to the viewer's own contact. Each refusal says which.
 */
async function lockTransferableTicket(
  trx: Db,
  viewer: Viewer,
  myFans: readonly string[],
  ticketId: string,
  contact: TransferContact,
  now: Date,
) {
  const ticket = await lockTicket(trx, ticketId)
  if (!ticket) throw new DomainError('NOT_FOUND')
  const mine =
    ticket.owner_user_id === viewer.userId ||
    (ticket.owner_fan_id !== null && myFans.includes(ticket.owner_fan_id))
  if (!mine) {
    const sent = await hasSentTicket(trx, ticketId, viewer.userId)
    throw new DomainError(sent ? 'TICKET_ALREADY_TRANSFERRED' : 'NOT_FOUND')
  }
  if (ticket.status === LOCKED_TICKET_STATUS) throw new DomainError('TICKET_NOT_TRANSFERABLE')
  if (ticket.status !== 'PAID') throw new DomainError('NOT_FOUND')
  if (contact.email && contact.email === viewer.email.toLowerCase()) throw new DomainError('TRANSFER_TO_SELF')
  // Used at any event: a pass that got someone into one match is not passed on for the next.
  if (await hasCheckin(trx, ticketId)) throw new DomainError('TICKET_ALREADY_USED')
  if (!canOwnershipMove(ticket.ownership as TicketOwnership, 'RECEIVED'))
    throw new DomainError('TICKET_ALREADY_TRANSFERRED')
  if (!ticket.event_transferable || ticket.event_ends_at.getTime() < now.getTime()) {
    throw new DomainError('TICKET_NOT_TRANSFERABLE')
  }
  return ticket
}

type TransferReceiver = NonNullable<Awaited<ReturnType<typeof findFanByContact>>>

/**
 * Who gets the ticket: the fan that contact leads to, never the viewer under another of their fans; else
 * (spec §3) a fan pre-registered for it, whose ticket joins the account that later proves the contact.
 */
async function receiverOf(
  trx: Db,
  viewer: Viewer,
  myFans: readonly string[],
  contact: TransferContact,
  country: Country,
): Promise<{ receiver: TransferReceiver; preRegistered: boolean }> {
  const known = await findFanByContact(trx, {
    ...(contact.email ? { email: contact.email } : {}),
    ...(contact.prefix ? { prefix: contact.prefix, phone: contact.phone } : {}),
  })
  if (known && (known.user_id === viewer.userId || myFans.includes(known.id))) {
    throw new DomainError('TRANSFER_TO_SELF')
  }
  if (known) return { receiver: known, preRegistered: false }
  const fan = await preRegisterContact(
    trx,
    {
      ...(contact.email ? { email: contact.email } : {}),
      ...(contact.prefix ? { phonePrefix: contact.prefix, phone: contact.phone } : {}),
    },
    country,
  )
  const receiver: TransferReceiver = {
    id: fan.id,
    user_id: null,
    email: contact.email ?? null,
    phone_prefix: contact.prefix ?? null,
    phone_number: contact.phone ?? null,
    registration_status: 'PRE_REGISTERED',
  }
  return { receiver, preRegistered: true }
}

/** The ticket moves to the receiver with a new secret, and the transfer is logged once. */
async function passTicketOn(
  trx: Db,
  viewer: Viewer,
  ticket: { id: string; secret_version: number },
  receiver: TransferReceiver,
  label: string,
) {
  const moved = await moveTicket(
    trx,
    ticket.id,
    { userId: receiver.user_id, fanId: receiver.id },
    randomBytes(32),
    ticket.secret_version,
  )
  if (!moved) throw new DomainError('CONFLICT')
  await insertTransfer(trx, {
    ticketId: ticket.id,
    fromUserId: viewer.userId,
    toFanId: receiver.id,
    toUserId: receiver.user_id,
    contact: label,
  }).catch((err: unknown) => {
    if (String((err as { code?: string }).code) === '23505')
      throw new DomainError('TICKET_ALREADY_TRANSFERRED')
    throw err
  })
}

async function notifyTransfer(
  trx: Db,
  viewer: Viewer,
  ticketId: string,
  receiver: { email: string | null; phone_prefix: string | null; phone_number: string | null },
  receiverLabel: string,
  locale: Locale,
) {
  const row = await findTicketForGate(trx, ticketId)
  if (!row) return
  const place = locationOf(row)
    .map((p) => p.value)
    .join(' · ')
  const sender = await userEmailOf(trx, viewer.userId)
  const senderName = sender?.first_name || viewer.email
  const sent = transferMessage(locale, 'sent', { eventName: row.event_name, place, other: receiverLabel })
  await insertOutboxMessage(trx, {
    channel: 'email',
    recipient: viewer.email,
    locale,
    template: 'ticket.transfer.sent',
    subject: sent.subject,
    textBody: sent.text,
    htmlBody: sent.html,
  })
  const got = transferMessage(locale, 'received', { eventName: row.event_name, place, other: senderName })
  const byEmail = receiver.email !== null
  await insertOutboxMessage(trx, {
    channel: byEmail ? 'email' : 'sms',
    recipient: byEmail ? (receiver.email as string) : `${receiver.phone_prefix}${receiver.phone_number}`,
    locale,
    template: 'ticket.transfer.received',
    subject: got.subject,
    textBody: got.text,
    htmlBody: byEmail ? got.html : null,
  })
}

// --- gate ------------------------------------------------------------------------------------------------

async function knownTicketOf(
  row: {
    id: string
    event_id: string
    secret_version: number
    event_qr_type: string
    qr_secret: Uint8Array
  },
  admits: readonly string[],
): Promise<KnownTicket> {
  const secret = new Uint8Array(row.qr_secret)
  return {
    ticketId: row.id,
    eventId: row.event_id,
    admits: new Set(admits),
    version: row.secret_version,
    qrType: row.event_qr_type as QrType,
    secret,
    secretDigest: await sha256(secret),
  }
}

/**
 * When the entry happened: now for a live scan; for an entry an offline gate sends later, the moment it
 * scanned, within `acceptScanTime`'s bounds (a day back at most, never in the future).
 */
function scanMoment(body: CheckInBody, now: Date): Date | null {
  if (body.scannedAt === undefined) return null
  const judged = acceptScanTime(Date.parse(body.scannedAt), now.getTime())
  if (!judged.ok)
    throw new DomainError('RULE_BROKEN', { field: 'scannedAt', details: { reason: judged.reason } })
  return new Date(judged.atMs)
}

type GateRow = NonNullable<Awaited<ReturnType<typeof findTicketForGate>>>

/** The ticket as the gate's answer shows it: where its holder goes. */
const gateTicketOf = (row: GateRow) => ({
  id: row.id,
  section: row.section_code,
  row: row.row_label,
  seat: row.seat_number,
  zoneName: row.zone_name,
  kind: row.kind as TicketKind,
  location: locationOf(row),
  holderName: row.holder_name,
})

/**
 * POST /api/checkin/identification (issue 15, IDENTIFICATION): the holder shows the identity document their
 * tickets were sold to, and the next of them not yet used at this event is admitted, once — racing gates
 * each take a different ticket or none, since every entry is the same once-per-(ticket, event) insert as a
 * scan. When all are used, ALREADY_USED with the last entry; a document with no ticket here is INVALID.
 * Only the event's own tickets bind a document (counter sales); a gate offline scans their QR instead.
 */
export async function checkInByDocument(
  db: Db,
  operatorUserId: string,
  body: CheckInByDocumentBody,
): Promise<CheckInResponse> {
  const none = { ticket: null, checkedInAt: null, gate: null }
  const number = body.documentNumber.trim().toUpperCase()
  if (isEventCancelled((await eventForGate(db, body.eventId))?.status ?? ''))
    return { result: 'EVENT_CANCELLED', ...none }
  return db.transaction().execute(async (trx) => {
    const found = await ticketsOfDocument(trx, body.eventId, body.documentType, number)
    for (const candidate of found.filter((t) => t.checked_in_at === null)) {
      const locked = await lockTicket(trx, candidate.id)
      if (locked?.status !== 'PAID') continue
      const inserted = await insertCheckin(trx, {
        ticketId: candidate.id,
        eventId: body.eventId,
        gate: body.gate,
        operatorUserId,
        version: locked.secret_version,
      })
      const row = inserted ? await findTicketForGate(trx, candidate.id) : undefined
      if (inserted && row)
        return {
          result: 'VALID',
          ticket: gateTicketOf(row),
          checkedInAt: iso(inserted.checked_in_at),
          gate: inserted.gate,
        }
    }
    const last = found.at(-1)
    const row = last ? await findTicketForGate(trx, last.id) : undefined
    if (!last || !row) return { result: 'INVALID', ...none }
    const entry = await findCheckin(trx, last.id, body.eventId)
    return {
      result: 'ALREADY_USED',
      ticket: gateTicketOf(row),
      checkedInAt: entry ? iso(entry.checked_in_at) : null,
      gate: entry?.gate ?? null,
    }
  })
}

/**
 * POST /api/checkin (issue 7, part 6; issue 13). The code is verified first (signature, secret, time
 * window, and that the ticket admits to this event: its own, or one its season pass or bundle includes);
 * then, with the ticket row locked, the version is re-read (a transfer may have just superseded it) and the
 * entry is inserted once per (ticket, event). A second scan at the same event — from this or any other
 * gate, even at the same instant — finds the first one and answers ALREADY_USED with its time and gate.
 * An entry replayed by a gate that was offline is judged and recorded at `scannedAt`: a rotating code
 * that was live when the gate scanned it still counts once the network is back.
 */
export async function checkIn(
  db: Db,
  operatorUserId: string,
  body: CheckInBody,
  now: Date,
): Promise<CheckInResponse> {
  const none = { ticket: null, checkedInAt: null, gate: null }
  const scannedAt = scanMoment(body, now)
  const parsed = parseTicketCode(body.code)
  if (!parsed) return { result: 'INVALID', ...none }
  const row = await findTicketForGate(db, parsed.ticketId)
  // The event will not take place and the ticket was refunded (issue 16 part 5): the gate says so rather than
  // "invalid", so the holder is told why; a cancelled gate event admits no one.
  if (row && isEventCancelled(row.event_status)) return { result: 'EVENT_CANCELLED', ...none }
  if (isEventCancelled((await eventForGate(db, body.eventId))?.status ?? ''))
    return { result: 'EVENT_CANCELLED', ...none }
  // Its plan is still being paid: refused with the reason, whatever the code says (issue 16 part 6).
  if (row?.status === LOCKED_TICKET_STATUS) return { result: 'NOT_PAID', ...none }
  const secretRow = row ? await ticketSecret(db, row.id) : undefined
  const known =
    row && secretRow && row.status === 'PAID'
      ? await knownTicketOf(
          { ...row, qr_secret: secretRow.qr_secret },
          await eventsAdmittedBy(db, { id: row.event_id, type: row.event_type }),
        )
      : null
  const publicKey = parsed.type.endsWith('ENCRYPTED') ? (await signingKeys(db)).publicKey : null
  const verdict = await verifyTicketCode(parsed, known, {
    eventId: body.eventId,
    nowMs: (scannedAt ?? now).getTime(),
    publicKey,
  })
  if (!row || (verdict !== 'VALID' && verdict !== 'EXPIRED')) return { result: verdict, ...none }
  const ticket = gateTicketOf(row)
  if (verdict === 'EXPIRED') {
    // A genuine but stale code of a ticket already inside: "already used" tells the gate more.
    const first = await findCheckin(db, row.id, body.eventId)
    if (!first) return { result: 'EXPIRED', ...none }
    return { result: 'ALREADY_USED', ticket, checkedInAt: iso(first.checked_in_at), gate: first.gate }
  }
  return db.transaction().execute(async (trx) => {
    const locked = await lockTicket(trx, row.id)
    if (locked?.status !== 'PAID' || locked.secret_version !== parsed.version) {
      return { result: 'INVALID' as const, ...none }
    }
    // The gate's event, not the ticket's: a pass's entry belongs to the match it got into.
    const inserted = await insertCheckin(trx, {
      ticketId: row.id,
      eventId: body.eventId,
      gate: body.gate,
      operatorUserId,
      version: parsed.version,
      ...(scannedAt ? { at: scannedAt } : {}),
    })
    if (inserted) {
      return {
        result: 'VALID' as const,
        ticket,
        checkedInAt: iso(inserted.checked_in_at),
        gate: inserted.gate,
      }
    }
    const first = await findCheckin(trx, row.id, body.eventId)
    return {
      result: 'ALREADY_USED' as const,
      ticket,
      checkedInAt: first ? iso(first.checked_in_at) : null,
      gate: first?.gate ?? null,
    }
  })
}

/**
 * GET /api/checkin/offline-package: what a gate device needs to admit this event's tickets without the
 * network — its own tickets and those of the season passes and bundles that include it, each with the QR
 * type and event it was sold with (a pass's codes are its product's). Static default tickets travel as
 * SHA-256 digests (a stolen device reveals no working code); dynamic tickets need their HMAC secret, so the
 * package is for operators only and meant to be fetched shortly before doors open. Check-ins recorded
 * offline are replayed through POST /api/checkin, which still admits each ticket once per event.
 */
export async function offlinePackage(db: Db, eventId: string, now: Date): Promise<OfflinePackage> {
  const event = await eventForGate(db, eventId)
  if (!event) throw new DomainError('NOT_FOUND')
  const qrType = event.qr_type as QrType
  const rows = await ticketsAdmittedAt(db, eventId)
  const keys = await signingKeys(db)
  const tickets = await Promise.all(
    rows.map(async (r) => {
      const type = r.qr_type as QrType
      const secret = new Uint8Array(r.qr_secret)
      return {
        ticketId: r.id,
        eventId: r.event_id,
        qrType: type,
        version: r.secret_version,
        secretDigest: type === 'STATIC_DEFAULT' ? toBase64Url(await sha256(secret)) : null,
        secret: type === 'DYNAMIC_DEFAULT' || type === 'DYNAMIC_ENCRYPTED' ? toBase64Url(secret) : null,
      }
    }),
  )
  return {
    eventId,
    qrType,
    generatedAt: now.toISOString(),
    stepSeconds: DYNAMIC_STEP_SECONDS,
    windowSteps: DYNAMIC_WINDOW_STEPS,
    publicKey: keys.publicRaw,
    tickets,
    revoked: rows
      .filter((r) => r.secret_version > 1)
      .map((r) => ({ ticketId: r.id, validVersion: r.secret_version })),
    checkedIn: rows
      .filter((r) => r.checked_in_at)
      .map((r) => ({ ticketId: r.id, at: iso(r.checked_in_at as Date), gate: r.gate ?? '' })),
  }
}

/** GET /api/checkin/events: what the gate page offers (events still running or a few hours past). */
export async function eventsForGate(
  db: Db,
  country: Country,
  now: Date,
  scope: Scope,
): Promise<GateEvents['events']> {
  const rows = await gateEvents(db, country, new Date(now.getTime() - 12 * 3_600_000), scope)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    startsAt: iso(r.starts_at),
    timeZone: r.time_zone,
    venueName: r.venue_name,
  }))
}
