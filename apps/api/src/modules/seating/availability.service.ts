import { gzipSync } from 'node:zlib'
import { DomainError, isDomainError } from '@palco/domain/errors/domain-error'
import type { Country } from '@palco/domain/locale/country'
import type { SeatAvailability } from '@palco/domain/seating/availability'
import type { Db } from '../../db/dialect.js'
import {
  changeSeqsBetween,
  findEventShown,
  placeChangesSince,
  placeStates,
  placesWithSeqs,
  seatMapEventsOnSale,
  sectionStates,
} from './availability.repository.js'
import type { PlaceRow } from './availability-snapshot.js'
import { AvailabilitySnapshot } from './availability-snapshot.js'
import { ensureInventory } from './inventory.service.js'

/** A rendered availability body: the JSON once, and its gzip made on first demand, per generation. */
export interface RenderedAvailability {
  body: SeatAvailability
  etag: string
  json: string
  gzipped(): Buffer
}

interface Entry {
  snapshot: AvailabilitySnapshot
  refreshedAt: number
  loadedAt: number
  /** (time, version) after each refresh, for the look-back below. */
  history: { at: number; version: number }[]
  /** change_seq of the rows applied by deltas, while they are inside the look-back window. */
  seen: Set<number>
  reloading: boolean
  rendered: RenderedAvailability | null
  /** How many announced changes (see noteChange) the last read of the database started after. */
  covered: number
}

/**
 * Availability per event, kept in memory and patched with the places changed since the last read
 * (availability-snapshot.ts). A read may trail the newest change by up to SHARE_MS: the live feed
 * carries every change with its version and maps apply those newer than the snapshot, so a rush asks
 * the database at most a few times a second, and each time only for what changed.
 *
 * change_seq comes from a sequence at UPDATE time, so a transaction can commit a lower number after a
 * higher one was read. Each refresh therefore looks back LOOKBACK_MS worth of versions (seat transactions
 * last milliseconds, and fail fast on locks), and a full reload every FULL_RELOAD_MS, in the background
 * while reads keep being answered, bounds anything slower. The look-back reads only the numbers in the
 * window and fetches the rows of those it has not applied: re-reading the rows themselves cost 40–75 ms
 * of this process's CPU on every refresh for 30 s after a burst of 29,000 changes (bench/availability).
 * The full read of 100,000 rows costs a few hundred milliseconds, so it stays rare.
 */
export class AvailabilityCache {
  static readonly SHARE_MS = 500
  static readonly LOOKBACK_MS = 30_000
  static readonly FULL_RELOAD_MS = 10 * 60_000
  static readonly EVENT_CHECK_MS = 5_000
  private readonly entries = new Map<string, Entry>()
  private readonly pending = new Map<string, Promise<Entry>>()
  private readonly publicEvents = new Map<string, { at: number; event: PublicEvent | null }>()
  private readonly announced = new Map<string, number>()

  /**
   * A write to an event's places was announced: by the live feed (a hold, sale, release or expiry in any
   * process) or by this process's own hold route, which knows before its NOTIFY comes back. Only `fresh`
   * acts on it; map reads keep sharing one read per SHARE_MS, since the feed brings maps the same change.
   * Counted only for events held here: a first read loads every place anyway.
   */
  noteChange(eventId: string): void {
    if (!this.entries.has(eventId) && !this.pending.has(eventId)) return
    this.announced.set(eventId, (this.announced.get(eventId) ?? 0) + 1)
  }

  /**
   * The snapshot with every change announced so far applied, for answers that must not offer a place that
   * was just taken (best available): `rendered` may trail a hold by up to SHARE_MS. After an announcement
   * it reads the changed rows (shared by every caller waiting at the time); otherwise it costs what
   * `rendered` costs. Read the snapshot synchronously: the next refresh patches it in place.
   */
  async fresh(db: Db, eventId: string): Promise<AvailabilitySnapshot> {
    await ensureInventory(db, eventId)
    let entry = this.entries.get(eventId)
    if (!entry || Date.now() - entry.refreshedAt >= AvailabilityCache.SHARE_MS) {
      entry = await this.refresh(db, eventId)
    }
    // A refresh already under way when the change was announced may have read before that commit. Bounded,
    // so a steady stream of changes cannot keep one caller waiting; SHARE_MS bounds what it may then miss.
    for (let k = 0; k < 3 && entry.covered < (this.announced.get(eventId) ?? 0); k++) {
      entry = await this.refresh(db, eventId)
    }
    entry.snapshot.expireDue(Date.now())
    return entry.snapshot
  }

  /**
   * assertPublicEvent, remembered for EVENT_CHECK_MS: a rush of map loads and holds should not read the
   * same event row thousands of times a second. Unpublishing or a changed sale window shows within that.
   */
  async assertPublic(db: Db, eventId: string, country: string): Promise<PublicEvent> {
    const now = Date.now()
    const known = this.publicEvents.get(eventId)
    if (known && now - known.at < AvailabilityCache.EVENT_CHECK_MS) {
      if (!known.event || known.event.country !== country)
        throw new DomainError('NOT_FOUND', { message: 'No such event.' })
      return known.event
    }
    if (this.publicEvents.size > 10_000) this.publicEvents.clear()
    try {
      const event = await assertPublicEvent(db, eventId, country)
      this.publicEvents.set(eventId, { at: now, event })
      return event
    } catch (err) {
      if (isDomainError(err) && err.code === 'NOT_FOUND')
        this.publicEvents.set(eventId, { at: now, event: null })
      throw err
    }
  }

  async get(db: Db, eventId: string): Promise<SeatAvailability> {
    return (await this.rendered(db, eventId)).body
  }

