import { z } from 'zod'
import { wallClockAt } from '../format/wall-clock.js'

/**
 * Organiser dashboards (issue 43 part 6): what an order adds to its event's sales rollups, and the figures the
 * dashboards answer. Amounts are integers in minor units of the event's currency.
 */

/** The dashboards' channels: the three online ones an order records, and the box office's counter sales. */
export const DASHBOARD_CHANNELS = ['WEB_MOBILE', 'WEB_DESKTOP', 'APP', 'BOX_OFFICE'] as const
export type DashboardChannel = (typeof DASHBOARD_CHANNELS)[number]

/** A sale made at a counter has a seller (an operator); an online order has none and keeps its device channel. */
export function dashboardChannelOf(order: {
  channel: string
  sellerUserId: string | null
}): DashboardChannel {
  if (order.sellerUserId !== null) return 'BOX_OFFICE'
  return (DASHBOARD_CHANNELS as readonly string[]).includes(order.channel)
    ? (order.channel as DashboardChannel)
    : 'WEB_DESKTOP'
}

/** What one order adds to one tier of its event's rollups. */
export interface ContributionPart {
  zone: string
  orders: number
  tickets: number
  refundedTickets: number
  gross: number
  /** Service fees kept: the fees of the part not refunded (a refund gives its share of fees back). */
  fees: number
  refunds: number
}

/** An order as the rollups see it: counted once paid (`paidAt`), with what its payments gave back. */
export interface SaleOfOrder {
  paid: boolean
  total: number
  fees: number
  /** What its payments gave back or are giving back (refunded or refund requested), at most its total. */
  refunded: number
  lines: readonly {
    zoneName: string | null
    section: string
    unitPrice: number
    fee: number
    discount: number
  }[]
}

/**
 * Splits `total` in proportion to `weights`, in whole units, the remainder by largest fraction (ties to the
 * first): the parts always add up to the total exactly. Equal parts when every weight is 0.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return []
  const w = weights.map((x) => BigInt(Math.max(0, Math.trunc(x))))
  let sum = w.reduce((a, b) => a + b, 0n)
  const ws = sum === 0n ? w.map(() => 1n) : w
  if (sum === 0n) sum = BigInt(ws.length)
  const t = BigInt(total)
  const floors = ws.map((x) => (t * x) / sum)
  const rest = ws.map((x, i) => ({ i, r: (t * x) % sum }))
  let left = t - floors.reduce((a, b) => a + b, 0n)
  rest.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i))
  for (let k = 0; left > 0n; k = (k + 1) % rest.length, left--) {
    const at = rest[k]?.i ?? 0
    floors[at] = (floors[at] ?? 0n) + 1n
  }
  return floors.map(Number)
}

/**
 * What an order adds to its rollups, per tier: nothing until paid. Its total, kept fees and refunds are split
 * over its tiers by what each tier's lines cost, so the parts add up to the order's figures to the minor unit;
 * the order itself counts once, in its first tier. A whole refund refunds every ticket; a partial one (not
 * built yet: refunds are whole orders) gives money back and leaves the tickets counted.
 */
export function contributionOf(sale: SaleOfOrder): ContributionPart[] {
  if (!sale.paid || sale.lines.length === 0) return []
  const zones = new Map<string, { cost: number; tickets: number }>()
  for (const l of sale.lines) {
    const zone = l.zoneName ?? l.section
    const z = zones.get(zone) ?? { cost: 0, tickets: 0 }
    z.cost += l.unitPrice + l.fee - l.discount
    z.tickets += 1
    zones.set(zone, z)
  }
  const names = [...zones.keys()]
  const weights = names.map((n) => zones.get(n)?.cost ?? 0)
  const refunded = Math.min(Math.max(sale.refunded, 0), sale.total)
  const whole = sale.total > 0 ? refunded === sale.total : false
  const keptFees =
    sale.total > 0 ? Number((BigInt(sale.fees) * BigInt(sale.total - refunded)) / BigInt(sale.total)) : 0
  const gross = allocate(sale.total, weights)
  const fees = allocate(keptFees, weights)
  const refunds = allocate(refunded, weights)
  return names.map((zone, i) => {
    const tickets = zones.get(zone)?.tickets ?? 0
    return {
      zone,
      orders: i === 0 ? 1 : 0,
      tickets,
      refundedTickets: whole ? tickets : 0,
      gross: gross[i] ?? 0,
      fees: fees[i] ?? 0,
      refunds: refunds[i] ?? 0,
    }
  })
}

/** Where a contribution lands: the hour it was paid in, its channel and method. */
export interface ContributionKey {
  hour: string | null
  channel: string
  method: string
}

export interface RollupDelta extends ContributionPart {
  hour: string
  channel: string
  method: string
}

const FIGURES = ['orders', 'tickets', 'refundedTickets', 'gross', 'fees', 'refunds'] as const

