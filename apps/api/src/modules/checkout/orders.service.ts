import { createHash, randomUUID } from 'node:crypto'
import { checkoutResultOf, nextPathOf } from '@palco/domain/checkout/checkout-result'
import { orderCode } from '@palco/domain/checkout/codes'
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
import { splitPayment } from '@palco/domain/checkout/pricing'
import { DomainError } from '@palco/domain/errors/domain-error'
import { type Currency, localeOf } from '@palco/domain/locale/country'
import type { OrderStatus, PaymentRecordStatus, PurchaseStatus } from '@palco/domain/orders/statuses'
import type { PaymentProvider } from '@palco/domain/orders/vocabulary'
import type { Db } from '../../db/dialect.js'
import {
  consumeCardToken,
  findPayment,
  type HostedData,
  insertPayment,
  latestPaymentOf,
  type ProviderOutcome,
  type TransferData,
  type VoucherData,
} from '../payments/payments.service.js'
import { type Payer, type ProviderPaymentResult, ProviderUnavailableError } from '../payments/provider.js'
import { PROVIDER_NAMES } from '../payments/registry.js'
import { lockFanEvent } from '../seating/holds.service.js'
import { ticketsOfOrder } from '../tickets/issue-tickets.js'
import { debitWallet } from '../wallet/wallet.service.js'
import { assertCartable, priceReservation } from './cart.service.js'
import {
  eventForCart,
  failFastOnLocks,
  findHoldRow,
  findOrder,
  findOrderByKey,
  insertOrder,
  lockHold,
  lockOrder,
  protectSeats,
  redeemFanUse,
  redeemPromo,
  sellPlaces,
  setHoldStatus,
} from './checkout.repository.js'
import {
  applyProviderOutcome,
  type CheckoutDeps,
  finalizePaid,
  type OrderLine,
} from './settlement.service.js'

/** How long the seats are kept from the sweeper while the provider is asked (covers its timeout). */
const PAYMENT_GRACE_MS = 10 * 60_000

export const hashCardToken = (token: string) => createHash('sha256').update(token).digest('hex')

export interface Fan {
  userId: string
}

interface Prepared {
  orderId: string
  existing: boolean
  paymentId?: string
  method?: CheckoutMethod
  providerCode?: string
  amount?: number
  currency?: Currency
  eventStartsAt?: Date
  eventName?: string
}

/** How an order is paid: a place-order choice, or the whole total on the provider's hosted page (LINK). */
type OrderPayment = PaymentChoice | { method: 'LINK' }
type OrderRequest = Omit<PlaceOrderBody, 'payment'> & { payment: OrderPayment }

