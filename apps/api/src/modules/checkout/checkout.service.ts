import { randomUUID } from 'node:crypto'
import type { SalesChannel } from '@palco/domain/catalog/vocabulary'
import { checkoutResultOf, nextPathOf } from '@palco/domain/checkout/checkout-result'
import type {
  CashNetwork,
  CheckoutMethod,
  HostedPaymentBody,
  HostedPaymentResult,
  OrderView,
  PaymentChoice,
  PlaceOrderBody,
  PlaceOrderResult,
  TransferKind,
} from '@palco/domain/checkout/contract'
import { isOpenOrder } from '@palco/domain/checkout/lifecycle'
import { hostedPaymentWindow, isChoiceOffered, pendingExpiry } from '@palco/domain/checkout/methods'
import { canRequestPayment, orderBalance } from '@palco/domain/checkout/order-balance'
import { takesStaffMethod } from '@palco/domain/checkout/sales-channel-policy'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { InstallmentSchedule } from '@palco/domain/instalments/schedule'
import { instalmentLines, nextInstalment, planStanding } from '@palco/domain/instalments/standing'
import type { Country, Currency } from '@palco/domain/locale/country'
import type { OrderStatus, PaymentRecordStatus, PurchaseStatus } from '@palco/domain/orders/statuses'
import type { PaymentProvider, PurchaseKind } from '@palco/domain/orders/vocabulary'
import type { Db } from '../../db/dialect.js'
import { eventOfOrder, lockOrderRow, type OrderRow, orderById, orderOfKey } from '../orders/orders.service.js'
import {
  consumeCardToken,
  type HostedData,
  insertPayment,
  latestPaymentOf,
  type ProviderOutcome,
  paymentsOfOrder,
  type TransferData,
  type VoucherData,
} from '../payments/payments.service.js'
import { type Payer, type ProviderPaymentResult, ProviderUnavailableError } from '../payments/provider.js'
import { savedCardLabel, savedCardRef } from '../payments/saved-cards.service.js'
import { claimChargeAttempt } from '../plans/plans.service.js'
import { findHoldRow } from '../seating/seat-sales.service.js'
import {
  applyProviderOutcome,
  type CheckoutDeps,
  completeIfPaid,
  type OrderLine,
  takeWalletPart,
  walletOwnerOf,
} from '../settlement/settlement.service.js'
import { ticketsOfOrder } from '../tickets/issue-tickets.js'
import {
  type CounterReservation,
  type CounterTender,
  hashCardToken,
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
  const known = await orderOfKey(deps.db, actor.userId, body.idempotencyKey)
  if (known) return resultOf(deps.db, known.id, actor.userId)
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
  const known = await orderOfKey(deps.db, actor.userId, body.idempotencyKey)
  return known ? known.id : (await prepareOrder(deps, actor, body, now)).orderId
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
  body: {
    orderId: string
    payment: PaymentChoice | CounterTender
    amount: number
    contact: PlaceOrderBody['contact']
    billing: PlaceOrderBody['billing']
    idempotencyKey: string
  },
  now = new Date(),
): Promise<PlaceOrderResult> {
  // The order is read as the one who placed it: an operator taking an instalment may not have.
  let viewer = actor.userId
  const paymentId = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrderRow(trx, body.orderId)
    if (!order || !mayPayOrder(order, actor, body.payment.method))
      throw new DomainError('NOT_FOUND', { message: 'No such order.' })
    viewer = order.placed_by
    const key = balanceKeyOf(order.id, body.idempotencyKey)
    const payments = await paymentsOfOrder(trx, order.id)
    if (paidWithKey(payments, order.id, body.idempotencyKey)) return null
    if (!isOpenOrder(order.status as OrderStatus)) throw new DomainError('ORDER_NOT_PAYABLE')
    const parts = payments.map((p) => ({ amount: Number(p.amount), status: p.status as PaymentRecordStatus }))
    if (!canRequestPayment(Number(order.total), parts, body.amount)) {
      throw new DomainError('AMOUNT_MISMATCH', {
        field: 'amount',
        details: { outstanding: orderBalance(Number(order.total), parts).unrequested },
      })
    }
    const choice = body.payment
    if (choice.method === 'COUNTER') {
      if (!takesStaffMethod(salesChannelOf(actor), 'COUNTER'))
        throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', { field: 'payment.method' })
      if (sumOfParts(choice.parts) !== body.amount)
        throw new DomainError('AMOUNT_MISMATCH', { field: 'amount' })
      await recordCounterParts(trx, order, actor.userId, choice, key)
    } else if (choice.method === 'WALLET') {
      if (!(await takeWalletPart(trx, walletOwnerOf(order), body.amount, 'DEBIT', key)))
        throw new DomainError('INSUFFICIENT_WALLET_BALANCE', { field: 'payment.method' })
    } else {
      if (!isChoiceOffered(order.country as Country, choice))
        throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', { field: 'payment.method' })
      const id = randomUUID()
      const adapter = deps.providers.forCountry(order.country as Country)
      let tokenHash: string | null = null
      if (choice.method === 'CARD') {
        tokenHash = hashCardToken(choice.cardToken)
        if (!(await consumeCardToken(trx, tokenHash, id))) throw new DomainError('CARD_TOKEN_USED')
      }
      await insertPayment(trx, {
        ...providerPaymentValues(
          id,
          order.id,
          actor.userId,
          adapter.code,
          choice,
          body.amount,
          order.currency,
        ),
        idempotency_key: key,
        card_token_hash: tokenHash,
      })
      const event = await eventOfOrder(trx, order.event_id)
      return {
        id,
        key,
        provider: adapter.code,
        method: choice.method,
        currency: order.currency as Currency,
        eventStartsAt: event ? new Date(event.starts_at) : undefined,
        eventName: event?.name,
      }
    }
    // Settled at once: the order is paid if this was the last of it; its seats must still be its own.
    if ((await completeIfPaid(trx, deps, order)) === 'SEATS_GONE') throw new DomainError('HOLD_EXPIRED')
    return null
  })
  if (paymentId) {
    await charge(
      deps,
      {
        orderId: body.orderId,
        existing: false,
        paymentId: paymentId.id,
        idempotencyKey: paymentId.key,
        method: paymentId.method,
        providerCode: paymentId.provider,
        amount: body.amount,
        currency: paymentId.currency,
        ...(paymentId.eventStartsAt ? { eventStartsAt: paymentId.eventStartsAt } : {}),
        ...(paymentId.eventName ? { eventName: paymentId.eventName } : {}),
      },
      { ...body, payment: body.payment as PaymentChoice },
      now,
    )
  }
  return resultOf(deps.db, body.orderId, viewer)
}

