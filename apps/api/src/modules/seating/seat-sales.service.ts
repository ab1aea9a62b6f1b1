import { type PresaleRule, presaleRuleSchema } from '@palco/domain/checkout/presale'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { ReservationStatus } from '@palco/domain/orders/statuses'
import { canTransition } from '@palco/domain/seating/reservation-lifecycle'
import type { Db } from '../../db/dialect.js'
import {
  findHold,
  lockFanEvent,
  moveHold,
  notifySeatChanges,
  releaseSeats,
  seatsOfHold,
} from './holds.repository.js'
import { changePayloads } from './live-feed.js'
import { PAYING } from './own-reservation.service.js'
import { seatKeyOf } from './seat-key.js'
import {
  lockHold,
  lockTakeablePlaces,
  protectSeats,
  type SoldPlace,
  sellPlaces,
  setSeatsHoldEnd,
  unsellPlaces,
} from './seat-sales.repository.js'

// What checkout does to a reservation and its places while an order pays for them. Seating owns seat_holds
// and event_seats (DESIGN §4.7): every status change here is a move of the domain's tables
// (reservation-lifecycle.ts, seat-lifecycle.ts), made by seating's repositories.

type PlaceRef = { section: string; placeIndex: number }

/** A place of a reservation, priced by its zone: what a cart, a participants form and a sale are made of. */
export interface ReservationPlace {
  key: string
  section: string
  row: string
  seat: number
  placeIndex: number
  zoneId: string | null
  zoneName: string | null
  unitPrice: number
  /** The tier's bank-card presale (issue 42 part 2), null for a tier any card pays. */
  presale: PresaleRule | null
}

/** A tier's stored presale rule, read through its schema once per tier; one that breaks it sells to nobody. */
const presaleReader = () => {
  const seen = new Map<string, PresaleRule | null>()
  const broken: PresaleRule = {
    sponsor: '—',
    binRanges: [{ from: '000000', to: '000000' }],
    cardTypes: ['CREDIT'],
  }
  return (zoneId: string | null, value: unknown): PresaleRule | null => {
    if (value === null || value === undefined) return null
    const key = zoneId ?? ''
    if (!seen.has(key)) {
      const parsed = presaleRuleSchema.safeParse(value)
      seen.set(key, parsed.success ? parsed.data : broken)
    }
    return seen.get(key) ?? null
  }
}

/** The places a reservation holds, in a stable order (section, then place). */
export async function placesOfReservation(db: Db, holdId: string): Promise<ReservationPlace[]> {
  const presaleOf = presaleReader()
  return (await seatsOfHold(db, holdId)).map((s) => ({
    key: seatKeyOf({ section: s.section_code, row: s.row_label, seat: s.seat_number }),
    section: s.section_code,
    row: s.row_label,
    seat: s.seat_number,
    placeIndex: s.place_index,
    zoneId: s.price_zone_id,
    zoneName: s.zone_name,
    unitPrice: Number(s.price_amount ?? 0),
    presale: presaleOf(s.price_zone_id, s.presale),
  }))
}

/**
 * Locks a reservation for its holder in the one order every seat change takes: the holder's per-event lock
 * first (holds take it too), so a place added in another tab cannot slip in between pricing and payment. The
 * caller locks the reservation's row next (`lockHold`). Another person's reservation, or none: undefined.
 */
export async function lockReservationHolder(trx: Db, holdId: string, userId: string) {
  const hold = await findHold(trx, holdId)
  if (!hold || hold.user_id !== userId) return undefined
  await lockFanEvent(trx, hold.event_id, userId)
  return hold
}

/**
 * Moves a reservation to `to` when the table allows it from where it is now (read under its row lock), and
 * leaves it otherwise: a payment's outcome may arrive after the reservation moved on. Returns the row as it
 * was found, or undefined when there is none.
 */
