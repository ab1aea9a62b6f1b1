import { DomainError } from '@palco/domain/errors/domain-error'
import { COUNTRY_SETTINGS, type Country } from '@palco/domain/locale/country'
import type { Scope } from '@palco/domain/organisers/staff-access'
import {
  byDayOf,
  type ContributionKey,
  type ContributionPart,
  contributionOf,
  dashboardChannelOf,
  type EventDashboard,
  type OrganiserDashboard,
  occupancyOf,
  type RollupDelta,
  rollupDeltas,
  type SaleOfOrder,
  type SalesFigures,
} from '@palco/domain/reports/sales-dashboard'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/dialect.js'
import type { QueueDefinition } from '../jobs/job-runner.js'
import {
  addToRollups,
  type ContributionRow,
  checkinsByHour,
  clearMarks,
  contributionsOfOrders,
  courtesiesBySection,
  dueMarks,
  eventHeading,
  eventRollupsByEach,
  eventsOfOrganiser,
  lockOrderRollups,
  markOrder,
  organiserRollupsBy,
  organisersInScope,
  placesBySection,
  type SumRow,
  salesOfOrders,
  saveContributions,
} from './dashboards.repository.js'

/** The queue that keeps the rollups: a tick every second works the orders marked since the last one. */
export const SALES_ROLLUPS = 'sales-rollups'
const TICK_MS = 1_000
/** Orders worked per transaction, and per tick at most. */
const BATCH = 500
const PER_TICK = 20_000

/** The order statuses whose moves change what an order adds to its event's sales. */
const SALE_STATUSES = new Set(['PAID', 'REFUNDED'])

/**
 * Called in the transaction that moves an order's status (orders' `moveOrder`): a move into or out of a sale
 * (paid, refunded) marks the order for the rollup job, which works it within about two seconds. Any other move
 * changes no figure and is not marked. A PAID → PAID call marks too: what a future refund of single tickets
 * (the order stays PAID, a payment is given back) will call.
 */
export async function noteOrderMove(trx: Db, orderId: string, from: string, to: string) {
  if (!SALE_STATUSES.has(from) && !SALE_STATUSES.has(to)) return
  await markOrder(trx, orderId)
}

type Sale = Awaited<ReturnType<typeof salesOfOrders>>[number]

function saleFigures(sale: Sale): { key: ContributionKey; parts: ContributionPart[] } {
  const input: SaleOfOrder = {
    paid: sale.hour !== null,
    total: Number(sale.total),
    fees: Number(sale.fees),
    refunded: Number(sale.refunded),
    lines: sale.lines as SaleOfOrder['lines'],
  }
  const channel = dashboardChannelOf({ channel: sale.channel, sellerUserId: sale.seller_user_id })
  return { key: { hour: sale.hour, channel, method: sale.method }, parts: contributionOf(input) }
}

type EventDelta = RollupDelta & { eventId: string }
const FIGURES = ['orders', 'tickets', 'refundedTickets', 'gross', 'fees', 'refunds'] as const

/** The batch's deltas summed per rollup row, rows that end at zero change left out. */
function summedDeltas(deltas: readonly EventDelta[]): EventDelta[] {
  const rows = new Map<string, EventDelta>()
  for (const d of deltas) {
    const id = JSON.stringify([d.eventId, d.hour, d.channel, d.method, d.zone])
    const row = rows.get(id)
    if (!row) rows.set(id, { ...d })
    else for (const f of FIGURES) row[f] += d[f]
  }
  return [...rows.values()].filter((r) => FIGURES.some((f) => r[f] !== 0))
}

/**
 * Brings orders' shares of the rollups up to date, in the caller's transaction: each contribution is
 * recomputed from the order's current state, only the difference from the last one stored is added, and the
 * new one stored with it. Under per-order advisory locks (taken in id order), so two runs for one order take
 * turns; running it again changes nothing. A batch is a handful of statements, whatever its size.
 */
