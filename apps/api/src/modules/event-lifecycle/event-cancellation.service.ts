import type { EventCancellationResult, EventRefundProgress } from '@palco/domain/catalog/event-cancellation'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Currency, Locale } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import { cancelEventRow } from '../catalog-admin/admin.service.js'
import type { Actor } from '../catalog-admin/audit.js'
import type { JobRunner, QueueDefinition } from '../jobs/job-runner.js'
import { insertOutboxMessage } from '../notifications/notifications.service.js'
import { lockOrderRow } from '../orders/orders.service.js'
import { type PaymentRow, paymentsOfOrder } from '../payments/payments.service.js'
import {
  type CheckoutDeps,
  cancelUnpaidOrderOfCancelledEvent,
  isPlanOpen,
  type OrderRow,
  refundPayment,
  refundPlanOfCancelledEvent,
  releaseHoldOfCancelledEvent,
  voidPaidOrder,
} from '../settlement/settlement.service.js'
import {
  countryOfEvent,
  liveHoldsOfEvent,
  ordersToSettle,
  refundCounts,
  refundsToMake,
} from './event-cancellation.repository.js'
import {
  type CancelledOrderLine,
  eventCancelledEmail,
  type RefundDestination,
} from './event-cancellation-emails.js'

/**
 * Where a settled payment's money is told to go. It mirrors `refundPayment`: the wallet's own payments go
 * back to it; a provider refunds what it took, except cash paid at a store (no card to credit); money taken
 * at a counter, or that a provider cannot refund, goes to the buyer's wallet — or, for a walk-in with no
 * account, waits at the box office.
 */
function destinationOf(p: PaymentRow, order: OrderRow): Exclude<RefundDestination, 'NONE'> {
  if (p.provider_code === 'wallet') return 'WALLET'
  if (p.provider_payment_id && p.method !== 'CASH') return 'PROVIDER'
  return order.user_id ? 'WALLET' : 'COUNTER'
}

function lineOf(order: OrderRow, paid: readonly PaymentRow[]): CancelledOrderLine {
  const sums = new Map<Exclude<RefundDestination, 'NONE'>, number>()
  for (const p of paid) {
    const to = destinationOf(p, order)
    sums.set(to, (sums.get(to) ?? 0) + Number(p.amount))
  }
  return { code: order.code, back: [...sums].map(([destination, amount]) => ({ destination, amount })) }
}

/** One message per fan (by e-mail), listing each of their orders and where its money goes. */
type Letters = Map<string, { locale: Locale; orders: CancelledOrderLine[] }>

/** What settling one order did: the count it adds to, the payments to refund, those its buyer is told of. */
interface OrderSettlement {
  counted: 'refundedOrders' | 'refundedPlans' | 'cancelledOrders'
  refunds: string[]
  told: readonly PaymentRow[]
}

/**
 * POST /api/admin/events/:id/cancel (issue 16 part 5). One transaction under the event's sales lock (no
 * order can be placed meanwhile, see `assertEventSells`) and row lock: the event becomes CANCELLED, then
 * each of its orders is settled under its own lock, taken in id order —
 * - paid (online or at the counter): tickets revoked so the gate refuses them, order REFUNDED, every
 *   settled payment marked for refund;
 * - an open paguitos plan: every settled payment, the deposit included, marked for refund (the fan broke no
 *   term, unlike a lapsed plan), locked tickets cancelled;
 * - waiting for a payment: cancelled, its places released; a payment arriving later is refunded
 *   (`settleApproved`);
 * and every reservation still holding places is released. Each fan gets one message through the outbox.
 * The refunds themselves call providers, so they are a job (`eventRefundsJob`), enqueued in the same
 * transaction and worked in batches after it commits: the admin's request answers at once and the back
 * office shows their progress (`refundProgress`); one a provider does not answer stays REQUESTED and
 * reconciliation retries it. Cancelling again changes nothing and answers `alreadyCancelled`.
 */
