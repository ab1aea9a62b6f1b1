import type { SeatChange } from '@palco/domain/seating/availability'
import type { FastifyBaseLogger } from 'fastify'
import type { DbHandle } from '../../db/dialect.js'

export const SEAT_CHANNEL = 'seat_changes'
/** NOTIFY payloads must stay under 8,000 bytes; big releases are split. */
const MAX_CHANGES_PER_MESSAGE = 150

export interface SeatFeedMessage extends SeatChange {
  eventId: string
}

type Listener = (message: SeatFeedMessage) => void

/**
 * Fans out seat changes to open maps (issue 5 part 4). Every process LISTENs, so a hold taken through any
 * process reaches every browser within a second; with PGlite the engine's own NOTIFY does it in-process.
 */
export class SeatFeed {
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly everyEvent = new Set<Listener>()
  private stop: (() => Promise<void>) | null = null

  async start(handle: DbHandle, log?: FastifyBaseLogger) {
    this.stop = await handle.listen(SEAT_CHANNEL, (payload) => {
      try {
        const message = JSON.parse(payload) as SeatFeedMessage
        for (const l of this.everyEvent) l(message)
        for (const l of this.listeners.get(message.eventId) ?? []) l(message)
      } catch (err) {
        log?.warn({ err }, 'bad seat feed message')
      }
    })
  }

  subscribe(eventId: string, listener: Listener): () => void {
    let set = this.listeners.get(eventId)
    if (!set) {
      set = new Set()
      this.listeners.set(eventId, set)
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(eventId)
    }
  }

  /** Changes of every event, for what this process keeps in memory across events (availability.service.ts). */
  subscribeAll(listener: Listener): () => void {
    this.everyEvent.add(listener)
    return () => {
      this.everyEvent.delete(listener)
    }
  }

  subscriberCount(eventId: string) {
    return this.listeners.get(eventId)?.size ?? 0
  }

  async close() {
    await this.stop?.()
    this.listeners.clear()
    this.everyEvent.clear()
  }
}

/** Payloads for NOTIFY, grouped by event and split to respect the size limit. */
export function feedPayloads(
  version: number,
  places: { event_id: string; section_code: string; place_index: number }[],
  state: 'A' | 'H' | 'S',
): string[] {
  const byEvent = new Map<string, { section: string; index: number; state: 'A' | 'H' | 'S' }[]>()
  for (const p of places) {
    const list = byEvent.get(p.event_id) ?? []
    list.push({ section: p.section_code, index: p.place_index, state })
    byEvent.set(p.event_id, list)
  }
  const out: string[] = []
  for (const [eventId, changes] of byEvent) {
    for (let i = 0; i < changes.length; i += MAX_CHANGES_PER_MESSAGE) {
      out.push(JSON.stringify({ eventId, version, changes: changes.slice(i, i + MAX_CHANGES_PER_MESSAGE) }))
    }
  }
  return out
}

/**
 * Payloads for the places one statement changed: the feed's version is the newest change among them, so a map
 * that already read a later version (GET /api/seats) ignores them. None when nothing changed.
 */
export function changePayloads(
  places: readonly {
    event_id: string
    section_code: string
    place_index: number
    change_seq: number | string
  }[],
  state: 'A' | 'H' | 'S',
): string[] {
  if (places.length === 0) return []
  const version = Math.max(...places.map((p) => Number(p.change_seq)))
  return feedPayloads(version, [...places], state)
}