export async function rollUpOrders(trx: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return
  await lockOrderRollups(trx, orderIds)
  const [sales, lasts] = [await salesOfOrders(trx, orderIds), await contributionsOfOrders(trx, orderIds)]
  const lastOf = new Map(lasts.map((l) => [l.order_id, l]))
  const deltas: EventDelta[] = []
  const changed: ContributionRow[] = []
  for (const sale of sales) {
    const now = saleFigures(sale)
    const last = lastOf.get(sale.id)
    const before = last
      ? {
          key: { hour: last.hour, channel: last.channel, method: last.method },
          parts: last.parts as ContributionPart[],
        }
      : null
    const own = rollupDeltas(before, now)
    if (own.length === 0 && last) continue
    for (const d of own) deltas.push({ ...d, eventId: sale.event_id })
    changed.push({ orderId: sale.id, eventId: sale.event_id, key: now.key, parts: now.parts })
  }
  await addToRollups(trx, summedDeltas(deltas))
  await saveContributions(trx, changed)
}

/** One order's share of the rollups brought up to date (see `rollUpOrders`). */
export const rollUpOrder = (trx: Db, orderId: string) => rollUpOrders(trx, [orderId])

/** Works the marked orders, oldest first, a batch per transaction. Answers how many. */
export async function workMarkedOrders(db: Db, max = PER_TICK) {
  let done = 0
  while (done < max) {
    const marks = await dueMarks(db, Math.min(BATCH, max - done))
    if (marks.length === 0) break
    await db.transaction().execute(async (trx) => {
      await rollUpOrders(
        trx,
        marks.map((m) => m.order_id),
      )
      await clearMarks(trx, marks)
    })
    done += marks.length
  }
  return done
}

/**
 * The rollup job: idempotent because each order's contribution is stored with what it added, and a mark is
 * cleared only at the version that was worked (a move meanwhile leaves it for the next tick).
 */
export function salesRollupJob(db: Db, log?: FastifyBaseLogger): QueueDefinition {
  return {
    name: SALES_ROLLUPS,
    everyMs: TICK_MS,
    expireInSeconds: 120,
    async handle() {
      const n = await workMarkedOrders(db)
      if (n > 0) log?.debug({ orders: n }, 'sales rollups updated')
    },
  }
}

const figuresOf = (r: SumRow | undefined): SalesFigures => {
  const gross = Number(r?.gross ?? 0)
  const fees = Number(r?.fees ?? 0)
  const refunds = Number(r?.refunds ?? 0)
  return {
    gross,
    fees,
    refunds,
    net: gross - refunds - fees,
    orders: Number(r?.orders ?? 0),
    tickets: Number(r?.tickets ?? 0),
    refundedTickets: Number(r?.refunded_tickets ?? 0),
  }
}

const totalOf = (rows: readonly SumRow[]) =>
  rows.reduce((a, r) => {
    const f = figuresOf(r)
    for (const k of Object.keys(a) as (keyof SalesFigures)[]) a[k] += f[k]
    return a
  }, figuresOf(undefined))

const keyedOf = (rows: readonly SumRow[]) => rows.map((r) => ({ key: r.key, ...figuresOf(r) }))
const timedOf = (f: SalesFigures) => ({ gross: f.gross, refunds: f.refunds, net: f.net, tickets: f.tickets })
const sumTimed = (a: ReturnType<typeof timedOf> | undefined, b: ReturnType<typeof timedOf>) => ({
  gross: (a?.gross ?? 0) + b.gross,
  refunds: (a?.refunds ?? 0) + b.refunds,
  net: (a?.net ?? 0) + b.net,
  tickets: (a?.tickets ?? 0) + b.tickets,
})

