import { COUNTRIES, type Country } from '@palco/domain/locale/country'
import type { FastifyInstance } from 'fastify'
import { seatMapsOnSale } from './modules/seating/availability.service.js'
import { materializeMissing } from './modules/seating/inventory.service.js'

export interface WarmUpOptions {
  /** The host a visitor of each country sends (the country comes from the host name, spec §1). */
  hosts: Readonly<Record<Country, string>>
  /** The web app is served: its home pages are warmed too. */
  web: boolean
  /** Seat-map events to warm at most, soonest first. */
  maxEvents?: number
}

export interface WarmUpReport {
  placesMade: number
  pages: number
  seatMaps: number
  failed: number
  ms: number
}

/**
 * Does at start what the first visitors would otherwise wait for (DESIGN §8: seat map first paint ≤ 1 s
 * "also for the first visitor after a start"; issue 13 defect 7, where a stadium's first seat map took
 * 2–7 s and the home page's first load 3.4 s):
 *
 * 1. places for published events that have none (materializeMissing; publication and the demo seed make
 *    them, this repairs what they missed);
 * 2. each country's home page: the server render, the catalogue answers it reads, the catalogue's layout
 *    capacities;
 * 3. per seat-map event on sale, soonest first: the event's catalogue answer (the checkout page's loader),
 *    its seat layout (the document stays in memory) and its availability (the snapshot stays in memory
 *    and is patched from then on).
 *
 * Steps 2 and 3 are the very requests a visitor's browser makes, through `app.inject`, so every cache on
 * the way is filled exactly as a visit fills it and nothing here duplicates a route. One request at a time:
 * the embedded database runs one statement at a time anyway, and on PostgreSQL this keeps warming from
 * competing with early visitors for the pool. A failing step is counted and logged, never fatal: a cold
 * cache only costs time.
 */
export async function warmUp(app: FastifyInstance, opts: WarmUpOptions): Promise<WarmUpReport> {
  const started = performance.now()
  const report: WarmUpReport = { placesMade: 0, pages: 0, seatMaps: 0, failed: 0, ms: 0 }
  try {
    report.placesMade = await materializeMissing(app.db)
  } catch (err) {
    report.failed++
    app.log.warn({ err }, 'warm-up: making missing places failed')
  }
  const get = async (url: string, country: Country): Promise<boolean> => {
    try {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { host: opts.hosts[country], 'accept-encoding': 'gzip' },
      })
      if (res.statusCode < 400) return true
      app.log.warn({ url, status: res.statusCode }, 'warm-up: request refused')
    } catch (err) {
      app.log.warn({ err, url }, 'warm-up: request failed')
    }
    report.failed++
    return false
  }
  if (opts.web) {
    for (const country of COUNTRIES) if (await get('/', country)) report.pages++
  }
  let events: Awaited<ReturnType<typeof seatMapsOnSale>> = []
  try {
    events = await seatMapsOnSale(app.db, new Date(), opts.maxEvents ?? 24)
  } catch (err) {
    report.failed++
    app.log.warn({ err }, 'warm-up: listing seat maps failed')
  }
  for (const e of events) {
    const country = e.country as Country
    const ok = [
      await get(`/api/event?slug=${encodeURIComponent(e.slug)}`, country),
      await get(`/api/event/seat-layout?eventId=${e.id}`, country),
      await get(`/api/seats?eventId=${e.id}`, country),
    ]
    if (ok.every(Boolean)) report.seatMaps++
  }
  report.ms = Math.round(performance.now() - started)
  return report
}
