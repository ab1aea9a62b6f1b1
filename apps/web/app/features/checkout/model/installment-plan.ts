import type { OrderPlan, OrderView } from '@palco/domain/checkout/contract'

/**
 * What the paguitos pages (issue 16) read off an order's plan. The API's plan counts settled money only; a
 * voucher or transfer still out is money already asked for, so what the fan may pay now is counted over
 * both, as the server counts it (`POST /api/checkout/orders/:id/payments` answers AMOUNT_MISMATCH otherwise).
 */

type PlanOrder = Pick<OrderView, 'total' | 'paid' | 'payments' | 'plan'>

/** Payments asked for and not answered yet (the domain's UNSETTLED_PAYMENT_STATUSES). */
const IN_FLIGHT: ReadonlySet<string> = new Set(['CREATED', 'PENDING'])

export const inFlightOf = (order: Pick<OrderView, 'payments'>): number =>
  order.payments.reduce((sum, p) => (IN_FLIGHT.has(p.status) ? sum + p.amount : sum), 0)

export interface PayableParts {
  /** The next installment not yet paid nor under way, with what is left of it; null when none is. */
  next: { seq: number; dueAt: string; amount: number } | null
  /** Everything not yet paid nor under way. */
  balance: number
}

/** What "pay the next installment" and "pay the whole balance" come to now. */
export function payableParts(order: PlanOrder): PayableParts {
  const inFlight = inFlightOf(order)
  const asked = order.paid + inFlight
  const balance = Math.max(0, order.total - asked)
  let start = 0
  for (const line of order.plan?.lines ?? []) {
    const end = start + line.amount
    if (end > asked) {
      const amount = end - Math.max(asked, start)
      return { next: { seq: line.seq, dueAt: line.dueAt, amount: Math.min(amount, balance) }, balance }
    }
    start = end
  }
  return { next: null, balance }
}

/** How one line of the plan reads: paid, being paid (a voucher out for it), owed, or owed and late. */
export type LineState = 'PAID' | 'IN_PROGRESS' | 'PENDING' | 'OVERDUE'

export function lineStates(order: PlanOrder, now: Date = new Date()): LineState[] {
  const plan = order.plan
  if (!plan) return []
  const asked = order.paid + inFlightOf(order)
  let start = 0
  return plan.lines.map((line) => {
    const end = start + line.amount
    const covered = asked >= end
    start = end
    if (line.status === 'PAID') return 'PAID'
    if (covered) return 'IN_PROGRESS'
    return Date.parse(line.dueAt) <= now.getTime() && !plan.cancelled ? 'OVERDUE' : 'PENDING'
  })
}

/** The plan's latest payment through a provider that still waits: its voucher, its SPEI/PSE transfer, or a card under review. */
export type WaitingPayment = 'VOUCHER' | 'TRANSFER' | 'OTHER' | null

export function waitingPaymentOf(
  order: Pick<OrderView, 'paymentStatus' | 'voucher' | 'transfer'>,
): WaitingPayment {
  if (!IN_FLIGHT.has(order.paymentStatus)) return null
  if (order.voucher) return 'VOUCHER'
  if (order.transfer) return 'TRANSFER'
  return 'OTHER'
}

/** Where a plan stands for its page: what the fan is told first. */
export type PlanPhase = 'CANCELLED' | 'PAID' | 'OVERDUE' | 'OPEN'

export function planPhase(order: { status: OrderView['status']; plan: OrderPlan }): PlanPhase {
  const plan = order.plan
  if (plan.cancelled || plan.standing === 'LAPSED') return 'CANCELLED'
  if (plan.standing === 'PAID' || !plan.next || order.status === 'PAID') return 'PAID'
  return plan.standing === 'OVERDUE' ? 'OVERDUE' : 'OPEN'
}

/** The plan's page, linked from tickets, purchases, mails and the success page. */
export const installmentsPageOf = (orderId: string) =>
  `/checkout/installment?order=${encodeURIComponent(orderId)}`
