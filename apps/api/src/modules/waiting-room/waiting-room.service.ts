import { randomUUID } from 'node:crypto'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { WaitingRoomInfo, WaitingStatus } from '@palco/domain/waiting-room/contract'
import {
  ARRIVAL_KEY_OFFSET,
  effectiveRate,
  estimateSeconds,
  preQueueRefreshSeconds,
  REFRESH_SECONDS,
  refreshSeconds,
  secondsAway,
} from '@palco/domain/waiting-room/queue-rules'
import type { Db } from '../../db/dialect.js'
import { type PassSigner, passEndsAt } from './admission-pass.js'
import { type HealthRule, runRoomStep, stepDue } from './room-steps.service.js'
import {
  countAhead,
  findRoom,
  firstArrivalKey,
  insertPlace,
  markAdmitted,
  movePlaceToAccount,
  type PlaceRow,
  placesOfHolders,
  type RoomRow,
  requeuePlace,
  spendPlace,
} from './waiting-room.repository.js'
import { eventSummary, gateSnapshot } from './waiting-room-admin.repository.js'

/** Who is asking: the signed-in account, and the device cookie a visitor's place is kept under. */
export interface QueueVisitor {
  userId: string | null
  deviceId: string | null
}

export interface QueueDeps {
  db: Db
  signer: PassSigner
  health: HealthRule
  /** Rooms as joins read them, kept a second in this process (`RoomReader`); the database when absent. */
  rooms?: RoomReader
}

/**
 * A room's row as joins and the waiting page read it, kept for a second per process: a position needs the
 * room's settings and a recent cursor, not the latest one (the place itself is decided by the database in the
 * insert, which checks that the room is on; a step is decided again under the room's lock). With it, the
 * key of the room's first arrival after opening, which only moves if that fan queues again.
 */
export class RoomReader {
  readonly #rooms = new Map<string, Cached<RoomRow | undefined>>()
  readonly #firstArrivals = new Map<string, Cached<number | null>>()

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 1000,
  ) {}

  read(eventId: string): Promise<RoomRow | undefined> {
    return this.#cached(this.#rooms, eventId, () => findRoom(this.db, eventId))
  }

  /** Kept only once there is one: a room without arrivals yet may have some a moment later. */
  firstArrivalKey(eventId: string): Promise<number | null> {
    const key = this.#cached(this.#firstArrivals, eventId, () => firstArrivalKey(this.db, eventId))
    key.then((k) => k === null && this.#firstArrivals.delete(eventId)).catch(() => undefined)
    return key
  }

  /** This process just took a step of the room: the next reader sees it. */
  forget(eventId: string) {
    this.#rooms.delete(eventId)
  }

  forgetAll() {
    this.#rooms.clear()
    this.#firstArrivals.clear()
  }

  #cached<T>(cache: Map<string, Cached<T>>, eventId: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = cache.get(eventId)
    if (hit && now - hit.at < this.ttlMs) return hit.value
    if (cache.size > 1000) cache.clear()
    const value = load()
    cache.set(eventId, { at: now, value })
    value.catch(() => cache.delete(eventId))
    return value
  }
}

interface Cached<T> {
  at: number
  value: Promise<T>
}

/** Without a reader (tests of the rules alone), every read goes to the database. */
const roomsOf = (deps: QueueDeps) => deps.rooms ?? new RoomReader(deps.db, 0)

const accountHolder = (userId: string) => `u:${userId}`
const deviceHolder = (deviceId: string) => `d:${deviceId}`

const noRoom = () => new DomainError('NOT_FOUND', { message: 'This event has no waiting room.' })

/** Whether an event's sale goes through a waiting room, for the event page's "join the queue". */
export async function roomInfo(db: Db, eventId: string): Promise<WaitingRoomInfo> {
  const [event, room] = await Promise.all([eventSummary(db, eventId), findRoom(db, eventId)])
  if (!event) throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  const active = room?.enabled ?? false
  return {
    eventId,
    eventName: event.name,
    slug: event.slug,
    hasLayout: event.layout_id !== null,
    timeZone: event.time_zone,
    active,
    opensAt: active && room ? room.opens_at.toISOString() : null,
  }
}