export async function cancelEvent(
  deps: CheckoutDeps,
  jobs: Pick<JobRunner, 'send' | 'ready'>,
  actor: Actor,
  country: string,
  eventId: string,
  reason: string,
  now = new Date(),
): Promise<EventCancellationResult> {
  // Its queue exists before the transaction, which then only adds a row to it.
  await jobs.ready(EVENT_REFUNDS)
  return deps.db.transaction().execute(async (trx) => {
    // Takes the event's sales lock and its row lock, held until the commit.
    const { event, already } = await cancelEventRow(trx, actor, country, eventId, reason, now)
    const result = cancellationOf(eventId, event, already, reason, now)
    if (already) return result
    const { refunds, letters } = await settleOrdersOfEvent(trx, eventId, result)
    result.releasedHolds = await releaseHoldsOfEvent(trx, eventId)
    await mailFans(trx, deps, event, result.reason, letters)
    result.refunds = refunds.length
    if (refunds.length > 0) await jobs.send(EVENT_REFUNDS, { eventId }, { trx, singletonKey: eventId })
    return result
  })
}

/** The answer before any order is settled: the event's cancellation as recorded, nothing counted yet. */
function cancellationOf(
  eventId: string,
  event: { cancelled_at: Date | string | null; cancellation_reason: string | null },
  already: boolean,
  reason: string,
  now: Date,
): EventCancellationResult {
  return {
    eventId,
    status: 'CANCELLED',
    cancelledAt: new Date(event.cancelled_at ?? now).toISOString(),
    reason: event.cancellation_reason ?? reason,
    alreadyCancelled: already,
    refundedOrders: 0,
    refundedPlans: 0,
    cancelledOrders: 0,
    releasedHolds: 0,
    refunds: 0,
  }
}

/**
 * Every order of the event still paid or waiting, each settled under its own row lock, taken in id order
 * (`ordersToSettle`) so the locks are always taken in the same order. Counts each in `result`.
 */
async function settleOrdersOfEvent(trx: Db, eventId: string, result: EventCancellationResult) {
  const refunds: string[] = []
  const letters: Letters = new Map()
  for (const orderId of await ordersToSettle(trx, eventId)) {
    const order = await lockOrderRow(trx, orderId)
    if (!order) continue
    const settled = await settleOrder(trx, order)
    if (!settled) continue
    refunds.push(...settled.refunds)
    result[settled.counted]++
    tell(letters, order, settled.told)
  }
  return { refunds, letters }
}

/** One locked order: a paid one refunded, an open plan's payments asked back, a waiting one cancelled. */
async function settleOrder(trx: Db, order: OrderRow): Promise<OrderSettlement | null> {
  const { payments } = await paymentsOfOrder(trx, order)
  const paid = payments.filter((p) => p.status === 'PAID')
  if (order.status === 'PAID') {
    await voidPaidOrder(trx, order, { by: 'REQUEST', reason: 'EVENT_CANCELLED' })
    return { counted: 'refundedOrders', refunds: paid.map((p) => p.id), told: paid }
  }
  if (isPlanOpen(order)) {
    const asked = await refundPlanOfCancelledEvent(trx, order)
    return { counted: 'refundedPlans', refunds: asked.map((p) => p.id), told: asked }
  }
  if (!(await cancelUnpaidOrderOfCancelledEvent(trx, order))) return null
  // Its wallet part, if it had one, went back to the wallet with the cancellation.
  return {
    counted: 'cancelledOrders',
    refunds: [],
    told: paid.filter((p) => p.provider_code === 'wallet'),
  }
}

/** Adds an order and where its money goes to its buyer's one message. */
function tell(letters: Letters, order: OrderRow, paid: readonly PaymentRow[]) {
  const email = (order.contact as { email?: string }).email
  // A walk-in who gave no email was sold printed tickets: the box office tells them.
  if (!email) return
  const letter = letters.get(email) ?? { locale: order.locale as Locale, orders: [] }
  letter.orders.push(lineOf(order, paid))
  letters.set(email, letter)
}

