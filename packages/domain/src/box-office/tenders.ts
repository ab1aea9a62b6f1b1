import { z } from 'zod'

/**
 * What an operator takes at the counter (issue 15 part 3, provider STAFF): cash, with the amount the buyer
 * handed over, and card-terminal payments (TPV), each with the terminal's authorization. Several per sale:
 * a buyer may pay part on the terminal and the rest in cash. Amounts are minor units.
 */
export const cashTenderSchema = z.object({
  kind: z.literal('CASH'),
  /** What the buyer handed over; the change is what it exceeds the cash part by. */
  tendered: z.int().min(0).max(1_000_000_000_00),
})
export const terminalTenderSchema = z.object({
  kind: z.literal('TPV'),
  amount: z.int().positive().max(1_000_000_000_00),
  /** The terminal's authorization number; required, and checked by `settleTenders` for a clear error. */
  reference: z.string().trim().max(40).default(''),
})
/** A courtesy (ticket kind COURTESY): nothing is paid, for a reason from the admins' list (spec §7). */
export const courtesyTenderSchema = z.object({
  kind: z.literal('COURTESY'),
  reason: z.string().trim().max(40).default(''),
})
export const counterTenderSchema = z.discriminatedUnion('kind', [
  cashTenderSchema,
  terminalTenderSchema,
  courtesyTenderSchema,
])
export type CounterTenderInput = z.input<typeof counterTenderSchema>
export type CounterTenderEntry = z.infer<typeof counterTenderSchema>

/** One settled part of a counter sale, as its payment row records it. */
export interface SettledTender {
  kind: 'CASH' | 'TPV' | 'COURTESY'
  /** The part of the total this tender pays. */
  amount: number
  /** Cash only: handed over, and handed back. */
  tendered: number | null
  change: number | null
  /** The terminal's authorization, or the courtesy's reason code. */
  reference: string | null
}

export type TenderRefusal = 'TENDER_BELOW_DUE' | 'TENDER_REFERENCE_REQUIRED' | 'COURTESY_REASON_REQUIRED'

/**
 * Splits what is due across the tenders (a courtesy alone covers it all): terminal payments first, at the amounts the terminal charged, and
 * cash pays the rest, giving change from what was handed over. Refused when a terminal payment has no
 * authorization, when the terminal charged more than is due (that money cannot be given back as change),
 * or when everything together is short of what is due. At most one cash tender: a drawer counts one sum.
 */
export function settleTenders(
  due: number,
  tenders: readonly CounterTenderEntry[],
): { ok: true; parts: SettledTender[]; change: number } | { ok: false; code: TenderRefusal } {
  const courtesy = tenders.find((t) => t.kind === 'COURTESY')
  if (courtesy) {
    // A courtesy covers the whole sale, never part of one: nobody pays for half a guest ticket.
    if (tenders.length > 1 || courtesy.reason.trim() === '')
      return { ok: false, code: 'COURTESY_REASON_REQUIRED' }
    const reason = courtesy.reason.trim()
    return {
      ok: true,
      parts: [{ kind: 'COURTESY', amount: due, tendered: null, change: null, reference: reason }],
      change: 0,
    }
  }
  const terminal = tenders.filter((t) => t.kind === 'TPV')
  const cash = tenders.filter((t) => t.kind === 'CASH')
  if (terminal.some((t) => t.reference.trim() === '')) return { ok: false, code: 'TENDER_REFERENCE_REQUIRED' }
  if (cash.length > 1 || tenders.length === 0) return { ok: false, code: 'TENDER_BELOW_DUE' }
  const onTerminal = terminal.reduce((sum, t) => sum + t.amount, 0)
  if (onTerminal > due) return { ok: false, code: 'TENDER_BELOW_DUE' }
  const cashDue = due - onTerminal
  const handed = cash[0]?.tendered ?? 0
  if (handed < cashDue) return { ok: false, code: 'TENDER_BELOW_DUE' }
  const parts: SettledTender[] = terminal.map((t) => ({
    kind: 'TPV',
    amount: t.amount,
    tendered: null,
    change: null,
    reference: t.reference.trim(),
  }))
  // Cash handed over when nothing is left to pay in cash is all change: no cash part is recorded.
  const change = handed - cashDue
  if (cashDue > 0) parts.push({ kind: 'CASH', amount: cashDue, tendered: handed, change, reference: null })
  return { ok: true, parts, change: cashDue > 0 ? change : 0 }
}

/**
 * What the drawer should hold (issue 15 part 5): the float it opened with plus every cash part still paid.
 * A voided sale's cash went back to the buyer, so its parts (REFUNDED) no longer count.
 */
export function expectedCash(openingFloat: number, cashParts: readonly { amount: number; status: string }[]) {
  return cashParts.reduce((sum, p) => (p.status === 'PAID' ? sum + p.amount : sum), openingFloat)
}

/** A cash sale may be voided at the counter by its own operator within this long of being paid. */
export const VOID_WINDOW_MS = 30 * 60_000

export const canVoidWithin = (paidAt: Date, now: Date) => now.getTime() - paidAt.getTime() <= VOID_WINDOW_MS

/**
 * A reservation at the counter (issue 15 part 3, method RESERVATION) keeps its seats for the buyer until a
 * deadline the operator sets: at least an hour (less is a sale, not a reservation), at most 14 days (seats
 * kept longer are a block, set aside by an admin), and never past the event's start, when nobody can come to
 * pay any more.
 */
export const RESERVATION_MIN_MS = 60 * 60_000
export const RESERVATION_MAX_MS = 14 * 24 * 60 * 60_000

export const reservationDeadlineOk = (until: Date, now: Date, eventStartsAt: Date) =>
  until.getTime() - now.getTime() >= RESERVATION_MIN_MS &&
  until.getTime() - now.getTime() <= RESERVATION_MAX_MS &&
  until.getTime() <= eventStartsAt.getTime()

/** Where the counter's deadline field starts: a day from now, or the event's start if that comes first. */
export const defaultReservationDeadline = (now: Date, eventStartsAt: Date) =>
  new Date(Math.min(now.getTime() + 24 * 60 * 60_000, eventStartsAt.getTime()))

/** Tenders that pay a reservation: cash and the card terminal (a courtesy is given, never collected). */
export const collectTenderSchema = z.discriminatedUnion('kind', [cashTenderSchema, terminalTenderSchema])

/**
 * A price lowered at the counter (issue 15, price override): only lowered — the advertised price is the
 * most anyone is charged — never to nothing (that is a courtesy, with its reason and quota), and by an
 * operator to no less than half; an admin at the counter may go lower, which is their approval.
 */
export function priceOverrideOk(listTotal: number, newTotal: number, byAdmin: boolean): boolean {
  if (!Number.isSafeInteger(newTotal) || newTotal <= 0 || newTotal >= listTotal) return false
  return byAdmin || newTotal * 2 >= listTotal
}

/** A lowered price as the counter asks for it: the new total and why (kept in the audit log). */
export const priceOverrideSchema = z.object({
  total: z.int().min(1).max(1_000_000_000_00),
  reason: z.string().trim().min(3).max(200),
})
export type PriceOverride = z.infer<typeof priceOverrideSchema>
