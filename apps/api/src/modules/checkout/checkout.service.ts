import { randomUUID } from 'node:crypto'
import { nextPathOf } from '@palco/domain/checkout/checkout-result'
import type {
  HostedPaymentBody,
  HostedPaymentResult,
  PaymentChoice,
  PlaceOrderBody,
  PlaceOrderResult,
} from '@palco/domain/checkout/contract'
import { isOpenOrder } from '@palco/domain/checkout/lifecycle'
import { isChoiceOffered } from '@palco/domain/checkout/methods'
import { takesStaffMethod } from '@palco/domain/checkout/sales-channel-policy'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, Currency } from '@palco/domain/locale/country'
import type { OrderStatus } from '@palco/domain/orders/statuses'
import type { PaymentProvider } from '@palco/domain/orders/vocabulary'
import type { Db } from '../../db/dialect.js'
import { orderView } from '../orders/order-view.service.js'
import {
  eventOfOrder,
  lockOrderRow,
  type OrderRow,
  orderById,
  orderIdOfKey,
} from '../orders/orders.service.js'
import {
  currentPaymentOf,
  type HostedData,
  paymentsOfOrder,
  spendCardToken,
  startPayment,
} from '../payments/payments.service.js'
import { savedCardRef } from '../payments/saved-cards.service.js'
import { claimChargeAttempt } from '../plans/plans.service.js'
import {
  type CheckoutDeps,
  completeIfPaid,
  takeWalletPart,
  walletOwnerOf,
} from '../settlement/settlement.service.js'
import { charge, openHostedPage } from './ask-provider.js'
import {
  type CounterReservation,
  type CounterTender,
  type OrderActor,
  type OrderRequest,
  type Prepared,
  providerPaymentValues,
  recordCounterParts,
  sumOfParts,
} from './order-request.js'
import { prepareOrder } from './prepare-order.js'
import { mayPayOrder, salesChannelOf } from './sales-channel.js'

/**
 * Places an order (issue 6): one short transaction that checks and reserves everything (hold, amount,
 * idempotency, promo use, wallet debit, card token), then the provider call outside any transaction,
 * then a second transaction that applies the answer. A crash between the two leaves a CREATED payment
 * that reconciliation settles; never a charge without an order.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  actor: OrderActor,
  body: PlaceOrderBody | OrderRequest,
  now = new Date(),
): Promise<PlaceOrderResult> {
  const known = await orderIdOfKey(deps.db, actor.userId, body.idempotencyKey)
  if (known) return resultOf(deps.db, known, actor.userId)
  const prepared = await prepareOrder(deps, actor, body, now)
  if (prepared.paymentId) await charge(deps, prepared, body, now)
  return resultOf(deps.db, prepared.orderId, actor.userId)
}

/**
 * Places an order paid at the counter and answers its id: the tenders settle in the first transaction, so
 * there is no provider to call and no fan's order view to build (the box office reads its own receipt).
 */
export async function placeCounterOrder(
  deps: CheckoutDeps,
  actor: OrderActor,
  body: OrderRequest & { payment: CounterTender | CounterReservation },
  now = new Date(),
): Promise<string> {
  const known = await orderIdOfKey(deps.db, actor.userId, body.idempotencyKey)
  return known ?? (await prepareOrder(deps, actor, body, now)).orderId
}

/** The key a later payment of an order is recorded under, from the caller's idempotency key. */
const balanceKeyOf = (orderId: string, idempotencyKey: string) => `pay-${orderId}-${idempotencyKey}`

/** Whether the payment was made with this key: alone, or as one of several counter tenders (`key-0`, …). */
const madeWithKey = (p: { idempotency_key: string | null }, key: string) =>
  p.idempotency_key === key || (p.idempotency_key?.startsWith(`${key}-`) ?? false)

/** Whether one of the order's payments already answers this key: a replay, even after the order was paid. */
export const paidWithKey = (
  payments: readonly { idempotency_key: string | null }[],
  orderId: string,
  idempotencyKey: string,
) => payments.some((p) => madeWithKey(p, balanceKeyOf(orderId, idempotencyKey)))

/**
 * Asks for the next payment of an open order (issue 14 part 2): the balance after a deposit, or another
 * tender of a split. The amount must fit what is still unrequested (`canRequestPayment`), so an order is never
 * asked for more than its total; the payment then settles like any other, and the order is paid when its
 * payments add up. The same idempotency key answers the same payment.
 */
