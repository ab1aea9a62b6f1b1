import { randomUUID } from 'node:crypto'
import { priceOverrideOk } from '@palco/domain/box-office/tenders'
import { orderCode } from '@palco/domain/checkout/codes'
import type { CheckoutMethod } from '@palco/domain/checkout/contract'
import { lowerTotal, splitPayment } from '@palco/domain/checkout/pricing'
import type { SalesChannelPolicy } from '@palco/domain/checkout/sales-channel-policy'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Db } from '../../db/dialect.js'
import { assertEventSells } from '../catalog-admin/admin.service.js'
import { inscriptionForOrder, recordEntriesOfOrder } from '../inscriptions/inscription-forms.service.js'
import { type PricedReservation, priceReservation } from '../orders/cart.service.js'
import { lockOrderRow, orderIdOfKey, recordOrder, takePromoUse } from '../orders/orders.service.js'
import { cardFactsOf } from '../payments/card-facts.service.js'
import {
  paymentsOfOrder,
  recordSettledPayment,
  spendCardToken,
  startPayment,
} from '../payments/payments.service.js'
import type { PaymentProviderAdapter, ProviderCode, SavedCardRef } from '../payments/provider.js'
import { type OwnPaymentCode, PROVIDER_NAMES } from '../payments/registry.js'
import { savedCardRef } from '../payments/saved-cards.service.js'
import { assertCartable } from '../seating/own-reservation.service.js'
import {
  keepPlacesUntil,
  lockReservationHolder,
  lockReservationRow,
  moveLockedReservation,
} from '../seating/seat-sales.service.js'
import {
  awaitCounterPayment,
  type CheckoutDeps,
  completeIfPaid,
  type OrderLine,
  openPlan,
  takeWalletPart,
} from '../settlement/settlement.service.js'
import { failFastOnLocks } from './checkout.repository.js'
import {
  entryDocumentColumns,
  type OrderActor,
  type OrderPayment,
  type OrderRequest,
  type Prepared,
  providerPaymentValues,
  recordCounterParts,
} from './order-request.js'
import { assertPresaleTakes, type CardWord, CardWordNeeded, type PresalePayment } from './presale-step.js'
import { assertChannelTakes, linkHoldEnd, partiesOf, salesChannelOf } from './sales-channel.js'

// The first transaction of every checkout (issue 6), as a pipeline of named steps: lock the reservation, price
// it, decide the payment the sales channel may take, take what is scarce, write the order, take its first
// payment, start the seats' clock, then settle at once or leave the provider to be asked. A step that throws
// places nothing (one transaction).

/** How long the seats are kept from the sweeper while the provider is asked (covers its timeout). */
const PAYMENT_GRACE_MS = 10 * 60_000

type Hold = Awaited<ReturnType<typeof lockReservationRow>>
type Parties = ReturnType<typeof partiesOf>
type PaymentSplit = NonNullable<ReturnType<typeof splitPayment>>

/** The order being placed, as the steps after pricing see it. */
interface Placing {
  deps: CheckoutDeps
  actor: OrderActor
  channel: SalesChannelPolicy
  parties: Parties
  body: OrderRequest
  hold: Hold
  priced: PricedReservation
  totals: PricedReservation['totals']
  payment: PaymentPlan
  orderId: string
  code: string
  now: Date
}

/** How the order's first payment is taken, decided once from the channel, the choice and the totals. */
interface PaymentPlan {
  choice: OrderPayment
  split: PaymentSplit
  /** What the provider is asked for now: its share, or a plan's deposit. */
  asked: number
  method: CheckoutMethod
  adapter: PaymentProviderAdapter | null
  providerCode: ProviderCode | OwnPaymentCode
  paymentId: string
}

/**
 * The first transaction of every checkout: checks and reserves everything, creates order and payments. An
 * order with a bank-card presale tier asks the provider about the card first (outside the transaction, only
 * then), and places with its answer (presale-step.ts).
 */