/** The visitor's place: the account's, else the device's, which becomes the account's once they log in. */
async function placeOf(db: Db, eventId: string, who: QueueVisitor): Promise<PlaceRow | undefined> {
  const holders = [
    ...(who.userId ? [accountHolder(who.userId)] : []),
    ...(who.deviceId ? [deviceHolder(who.deviceId)] : []),
  ]
  if (holders.length === 0) return undefined
  const places = await placesOfHolders(db, eventId, holders)
  const own = who.userId ? places.find((p) => p.holder === accountHolder(who.userId as string)) : undefined
  if (own) return own
  const device = places[0]
  if (device && who.userId) return movePlaceToAccount(db, device.id, accountHolder(who.userId), who.userId)
  return device
}

/**
 * Joining (issue 42 part 1): one place per account, or per device for a visitor; joining again, in another
 * tab or after logging in, answers the same place. A turn used or lapsed queues again at the back.
 */
export async function joinQueue(deps: QueueDeps, eventId: string, who: QueueVisitor): Promise<WaitingStatus> {
  const { db } = deps
  if (!who.userId && !who.deviceId) throw noRoom()
  let place = who.userId && who.deviceId ? await placeOf(db, eventId, who) : undefined
  if (!place) {
    const holder = who.userId ? accountHolder(who.userId) : deviceHolder(who.deviceId as string)
    place =
      (await insertPlace(db, { id: randomUUID(), eventId, holder, userId: who.userId })) ??
      (await placeOf(db, eventId, who))
  }
  // A place already told it was its turn is judged on the room as it is now: on a cached room (up to a second
  // old) a fan who just bought could read as still waiting, and would not queue again.
  const told = place?.admitted_at != null || place?.spent_at != null
  const room = await (told ? findRoom(db, eventId) : roomsOf(deps).read(eventId))
  if (!place || !room?.enabled) throw noRoom()
  if (turnOver(place, room)) place = (await requeuePlace(db, place.id, randomUUID())) ?? place
  return statusOf(deps, room, place)
}

/** The waiting page's question, every few seconds: where am I, how long, is it my turn. */
export async function queueStatus(
  deps: QueueDeps,
  eventId: string,
  who: QueueVisitor,
): Promise<WaitingStatus> {
  const { db } = deps
  const rooms = roomsOf(deps)
  let room = await rooms.read(eventId)
  if (!room?.enabled) throw noRoom()
  const place = await placeOf(db, eventId, who)
  const undrawnSeen = place !== undefined && place.queue_key === null && room.shuffled_at !== null
  let stepped = false
  if (stepDue(room, Date.now(), undrawnSeen)) {
    stepped = await runRoomStep(db, eventId, deps.health, undrawnSeen)
    // Taken here, or just taken elsewhere (the lock said not due): either way this copy is behind.
    rooms.forget(eventId)
    room = (await rooms.read(eventId)) ?? room
  }
  if (!place) return notInQueue(room)
  // Drawn by this very step: the place has its key now.
  const redraw = stepped && place.queue_key === null
  const fresh = redraw ? ((await placeOf(db, eventId, who)) ?? place) : place
  const status = await statusOf(deps, room, fresh)
  // Near the front, "your turn" must be told within seconds of it coming (issue 42): judged again on the room
  // as it is now, not on the second-old copy that serves everyone further back.
  if (status.state === 'WAITING' && (status.position ?? 0) <= NEAR_FRONT && !stepped) {
    const now = await findRoom(db, eventId)
    if (now?.enabled && now.admitted_key !== room.admitted_key) return statusOf(deps, now, fresh)
  }
  return status
}

/** Places from the front within which the waiting page's status reads the room afresh. */
const NEAR_FRONT = 200

const admittedIn = (place: PlaceRow, room: RoomRow) =>
  place.queue_key !== null && Number(place.queue_key) <= Number(room.admitted_key)

/** An admitted place whose purchase is done, or whose ten minutes passed. */
function turnOver(place: PlaceRow, room: RoomRow, now = Date.now()): boolean {
  if (!admittedIn(place, room)) return false
  if (place.spent_at) return true
  return place.admitted_at !== null && passEndsAt(place.admitted_at).getTime() <= now
}

