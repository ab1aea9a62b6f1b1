import { randomInt } from 'node:crypto'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { WaitingRoomAdmin, WaitingRoomSettings } from '@palco/domain/waiting-room/contract'
import { effectiveRate } from '@palco/domain/waiting-room/queue-rules'
import type { Db } from '../../db/dialect.js'
import { findRoom } from './waiting-room.repository.js'
import {
  activeRooms,
  eventOnSaleAt,
  roomCounts,
  setAdminPaused,
  setManualRate,
  upsertRoom,
} from './waiting-room-admin.repository.js'

const noEvent = () => new DomainError('NOT_FOUND', { message: 'No such event.' })
const noRoom = () => new DomainError('NOT_FOUND', { message: 'This event has no waiting room yet.' })

/** The room as the back office shows it; an event without one shows it off, opening with the sale. */
export async function roomAdminView(db: Db, eventId: string): Promise<WaitingRoomAdmin> {
  const room = await findRoom(db, eventId)
  if (!room) {
    const onSaleAt = await eventOnSaleAt(db, eventId)
    if (!onSaleAt) throw noEvent()
    return {
      eventId,
      enabled: false,
      opensAt: onSaleAt.toISOString(),
      targetCheckouts: 100,
      manualRatePerMinute: null,
      ratePerMinute: 20,
      adminPaused: false,
      healthPausedBecause: null,
      waiting: 0,
      admitted: 0,
      drawn: false,
    }
  }
  return {
    eventId,
    enabled: room.enabled,
    opensAt: room.opens_at.toISOString(),
    targetCheckouts: room.target_checkouts,
    manualRatePerMinute: room.manual_rate_per_minute,
    ratePerMinute: effectiveRate(room.manual_rate_per_minute, room.rate_per_minute),
    adminPaused: room.admin_paused,
    healthPausedBecause: room.health_paused_because,
    ...(await roomCounts(db, eventId)),
    drawn: room.shuffled_at !== null,
  }
}

/** Turns a sale window's room on or off, moves its opening, sets its target and fixed rate. */
export async function saveRoomSettings(db: Db, eventId: string, s: WaitingRoomSettings) {
  if (!(await eventOnSaleAt(db, eventId))) throw noEvent()
  const settings = {
    enabled: s.enabled,
    opensAt: new Date(s.opensAt),
    targetCheckouts: s.targetCheckouts,
    manualRate: s.ratePerMinute,
  }
  await upsertRoom(db, eventId, settings, randomInt(2 ** 31))
  return roomAdminView(db, eventId)
}

/** Pausing stops admissions only: every place, and every turn already given, is kept. */
export async function pauseRoom(db: Db, eventId: string, pausedByAdmin: boolean) {
  if (!(await setAdminPaused(db, eventId, pausedByAdmin))) throw noRoom()
  return roomAdminView(db, eventId)
}

/** A fixed rate in fans per minute, or null to compute it again from the target. */
export async function setRoomRate(db: Db, eventId: string, ratePerMinute: number | null) {
  if (!(await setManualRate(db, eventId, ratePerMinute))) throw noRoom()
  return roomAdminView(db, eventId)
}

/** Queue length and admission rate (0 while paused) summed over every room that is on, for /metrics. */
export async function queueFigures(db: Db) {
  let waiting = 0
  let ratePerMinute = 0
  for (const room of await activeRooms(db)) {
    waiting += Number(room.waiting)
    if (!room.paused) ratePerMinute += effectiveRate(room.manual_rate_per_minute, room.rate_per_minute)
  }
  return { waiting, ratePerMinute }
}