/**
 * Places an order (issue 6): one short transaction that checks and reserves everything (hold, amount,
 * idempotency, promo use, wallet debit, card token), then the provider call outside any transaction,
 * then a second transaction that applies the answer. A crash between the two leaves a CREATED payment
 * that reconciliation settles; never a charge without an order.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  fan: Fan,
  body: PlaceOrderBody,
  now = new Date(),
): Promise<PlaceOrderResult> {
  const known = await findOrderByKey(deps.db, fan.userId, body.idempotencyKey)
  if (known) return resultOf(deps.db, known.id, fan.userId)
  const prepared = await prepareOrder(deps, fan, body, now)
  if (prepared.paymentId) await charge(deps, prepared, body, now)
  return resultOf(deps.db, prepared.orderId, fan.userId)
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
  fan: Fan,
  body: HostedPaymentBody,
  now = new Date(),
): Promise<HostedPaymentResult> {
  const known = await findOrderByKey(deps.db, fan.userId, body.idempotencyKey)
  const orderId = known
    ? known.id
    : (await prepareOrder(deps, fan, { ...body, payment: { method: 'LINK' } }, now)).orderId
  const order = await findOrder(deps.db, orderId)
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

type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>
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
    eventForCart(deps.db, order.event_id),
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

/** The first transaction of every checkout: checks and reserves everything, creates order and payment. */
async function prepareOrder(deps: CheckoutDeps, fan: Fan, body: OrderRequest, now: Date): Promise<Prepared> {
  return deps.db
    .transaction()
    .execute(async (trx): Promise<Prepared> => {
      // DESIGN §5: a hot spot (a popular promo code's row) fails fast instead of queueing without end.
      await failFastOnLocks(trx)
      const seen = await findHoldRow(trx, body.reservationId)
      if (!seen || seen.user_id !== fan.userId)
        throw new DomainError('NOT_FOUND', { message: 'No such reservation.' })
      // The fan's per-event lock first, as seat changes take it, then the reservation: one lock order, and a
      // seat added in another tab cannot slip in between pricing and payment.
      await lockFanEvent(trx, seen.event_id, fan.userId)
      const hold = await lockHold(trx, body.reservationId)
      if (!hold) throw new DomainError('NOT_FOUND', { message: 'No such reservation.' })
      // Re-read under the hold's lock: a double submit waited for the first and now finds its order.
      const again = await findOrderByKey(trx, fan.userId, body.idempotencyKey)
      if (again) return { orderId: again.id, existing: true }
      if (hold.status === 'STARTED_PAYMENT' || hold.status === 'WAITING_FOR_PAYMENT') {
        throw new DomainError('ORDER_NOT_PAYABLE', {
          message: 'A payment for this reservation is already under way.',
        })
      }
      assertCartable(hold, now)
      const priced = await priceReservation(trx, hold, fan.userId, now)
      if (priced.places.length === 0) throw new DomainError('HOLD_EXPIRED')
      if (priced.promoRefusal) {
        throw new DomainError(priced.promoRefusal.code, { details: { reason: priced.promoRefusal.reason } })
      }
      const total = priced.totals.total
      if (body.currency !== priced.currency || body.expectedTotal !== total) {
        throw new DomainError('AMOUNT_MISMATCH', { details: { total, currency: priced.currency } })
      }
      // Nothing to pay (a free tier, a full discount): confirmed with no payment at all, whatever the page
      // chose, so no card token is spent and no wallet line is written (issue 13).
      const choice: OrderPayment = total === 0 ? { method: 'FREE' } : body.payment
      if (choice.method === 'LINK') {
        if (!deps.providers.forCountry(priced.country).hostedCheckout) {
          throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', {
            field: 'payment.method',
            message: "This country's payment provider has no hosted payment page.",
          })
        }
      } else if (!isChoiceOffered(priced.country, choice)) {
        throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', { field: 'payment.method' })
      }
      const split = splitPayment(
        total,
        choice.method,
        choice.method === 'WALLET' || choice.method === 'LINK' || choice.method === 'FREE'
          ? 0
          : choice.walletAmount,
      )
      if (!split)
        throw new DomainError('AMOUNT_MISMATCH', { field: 'payment.walletAmount', details: { total } })
      const walletOnly = split.provider === 0
      const method: CheckoutMethod = choice.method === 'FREE' ? 'FREE' : walletOnly ? 'WALLET' : choice.method
      const adapter = walletOnly ? null : deps.providers.forCountry(priced.country)
      const providerCode = adapter?.code ?? 'wallet'
      const orderId = randomUUID()
      const paymentId = randomUUID()

      // Lock order: card token, promo code, wallet — the same in every checkout.
      let tokenHash: string | null = null
      if (!walletOnly && choice.method === 'CARD') {
        tokenHash = hashCardToken(choice.cardToken)
        if (!(await consumeCardToken(trx, tokenHash, paymentId))) throw new DomainError('CARD_TOKEN_USED')
      }
      if (priced.promo) {
        if (!(await redeemPromo(trx, priced.promo.id)))
          throw new DomainError('PROMO_CODE_EXHAUSTED', { details: { reason: 'exhausted' } })
        // Another checkout of this fan spent the code meanwhile: the same answer the cart gives (issue 13).
        if (!(await redeemFanUse(trx, priced.promo.id, fan.userId, priced.promo.max_uses_per_fan))) {
          throw new DomainError('PROMO_CODE_ALREADY_USED', { details: { reason: 'fan-limit' } })
        }
      }
      if (
        !(await debitWallet(trx, {
          userId: fan.userId,
          currency: priced.currency,
          amount: split.wallet,
          kind: 'DEBIT',
          reason: 'checkout',
          orderId,
        }))
      ) {
        throw new DomainError('INSUFFICIENT_WALLET_BALANCE', { field: 'payment.walletAmount' })
      }

      const lines: OrderLine[] = priced.totals.lines.map((l, i) => ({
        ...l,
        placeIndex: priced.places[i]?.placeIndex ?? 0,
      }))
      const network = choice.method === 'CASH' ? choice.network : null
      const transferKind = choice.method === 'TRANSFER' ? choice.kind : null
      const card = choice.method === 'CARD' && !walletOnly ? choice : null
      await insertOrder(trx, {
        id: orderId,
        code: orderCode(deps.random),
        user_id: fan.userId,
        hold_id: hold.id,
        event_id: hold.event_id,
        country: priced.country,
        locale: localeOf(priced.country),
        currency: priced.currency,
        status: 'PENDING',
        purchase_status: 'STARTED',
        method,
        provider: PROVIDER_NAMES[providerCode],
        subtotal: priced.totals.subtotal,
        fees: priced.totals.fees,
        discount: priced.totals.discount,
        wallet_amount: split.wallet,
        total,
        promo_id: priced.promo?.id ?? null,
        promo_code: priced.promo?.code ?? null,
        lines: JSON.stringify(lines),
        contact: JSON.stringify(body.contact),
        billing: JSON.stringify(body.billing),
        idempotency_key: body.idempotencyKey,
        failure_code: null,
      })
      await insertPayment(trx, {
        id: paymentId,
        order_id: orderId,
        user_id: fan.userId,
        provider_code: providerCode,
        method,
        network: walletOnly ? null : network,
        transfer_kind: walletOnly ? null : transferKind,
        bank: choice.method === 'TRANSFER' ? (choice.bank ?? null) : null,
        amount: walletOnly ? split.wallet : split.provider,
        currency: priced.currency,
        status: 'CREATED',
        transaction_status: 'PENDING',
        provider_payment_id: null,
        idempotency_key: `pay-${paymentId}`,
        card_token_hash: tokenHash,
        // Kept only until the card's outcome is known, so reconciliation can retry with the same key.
        retry_token: card?.cardToken ?? null,
        card_method: card?.paymentMethodId ?? null,
        card_issuer: card?.issuerId ?? null,
        decline_reason: null,
        expires_at: null,
      })
      await setHoldStatus(trx, hold.id, hold.status, 'STARTED_PAYMENT')

      if (walletOnly) {
        // Nothing to ask anyone: paid at once, in this same transaction.
        const order = await lockOrder(trx, orderId)
        const payment = await findPayment(trx, paymentId)
        if (!order || !payment) throw new Error('order vanished')
        const sold = await sellPlaces(
          trx,
          hold.event_id,
          hold.id,
          lines.map((l) => ({ section: l.section, placeIndex: l.placeIndex })),
        )
        if (sold.length !== lines.length) throw new DomainError('HOLD_EXPIRED')
        await finalizePaid(trx, deps, order, payment, sold)
        return { orderId, existing: false }
      }
      await protectSeats(trx, hold.id, new Date(now.getTime() + PAYMENT_GRACE_MS))
      return {
        orderId,
        existing: false,
        paymentId,
        method,
        providerCode,
        amount: split.provider,
        currency: priced.currency,
        eventStartsAt: new Date(priced.event.starts_at),
        eventName: priced.event.name,
      }
    })
    .catch((err: unknown) => {
      if ((err as { code?: string })?.code === '55P03') {
        throw new DomainError('SERVICE_UNAVAILABLE', { message: 'Checkout is busy right now; try again.' })
      }
      throw err
    })
}