/** An event's occupancy per section, live from its places (not from orders). */
async function occupancyOfEvent(db: Db, eventId: string) {
  const [places, courtesies] = await Promise.all([
    placesBySection(db, eventId),
    courtesiesBySection(db, eventId),
  ])
  const sections = new Map<string, Record<string, number>>()
  for (const p of places) {
    const s = sections.get(p.section_code) ?? {}
    s[p.status] = Number(p.n)
    sections.set(p.section_code, s)
  }
  const courtesy = new Map(courtesies.map((c) => [c.section_code, Number(c.n)]))
  return [...sections.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([section, byStatus]) => occupancyOf(section, byStatus, courtesy.get(section) ?? 0))
}

/** An event's dashboard (the route has checked the event is in the asker's scope). */
export async function eventDashboard(db: Db, eventId: string): Promise<EventDashboard> {
  const event = await eventHeading(db, eventId)
  if (!event) throw new DomainError('NOT_FOUND')
  const [sums, occupancy, checkins] = await Promise.all([
    eventRollupsByEach(db, eventId),
    occupancyOfEvent(db, eventId),
    checkinsByHour(db, eventId),
  ])
  const of = (dim: string) => sums.filter((r) => r.dim === dim)
  const [hours, channels, methods, zones] = [of('hour'), of('channel'), of('method'), of('zone')]
  const byHour = hours.map((h) => ({ hour: h.key, ...timedOf(figuresOf(h)) }))
  return {
    event: {
      id: event.id,
      name: event.name,
      currency: event.currency,
      timeZone: event.time_zone,
      startsAt: new Date(event.starts_at).toISOString(),
    },
    totals: totalOf(channels),
    byHour,
    byDay: byDayOf(byHour, event.time_zone, sumTimed),
    byChannel: keyedOf(channels),
    byMethod: keyedOf(methods),
    byTier: keyedOf(zones),
    occupancy,
    checkinsByHour: checkins.map((c) => ({ hour: c.hour, count: Number(c.n) })),
  }
}

const EMPTY_ORGANISER = { totals: figuresOf(undefined), byDay: [], byChannel: [], byMethod: [], events: [] }

/**
 * An organiser's dashboard: its events' sales together (one organiser, one country, one currency). Staff of
 * several organisers pick one; without a choice, the first by name. One outside the scope answers 404.
 */
export async function organiserDashboard(
  db: Db,
  scope: Scope,
  organiserId: string | undefined,
): Promise<OrganiserDashboard> {
  const organisers = await organisersInScope(db, scope)
  const chosen = organiserId ? organisers.find((o) => o.id === organiserId) : organisers[0]
  if (organiserId && !chosen) throw new DomainError('NOT_FOUND')
  const list = organisers.map((o) => ({ id: o.id, name: o.name, currency: settingsOf(o.country).currency }))
  if (!chosen) return { organisers: list, organiserId: null, currency: null, ...EMPTY_ORGANISER }
  const { currency, timeZone } = settingsOf(chosen.country)
  const [days, channels, methods, perEvent, events] = await Promise.all([
    organiserRollupsBy(db, chosen.id, 'day', timeZone),
    organiserRollupsBy(db, chosen.id, 'channel', timeZone),
    organiserRollupsBy(db, chosen.id, 'method', timeZone),
    organiserRollupsBy(db, chosen.id, 'event', timeZone),
    eventsOfOrganiser(db, chosen.id),
  ])
  const byEvent = new Map(perEvent.map((r) => [r.key, r]))
  return {
    organisers: list,
    organiserId: chosen.id,
    currency,
    totals: totalOf(channels),
    byDay: days.map((d) => ({ day: d.key, ...timedOf(figuresOf(d)) })),
    byChannel: keyedOf(channels),
    byMethod: keyedOf(methods),
    events: events.map((e) => ({
      id: e.id,
      name: e.name,
      startsAt: new Date(e.starts_at).toISOString(),
      ...figuresOf(byEvent.get(e.id)),
    })),
  }
}

const settingsOf = (country: string) =>
  COUNTRY_SETTINGS[(country in COUNTRY_SETTINGS ? country : 'COL') as Country]
