import type { ReservationStatus } from '../orders/statuses.js'
import { RESERVATION_TIME_LIMIT_MINUTES } from './layout-vocabulary.js'
import { EDITABLE_STATUSES, HOLDING_STATUSES } from './reservation-lifecycle.js'
import type { SeatKeyParts } from './seat-key.js'
import type { SeatStatus } from './seat-lifecycle.js'

/**
 * The rules of a hold (spec §3 and §9, DESIGN §5), in one place. The database applies them in one statement,
 * `hold_places` (apps/api/src/db/sql/hold-places.ts, its current and only body); `decideHold` below is the
 * same rule in TypeScript. One table of cases runs against both (apps/api/src/modules/seating/
 * hold-rule.cases.test.ts, on PGlite and PostgreSQL), so a change to one that the other does not make fails.
 * The time rules are also read by checkout's count of places a late payment can still take
 * (seat-sales.repository.ts) and by the availability snapshot (availability-snapshot.ts).
 */

/** How long a hold keeps its places unless paid for (spec §9 RESERVATION_TIME_LIMIT_MINUTES). */
export const HOLD_MINUTES = RESERVATION_TIME_LIMIT_MINUTES

/** When a hold made at `now` lets its places go. Adding places to a hold does not move it. */
export const holdExpiresAt = (now: Date, minutes = HOLD_MINUTES): Date =>
  new Date(now.getTime() + minutes * 60_000)

/**
 * A hold has lapsed from its expiry instant on (that instant included), so a place is never held longer than
 * the limit; a held place with no expiry is a broken row and counts as lapsed. Times in epoch milliseconds.
 */
export const hasHoldLapsed = (holdExpiresAt: number | null, now: number): boolean =>
  holdExpiresAt === null || holdExpiresAt <= now

/**
 * A place can go to a hold when it is AVAILABLE, or HELD by a hold that has lapsed: expiry is by time alone,
 * whether or not the sweeper has run yet. SOLD and BLOCKED places never can.
 */
export const isPlaceTakeable = (status: string, holdExpiresAt: number | null, now: number): boolean =>
  status === 'AVAILABLE' || (status === 'HELD' && hasHoldLapsed(holdExpiresAt, now))

/**
 * A named seat's restriction (layout `restrictions`): PREFERENTIAL seats are for anyone; EXCLUSIVE ones (and
 * any other) only for staff, who hold them for protocol and the box office (issue 5 part 3). Unnumbered slots
 * carry none.
 */
export const restrictionAllows = (restriction: string | null, staff: boolean): boolean =>
  restriction === null || restriction === 'PREFERENTIAL' || staff

/**
 * A place counts against its buyer's per-fan maximum of its zone while it is sold to them, or held by a
 * hold of theirs that keeps places (HOLDING_STATUSES) and has not lapsed. Staff are not held to it (migration
 * 0020): the limit is the buyer's, and a counter sells to many.
 */
export const countsTowardPerFanMax = (
  place: { status: string; holdExpiresAt: number | null },
  holdStatus: ReservationStatus,
  now: number,
): boolean =>
  place.status === 'SOLD' ||
  (place.status === 'HELD' &&
    !hasHoldLapsed(place.holdExpiresAt, now) &&
    (HOLDING_STATUSES as readonly string[]).includes(holdStatus))

/** Unnumbered places are slots of their section, in this row, numbered 1..capacity. */
export const UNNUMBERED_ROW = 'UNNUMBERED'

export type SeatRef = SeatKeyParts

/** A seat a hold could not take, as the rule saw it; no status: it does not exist. */
export interface MissedSeat extends SeatRef {
  status: string | null
  restriction: string | null
}

/** Why a hold was refused; nothing was held (all or nothing, issue 5 part 3). */
export type HoldRefusal =
  | { kind: 'PLACES_NOT_TAKEN'; missed: MissedSeat[] }
  | { kind: 'SLOTS_SHORT'; available: number }
  | { kind: 'MAX_PER_FAN_EXCEEDED'; zoneId: string | null; max: number }

/** What a fan may be told about seats not taken: which code, and which of the seats it names. */
export function seatRefusal(missed: readonly MissedSeat[]): {
  code: 'SEAT_NOT_FOUND' | 'SEAT_NOT_SELECTABLE' | 'SEAT_UNAVAILABLE'
  seats: MissedSeat[]
} {
  const notFound = missed.filter((m) => m.status === null)
  if (notFound.length > 0) return { code: 'SEAT_NOT_FOUND', seats: notFound }
  // Never sellable to a fan: blocked, or a restricted seat nobody holds (held by staff, it is just taken).
  const notSelectable = missed.filter(
    (m) => m.status === 'BLOCKED' || (m.status === 'AVAILABLE' && !restrictionAllows(m.restriction, false)),
  )
  if (notSelectable.length > 0) return { code: 'SEAT_NOT_SELECTABLE', seats: notSelectable }
  return { code: 'SEAT_UNAVAILABLE', seats: [...missed] }
}

/** A place of an event as the rule sees it (one `event_seats` row); times in epoch milliseconds. */
export interface HoldPlace extends SeatRef {
  index: number
  status: SeatStatus
  restriction: string | null
  zoneId: string | null
  holdId: string | null
  holdExpiresAt: number | null
}

/** A hold of the event (one `seat_holds` row). */
export interface EventHold {
  id: string
  userId: string
  status: ReservationStatus
  createdAt: number
  expiresAt: number
}