export async function moveReservation(trx: Db, holdId: string, to: ReservationStatus, expiresAt?: Date) {
  const hold = await lockHold(trx, holdId)
  if (!hold) return undefined
  await moveLockedReservation(trx, hold, to, expiresAt)
  return hold
}

/**
 * The same move for a reservation whose row this transaction has already locked and read (placing an order
 * locks it first): its status cannot have changed since, so it is not locked and read again.
 */
export async function moveLockedReservation(
  trx: Db,
  hold: { id: string; status: string },
  to: ReservationStatus,
  expiresAt?: Date,
) {
  const from = hold.status as ReservationStatus
  if (from !== to && canTransition(from, to)) await moveHold(trx, hold.id, from, to, expiresAt)
}

/**
 * Keeps a reservation's places while its payment runs: `exactly` sets their hold end (a voucher's expiry, or
 * back to the hold's own clock after a decline); otherwise it only ever extends it.
 */
export async function keepPlacesUntil(trx: Db, holdId: string, until: Date, exactly = false) {
  if (exactly) await setSeatsHoldEnd(trx, holdId, until)
  else await protectSeats(trx, holdId, until)
}

/** How many of an order's places it may still take: its own hold's, or any a new hold could take. */
export async function takeablePlaceCount(
  trx: Db,
  eventId: string,
  holdId: string,
  places: readonly PlaceRef[],
) {
  if (places.length === 0) return 0
  return (await lockTakeablePlaces(trx, eventId, holdId, places)).filter((r) => r.ok).length
}

/** Tells open maps, at commit, of places a transaction changed (NOTIFY is transactional). */
export async function announceSeatChanges(trx: Db, payloads: readonly string[]) {
  for (const payload of payloads) await notifySeatChanges(trx, payload)
}

/**
 * Sells a reservation's places for its order: the rows sold, and the feed's payloads for them (announced by
 * the caller once the sale stands). Fewer rows than places means someone else has some of them.
 */
export async function sellReservationPlaces(
  trx: Db,
  eventId: string,
  holdId: string,
  places: readonly PlaceRef[],
): Promise<{ sold: SoldPlace[]; payloads: string[] }> {
  const sold = await sellPlaces(trx, eventId, holdId, places)
  return { sold, payloads: changePayloads(sold, 'S') }
}

/** Frees whatever the reservation still holds and tells open maps; returns the places freed. */
export async function releaseReservationPlaces(trx: Db, holdId: string) {
  const freed = await releaseSeats(trx, holdId)
  await announceSeatChanges(trx, changePayloads(freed, 'A'))
  return freed
}

/** Puts an order's sold places back on sale (a voided sale, a refund) and tells open maps; returns them. */
export async function unsellReservationPlaces(trx: Db, eventId: string, holdId: string) {
  const back = await unsellPlaces(trx, eventId, holdId)
  await announceSeatChanges(trx, changePayloads(back, 'A'))
  return back
}

/**
 * The reservation's row locked for an order's own checks, after `lockReservationHolder` and whatever the
 * caller locks between (its event, shared): the lock order every change of a reservation keeps. One gone
 * meanwhile is not found, as one never held.
 */
export async function lockReservationRow(trx: Db, holdId: string) {
  const hold = await lockHold(trx, holdId)
  if (!hold) throw new DomainError('NOT_FOUND', { message: 'No such reservation.' })
  return hold
}

/**
 * The reservation under its row lock while a payment runs on it (STARTED_PAYMENT or WAITING_FOR_PAYMENT);
 * undefined once it moved on (finished, released, lapsed), when an outcome that arrives late has nothing of
 * it left to decide.
 */
export async function lockPayingReservation(trx: Db, holdId: string) {
  const hold = await lockHold(trx, holdId)
  return hold && PAYING.includes(hold.status) ? hold : undefined
}

/** When a reservation's own clock runs out (a payment page it is paid on lasts no longer); else undefined. */
export async function reservationEnd(db: Db, holdId: string) {
  const hold = await findHold(db, holdId)
  return hold ? new Date(hold.expires_at) : undefined
}