export async function prepareOrder(
  deps: CheckoutDeps,
  actor: OrderActor,
  body: OrderRequest,
  now: Date,
): Promise<Prepared> {
  try {
    return await underFreshCode(() => placeInOneTransaction(deps, actor, body, now, { asked: false }))
  } catch (err) {
    if (!(err instanceof CardWordNeeded)) throw err
    const token = body.payment.method === 'CARD' ? body.payment.cardToken : undefined
    const facts = await cardFactsOf(deps.providers.forCountry(err.country), token)
    return underFreshCode(() => placeInOneTransaction(deps, actor, body, now, { asked: true, facts }))
  }
}

/**
 * Order codes are random (30^6, codes.ts), so at an on-sale's thousands of orders two will sometimes meet:
 * the rehearsal's 3,147 orders met once (about 1 in 150 odds; at 15,000 orders, 1 in 7). The unique index
 * refuses the second; the whole transaction rolled back, and since the order row is written before any
 * provider is asked, nothing was charged: it is placed again under a new code.
 */
async function underFreshCode(place: () => Promise<Prepared>): Promise<Prepared> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await place()
    } catch (err) {
      if (attempt >= CODE_ATTEMPTS || !isOrderCodeTaken(err)) throw err
    }
  }
}

const CODE_ATTEMPTS = 3
const isOrderCodeTaken = (err: unknown) => {
  const e = err as { code?: string; constraint?: string }
  return e?.code === '23505' && e.constraint === 'orders_code_key'
}

async function placeInOneTransaction(
  deps: CheckoutDeps,
  actor: OrderActor,
  body: OrderRequest,
  now: Date,
  card: CardWord,
): Promise<Prepared> {
  const savedCard = (await savedCardRef(deps.db, body.savedCardId ?? null)) ?? undefined
  if (body.savedCardId && !savedCard) throw new DomainError('NOT_FOUND', { message: 'No such saved card.' })
  const channel = salesChannelOf(actor)
  return deps.db
    .transaction()
    .execute(async (trx): Promise<Prepared> => {
      const hold = await lockReservation(trx, actor, body)
      if ('existing' in hold) return hold.existing
      assertPayable(hold, now)
      const parties = partiesOf(channel, actor)
      const { priced, totals } = await priceOrder(trx, channel, hold, parties, body, now)
      const payment = planPayment(deps, channel, priced, totals.total, body, now)
      assertPresaleTakes(priced, presalePaymentOf(payment, body), card)
      const placing: Placing = {
        deps,
        actor,
        channel,
        parties,
        body,
        hold,
        priced,
        totals,
        payment,
        now,
        ...newOrderIds(deps),
      }
      const tokenHash = await takeScarceParts(trx, placing)
      const lines = await writeOrder(trx, placing)
      await takeFirstPayment(trx, placing, tokenHash)
      await startSeatClock(trx, placing, lines.length)
      return payment.adapter ? await awaitProvider(trx, placing, savedCard) : await settleAtOnce(trx, placing)
    })
    .catch((err: unknown) => {
      if ((err as { code?: string })?.code === '55P03') {
        throw new DomainError('SERVICE_UNAVAILABLE', { message: 'Checkout is busy right now; try again.' })
      }
      throw err
    })
}

const presalePaymentOf = (payment: PaymentPlan, body: OrderRequest): PresalePayment => ({
  choice: payment.choice,
  walletPart: payment.split.wallet,
  deposit: body.firstPayment !== undefined,
  savedCard: body.savedCardId !== undefined && body.savedCardId !== null,
})

const newOrderIds = (deps: CheckoutDeps) => ({ orderId: randomUUID(), code: orderCode(deps.random) })

/**
 * The reservation under its locks, or the order a double submit already placed. The holder's per-event lock
 * first, as seat changes take it, then the reservation: one lock order, and a seat added in another tab cannot
 * slip in between pricing and payment.
 */