/** Every reservation still holding places of the event released; answers how many. */
async function releaseHoldsOfEvent(trx: Db, eventId: string) {
  let released = 0
  for (const hold of await liveHoldsOfEvent(trx, eventId)) {
    await releaseHoldOfCancelledEvent(trx, hold)
    released++
  }
  return released
}

async function mailFans(
  trx: Db,
  deps: Pick<CheckoutDeps, 'publicUrl'>,
  event: { name: string; starts_at: Date | string; time_zone: string; currency: string },
  reason: string,
  letters: Letters,
) {
  for (const [recipient, letter] of letters) {
    await mailFan(trx, deps, recipient, letter.locale, {
      eventName: event.name,
      startsAt: new Date(event.starts_at),
      timeZone: event.time_zone,
      currency: event.currency as Currency,
      reason,
      orders: letter.orders,
    })
  }
}

export const EVENT_REFUNDS = 'event-refunds'
const REFUND_BATCH = 25

interface RefundBatch {
  eventId: string
  /** The last payment of the batch before: this one starts after it (id order). */
  after?: string
}

/**
 * The refunds of a cancelled event as a job, in batches of `batchSize` payments (issue 42 part 3). A batch
 * queues the next before it works, so batches follow one another without waiting for a slow provider; a
 * batch whose worker dies is retried (its job expires), and one whose refunds fail is retried with backoff.
 * Idempotent: a batch lists only refunds still REQUESTED (`refundsToMake`), and `refundPayment` records one
 * only while it is still REQUESTED under the order's and the payment's row locks, asking the provider with
 * the payment's own idempotency key (`refund-…`), so a batch run twice, or killed half-way and run again,
 * returns each payment's money once.
 */
export function eventRefundsJob(
  deps: CheckoutDeps,
  jobs: Pick<JobRunner, 'send'>,
  batchSize = REFUND_BATCH,
): QueueDefinition<RefundBatch> {
  return {
    name: EVENT_REFUNDS,
    retryLimit: 8,
    retryDelaySeconds: 30,
    expireInSeconds: 10 * 60,
    handle: (batch) => refundBatch(deps, jobs, batch, batchSize),
  }
}

async function refundBatch(
  deps: CheckoutDeps,
  jobs: Pick<JobRunner, 'send'>,
  { eventId, after }: RefundBatch,
  batchSize: number,
) {
  const ids = await refundsToMake(deps.db, eventId, after ?? null, batchSize)
  const last = ids[ids.length - 1]
  if (last && ids.length === batchSize)
    await jobs.send(EVENT_REFUNDS, { eventId, after: last }, { singletonKey: `${eventId}:${last}` })
  let failed = 0
  for (const paymentId of ids) {
    try {
      await refundPayment(deps, paymentId)
    } catch (err) {
      failed++
      deps.log?.error({ err, paymentId, eventId }, 'refund of a cancelled event failed; the batch retries it')
    }
  }
  if (failed > 0) throw new Error(`${failed} of ${ids.length} refunds of event ${eventId} failed`)
}

/**
 * How many of a cancelled event's refunds are made, of all it asked for (the back office's progress). Only
 * the site's own events, as cancelling: another site's event is not found.
 */
export async function refundProgress(
  deps: Pick<CheckoutDeps, 'db'>,
  country: string,
  eventId: string,
): Promise<EventRefundProgress> {
  if ((await countryOfEvent(deps.db, eventId)) !== country)
    throw new DomainError('NOT_FOUND', { message: 'No such event.' })
  return { eventId, ...(await refundCounts(deps.db, eventId)) }
}

async function mailFan(
  trx: Db,
  deps: Pick<CheckoutDeps, 'publicUrl'>,
  recipient: string,
  locale: Locale,
  d: Omit<Parameters<typeof eventCancelledEmail>[1], 'purchasesUrl'>,
) {
  const mail = eventCancelledEmail(locale, { ...d, purchasesUrl: `${deps.publicUrl}/my-purchases` })
  await insertOutboxMessage(trx, {
    channel: 'email',
    recipient,
    locale,
    template: 'event.cancelled',
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  })
}
