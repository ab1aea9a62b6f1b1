import {
  ADMIT_STEP_MS,
  admissionRatePerMinute,
  admissionStartsAt,
  admissionsFor,
  effectiveRate,
  RATE_RECOMPUTE_MS,
  seededShuffle,
} from '@palco/domain/waiting-room/queue-rules'
import type { Db } from '../../db/dialect.js'
import type { RoomRow } from './waiting-room.repository.js'
import {
  assignKeys,
  keyAfter,
  lockRoomForStep,
  medianCheckoutSeconds,
  undrawnPlaces,
  updateRoom,
} from './waiting-room-steps.repository.js'

/** Why admission should pause right now (hold or checkout too slow or failing), or null. */
export type HealthRule = () => string | null

/** Whether a request should try a step: a hint from this process's clock, checked again under the lock. */
export function stepDue(room: RoomRow, now: number, undrawnSeen: boolean): boolean {
  if (!room.enabled || now < room.opens_at.getTime()) return false
  if (room.shuffled_at === null || undrawnSeen || room.cursor_at === null) return true
  return now - room.cursor_at.getTime() >= ADMIT_STEP_MS
}

/**
 * One step of a room, taken by whichever request comes first, in any process, without a timer: at opening
 * the pre-queue is drawn, then the cursor admits rate × time since the last step, the rate is recomputed
 * each minute, and the pause rule is read. Under the room's row lock for this transaction only; a process
 * that finds it taken skips the step (another is doing it). `runRoomStep` is also what a job runner would
 * call each second for rooms nobody is polling.
 */
export async function runRoomStep(
  db: Db,
  eventId: string,
  health: HealthRule,
  undrawnSeen = false,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const room = await lockRoomForStep(trx, eventId)
    // Asked on a copy of the room up to a second old: under the lock, the step may have just been taken.
    if (!room || !stepDue(room, new Date(room.db_now).getTime(), undrawnSeen)) return false
    const now = new Date(room.db_now)
    const drawn = await drawPreQueue(trx, room)
    const rate = await rateOf(trx, room, now)
    const reason = health()
    const admitting = !room.admin_paused && reason === null && room.cursor_at !== null
    const step = admitting
      ? await advanceCursor(trx, room, rate.effective, now)
      : { admitted_key: room.admitted_key, admit_credit: room.admit_credit }
    await updateRoom(trx, eventId, {
      ...drawn,
      ...rate.columns,
      ...step,
      health_paused_because: reason,
      // The first step (the draw) sets the cursor at the end of the opening's spread; until then no step
      // is due, and a straggler's draw leaves it there.
      cursor_at:
        room.cursor_at === null ? admissionStartsAt(room.opens_at, now) : laterOf(now, room.cursor_at),
    })
    return true
  })
}

/** The pre-queue in a seeded random order, keyed after any place an earlier draw keyed (late stragglers). */
async function drawPreQueue(trx: Db, room: RoomRow) {
  const ids = await undrawnPlaces(trx, room.event_id)
  if (ids.length === 0) return room.shuffled_at ? {} : { shuffled_at: new Date(), drawn_count: 0 }
  const order = seededShuffle(ids, (room.shuffle_seed + room.drawn_count) | 0)
  await assignKeys(trx, order, room.drawn_count + 1)
  return { shuffled_at: room.shuffled_at ?? new Date(), drawn_count: room.drawn_count + ids.length }
}

async function rateOf(trx: Db, room: RoomRow, now: Date) {
  const due = !room.rate_computed_at || now.getTime() - room.rate_computed_at.getTime() >= RATE_RECOMPUTE_MS
  if (!due)
    return { effective: effectiveRate(room.manual_rate_per_minute, room.rate_per_minute), columns: {} }
  const computed = admissionRatePerMinute(
    room.target_checkouts,
    await medianCheckoutSeconds(trx, room.event_id),
  )
  return {
    effective: effectiveRate(room.manual_rate_per_minute, computed),
    columns: { rate_per_minute: computed, rate_computed_at: now },
  }
}

async function advanceCursor(trx: Db, room: RoomRow, rate: number, now: Date) {
  const elapsed = now.getTime() - (room.cursor_at as Date).getTime()
  const { count, credit } = admissionsFor(rate, elapsed, room.admit_credit)
  if (count === 0) return { admitted_key: room.admitted_key, admit_credit: credit }
  const key = await keyAfter(trx, room.event_id, room.admitted_key, count)
  // Nobody (or fewer than due) waiting: the unused admissions are not saved up for a burst later.
  if (key === null) return { admitted_key: room.admitted_key, admit_credit: 0 }
  return { admitted_key: key, admit_credit: credit }
}

const laterOf = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b)