async function lockReservation(
  trx: Db,
  actor: OrderActor,
  body: OrderRequest,
): Promise<Hold | { existing: Prepared }> {
  // DESIGN §5: a hot spot (a popular promo code's row) fails fast instead of queueing without end.
  await failFastOnLocks(trx)
  // The reservation is whoever placed the order's: the fan's own, or the operator's at the counter.
  const seen = await lockReservationHolder(trx, body.reservationId, actor.userId)
  if (!seen) throw new DomainError('NOT_FOUND', { message: 'No such reservation.' })
  actor.admitted?.(seen.event_id)
  // A cancelled event sells nothing (issue 16 part 5); held shared until commit, so a cancellation either
  // waits for this order and settles it, or this order sees the event cancelled.
  await assertEventSells(trx, seen.event_id)
  const hold = await lockReservationRow(trx, body.reservationId)
  // Re-read under the hold's lock: a double submit waited for the first and now finds its order.
  const again = await orderIdOfKey(trx, actor.userId, body.idempotencyKey)
  return again ? { existing: { orderId: again, existing: true } } : hold
}

/** A reservation already being paid takes no second order; a lapsed or sold one none at all. */
function assertPayable(hold: Hold, now: Date) {
  if (hold.status === 'STARTED_PAYMENT' || hold.status === 'WAITING_FOR_PAYMENT') {
    throw new DomainError('ORDER_NOT_PAYABLE', {
      message: 'A payment for this reservation is already under way.',
    })
  }
  assertCartable(hold, now)
}

/**
 * The reservation priced as its cart shows it, checked against what the page showed (AMOUNT_MISMATCH), with
 * a price lowered at the counter as one more discount over the lines (`lowerTotal`) where the channel allows.
 */
async function priceOrder(
  trx: Db,
  channel: SalesChannelPolicy,
  hold: Hold,
  parties: Parties,
  body: OrderRequest,
  now: Date,
) {
  // Per-fan promo limits count against the buyer's account; a buyer with none has no count to keep.
  const priced = await priceReservation(trx, hold, parties.user_id, now)
  if (priced.places.length === 0) throw new DomainError('HOLD_EXPIRED')
  if (priced.promoRefusal) {
    throw new DomainError(priced.promoRefusal.code, { details: { reason: priced.promoRefusal.reason } })
  }
  const listed = priced.totals.total
  if (body.currency !== priced.currency || body.expectedTotal !== listed) {
    throw new DomainError('AMOUNT_MISMATCH', { details: { total: listed, currency: priced.currency } })
  }
  const override = body.priceOverride
  if (override && (!channel.lowersPrice || !priceOverrideOk(listed, override.total, override.byAdmin)))
    throw new DomainError('PRICE_OVERRIDE_INVALID', { field: 'priceOverride' })
  return { priced, totals: override ? lowerTotal(priced.totals, override.total) : priced.totals }
}

/**
 * What the order's first payment is: nothing to pay is FREE whatever the page chose (no card token spent, no
 * wallet line, issue 13); the channel must take the method; the wallet covers part of it online only.
 */
function planPayment(
  deps: CheckoutDeps,
  channel: SalesChannelPolicy,
  priced: PricedReservation,
  total: number,
  body: OrderRequest,
  now: Date,
): PaymentPlan {
  const choice: OrderPayment = total === 0 ? { method: 'FREE' } : body.payment
  assertChannelTakes(channel, choice, {
    country: priced.country,
    currency: priced.currency,
    hostedCheckout: deps.providers.forCountry(priced.country).hostedCheckout,
    total,
    firstPayment: body.firstPayment,
    now,
    eventStartsAt: priced.event.startsAt,
  })
  const byStaff = choice.method === 'COUNTER' || choice.method === 'RESERVATION'
  const noWallet =
    byStaff || choice.method === 'WALLET' || choice.method === 'LINK' || choice.method === 'FREE'
  const split = splitPayment(total, byStaff ? 'CASH' : choice.method, noWallet ? 0 : choice.walletAmount)
  if (!split) throw new DomainError('AMOUNT_MISMATCH', { field: 'payment.walletAmount', details: { total } })
  const asked = firstAsk(body, split, choice, total)
  const walletOnly = split.provider === 0
  const method: CheckoutMethod =
    choice.method === 'FREE'
      ? 'FREE'
      : walletOnly
        ? 'WALLET'
        : choice.method === 'COUNTER'
          ? (choice.parts[0]?.kind ?? 'CASH')
          : choice.method
  const adapter = walletOnly || byStaff ? null : deps.providers.forCountry(priced.country)
  const providerCode = adapter?.code ?? (byStaff ? 'staff' : 'wallet')
  return { choice, split, asked, method, adapter, providerCode, paymentId: randomUUID() }
}

