import { isEventCancelled, SELLING_EVENT_STATUS } from '@palco/domain/catalog/event-lifecycle'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { ReservationStatus } from '@palco/domain/orders/statuses'
import {
  HOLD_MINUTES,
  type HoldRefusal,
  type MissedSeat,
  type SeatRef,
  seatRefusal,
} from '@palco/domain/seating/hold-rules'
import type { ChangeReservationBody, Reservation } from '@palco/domain/seating/reservation-contract'
import { isEditable } from '@palco/domain/seating/reservation-lifecycle'
import type { Db } from '../../db/dialect.js'
import {
  findHold,
  findLiveHold,
  findLiveHolds,
  findSellingEvent,
  type GrantedPlace,
  HoldRefused,
  type HoldRow,
  holdPlacesAtomically,
  lockFanEvent,
  moveHold,
  notifySeatChangesSoon,
  releaseSeats,
  seatsOfHold,
  type TakenPlace,
} from './holds.repository.js'
import { ensureInventory } from './inventory.service.js'
import { changePayloads } from './live-feed.js'
import { parseSeatKey, seatKeyOf } from './seat-key.js'
import { placesOfReservation } from './seat-sales.service.js'

export interface Holder {
  userId: string
  /**
   * Operators may take EXCLUSIVE seats (protocol, box office); fans may not (issue 5 part 3). Nor is an
   * operator held to a zone's per-fan maximum: that limit is the buyer's, and a counter sells to many
   * (migration 0020).
   */
  staff: boolean
}

export type HoldRequest = { seats: string[] } | { section: string; quantity: number; replace?: boolean }

/** A hold as the API answers it: the shape and the meaning of each field are the contract's (issue 14). */
export type ReservationView = Reservation

const LOCK_NOT_AVAILABLE = '55P03'
const isLockNotAvailable = (err: unknown) => (err as { code?: string })?.code === LOCK_NOT_AVAILABLE

async function notifyTaken(db: Db, eventId: string, taken: TakenPlace[], state: 'H' | 'A') {
  const payloads = changePayloads(
    taken.map((t) => ({ ...t, event_id: eventId })),
    state,
  )
  if (payloads.length > 0) await notifySeatChangesSoon(db, payloads)
}

/** Names the seats a request could not take, and why: missing, never sellable, or taken by someone. */
function refusalOfSeats(missed: MissedSeat[]): DomainError {
  const { code, seats } = seatRefusal(missed)
  return new DomainError(code, { details: { seats: seats.map(seatKeyOf) } })
}

/** The API's answer to a refusal of `hold_places`; nothing was held. */
function refusalError(request: HoldRequest, refusal: HoldRefusal): DomainError {
  switch (refusal.kind) {
    case 'PLACES_NOT_TAKEN':
      return refusalOfSeats(refusal.missed)
    case 'SLOTS_SHORT':
      return new DomainError('SEAT_UNAVAILABLE', {
        details: { section: (request as { section: string }).section, available: refusal.available },
      })
    case 'MAX_PER_FAN_EXCEEDED':
      return new DomainError('MAX_PER_FAN_EXCEEDED', {
        details: { zoneId: refusal.zoneId, max: refusal.max },
      })
  }
}

/** What a hold needs to know of its event; the route passes the row it already read. */
export interface SellingEvent {
  status: string
  on_sale_at: Date | string
  off_sale_at: Date | string
}

/**
 * Adds places to the fan's hold for an event, creating the hold if needed (one live hold per fan and
 * event, so a double-clicked "hold" cannot make two). All or nothing: any seat not granted rolls back
 * the whole request (issue 5 part 3).
 */