/**
 * What to add to the rollups to go from an order's last contribution to its current one: the old parts taken
 * away, the new ones added, rows that do not change left out. Applying it twice would double it, so the job
 * stores the new contribution in the same transaction.
 */
export function rollupDeltas(
  before: { key: ContributionKey; parts: readonly ContributionPart[] } | null,
  after: { key: ContributionKey; parts: readonly ContributionPart[] },
): RollupDelta[] {
  const rows = new Map<string, RollupDelta>()
  const add = (key: ContributionKey, parts: readonly ContributionPart[], sign: 1 | -1) => {
    if (key.hour === null) return
    for (const p of parts) {
      const id = JSON.stringify([key.hour, key.channel, key.method, p.zone])
      const row = rows.get(id) ?? {
        hour: key.hour,
        channel: key.channel,
        method: key.method,
        zone: p.zone,
        orders: 0,
        tickets: 0,
        refundedTickets: 0,
        gross: 0,
        fees: 0,
        refunds: 0,
      }
      for (const f of FIGURES) row[f] += sign * p[f]
      rows.set(id, row)
    }
  }
  if (before) add(before.key, before.parts, -1)
  add(after.key, after.parts, 1)
  return [...rows.values()].filter((r) => FIGURES.some((f) => r[f] !== 0))
}

/** Occupancy of a section: every place is exactly one of these, so they add up to its capacity. */
export interface SectionOccupancy {
  section: string
  capacity: number
  sold: number
  held: number
  courtesy: number
  blocked: number
  available: number
}

/** From counts of places by status (and the sold ones that are courtesies) to the section's occupancy. */
export function occupancyOf(
  section: string,
  byStatus: Partial<Record<'AVAILABLE' | 'HELD' | 'SOLD' | 'BLOCKED', number>>,
  courtesy: number,
): SectionOccupancy {
  const sold = byStatus.SOLD ?? 0
  const c = Math.min(courtesy, sold)
  const o = {
    section,
    sold: sold - c,
    held: byStatus.HELD ?? 0,
    courtesy: c,
    blocked: byStatus.BLOCKED ?? 0,
    available: byStatus.AVAILABLE ?? 0,
  }
  return { ...o, capacity: o.sold + o.held + o.courtesy + o.blocked + o.available }
}

/** Hourly figures summed per day of the event's time zone (`YYYY-MM-DD`), in order. */
export function byDayOf<T extends { hour: string }>(
  hours: readonly T[],
  timeZone: string,
  sum: (a: Omit<T, 'hour'> | undefined, b: T) => Omit<T, 'hour'>,
): (Omit<T, 'hour'> & { day: string })[] {
  const days = new Map<string, Omit<T, 'hour'>>()
  for (const h of hours) {
    const c = wallClockAt(Date.parse(h.hour), timeZone)
    const day = `${String(c.year).padStart(4, '0')}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`
    days.set(day, sum(days.get(day), h))
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, v]) => ({ ...v, day }))
}

const figures = {
  gross: z.number().int(),
  fees: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  orders: z.number().int(),
  tickets: z.number().int(),
  refundedTickets: z.number().int(),
}
export const salesFiguresSchema = z.object(figures)
export type SalesFigures = z.infer<typeof salesFiguresSchema>
const keyed = z.object({ key: z.string(), ...figures })
const timed = z.object({
  gross: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  tickets: z.number().int(),
})

export const eventDashboardSchema = z.object({
  event: z.object({
    id: z.uuid(),
    name: z.string(),
    currency: z.string(),
    timeZone: z.string(),
    startsAt: z.string(),
  }),
  totals: salesFiguresSchema,
  byHour: z.array(timed.extend({ hour: z.string() })),
  byDay: z.array(timed.extend({ day: z.string() })),
  byChannel: z.array(keyed),
  byMethod: z.array(keyed),
  byTier: z.array(keyed),
  occupancy: z.array(
    z.object({
      section: z.string(),
      capacity: z.number().int(),
      sold: z.number().int(),
      held: z.number().int(),
      courtesy: z.number().int(),
      blocked: z.number().int(),
      available: z.number().int(),
    }),
  ),
  checkinsByHour: z.array(z.object({ hour: z.string(), count: z.number().int() })),
})
export type EventDashboard = z.infer<typeof eventDashboardSchema>

export const organiserDashboardQuerySchema = z.object({ organiserId: z.uuid().optional() })

export const organiserDashboardSchema = z.object({
  organisers: z.array(z.object({ id: z.uuid(), name: z.string(), currency: z.string() })),
  organiserId: z.uuid().nullable(),
  currency: z.string().nullable(),
  totals: salesFiguresSchema,
  byDay: z.array(timed.extend({ day: z.string() })),
  byChannel: z.array(keyed),
  byMethod: z.array(keyed),
  events: z.array(z.object({ id: z.uuid(), name: z.string(), startsAt: z.string(), ...figures })),
})
export type OrganiserDashboard = z.infer<typeof organiserDashboardSchema>