/** A deposit asks the provider for part of its share now; the rest comes as later payments. */
function firstAsk(body: OrderRequest, split: PaymentSplit, choice: OrderPayment, total: number) {
  const asked = body.firstPayment ?? split.provider
  if (
    body.firstPayment !== undefined &&
    (!Number.isSafeInteger(asked) || asked <= 0 || asked >= split.provider || choice.method === 'RESERVATION')
  ) {
    throw new DomainError('AMOUNT_MISMATCH', { field: 'firstPayment', details: { total } })
  }
  return asked
}

/** What only one checkout may spend, in the same order in every checkout: the card token, then the promo use. */
async function takeScarceParts(trx: Db, p: Placing): Promise<string | null> {
  const { choice, adapter, paymentId } = p.payment
  const tokenHash =
    adapter && choice.method === 'CARD' ? await spendCardToken(trx, choice.cardToken, paymentId) : null
  if (p.priced.promo) {
    // Another checkout of this fan may have spent the code meanwhile: the same answer the cart gives (issue 13).
    const refused = await takePromoUse(trx, p.priced.promo, p.parties.user_id)
    if (refused)
      throw new DomainError(refused, {
        details: { reason: refused === 'PROMO_CODE_EXHAUSTED' ? 'exhausted' : 'fan-limit' },
      })
  }
  return tokenHash
}

/**
 * The order row and, for an inscription (issue 17), its participants: their answers judged again, each name
 * on its place's ticket, each participant an entry of the order. Returns the order's lines.
 */
async function writeOrder(trx: Db, p: Placing): Promise<OrderLine[]> {
  const { hold, priced, totals, payment, body } = p
  const inscription = await inscriptionForOrder(trx, hold, p.now)
  const lines: OrderLine[] = totals.lines.map((l, i) => ({
    ...l,
    placeIndex: priced.places[i]?.placeIndex ?? 0,
    ...(inscription?.names[i] ? { holderName: inscription.names[i] } : {}),
  }))
  const counter = payment.choice.method === 'COUNTER' ? payment.choice : null
  await recordOrder(trx, {
    id: p.orderId,
    code: p.code,
    ...p.parties,
    hold_id: hold.id,
    event_id: hold.event_id,
    country: priced.country,
    currency: priced.currency,
    purchase_kind: body.firstPayment === undefined ? 'TICKET' : 'INSTALLMENT',
    method: payment.method,
    provider: PROVIDER_NAMES[payment.providerCode],
    subtotal: totals.subtotal,
    fees: totals.fees,
    discount: totals.discount,
    wallet_amount: payment.split.wallet,
    total: totals.total,
    promo_id: priced.promo?.id ?? null,
    promo_code: priced.promo?.code ?? null,
    lines: JSON.stringify(lines),
    contact: JSON.stringify(body.contact),
    billing: JSON.stringify(body.billing),
    idempotency_key: body.idempotencyKey,
    failure_code: null,
    shift_id: counter?.shiftId ?? null,
    // A courtesy's reason goes on the order, and from it on each ticket (kind COURTESY).
    courtesy_reason: counter?.parts.find((part) => part.kind === 'COURTESY')?.reference ?? null,
    ...entryDocumentColumns(body.identification),
    installment_schedule: body.installmentSchedule ? JSON.stringify(body.installmentSchedule) : null,
    saved_card_id: body.savedCardId ?? null,
  })
  if (inscription) await recordEntriesOfOrder(trx, { id: p.orderId, eventId: hold.event_id }, inscription)
  return lines
}

/**
 * The wallet part (a payment like any other, settled the moment it is taken, issue 14 part 2), then the
 * payment of the rest: counter tenders settled, seats kept for a later counter payment, a settled payment of
 * nothing, or a payment the provider is about to be asked for.
 */