const paused = (room: RoomRow) => room.admin_paused || room.health_paused_because !== null

function baseStatus(room: RoomRow): WaitingStatus {
  return {
    eventId: room.event_id,
    state: 'NOT_IN_QUEUE',
    position: null,
    estimateSeconds: null,
    paused: paused(room),
    opensAt: room.opens_at.toISOString(),
    turnEndsAt: null,
    signInToContinue: false,
    pass: null,
    refreshSeconds: REFRESH_SECONDS,
  }
}

const notInQueue = (room: RoomRow) => baseStatus(room)

async function statusOf(deps: QueueDeps, room: RoomRow, place: PlaceRow): Promise<WaitingStatus> {
  const base = baseStatus(room)
  if (place.queue_key === null) {
    const untilOpening = (room.opens_at.getTime() - Date.now()) / 1000
    return {
      ...base,
      state: 'BEFORE_OPENING',
      refreshSeconds: preQueueRefreshSeconds(untilOpening, Math.random),
    }
  }
  if (!admittedIn(place, room)) {
    const position = (await placesAhead(deps, room, place.queue_key)) + 1
    const rate = effectiveRate(room.manual_rate_per_minute, room.rate_per_minute)
    return {
      ...base,
      state: 'WAITING',
      position,
      estimateSeconds: estimateSeconds(position, rate, base.paused),
      refreshSeconds: refreshSeconds(secondsAway(position, rate)),
    }
  }
  if (place.spent_at) return { ...base, state: 'TURN_USED' }
  const admittedAt = place.admitted_at ?? (await markAdmitted(deps.db, place.id)) ?? new Date()
  const endsAt = passEndsAt(admittedAt)
  if (endsAt.getTime() <= Date.now()) return { ...base, state: 'TURN_EXPIRED' }
  const turn = { ...base, state: 'YOUR_TURN' as const, turnEndsAt: endsAt.toISOString() }
  if (!place.user_id) return { ...turn, signInToContinue: true }
  const claims = { eventId: room.event_id, userId: place.user_id, placeId: place.id }
  return { ...turn, pass: await deps.signer.sign(claims, admittedAt) }
}

/** Up to this many places ahead are counted; further back, the position is worked out from the keys. */
const COUNTED_AHEAD = 50

/**
 * How many wait ahead of this key: worked out from the keys, and counted when that says the place is near the
 * front. A count walks the index, and a fan far back asks every few seconds, so far back the keys alone answer
 * (no statement: the first arrival's key is kept with the room). Drawn keys are dense (1..N), so a drawn
 * place's figure is exact; an arrival's counts the arrival numbers in between, which other rooms' arrivals and
 * repeated joins also took, so it may say more than there are (docs/decisions.md) — never fewer, which is why
 * a figure under a few times COUNTED_AHEAD is counted instead.
 */
async function placesAhead(deps: QueueDeps, room: RoomRow, key: string): Promise<number> {
  const mine = Number(key)
  const admitted = Number(room.admitted_key)
  let fromKeys = mine - admitted - 1
  if (mine >= ARRIVAL_KEY_OFFSET) {
    const drawnLeft = Math.max(0, room.drawn_count - admitted)
    const first = (await roomsOf(deps).firstArrivalKey(room.event_id)) ?? mine
    fromKeys = drawnLeft + Math.max(0, mine - Math.max(first, admitted + 1))
  }
  if (fromKeys >= 4 * COUNTED_AHEAD) return fromKeys
  const counted = await countAhead(deps.db, room.event_id, room.admitted_key, key, COUNTED_AHEAD)
  return counted < COUNTED_AHEAD ? counted : Math.max(COUNTED_AHEAD, fromKeys)
}

/** For every process's gate: the events with a room on and the passes spent in the last minutes. */
export async function turnsSnapshot(db: Db): Promise<{ events: Set<string>; spent: Set<string> }> {
  const { events, spent } = await gateSnapshot(db)
  return { events: new Set(events), spent: new Set(spent) }
}

/** A pass bought its tickets: it opens nothing more, and the place may queue again. True the first time. */
export async function spendTurn(db: Db, placeId: string): Promise<boolean> {
  return (await spendPlace(db, placeId)) > 0
}