export async function payOrderBalance(
  deps: CheckoutDeps,
  actor: OrderActor,
  body: BalanceRequest,
  now = new Date(),
): Promise<PlaceOrderResult> {
  // The order is read as the one who placed it: an operator taking an installment may not have.
  let viewer = actor.userId
  const asked = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockBalanceOf(trx, actor, body)
    viewer = locked.order.placed_by
    if (locked.replay) return null
    const { order, key } = locked
    const choice = body.payment
    if (choice.method === 'COUNTER' || choice.method === 'WALLET') {
      await takeSettledPart(trx, actor, order, { ...body, payment: choice }, key)
      // Settled at once: the order is paid if this was the last of it; its seats must still be its own.
      if ((await completeIfPaid(trx, deps, order)) === 'SEATS_GONE') throw new DomainError('HOLD_EXPIRED')
      return null
    }
    return await askBalanceOfProvider(trx, deps, actor, order, { ...body, payment: choice }, key)
  })
  if (asked) await charge(deps, asked, { ...body, payment: body.payment as PaymentChoice }, now)
  return resultOf(deps.db, body.orderId, viewer)
}

/** A later payment of an open order: how much, with what, and the caller's idempotency key. */
interface BalanceRequest {
  orderId: string
  payment: PaymentChoice | CounterTender
  amount: number
  contact: PlaceOrderBody['contact']
  billing: PlaceOrderBody['billing']
  idempotencyKey: string
}

/**
 * The order under its lock, if this actor may pay it: a replay of the same key answers what it did; otherwise
 * the order must be open and the amount fit what is still unrequested (`canRequestPayment`).
 */
async function lockBalanceOf(trx: Db, actor: OrderActor, body: BalanceRequest) {
  const order = await lockOrderRow(trx, body.orderId)
  if (!order || !mayPayOrder(order, actor, body.payment.method))
    throw new DomainError('NOT_FOUND', { message: 'No such order.' })
  const key = balanceKeyOf(order.id, body.idempotencyKey)
  const { payments, balance, mayRequest } = await paymentsOfOrder(trx, order)
  if (paidWithKey(payments, order.id, body.idempotencyKey)) return { order, key, replay: true }
  if (!isOpenOrder(order.status as OrderStatus)) throw new DomainError('ORDER_NOT_PAYABLE')
  if (!mayRequest(body.amount)) {
    throw new DomainError('AMOUNT_MISMATCH', {
      field: 'amount',
      details: { outstanding: balance.unrequested },
    })
  }
  return { order, key, replay: false }
}

/** A part settled the moment it is taken: counter tenders (the channel must take them) or the wallet. */
async function takeSettledPart(
  trx: Db,
  actor: OrderActor,
  order: OrderRow,
  body: BalanceRequest & { payment: CounterTender | { method: 'WALLET' } },
  key: string,
) {
  const choice = body.payment
  if (choice.method === 'COUNTER') {
    if (!takesStaffMethod(salesChannelOf(actor), 'COUNTER'))
      throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', { field: 'payment.method' })
    if (sumOfParts(choice.parts) !== body.amount)
      throw new DomainError('AMOUNT_MISMATCH', { field: 'amount' })
    await recordCounterParts(trx, order, actor.userId, choice, key)
  } else if (!(await takeWalletPart(trx, walletOwnerOf(order), body.amount, 'DEBIT', key))) {
    throw new DomainError('INSUFFICIENT_WALLET_BALANCE', { field: 'payment.method' })
  }
}

/** The provider's payment of the balance, recorded now and asked for after the transaction (`charge`). */
async function askBalanceOfProvider(
  trx: Db,
  deps: CheckoutDeps,
  actor: OrderActor,
  order: OrderRow,
  body: BalanceRequest & { payment: PaymentChoice },
  key: string,
): Promise<Prepared> {
  const choice = body.payment
  if (!isChoiceOffered(order.country as Country, choice))
    throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', { field: 'payment.method' })
  const id = randomUUID()
  const adapter = deps.providers.forCountry(order.country as Country)
  const tokenHash = choice.method === 'CARD' ? await spendCardToken(trx, choice.cardToken, id) : null
  await startPayment(trx, {
    ...providerPaymentValues(id, order.id, actor.userId, adapter.code, choice, body.amount, order.currency),
    idempotency_key: key,
    card_token_hash: tokenHash,
  })
  const event = await eventOfOrder(trx, order.event_id)
  return {
    orderId: order.id,
    existing: false,
    paymentId: id,
    idempotencyKey: key,
    method: choice.method,
    providerCode: adapter.code,
    amount: body.amount,
    currency: order.currency as Currency,
    ...(event ? { eventStartsAt: event.startsAt, eventName: event.name } : {}),
  }
}

/**
 * Charges one installment of a paguitos plan on its saved card (issue 16 part 4), as the plan pass decides:
 * the attempt is claimed once per (order, installment, attempt) in the order's lock — a pass run twice, or in
 * two processes, charges it once — and the provider gets the attempt's own idempotency key, so a retried
 * request never charges twice either. The outcome settles like any other payment of the plan: approved pays
 * the installment (the last one unlocks the tickets), declined ends only this attempt.
 */