async function takeFirstPayment(trx: Db, p: Placing, tokenHash: string | null) {
  const { choice, split, paymentId, providerCode, asked } = p.payment
  const currency = p.priced.currency
  const order = { id: p.orderId, code: p.code, userId: p.parties.user_id, placedBy: p.actor.userId, currency }
  if (!(await takeWalletPart(trx, order, split.wallet, 'DEBIT'))) {
    throw new DomainError('INSUFFICIENT_WALLET_BALANCE', { field: 'payment.walletAmount' })
  }
  if (choice.method === 'COUNTER') {
    await recordCounterParts(trx, { id: p.orderId, currency }, p.actor.userId, choice)
  } else if (choice.method === 'RESERVATION') {
    const club = { method: 'CASH', network: 'cashInClub', walletAmount: 0 } as const
    await startPayment(trx, {
      ...providerPaymentValues(paymentId, p.orderId, p.actor.userId, 'staff', club, p.totals.total, currency),
      method: 'RESERVATION',
    })
  } else if (choice.method === 'FREE') {
    // Nothing to pay: one settled payment of nothing, so the order's pages have a payment to speak of.
    await recordSettledPayment(trx, {
      id: paymentId,
      orderId: p.orderId,
      userId: p.actor.userId,
      providerCode: 'wallet',
      method: 'FREE',
      amount: 0,
      currency,
    })
  } else if (p.payment.adapter) {
    await startPayment(trx, {
      ...providerPaymentValues(paymentId, p.orderId, p.actor.userId, providerCode, choice, asked, currency),
      card_token_hash: tokenHash,
      saved_card_id: p.body.savedCardId ?? null,
    })
  }
}

/**
 * The reservation moves to STARTED_PAYMENT; a link handed over at the counter keeps the seats for the link's
 * day (openHostedPage reads the hold's end); seats kept for a counter payment wait until their deadline. Then
 * the channel's own checks run in this transaction (`onRecorded`).
 */
async function startSeatClock(trx: Db, p: Placing, places: number) {
  const { hold, payment } = p
  const linkUntil = linkHoldEnd(p.channel, payment.choice, p.now, p.priced.event.startsAt)
  await moveLockedReservation(trx, hold, 'STARTED_PAYMENT', linkUntil)
  if (linkUntil) await keepPlacesUntil(trx, hold.id, linkUntil, true)
  if (payment.choice.method === 'RESERVATION')
    await awaitCounterPayment(trx, p.orderId, payment.paymentId, payment.choice.until)
  await p.body.onRecorded?.(trx, { id: p.orderId, eventId: hold.event_id, places })
}

/**
 * Settled already (the wallet, a counter tender, nothing to pay): paid in this same transaction. A plan's
 * deposit taken at the counter opens the plan here, as a settled provider deposit does.
 */
async function settleAtOnce(trx: Db, p: Placing): Promise<Prepared> {
  const row = await lockOrderRow(trx, p.orderId)
  if (!row) throw new Error('order vanished')
  if (p.body.firstPayment !== undefined) {
    const [deposit] = (await paymentsOfOrder(trx, row)).payments
    if (!deposit || !(await openPlan(trx, p.deps, row, deposit, p.body.firstPayment)))
      throw new DomainError('HOLD_EXPIRED')
    return { orderId: p.orderId, existing: false }
  }
  const done = await completeIfPaid(trx, p.deps, row)
  if (done === 'SEATS_GONE') throw new DomainError('HOLD_EXPIRED')
  return { orderId: p.orderId, existing: false }
}

/** The provider is asked after this transaction: the seats are kept from the sweeper meanwhile. */
async function awaitProvider(trx: Db, p: Placing, savedCard: SavedCardRef | undefined): Promise<Prepared> {
  const { payment, priced } = p
  await keepPlacesUntil(trx, p.hold.id, new Date(p.now.getTime() + PAYMENT_GRACE_MS))
  return {
    orderId: p.orderId,
    existing: false,
    paymentId: payment.paymentId,
    idempotencyKey: `pay-${payment.paymentId}`,
    method: payment.method,
    providerCode: payment.providerCode,
    amount: payment.asked,
    currency: priced.currency,
    eventStartsAt: priced.event.startsAt,
    eventName: priced.event.name,
    ...(savedCard ? { savedCard } : {}),
  }
}