/**
 * Charges one instalment of a paguitos plan on its saved card (issue 16 part 4), as the plan pass decides:
 * the attempt is claimed once per (order, instalment, attempt) in the order's lock — a pass run twice, or in
 * two processes, charges it once — and the provider gets the attempt's own idempotency key, so a retried
 * request never charges twice either. The outcome settles like any other payment of the plan: approved pays
 * the instalment (the last one unlocks the tickets), declined ends only this attempt.
 */
export async function chargeInstalment(
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
    const payments = await paymentsOfOrder(trx, row.id)
    const parts = payments.map((p) => ({ amount: Number(p.amount), status: p.status as PaymentRecordStatus }))
    if (!canRequestPayment(Number(row.total), parts, order.amount)) return null
    const id = randomUUID()
    const claim = { order_id: row.id, seq: order.seq, attempt: order.attempt, payment_id: id }
    if (!(await claimChargeAttempt(trx, claim))) return null
    await insertPayment(trx, {
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
    return { id, row, card, provider: adapter.code, eventName: event?.name, startsAt: event?.starts_at }
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
      ...(claimed.startsAt ? { eventStartsAt: new Date(claimed.startsAt) } : {}),
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
 * The payment an order's pages speak of (as `latestPaymentOf` picks it): the latest through a provider, or
 * the wallet's when the wallet paid it all. A wallet part settles when taken, so nobody waits for it.
 */
function pagePaymentOf<P extends { provider_code: string }>(oldestFirst: readonly P[]): P | undefined {
  const own = oldestFirst.filter((p) => p.provider_code !== 'wallet')
  return own.at(-1) ?? oldestFirst.at(-1)
}

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
  const known = await orderOfKey(deps.db, fan.userId, body.idempotencyKey)
  const orderId = known
    ? known.id
    : (await prepareOrder(deps, fan, { ...body, payment: { method: 'LINK' } }, now)).orderId
  const order = await orderById(deps.db, orderId)
  const payment = order ? await latestPaymentOf(deps.db, order.id) : undefined
  if (!order || !payment) throw new Error(`order ${orderId} vanished`)
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

type PaymentRow = NonNullable<Awaited<ReturnType<typeof latestPaymentOf>>>

/**
 * Asks the provider for the hosted page of one payment and keeps it on the payment. The page takes
 * payments until the hold ends; its back URLs are our result pages, which poll the order. A provider that
 * cannot make the page ends the order at once (nothing was handed to the fan), as for a voucher.
 */
async function openHostedPage(
  deps: CheckoutDeps,
  order: OrderRow,
  payment: PaymentRow,
  now: Date,
): Promise<HostedData> {
  const adapter = deps.providers.byCode(payment.provider_code)
  if (!adapter) throw new Error(`no adapter ${payment.provider_code}`)
  const [hold, event] = await Promise.all([
    findHoldRow(deps.db, order.hold_id),
    eventOfOrder(deps.db, order.event_id),
  ])
  if (!hold || !event) throw new DomainError('NOT_FOUND')
  const span = hostedPaymentWindow(new Date(hold.expires_at), now, new Date(event.starts_at))
  const contact = order.contact as PlaceOrderBody['contact']
  const billing = order.billing as PlaceOrderBody['billing']
  const back = (page: string) => `${deps.publicUrl}/checkout/${page}?order=${encodeURIComponent(order.id)}`
  let page: Awaited<ReturnType<typeof adapter.createPreference>>
  try {
    page = await adapter.createPreference({
      paymentId: payment.id,
      idempotencyKey: payment.idempotency_key,
      // One line for the whole order: the page charges exactly our total, with no per-line rounding.
      items: [
        {
          title: `Palco · ${event.name}`.slice(0, 120),
          quantity: 1,
          unitPrice: { amount: Number(payment.amount), currency: payment.currency as Currency },
        },
      ],
      payer: { email: contact.email, fullName: billing.fullName },
      backUrls: {
        success: back('successful_purchase'),
        failure: back('fail_purchase'),
        pending: back('pending'),
      },
      notificationUrl: `${deps.publicUrl}/api/payments/webhooks/${adapter.code}`,
      expiresAt: span.pageExpiresAt,
    })
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError))
      deps.log?.error({ err, paymentId: payment.id }, 'provider could not make the hosted page')
    await applyProviderOutcome(deps, payment.id, {
      status: 'DECLINED',
      declineReason: 'provider_unavailable',
      failureCode: 'PAYMENT_PROVIDER_UNAVAILABLE',
    })
    throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: err })
  }
  const hosted: HostedData = {
    preferenceId: page.id,
    redirectUrl: page.initPoint,
    expiresAt: span.pageExpiresAt.toISOString(),
  }
  await applyProviderOutcome(deps, payment.id, {
    status: 'PENDING',
    hosted,
    expiresAt: span.paymentExpiresAt,
  })
  return hosted
}