  async rendered(db: Db, eventId: string): Promise<RenderedAvailability> {
    await ensureInventory(db, eventId)
    const now = Date.now()
    let entry = this.entries.get(eventId)
    if (!entry || now - entry.refreshedAt >= AvailabilityCache.SHARE_MS) {
      entry = await this.refresh(db, eventId)
    }
    return render(entry, Date.now())
  }

  private refresh(db: Db, eventId: string): Promise<Entry> {
    const inflight = this.pending.get(eventId)
    if (inflight) return inflight
    const work = (async () => {
      const now = Date.now()
      const covered = this.announced.get(eventId) ?? 0
      const entry = this.entries.get(eventId)
      if (!entry) return this.load(db, eventId, now, covered)
      const since = versionAsOf(entry.history, now - AvailabilityCache.LOOKBACK_MS)
      const top = entry.snapshot.version
      const rows = await placeChangesSince(db, eventId, top)
      if (since < top) {
        // A number in the window that was never applied is a transaction that committed late.
        const late = (await changeSeqsBetween(db, eventId, since, top)).filter((seq) => !entry.seen.has(seq))
        if (late.length > 0) rows.push(...(await placesWithSeqs(db, eventId, late)))
      }
      entry.snapshot.apply(rows, now)
      track(entry.seen, rows, since)
      entry.refreshedAt = now
      entry.covered = covered
      remember(entry, now)
      if (now - entry.loadedAt >= AvailabilityCache.FULL_RELOAD_MS && !entry.reloading) {
        entry.reloading = true
        void this.reload(db, eventId, entry)
      }
      return entry
    })().finally(() => this.pending.delete(eventId))
    this.pending.set(eventId, work)
    return work
  }

  private async load(db: Db, eventId: string, now: number, covered: number): Promise<Entry> {
    const snapshot = await readAll(db, eventId, now)
    const entry: Entry = {
      snapshot,
      refreshedAt: now,
      loadedAt: now,
      history: [{ at: now, version: snapshot.version }],
      seen: new Set(),
      reloading: false,
      rendered: null,
      covered,
    }
    this.entries.set(eventId, entry)
    return entry
  }

  /** Replaces the snapshot with a fresh full read; changes after it come with the next look-back. */
  private async reload(db: Db, eventId: string, entry: Entry) {
    try {
      const now = Date.now()
      const snapshot = await readAll(db, eventId, now)
      // Its own version, even if lower: a map then applies a few feed events twice, which is harmless,
      // rather than skipping one this read may not include yet.
      snapshot.generation = entry.snapshot.generation + 1
      entry.snapshot = snapshot
      entry.loadedAt = now
      entry.rendered = null
      // The full read may predate a change a delta had applied; the next read re-reads the look-back.
      entry.refreshedAt = 0
    } catch {
      // The next refresh tries again; reads keep the patched snapshot meanwhile.
    } finally {
      entry.reloading = false
    }
  }
}

/**
 * A whole event read afresh: one letter string per section, or row by row for an event whose places have
 * a gap in their numbering (never made by materialisation, but a letter string could not place them).
 */
async function readAll(db: Db, eventId: string, now: number): Promise<AvailabilitySnapshot> {
  const snapshot = new AvailabilitySnapshot(eventId)
  const sections = await sectionStates(db, eventId)
  if (sections.every((s) => s.places === s.last_index + 1)) snapshot.load(sections, now)
  else snapshot.apply(await placeStates(db, eventId), now)
  return snapshot
}

/** Remembers the numbers just applied and forgets those the look-back window has left behind. */
function track(seen: Set<number>, rows: readonly PlaceRow[], since: number) {
  for (const row of rows) seen.add(Number(row.change_seq))
  for (const seq of seen) if (seq <= since) seen.delete(seq)
}

function remember(entry: Entry, now: number) {
  entry.history.push({ at: now, version: entry.snapshot.version })
  const keepFrom = now - 2 * AvailabilityCache.LOOKBACK_MS
  while (entry.history.length > 2 && (entry.history[1]?.at ?? now) < keepFrom) entry.history.shift()
}

/** The version the snapshot had at time t (the oldest known if t is before every record). */
function versionAsOf(history: readonly { at: number; version: number }[], t: number): number {
  let version = history[0]?.version ?? 0
  for (const h of history) {
    if (h.at > t) break
    version = h.version
  }
  return version
}

function render(entry: Entry, now: number): RenderedAvailability {
  entry.snapshot.expireDue(now)
  const { snapshot } = entry
  const etag = `"seats-${snapshot.version}-${snapshot.generation}"`
  if (entry.rendered?.etag === etag) return entry.rendered
  const body = snapshot.encode()
  const json = JSON.stringify(body)
  let gz: Buffer | null = null
  entry.rendered = {
    body,
    etag,
    json,
    gzipped: () => {
      gz ??= gzipSync(json)
      return gz
    },
  }
  return entry.rendered
}

export type PublicEvent = Awaited<ReturnType<typeof readEvent>> & {}

const readEvent = findEventShown

/** The event must be published and belong to the host's country (a Mexican event on the Colombian host is 404). */
export async function assertPublicEvent(db: Db, eventId: string, country: string) {
  const event = await readEvent(db, eventId)
  if (!event || event.country !== country || event.status === 'DRAFT' || event.visibility === 'NONE') {
    throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  }
  return event
}

/**
 * Seat-map events on sale now, soonest first, at most `limit` (what start-up warms), each with the country
 * whose host shows it.
 */
export async function seatMapsOnSale(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ id: string; slug: string; country: Country }[]> {
  const events = await seatMapEventsOnSale(db, now, limit)
  return events.map((e) => ({ id: e.id, slug: e.slug, country: e.country as Country }))
}