export async function chargeInstallment(
  deps: CheckoutDeps,
  order: { id: string; seq: number; attempt: number; amount: number },
  now = new Date(),
): Promise<'CHARGED' | 'SKIPPED'> {
  const key = `inst-${order.id}-${order.seq}-${order.attempt}`
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const row = await lockOrderRow(trx, order.id)
    if (!row?.saved_card_id || !row.plan_opened_at || row.status !== 'PENDING') return null
    const card = await savedCardRef(trx, row.saved_card_id)
    const adapter = card ? deps.providers.byCode(card.providerCode) : undefined
    if (!card || !adapter) return null
    if (!(await paymentsOfOrder(trx, row)).mayRequest(order.amount)) return null
    const id = randomUUID()
    const attempt = { orderId: row.id, seq: order.seq, attempt: order.attempt }
    if (!(await claimChargeAttempt(trx, attempt, id))) return null
    await startPayment(trx, {
      ...providerPaymentValues(
        id,
        row.id,
        row.placed_by,
        adapter.code,
        AUTO_CHARGE,
        order.amount,
        row.currency,
      ),
      idempotency_key: key,
      retry_token: null,
      saved_card_id: row.saved_card_id,
    })
    const event = await eventOfOrder(trx, row.event_id)
    return { id, row, card, provider: adapter.code, eventName: event?.name, startsAt: event?.startsAt }
  })
  if (!claimed) return 'SKIPPED'
  await charge(
    deps,
    {
      orderId: order.id,
      existing: false,
      paymentId: claimed.id,
      idempotencyKey: key,
      method: 'CARD',
      providerCode: claimed.provider,
      amount: order.amount,
      currency: claimed.row.currency as Currency,
      savedCard: claimed.card,
      ...(claimed.eventName ? { eventName: claimed.eventName } : {}),
      ...(claimed.startsAt ? { eventStartsAt: claimed.startsAt } : {}),
    },
    {
      contact: claimed.row.contact as PlaceOrderBody['contact'],
      billing: claimed.row.billing as PlaceOrderBody['billing'],
      payment: AUTO_CHARGE,
    },
    now,
  )
  return 'CHARGED'
}

/** A charge of a saved card: no one-use token (the card's provider id stands for it), one payment, no wallet. */
const AUTO_CHARGE = { method: 'CARD', cardToken: 'saved-card', installments: 1, walletAmount: 0 } as const

/**
 * Pays a reservation on the provider's hosted page (spec §7 `/api/checkout/preference-id`, Mercado Pago
 * Checkout Pro): the order and its payment are made exactly as for any other method (first transaction of
 * placeOrder), then the provider is asked for the page, and the payment waits (PENDING_HOSTED) for the
 * fan to pay there. Its outcome arrives like every other: a notification or reconciliation, applied by the
 * same settlement. The same idempotency key answers the same order and page.
 */
export async function startHostedPayment(
  deps: CheckoutDeps,
  fan: OrderActor,
  body: HostedPaymentBody,
  now = new Date(),
): Promise<HostedPaymentResult> {
  const known = await orderIdOfKey(deps.db, fan.userId, body.idempotencyKey)
  const orderId =
    known ?? (await prepareOrder(deps, fan, { ...body, payment: { method: 'LINK' } }, now)).orderId
  const order = await orderById(deps.db, orderId)
  if (!order) throw new Error(`order ${orderId} vanished`)
  const payment = await currentPaymentOf(deps.db, order.id)
  if (order.method !== 'LINK') {
    // The key already paid this reservation another way (a wallet covering everything, or another endpoint).
    if (known)
      throw new DomainError('CONFLICT', { message: 'This idempotency key belongs to another payment.' })
    return { orderId, preferenceId: null, redirectUrl: (await resultOf(deps.db, orderId, fan.userId)).next }
  }
  const stored = payment.hosted as HostedData | null
  if (isOpenOrder(order.status as OrderStatus)) {
    if (stored) return { orderId, preferenceId: stored.preferenceId, redirectUrl: stored.redirectUrl }
    // The first request is still asking the provider, or stopped before storing the page: the same
    // idempotency key makes the provider answer the same page again.
    if (payment.status === 'CREATED') {
      const hosted = await openHostedPage(deps, order, payment, now)
      return { orderId, preferenceId: hosted.preferenceId, redirectUrl: hosted.redirectUrl }
    }
  }
  return {
    orderId,
    preferenceId: stored?.preferenceId ?? null,
    redirectUrl: (await resultOf(deps.db, orderId, fan.userId)).next,
  }
}

async function resultOf(db: Db, orderId: string, userId: string): Promise<PlaceOrderResult> {
  const order = await orderView(db, orderId, userId)
  return {
    order,
    next: nextPathOf({
      orderId: order.id,
      result: order.result,
      provider: order.provider as PaymentProvider,
      redirectUrl: order.transfer?.redirectUrl ?? null,
      method: order.method,
    }),
  }
}
