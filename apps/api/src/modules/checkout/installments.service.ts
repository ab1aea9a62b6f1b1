import type {
  PayInstallmentBody,
  PlaceInstallmentBody,
  PlaceOrderBody,
  PlaceOrderResult,
} from '@palco/domain/checkout/contract'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { InstallmentSchedule } from '@palco/domain/installments/schedule'
import {
  installmentLines,
  nextInstallment,
  noticeDue,
  planStanding,
} from '@palco/domain/installments/standing'
import type { Country } from '@palco/domain/locale/country'
import type { OrderStatus } from '@palco/domain/orders/statuses'
import { mayPayDeposit } from '@palco/domain/plans/deposit-methods'
import type { QueueDefinition } from '../jobs/job-runner.js'
import { lockOrderRow, orderById, orderIdOfKey } from '../orders/orders.service.js'
import { paymentsOfOrder } from '../payments/payments.service.js'
import { saveCard } from '../payments/saved-cards.service.js'
import { dueChargeAttempt, openPlans, scheduleForHold, sendPlanNoticeOnce } from '../plans/plans.service.js'
import {
  type CheckoutDeps,
  cancelLapsedPlan,
  isPlanOpen,
  type OrderRow,
} from '../settlement/settlement.service.js'
import { chargeInstallment, paidWithKey, payOrderBalance, placeOrder } from './checkout.service.js'
import type { CounterTender, OrderActor } from './order-request.js'
import { mayPayOrder } from './sales-channel.js'

/**
 * Paguitos at checkout (issue 16 parts 2, 4 and 5): what the event's plan comes to for a reservation, buying
 * on it (the deposit is the order's first payment; settlement opens the plan when it settles), paying the
 * next installment or the balance, and the plan pass that reminds, warns and cancels.
 */

/**
 * POST /api/checkout-service/installment: places the reservation's order as an INSTALLMENT purchase, asking
 * the chosen method for the deposit only. The schedule is computed here, never taken from the page; a total
 * that moved answers AMOUNT_MISMATCH (placeOrder checks it against the same price).
 */
export async function placeInstallmentOrder(
  deps: CheckoutDeps,
  actor: OrderActor,
  { saveCard: save, ...body }: PlaceInstallmentBody,
  now = new Date(),
): Promise<PlaceOrderResult> {
  // A replay answers the order it placed, without saving the card again.
  if (await orderIdOfKey(deps.db, actor.userId, body.idempotencyKey))
    return placeOrder(deps, actor, body, now)
  const quote = await scheduleForHold(deps.db, actor.userId, body.reservationId, now)
  if (!quote.schedule) throw new DomainError('INSTALLMENT_NOT_OFFERED')
  // The deposit is one payment through the provider: the wallet pays later installments, not a share of it.
  const choice = body.payment
  if (!mayPayDeposit(choice)) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', { field: 'payment.method' })
  // Saving spends the card's one-use token at the provider: the deposit is then charged on the saved card, as
  // every installment will be on its due date.
  const savedCardId =
    save && choice.method === 'CARD'
      ? await saveCard(deps, actor.userId, quote.country as Country, {
          idempotencyKey: `card-${body.idempotencyKey}`,
          token: choice.cardToken,
          payer: {
            email: body.contact.email,
            fullName: body.billing.fullName,
            documentType: body.billing.documentType,
            documentNumber: body.billing.documentNumber,
            phone: body.contact.phone,
          },
          ...(choice.paymentMethodId ? { paymentMethodId: choice.paymentMethodId } : {}),
          ...(choice.issuerId ? { issuerId: choice.issuerId } : {}),
        })
      : undefined
  return placeOrder(
    deps,
    actor,
    {
      ...body,
      firstPayment: quote.schedule.deposit,
      installmentSchedule: quote.schedule,
      ...(savedCardId ? { savedCardId } : {}),
    },
    now,
  )
}

/**
 * POST /api/checkout/orders/:id/payments: the next installment, or the whole balance early, by any method of
 * the country (issue 16 part 4). The amount is counted over what is already asked for — settled or waiting
 * in a voucher — so a fan with a voucher out pays the installment after it, never the same one twice.
 */
export async function payInstallment(
  deps: CheckoutDeps,
  actor: OrderActor,
  orderId: string,
  body: Omit<PayInstallmentBody, 'payment'> & { payment: PayInstallmentBody['payment'] | CounterTender },
  now = new Date(),
): Promise<PlaceOrderResult> {
  const order = await orderById(deps.db, orderId)
  if (!order || !mayPayOrder(order, actor, body.payment.method))
    throw new DomainError('NOT_FOUND', { message: 'No such order.' })
  const schedule = order.installment_schedule as InstallmentSchedule | null
  const { payments, balance } = await paymentsOfOrder(deps.db, order)
  // A replay answers the payment it made, even once that payment completed the plan.
  const replay = paidWithKey(payments, order.id, body.idempotencyKey)
  if (!replay && (!schedule || !isPlanOpen(order) || order.status !== 'PENDING'))
    throw new DomainError('ORDER_NOT_PAYABLE')
  const asked = balance.settled + balance.inFlight
  const next = schedule && nextInstallment(installmentLines(schedule, new Date(order.created_at), asked))
  const amount = body.part === 'BALANCE' ? balance.unrequested : (next?.amount ?? 0)
  if (!replay && amount <= 0)
    throw new DomainError('ORDER_NOT_PAYABLE', { message: 'Every installment is paid or under way.' })
  if (!replay && amount !== body.expectedAmount)
    throw new DomainError('AMOUNT_MISMATCH', { field: 'expectedAmount', details: { total: amount } })
  return payOrderBalance(
    deps,
    actor,
    {
      orderId: order.id,
      payment: body.payment,
      amount,
      contact: order.contact as PlaceOrderBody['contact'],
      billing: order.billing as PlaceOrderBody['billing'],
      idempotencyKey: body.idempotencyKey,
    },
    now,
  )
}