async function charge(deps: CheckoutDeps, p: Prepared, body: PlaceOrderBody, now: Date) {
  const paymentId = p.paymentId as string
  const adapter = deps.providers.byCode(p.providerCode ?? '')
  if (!adapter) throw new Error(`no adapter ${p.providerCode}`)
  const payer: Payer = {
    email: body.contact.email,
    fullName: body.billing.fullName,
    documentType: body.billing.documentType,
    documentNumber: body.billing.documentNumber,
    phone: body.contact.phone,
  }
  const common = {
    paymentId,
    idempotencyKey: `pay-${paymentId}`,
    amount: { amount: p.amount ?? 0, currency: p.currency ?? 'COP' },
    payer,
    description: `Palco · ${p.eventName ?? ''}`.slice(0, 120),
  }
  const starts = p.eventStartsAt ?? new Date(now.getTime() + 86_400_000)
  let outcome: ProviderOutcome
  try {
    const choice = body.payment
    if (choice.method === 'CARD') {
      const r: ProviderPaymentResult = await adapter.chargeCard({
        ...common,
        token: choice.cardToken,
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
export async function orderView(db: Db, orderId: string, userId: string): Promise<OrderView> {
  const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await findOrder(db, orderId) : undefined
  if (!order || order.user_id !== userId) throw new DomainError('NOT_FOUND', { message: 'No such order.' })
  const [payment, event, tickets] = await Promise.all([
    latestPaymentOf(db, order.id),
    eventForCart(db, order.event_id),
    ticketsOfOrder(db, order.id),
  ])
  if (!payment || !event) throw new DomainError('NOT_FOUND')
  const status = order.status as OrderStatus
  const method = order.method as CheckoutMethod
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
  }
}
