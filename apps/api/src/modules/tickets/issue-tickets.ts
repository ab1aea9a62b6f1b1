import { randomBytes } from 'node:crypto'
import { paperQrType, type QrType } from '@palco/domain/tickets/qr'
import { LOCKED_TICKET_STATUS } from '@palco/domain/tickets/status-lifecycle'
import type { Db } from '../../db/dialect.js'
import {
  cancelLockedTicketsOfOrder,
  eventForGate,
  findTicketsOfOrder,
  insertTickets,
  revokeTicketsOfOrder,
  unlockTicketsOfOrder,
} from './tickets.repository.js'

const eventQrType = async (db: Db, eventId: string) => (await eventForGate(db, eventId))?.qr_type ?? null

export interface TicketPlace {
  section: string
  placeIndex: number
  row: string
  seat: number
  zoneName: string | null
  /** What the fan paid for this place: nothing makes it a FREE ticket (spec §3 ticket kinds). */
  total: number
  /** Who will use it, when the order names someone (an inscription's participant); else the order's. */
  holderName?: string | null
}

/** Whose the order's tickets are: the buyer's account, or a pre-registered fan's until they sign up. */
export interface TicketOwner {
  userId: string | null
  fanId: string | null
}

/**
 * Issues one PAID, OWNED ticket per place of a paid order (issue 6 part 6), inside the transaction that
 * marks the order paid. Exactly once: the (order, place) unique constraint makes a second call a no-op
 * rather than a second ticket, and the partial unique index on (event, place) refuses a place that already
 * has a valid ticket from another order. The QR secret (32 random bytes) is never returned by list APIs.
 */
export async function issueTickets(
  trx: Db,
  order: {
    id: string
    eventId: string
    owner: TicketOwner
    holderName?: string | null
    /** A courtesy given at the box office: its tickets are kind COURTESY and keep the reason (spec §3). */
    courtesyReason?: string | null
    /** Sold at the box office and handed over printed: a code that works on paper (migration 0021). */
    paper?: boolean
    /** Entry by identity document (IDENTIFICATION): the gate admits these tickets by it too. */
    entryDocument?: { type: string; number: string } | null
    /**
     * A paguitos plan's deposit is paid, not the whole (issue 16 part 6): kind DEPOSIT, no code until
     * `unlockTickets` runs with the last payment.
     */
    locked?: boolean
  },
  places: readonly TicketPlace[],
): Promise<number> {
  const eventCode = order.paper ? ((await eventQrType(trx, order.eventId)) as QrType | null) : null
  const paperCode = eventCode ? paperQrType(eventCode) : null
  return insertTickets(
    trx,
    places.map((p) => ({
      order_id: order.id,
      event_id: order.eventId,
      owner_user_id: order.owner.userId,
      owner_fan_id: order.owner.fanId,
      holder_name: p.holderName ?? order.holderName ?? null,
      section_code: p.section,
      place_index: p.placeIndex,
      row_label: p.row,
      seat_number: p.seat,
      zone_name: p.zoneName,
      kind: order.locked ? 'DEPOSIT' : order.courtesyReason ? 'COURTESY' : p.total === 0 ? 'FREE' : 'PAID',
      courtesy_reason: order.courtesyReason ?? null,
      ownership: 'OWNED',
      status: order.locked ? LOCKED_TICKET_STATUS : 'PAID',
      qr_secret: randomBytes(32),
      qr_type: paperCode,
      entry_document_type: order.entryDocument?.type ?? null,
      entry_document_number: order.entryDocument?.number ?? null,
    })),
  )
}

export const ticketsOfOrder = (db: Db, orderId: string) => findTicketsOfOrder(db, orderId)

/**
 * Takes back the tickets of an order that is undone (a voided counter sale): the gate refuses them from now
 * on. Refused — nothing changes, `admitted` is true — when one of them already got someone in.
 */
export const revokeTickets = (trx: Db, orderId: string) => revokeTicketsOfOrder(trx, orderId, 'REFUNDED')

/**
 * A cancelled event's tickets (issue 16 part 5): all revoked, even one that already got someone in — the
 * event did not take place, so every ticket is refunded and none admits again.
 */
export const revokeTicketsOfCancelledEvent = (trx: Db, orderId: string) =>
  revokeTicketsOfOrder(trx, orderId, 'REFUNDED', { evenAdmitted: true })

/** A paguitos plan's last payment: its tickets get their code (issue 16 part 6). */
export const unlockTickets = (trx: Db, orderId: string) => unlockTicketsOfOrder(trx, orderId)

/** A lapsed paguitos plan: its locked tickets are cancelled (issue 16 part 5). */
export const cancelLockedTickets = (trx: Db, orderId: string) => cancelLockedTicketsOfOrder(trx, orderId)