/** Asks the provider for the prepared payment, outside any transaction, and applies its answer. */
async function charge(
  deps: CheckoutDeps,
  p: Prepared,
  body: Pick<OrderRequest, 'contact' | 'billing' | 'payment'>,
  now: Date,
) {
  const paymentId = p.paymentId as string
  const billing = body.billing
  // Only the counter places an order without billing details, and the counter never calls a provider.
  if (!billing) throw new Error(`order ${p.orderId}: a provider payment needs billing details`)
  const adapter = deps.providers.byCode(p.providerCode ?? '')
  if (!adapter) throw new Error(`no adapter ${p.providerCode}`)
  const payer: Payer = {
    email: body.contact.email,
    fullName: billing.fullName,
    documentType: billing.documentType,
    documentNumber: billing.documentNumber,
    phone: body.contact.phone,
  }
  const common = {
    paymentId,
    idempotencyKey: p.idempotencyKey ?? `pay-${paymentId}`,
    amount: { amount: p.amount ?? 0, currency: p.currency ?? 'COP' },
    payer,
    description: `Palco · ${p.eventName ?? ''}`.slice(0, 120),
  }
  if (body.payment.method === 'LINK') {
    // The provider's page (a card link handed over at the counter), asked and settled by the same step as
    // the fans' own hosted checkout, which also ends the order when the provider cannot make it.
    const [order, payment] = await Promise.all([
      orderById(deps.db, p.orderId),
      latestPaymentOf(deps.db, p.orderId),
    ])
    if (!order || !payment) throw new Error(`order ${p.orderId} vanished`)
    await openHostedPage(deps, order, payment, now)
    return
  }
  const starts = p.eventStartsAt ?? new Date(now.getTime() + 86_400_000)
  let outcome: ProviderOutcome
  try {
    const choice = body.payment
    if (choice.method === 'CARD') {
      const r: ProviderPaymentResult = await adapter.chargeCard({
        ...common,
        token: choice.cardToken,
        ...(p.savedCard ? { savedCard: p.savedCard } : {}),
        installments: choice.installments,
        ...(choice.paymentMethodId ? { paymentMethodId: choice.paymentMethodId } : {}),
        ...(choice.issuerId ? { issuerId: choice.issuerId } : {}),
      })
      outcome = { ...r }
    } else if (choice.method === 'CASH') {
      const expiresAt = pendingExpiry('CASH', now, starts)
      const r = await adapter.createCashVoucher({ ...common, network: choice.network, expiresAt })
      const voucher: VoucherData = {
        network: choice.network,
        reference: r.voucher.reference,
        barcode: r.voucher.barcode,
        amount: common.amount.amount,
        expiresAt: r.voucher.expiresAt.toISOString(),
      }
      outcome = { ...r, voucher, expiresAt: r.voucher.expiresAt }
    } else if (choice.method === 'TRANSFER') {
      const expiresAt = pendingExpiry(choice.kind, now, starts)
      const r = await adapter.createTransfer({
        ...common,
        kind: choice.kind,
        ...(choice.bank ? { bank: choice.bank } : {}),
        expiresAt,
        returnUrl: `${deps.publicUrl}/checkout/transfer?order=${p.orderId}`,
      })
      const transfer: TransferData = {
        kind: choice.kind,
        clabe: r.transfer.clabe,
        bankName: r.transfer.bankName,
        reference: r.transfer.reference,
        amount: common.amount.amount,
        expiresAt: r.transfer.expiresAt.toISOString(),
        redirectUrl: r.transfer.redirectUrl,
      }
      outcome = { ...r, transfer, expiresAt: r.transfer.expiresAt }
    } else {
      return
    }
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError))
      deps.log?.error({ err, paymentId }, 'provider call failed')
    if (p.method === 'CARD') {
      // Outcome unknown: the card may have been charged. Keep it pending (PENDING_CARD) and let
      // reconciliation retry with the same idempotency key, which returns that attempt's result.
      await applyProviderOutcome(deps, paymentId, { status: 'PENDING' })
      return
    }
    // No voucher or transfer was handed to the fan, so nothing can be paid against it: undo the order.
    await applyProviderOutcome(deps, paymentId, {
      status: 'DECLINED',
      declineReason: 'provider_unavailable',
      failureCode: 'PAYMENT_PROVIDER_UNAVAILABLE',
    })
    throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: err })
  }
  await applyProviderOutcome(deps, paymentId, outcome)
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