export async function holdPlaces(
  db: Db,
  eventId: string,
  holder: Holder,
  request: HoldRequest,
  event?: SellingEvent,
): Promise<ReservationView> {
  const refs = 'seats' in request ? request.seats.map(parseSeatKey) : []
  if ('seats' in request && refs.some((r) => r === null)) {
    throw new DomainError('SEAT_NOT_FOUND', {
      details: { seats: request.seats.filter((k) => parseSeatKey(k) === null) },
    })
  }
  assertSells(event ?? (await sellingEvent(db, eventId)))
  await ensureInventory(db, eventId)
  const want: Parameters<typeof holdPlacesAtomically>[5] =
    'seats' in request
      ? { seats: refs as SeatRef[] }
      : { section: request.section, quantity: request.quantity }
  const { hold, taken, freed } = await ('replace' in request && request.replace
    ? replaceHold(db, eventId, holder, want)
    : holdPlacesAtomically(db, eventId, holder.userId, HOLD_MINUTES, holder.staff, want).then((r) => ({
        ...r,
        freed: [] as TakenPlace[],
      }))
  ).catch((err: unknown) => {
    if (err instanceof HoldRefused) throw refusalError(request, err.refusal)
    if (isLockNotAvailable(err))
      throw new DomainError('SEAT_UNAVAILABLE', { message: 'Someone is taking these seats right now.' })
    throw err
  })
  // After the commit, not inside it: NOTIFY takes a database-wide lock from pre-commit to the end of
  // the commit, which would serialise every hold's commit. The feed is best effort already: maps
  // reconcile with the versioned GET /api/seats.
  await notifyTaken(db, eventId, freed, 'A').catch(() => undefined)
  await notifyTaken(db, eventId, taken, 'H').catch(() => undefined)
  return hold.created ? newHoldView(hold, taken) : reservationView(db, hold.id)
}

/**
 * A choice made again replaces the earlier one (an inscription's "10K × 2" chosen a second time is 2
 * places, not 4): in one transaction, under the fan's per-event lock that every hold change and every
 * payment start takes, the fan's unfinished holds of the event give their places back and are cancelled,
 * then the new places are held as any hold is (`hold_places`, which takes the same lock again — advisory
 * locks are re-entrant). Two tabs choosing at once are serialised by that lock, so the last choice stands
 * alone; a hold whose payment started is not editable and is left as it is. Any refusal rolls everything
 * back, so a fan who cannot get the new places keeps the old ones.
 */
async function replaceHold(
  db: Db,
  eventId: string,
  holder: Holder,
  want: Parameters<typeof holdPlacesAtomically>[5],
) {
  return db.transaction().execute(async (trx) => {
    await lockFanEvent(trx, eventId, holder.userId)
    const freed: TakenPlace[] = []
    for (const old of await findLiveHolds(trx, eventId, holder.userId)) {
      freed.push(...(await releaseSeats(trx, old.id)))
      await moveHold(trx, old.id, old.status, 'CANCELLED')
    }
    const granted = await holdPlacesAtomically(trx, eventId, holder.userId, HOLD_MINUTES, holder.staff, want)
    return { ...granted, freed }
  })
}

/** A hold created by this request holds exactly the places it just took. */
function newHoldView(hold: HoldRow, taken: GrantedPlace[]): ReservationView {
  const seats = [...taken]
    .sort((a, b) =>
      a.section_code === b.section_code
        ? a.place_index - b.place_index
        : a.section_code < b.section_code
          ? -1
          : 1,
    )
    .map((s) => ({
      key: seatKeyOf({ section: s.section_code, row: s.row_label, seat: s.seat_number }),
      section: s.section_code,
      row: s.row_label,
      seat: s.seat_number,
      zoneId: s.price_zone_id,
      zoneName: s.zone_name,
      price: Number(s.price_amount ?? 0),
    }))
  return {
    id: hold.id,
    eventId: hold.event_id,
    status: hold.status as ReservationStatus,
    createdAt: new Date(hold.created_at).toISOString(),
    expiresAt: new Date(hold.expires_at).toISOString(),
    seats,
    total: seats.reduce((sum, s) => sum + s.price, 0),
  }
}

const sellingEvent = (db: Db, eventId: string): Promise<SellingEvent | undefined> =>
  findSellingEvent(db, eventId)

function assertSells(event: SellingEvent | undefined) {
  // Issue 16 part 5: said as such, so the fan's page can tell them the event will not happen.
  if (event && isEventCancelled(event.status)) throw new DomainError('EVENT_CANCELLED')
  if (event?.status !== SELLING_EVENT_STATUS)
    throw new DomainError('NOT_FOUND', { message: 'No such event on sale.' })
  const now = Date.now()
  if (new Date(event.on_sale_at).getTime() > now || new Date(event.off_sale_at).getTime() <= now) {
    throw new DomainError('RULE_BROKEN', { message: 'This event is not on sale now.' })
  }
}