/** The event as one hold request finds it. `perFanMax`: each zone's maximum; a zone not listed has none. */
export interface HoldWorld {
  places: readonly HoldPlace[]
  holds: readonly EventHold[]
  perFanMax: ReadonlyMap<string, number>
}

export interface HoldAsk {
  userId: string
  /** Staff may take restricted seats and are not held to the per-fan maximum. */
  staff: boolean
  want: { seats: readonly SeatRef[] } | { section: string; quantity: number }
  minutes?: number
}

export type HoldDecision =
  | { granted: true; holdId: string; created: boolean; taken: HoldPlace[] }
  | { granted: false; refusal: HoldRefusal }

/** The id `decideHold` gives a hold it makes. */
export const NEW_HOLD = 'new'

const sameSeat = (a: SeatRef, b: SeatRef) => a.section === b.section && a.row === b.row && a.seat === b.seat

/** The fan's live hold, which a request adds to: editable, not past its time, the newest. */
function liveHoldOf(world: HoldWorld, userId: string, now: number): EventHold | undefined {
  return world.holds
    .filter(
      (h) =>
        h.userId === userId &&
        (EDITABLE_STATUSES as readonly string[]).includes(h.status) &&
        h.expiresAt > now,
    )
    .sort((a, b) => b.createdAt - a.createdAt)[0]
}

/**
 * Named seats: each asked once; a seat already in the live hold (a repeated click) is kept as it is; every
 * other one must be free or lapsed and allowed to this holder, or the whole request is refused.
 */
function takeSeats(
  world: HoldWorld,
  ask: HoldAsk,
  seats: readonly SeatRef[],
  live: EventHold | undefined,
  now: number,
) {
  const wanted = seats.filter((s, i) => seats.findIndex((o) => sameSeat(o, s)) === i)
  const taken: HoldPlace[] = []
  const missed: MissedSeat[] = []
  for (const ref of wanted) {
    const place = world.places.find((p) => sameSeat(p, ref))
    if (live && place?.status === 'HELD' && place.holdId === live.id) continue
    if (
      place &&
      isPlaceTakeable(place.status, place.holdExpiresAt, now) &&
      restrictionAllows(place.restriction, ask.staff)
    )
      taken.push(place)
    else missed.push({ ...ref, status: place?.status ?? null, restriction: place?.restriction ?? null })
  }
  return missed.length > 0 ? ({ kind: 'PLACES_NOT_TAKEN', missed } as const) : taken
}

/** Unnumbered slots: the first `quantity` free or lapsed slots of the section, in place order, or none. */
function takeSlots(world: HoldWorld, section: string, quantity: number, now: number) {
  const free = world.places
    .filter(
      (p) =>
        p.section === section && p.row === UNNUMBERED_ROW && isPlaceTakeable(p.status, p.holdExpiresAt, now),
    )
    .sort((a, b) => a.index - b.index)
    .slice(0, quantity)
  return free.length !== quantity ? ({ kind: 'SLOTS_SHORT', available: free.length } as const) : free
}

/** The first zone where the holder, with the places just taken, holds or bought more than its maximum. */
function overPerFanMax(
  world: HoldWorld,
  userId: string,
  hold: EventHold,
  taken: readonly HoldPlace[],
  now: number,
) {
  const holds = new Map([...world.holds, hold].map((h) => [h.id, h]))
  const counts = new Map<string | null, number>()
  for (const p of world.places) {
    const justTaken = taken.some((t) => t.section === p.section && t.index === p.index)
    const place = justTaken
      ? { ...p, status: 'HELD' as const, holdId: hold.id, holdExpiresAt: hold.expiresAt }
      : p
    const owner = place.holdId === null ? undefined : holds.get(place.holdId)
    if (owner?.userId !== userId || !countsTowardPerFanMax(place, owner.status, now)) continue
    counts.set(place.zoneId, (counts.get(place.zoneId) ?? 0) + 1)
  }
  for (const [zoneId, n] of counts) {
    const max = zoneId === null ? undefined : world.perFanMax.get(zoneId)
    if (max !== undefined && n > max) return { kind: 'MAX_PER_FAN_EXCEEDED', zoneId, max } as const
  }
  return null
}

/**
 * One hold request, decided as `hold_places` decides it: add to the fan's live hold for the event or make
 * one (BOOKED, `minutes` from now), take the places asked for, then check the per-fan maximum. All or
 * nothing. Locks and races are the database's part and are not modelled here.
 */
export function decideHold(world: HoldWorld, ask: HoldAsk, now: number): HoldDecision {
  const live = liveHoldOf(world, ask.userId, now)
  const hold: EventHold = live ?? {
    id: NEW_HOLD,
    userId: ask.userId,
    status: 'BOOKED',
    createdAt: now,
    expiresAt: now + (ask.minutes ?? HOLD_MINUTES) * 60_000,
  }
  const took =
    'seats' in ask.want
      ? takeSeats(world, ask, ask.want.seats, live, now)
      : takeSlots(world, ask.want.section, ask.want.quantity, now)
  if (!Array.isArray(took)) return { granted: false, refusal: took as HoldRefusal }
  const over = ask.staff ? null : overPerFanMax(world, ask.userId, hold, took, now)
  if (over) return { granted: false, refusal: over }
  return { granted: true, holdId: hold.id, created: live === undefined, taken: took }
}