/** One of the fan's orders as the result, cash and transfer pages show it (they poll it while pending). */
export async function orderView(
  db: Db,
  orderId: string,
  userId: string,
  now = new Date(),
): Promise<OrderView> {
  const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await orderById(db, orderId) : undefined
  // The buyer sees it, and so does whoever placed it (the operator who sold it at the counter).
  if (!order || (order.user_id !== userId && order.placed_by !== userId))
    throw new DomainError('NOT_FOUND', { message: 'No such order.' })
  const [event, tickets, payments, autoCharge] = await Promise.all([
    eventOfOrder(db, order.event_id),
    ticketsOfOrder(db, order.id),
    paymentsOfOrder(db, order.id),
    savedCardLabel(db, order.saved_card_id),
  ])
  const payment = pagePaymentOf(payments)
  if (!payment || !event) throw new DomainError('NOT_FOUND')
  const balance = orderBalance(
    Number(order.total),
    payments.map((p) => ({ amount: Number(p.amount), status: p.status as PaymentRecordStatus })),
  )
  const status = order.status as OrderStatus
  const method = order.method as CheckoutMethod
  const schedule = order.installment_schedule as InstallmentSchedule | null
  const planLines =
    schedule && order.plan_opened_at
      ? instalmentLines(schedule, new Date(order.created_at), balance.settled)
      : null
  const provider = order.provider as PaymentProvider
  const voucher = payment.voucher as VoucherData | null
  const transfer = payment.transfer as TransferData | null
  const lines = (order.lines as OrderLine[]).map(({ placeIndex: _p, ...l }) => l)
  return {
    id: order.id,
    code: order.code,
    status,
    purchaseStatus: order.purchase_status as PurchaseStatus,
    paymentStatus: payment.status as PaymentRecordStatus,
    result: checkoutResultOf({
      status,
      planOpen: planLines !== null,
      method,
      provider,
      network: payment.network as CashNetwork | null,
      transferKind: payment.transfer_kind as TransferKind | null,
    }),
    method,
    provider,
    currency: order.currency as Currency,
    subtotal: Number(order.subtotal),
    fees: Number(order.fees),
    discount: Number(order.discount),
    walletAmount: Number(order.wallet_amount),
    total: Number(order.total),
    purchaseKind: order.purchase_kind as PurchaseKind,
    channel: order.channel as SalesChannel,
    paid: balance.settled,
    outstanding: balance.outstanding,
    payments: payments.map((p) => ({
      method: p.method as OrderView['payments'][number]['method'],
      amount: Number(p.amount),
      status: p.status as PaymentRecordStatus,
      cardInstallments: p.card_installments,
    })),
    createdAt: new Date(order.created_at).toISOString(),
    event: {
      id: event.id,
      slug: event.slug,
      name: event.name,
      startsAt: new Date(event.starts_at).toISOString(),
      timeZone: event.time_zone,
      venueName: event.venue_name,
      imageUrl: event.image_url,
    },
    lines,
    tickets: tickets.map((t) => ({
      id: t.id,
      section: t.section_code,
      row: t.row_label,
      seat: t.seat_number,
      zoneName: t.zone_name,
    })),
    voucher: voucher
      ? {
          network: voucher.network as CashNetwork,
          reference: voucher.reference,
          barcode: voucher.barcode,
          amount: voucher.amount,
          expiresAt: voucher.expiresAt,
        }
      : null,
    transfer: transfer
      ? {
          kind: transfer.kind as TransferKind,
          clabe: transfer.clabe,
          bankName: transfer.bankName,
          reference: transfer.reference,
          amount: transfer.amount,
          expiresAt: transfer.expiresAt,
          redirectUrl: transfer.redirectUrl,
        }
      : null,
    failureCode: order.failure_code,
    plan: planLines
      ? {
          lines: planLines,
          next: nextInstalment(planLines),
          standing: planStanding(planLines, now),
          cancelled: order.failure_code === 'INSTALLMENT_MISSED',
          autoCharge,
        }
      : null,
  }
}