type Tended = 'CANCELLED' | 'NOTIFIED' | { seq: number; attempt: number; amount: number } | null

/**
 * One plan, under its order's lock: cancelled when lapsed; for a plan with a saved card, the charge attempt
 * now due (made by the caller after this transaction: never a provider call inside one); else the notice it
 * is owed, once.
 */
async function tendPlan(deps: CheckoutDeps, orderId: string, now: Date): Promise<Tended> {
  return deps.db.transaction().execute(async (trx): Promise<Tended> => {
    const order = (await lockOrderRow(trx, orderId)) as OrderRow | undefined
    const schedule = order?.installment_schedule as InstallmentSchedule | null | undefined
    if (!order || !schedule || !isPlanOpen(order) || (order.status as OrderStatus) !== 'PENDING') return null
    const { balance } = await paymentsOfOrder(trx, order)
    const lines = installmentLines(schedule, new Date(order.created_at), balance.settled)
    if (planStanding(lines, now) === 'LAPSED')
      return (await cancelLapsedPlan(trx, deps, order)) ? 'CANCELLED' : null
    const next = nextInstallment(lines)
    // A payment still waiting for its answer (a card under review, a voucher out) is left to settle first.
    if (order.saved_card_id && next && balance.inFlight === 0) {
      const attempt = await dueChargeAttempt(trx, order.id, next, now)
      if (attempt !== null) return { seq: next.seq, attempt, amount: next.amount }
    }
    const notice = noticeDue(lines, now)
    if (!notice || !(await sendPlanNoticeOnce(trx, deps, order, notice, balance.settled))) return null
    return 'NOTIFIED'
  })
}

const logged = (deps: CheckoutDeps, orderId: string) => (err: unknown) => {
  deps.log?.error({ err, orderId }, 'plan pass failed for an order')
  return null
}

/** One open plan looked at by the pass: what it did to it. */
async function tendOne(deps: CheckoutDeps, id: string, now: Date) {
  const r = await tendPlan(deps, id, now).catch(logged(deps, id))
  if (r === null || r === 'CANCELLED' || r === 'NOTIFIED') return r
  return chargeInstallment(deps, { id, ...r }, now).catch(logged(deps, id))
}

/**
 * What the plan pass would do to one of the fan's plans at a moved clock: a development aid (the sandbox's
 * dev endpoints), so a person trying the product sees a reminder, a charge or a cancellation now.
 */
export async function tendPlanAt(deps: CheckoutDeps, userId: string, orderId: string, at: Date) {
  const order = await orderById(deps.db, orderId)
  if (!order || order.placed_by !== userId) throw new DomainError('NOT_FOUND', { message: 'No such order.' })
  return { did: (await tendOne(deps, order.id, at)) ?? 'NOTHING' }
}

/**
 * The plan pass (issue 16 parts 4, 5 and 8): every open plan is looked at — its saved card charged when an
 * installment is due (retried twice, a day apart), its notice sent once, a lapsed plan cancelled. Everything it decides follows from rows (the schedule, the settled payments, the notices
 * sent, the charge attempts claimed), so a pass that stops half-way, or runs in two processes at once, neither loses nor doubles a step:
 * the next pass finds the same state. `now` is a parameter, so tests run a whole plan in a moment.
 */
export async function runPlanPass(deps: CheckoutDeps, now = new Date(), pageSize = 200) {
  const done = { notified: 0, cancelled: 0, charged: 0 }
  for await (const id of openPlans(deps.db, pageSize)) {
    const r = await tendOne(deps, id, now)
    if (r === 'CANCELLED') done.cancelled++
    else if (r === 'NOTIFIED') done.notified++
    else if (r === 'CHARGED') done.charged++
  }
  return done
}

/**
 * Due instalment charges, reminders and lapses as a periodic job (issue 42 part 3): the plan pass every
 * minute, one at a time across every process. Idempotent as the pass is: a charge is claimed per instalment
 * and attempt (`dueChargeAttempt`), a notice sent once (`sendPlanNoticeOnce`), a lapse guarded by the order's
 * status; a second run finds each step done.
 */
export function planPassJob(deps: CheckoutDeps): QueueDefinition {
  return {
    name: 'plans-pass',
    everyMs: 60_000,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 30 * 60,
    handle: async (_data, { now }) => {
      await runPlanPass(deps, now)
    },
  }
}
