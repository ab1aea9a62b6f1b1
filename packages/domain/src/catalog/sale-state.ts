import { z } from 'zod'
import type { EventStatus } from './vocabulary.js'

/**
 * Where an event stands for a fan at a given instant. Not stored: it follows from the status and the
 * event's times, so it can never disagree with them (an event is EXPIRED as soon as it has ended).
 */
export const SALE_STATES = [
  'ON_SALE',
  'NOT_YET_ON_SALE',
  'SALES_CLOSED',
  'EXPIRED',
  'DISABLED',
  'CANCELLED',
] as const
export type SaleState = (typeof SALE_STATES)[number]
export const saleStateSchema = /* @__PURE__ */ z.enum(SALE_STATES)

export interface SaleTimes {
  status: EventStatus | string
  onSaleAt: Date | string
  offSaleAt: Date | string
  endsAt: Date | string
}

const ms = (d: Date | string) => (d instanceof Date ? d.getTime() : Date.parse(d))

/**
 * The precedence matters: a disabled event says "disabled" even after its date (the organiser's decision
 * is what the fan needs to read; their tickets stay valid), and an event that has ended is "expired"
 * whatever its sales window said. Sales close at `offSaleAt` (usually the start) until the end.
 * DRAFT is not a fan-facing state: callers must never show a draft, so it is treated like DISABLED here.
 * A cancelled event says so above all (issue 16 part 5): its fans must learn their tickets were refunded.
 */
export function saleStateOf(event: SaleTimes, now: Date): SaleState {
  if (event.status === 'CANCELLED') return 'CANCELLED'
  if (event.status !== 'PUBLISHED') return 'DISABLED'
  const t = now.getTime()
  if (ms(event.endsAt) <= t) return 'EXPIRED'
  if (t < ms(event.onSaleAt)) return 'NOT_YET_ON_SALE'
  if (t >= ms(event.offSaleAt)) return 'SALES_CLOSED'
  return 'ON_SALE'
}

/** The state spelled as the booleans the event page and ODE products check. */
export function saleFlagsOf(state: SaleState) {
  return {
    saleState: state,
    onSale: state === 'ON_SALE',
    notYetOnSale: state === 'NOT_YET_ON_SALE',
    expired: state === 'EXPIRED',
    disabled: state === 'DISABLED',
    cancelled: state === 'CANCELLED',
  }
}
export type SaleFlags = ReturnType<typeof saleFlagsOf>
