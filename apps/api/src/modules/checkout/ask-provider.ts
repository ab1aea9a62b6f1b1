import type { PlaceOrderBody } from '@palco/domain/checkout/contract'
import { hostedPaymentWindow, pendingExpiry } from '@palco/domain/checkout/methods'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Currency } from '@palco/domain/locale/country'
import { eventOfOrder, type OrderRow, orderById } from '../orders/orders.service.js'
import {
  currentPaymentOf,
  type HostedData,
  type PaymentRow,
  type ProviderOutcome,
  type TransferData,
  type VoucherData,
} from '../payments/payments.service.js'
import { type Payer, type PaymentProviderAdapter, ProviderUnavailableError } from '../payments/provider.js'
import { reservationEnd } from '../seating/seat-sales.service.js'
import { applyProviderOutcome, type CheckoutDeps } from '../settlement/settlement.service.js'
import type { OrderRequest, Prepared } from './order-request.js'

// Asking the provider, outside any transaction (issue 6): the payment the first transaction prepared is
// charged, a voucher or transfer made, or a hosted page opened; the answer is applied by settlement.

type Charged = Pick<OrderRequest, 'contact' | 'billing' | 'payment'>

/** What every provider call carries: the payment, its key, the amount, the payer and a description. */
function commonOf(p: Prepared, body: Charged) {
  const paymentId = p.paymentId as string
  const billing = body.billing
  // Only the counter places an order without billing details, and the counter never calls a provider.
  if (!billing) throw new Error(`order ${p.orderId}: a provider payment needs billing details`)
  const payer: Payer = {
    email: body.contact.email,
    fullName: billing.fullName,
    documentType: billing.documentType,
    documentNumber: billing.documentNumber,
    phone: body.contact.phone,
  }
  return {
    paymentId,
    idempotencyKey: p.idempotencyKey ?? `pay-${paymentId}`,
    amount: { amount: p.amount ?? 0, currency: p.currency ?? ('COP' as Currency) },
    payer,
    description: `Palco · ${p.eventName ?? ''}`.slice(0, 120),
  }
}

/** Asks the provider for the prepared payment, outside any transaction, and applies its answer. */
export async function charge(deps: CheckoutDeps, p: Prepared, body: Charged, now: Date) {
  const common = commonOf(p, body)
  const adapter = deps.providers.byCode(p.providerCode ?? '')
  if (!adapter) throw new Error(`no adapter ${p.providerCode}`)
  if (body.payment.method === 'LINK') {
    // The provider's page (a card link handed over at the counter), asked and settled by the same step as
    // the fans' own hosted checkout, which also ends the order when the provider cannot make it.
    const [order, payment] = await Promise.all([
      orderById(deps.db, p.orderId),
      currentPaymentOf(deps.db, p.orderId),
    ])
    if (!order) throw new Error(`order ${p.orderId} vanished`)
    await openHostedPage(deps, order, payment, now)
    return
  }
  let outcome: ProviderOutcome | null
  try {
    outcome = await askProvider(deps, adapter, p, body.payment, common, now)
  } catch (err) {
    await providerFailed(deps, p, common.paymentId, err)
    return
  }
  if (outcome) await applyProviderOutcome(deps, common.paymentId, outcome)
}

/** The provider's answer for a card, a cash voucher or a bank transfer; null for anything else. */
async function askProvider(
  deps: CheckoutDeps,
  adapter: PaymentProviderAdapter,
  p: Prepared,
  choice: Charged['payment'],
  common: ReturnType<typeof commonOf>,
  now: Date,
): Promise<ProviderOutcome | null> {
  const starts = p.eventStartsAt ?? new Date(now.getTime() + 86_400_000)
  if (choice.method === 'CARD') {
    return await adapter.chargeCard({
      ...common,
      token: choice.cardToken,
      ...(p.savedCard ? { savedCard: p.savedCard } : {}),
      installments: choice.installments,
      ...(choice.paymentMethodId ? { paymentMethodId: choice.paymentMethodId } : {}),
      ...(choice.issuerId ? { issuerId: choice.issuerId } : {}),
    })
  }
  if (choice.method === 'CASH') {
    const r = await adapter.createCashVoucher({
      ...common,
      network: choice.network,
      expiresAt: pendingExpiry('CASH', now, starts),
    })
    const voucher: VoucherData = {
      network: choice.network,
      reference: r.voucher.reference,
      barcode: r.voucher.barcode,
      amount: common.amount.amount,
      expiresAt: r.voucher.expiresAt.toISOString(),
    }
    return { ...r, voucher, expiresAt: r.voucher.expiresAt }
  }
  if (choice.method !== 'TRANSFER') return null
  const r = await adapter.createTransfer({
    ...common,
    kind: choice.kind,
    ...(choice.bank ? { bank: choice.bank } : {}),
    expiresAt: pendingExpiry(choice.kind, now, starts),
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
  return { ...r, transfer, expiresAt: r.transfer.expiresAt }
}

/**
 * The provider call failed. A card's outcome is unknown (it may have been charged): kept pending
 * (PENDING_CARD) for reconciliation to retry with the same idempotency key, which returns that attempt's
 * result. No voucher or transfer was handed to the fan, so nothing can be paid against it: the order is undone.
 */
async function providerFailed(deps: CheckoutDeps, p: Prepared, paymentId: string, err: unknown) {
  if (!(err instanceof ProviderUnavailableError)) deps.log?.error({ err, paymentId }, 'provider call failed')
  if (p.method === 'CARD') {
    await applyProviderOutcome(deps, paymentId, { status: 'PENDING' })
    return
  }
  await applyProviderOutcome(deps, paymentId, {
    status: 'DECLINED',
    declineReason: 'provider_unavailable',
    failureCode: 'PAYMENT_PROVIDER_UNAVAILABLE',
  })
  throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: err })
}

/**
 * Asks the provider for the hosted page of one payment and keeps it on the payment. The page takes
 * payments until the hold ends; its back URLs are our result pages, which poll the order. A provider that
 * cannot make the page ends the order at once (nothing was handed to the fan), as for a voucher.
 */
export async function openHostedPage(
  deps: CheckoutDeps,
  order: OrderRow,
  payment: PaymentRow,
  now: Date,
): Promise<HostedData> {
  const adapter = deps.providers.byCode(payment.provider_code)
  if (!adapter) throw new Error(`no adapter ${payment.provider_code}`)
  const [holdEnd, event] = await Promise.all([
    reservationEnd(deps.db, order.hold_id),
    eventOfOrder(deps.db, order.event_id),
  ])
  if (!holdEnd || !event) throw new DomainError('NOT_FOUND')
  const span = hostedPaymentWindow(holdEnd, now, event.startsAt)
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
