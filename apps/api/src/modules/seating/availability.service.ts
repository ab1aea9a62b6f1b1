import { DomainError } from '@palco/domain/errors/domain-error'
import type { SeatAvailability } from '@palco/domain/seating/availability'
import type { Db } from '../../db/dialect.js'
import { availabilityRuns, availabilityVersion } from './holds.repository.js'
import { ensureInventory } from './inventory.service.js'

interface Entry {
  body: SeatAvailability
  at: number
}

/**
 * Availability snapshots per event, reused while fresh. A snapshot may trail the newest change by up to
 * SHARE_MS: the live feed carries every change with its version, and maps apply those newer than the
 * snapshot, so a rush recomputes at most a few times a second instead of once per request.
 */
export class AvailabilityCache {
  static readonly SHARE_MS = 500
  /** Holds expire by the clock without a write; past this age the snapshot is re-read anyway. */
  static readonly MAX_AGE_MS = 5000
  private readonly entries = new Map<string, Entry>()
  private readonly pending = new Map<string, Promise<SeatAvailability>>()

  async get(db: Db, eventId: string): Promise<SeatAvailability> {
    await ensureInventory(db, eventId)
    const now = Date.now()
    const hit = this.entries.get(eventId)
    if (hit && now - hit.at < AvailabilityCache.SHARE_MS) return hit.body
    const inflight = this.pending.get(eventId)
    if (inflight) return inflight
    const work = (async () => {
      const version = await availabilityVersion(db, eventId)
      if (hit && hit.body.version === version && now - hit.at < AvailabilityCache.MAX_AGE_MS) {
        hit.at = now
        return hit.body
      }
      const body = await computeAvailability(db, eventId, version)
      this.entries.set(eventId, { body, at: Date.now() })
      return body
    })().finally(() => this.pending.delete(eventId))
    this.pending.set(eventId, work)
    return work
  }
}

export async function computeAvailability(
  db: Db,
  eventId: string,
  version: number,
): Promise<SeatAvailability> {
  const runs = await availabilityRuns(db, eventId)
  const sections: Record<string, string> = {}
  for (const r of runs)
    sections[r.section_code] = (sections[r.section_code] ?? '') + (r.n === 1 ? r.st : `${r.st}${r.n}`)
  return { eventId, version, sections }
}

/** The event must be published and belong to the host's country (a Mexican event on the Colombian host is 404). */
export async function assertPublicEvent(db: Db, eventId: string, country: string) {
  const event = await db
    .selectFrom('events')
    .select(['id', 'country', 'status', 'visibility'])
    .where('id', '=', eventId)
    .executeTakeFirst()
  if (!event || event.country !== country || event.status === 'DRAFT' || event.visibility === 'NONE') {
    throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  }
  return event
}