/** Gives back some seats of a hold (or all of them, which cancels it). */
export async function releasePlaces(
  db: Db,
  holdId: string,
  userId: string,
  keys?: string[],
): Promise<ReservationView | null> {
  const refs = keys?.map(parseSeatKey)
  if (refs?.some((r) => r === null)) throw new DomainError('SEAT_NOT_FOUND', { details: { seats: keys } })
  const { eventId, freed } = await db.transaction().execute(async (trx) => {
    const hold = await ownHold(trx, holdId, userId)
    await lockFanEvent(trx, hold.event_id, userId)
    if (!isEditable(hold.status as ReservationStatus)) throw new DomainError('HOLD_NOT_EDITABLE')
    const freed = await releaseSeats(trx, holdId, refs as SeatRef[] | undefined)
    const left = await seatsOfHold(trx, holdId)
    if (left.length === 0) await moveHold(trx, holdId, hold.status, 'CANCELLED')
    return { eventId: hold.event_id, freed }
  })
  // After the commit, as for holds (see holdPlaces).
  await notifyTaken(db, eventId, freed, 'A').catch(() => undefined)
  return reservationView(db, holdId)
}

/**
 * Adds and removes seats of one of the fan's holds (PATCH /api/reservations/:id): removals first, then
 * additions, each its own transaction as a hold and a release are; a hold past its time is HOLD_EXPIRED.
 * `noted` hears of each event whose places changed, as soon as they did (the route's availability cache);
 * `admit` is asked before seats are added, as a new hold is (the waiting room's pass, issue 42): giving seats
 * back needs no turn.
 */
export async function changeReservation(
  db: Db,
  holdId: string,
  holder: Holder,
  change: ChangeReservationBody,
  hooks: { noted?: (eventId: string) => void; admit?: (eventId: string) => Promise<void> } = {},
): Promise<ReservationView> {
  const noted = hooks.noted ?? (() => undefined)
  const current = await reservationOf(db, holdId, holder.userId)
  if (current.status === 'EXPIRED') throw new DomainError('HOLD_EXPIRED')
  if (change.add) await hooks.admit?.(current.eventId)
  if (change.remove) {
    await releasePlaces(db, current.id, holder.userId, change.remove)
    noted(current.eventId)
  }
  if (change.add) {
    const view = await holdPlaces(db, current.eventId, holder, { seats: change.add })
    noted(current.eventId)
    return view
  }
  return reservationOf(db, current.id, holder.userId)
}

async function ownHold(db: Db, holdId: string, userId: string) {
  const hold = await findHold(db, holdId)
  // Another fan's hold is simply not found (DESIGN §9: no ids taken on trust).
  if (!hold || hold.user_id !== userId)
    throw new DomainError('NOT_FOUND', { message: 'No such reservation.' })
  return hold
}

export async function reservationOf(db: Db, holdId: string, userId: string) {
  await ownHold(db, holdId, userId)
  return reservationView(db, holdId)
}

export async function liveReservation(db: Db, eventId: string, userId: string) {
  const hold = await findLiveHold(db, eventId, userId)
  return hold ? reservationView(db, hold.id) : null
}

/** A hold as the fan sees it; past its time it reads EXPIRED even before the sweeper runs. */
export async function reservationView(db: Db, holdId: string): Promise<ReservationView> {
  const hold = await findHold(db, holdId)
  if (!hold) throw new DomainError('NOT_FOUND')
  const expired =
    new Date(hold.expires_at).getTime() <= Date.now() && isEditable(hold.status as ReservationStatus)
  const places = expired ? [] : await placesOfReservation(db, holdId)
  const seats = places.map(({ key, section, row, seat, zoneId, zoneName, unitPrice }) => ({
    key,
    section,
    row,
    seat,
    zoneId,
    zoneName,
    price: unitPrice,
  }))
  return {
    id: hold.id,
    eventId: hold.event_id,
    status: (expired ? 'EXPIRED' : hold.status) as ReservationStatus,
    createdAt: new Date(hold.created_at).toISOString(),
    expiresAt: new Date(hold.expires_at).toISOString(),
    seats,
    total: seats.reduce((sum, s) => sum + s.price, 0),
  }
}
