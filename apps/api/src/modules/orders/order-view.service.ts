import type { SalesChannel } from '@palco/domain/catalog/vocabulary'
import { checkoutResultOf } from '@palco/domain/checkout/checkout-result'
import type { CashNetwork, CheckoutMethod, OrderView, TransferKind } from '@palco/domain/checkout/contract'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { InstallmentSchedule } from '@palco/domain/installments/schedule'
import { installmentLines, nextInstallment, planStanding } from '@palco/domain/installments/standing'
import type { Currency } from '@palco/domain/locale/country'
import type { OrderStatus, PaymentRecordStatus, PurchaseStatus } from '@palco/domain/orders/statuses'
import type { PaymentProvider, PurchaseKind } from '@palco/domain/orders/vocabulary'
import type { Db } from '../../db/dialect.js'
import type { EventSummary } from '../catalog/event.service.js'
import {
  type PaymentRow,
  paymentsOfOrder,
  type TransferData,
  type VoucherData,
} from '../payments/payments.service.js'
import { savedCardLabel } from '../payments/saved-cards.service.js'
import { ticketsOfOrder } from '../tickets/issue-tickets.js'
import { eventOfOrder, type OrderLine, type OrderRow, orderById } from './orders.service.js'

// Reading an order: what the result, cash, transfer and plan pages show of it (they poll it while pending).

/**
 * The payment an order's pages speak of (as `latestPaymentOf` picks it): the latest through a provider, or
 * the wallet's when the wallet paid it all. A wallet part settles when taken, so nobody waits for it.
 */
function pagePaymentOf<P extends { provider_code: string }>(oldestFirst: readonly P[]): P | undefined {
  const own = oldestFirst.filter((p) => p.provider_code !== 'wallet')
  return own.at(-1) ?? oldestFirst.at(-1)
}

/** One of the fan's orders as the result, cash and transfer pages show it (they poll it while pending). */
export async function orderView(
  db: Db,
  orderId: string,
  userId: string,
  now = new Date(),
): Promise<OrderView> {
  const order = await orderById(db, orderId)
  // The buyer sees it, and so does whoever placed it (the operator who sold it at the counter).
  if (!order || (order.user_id !== userId && order.placed_by !== userId))
    throw new DomainError('NOT_FOUND', { message: 'No such order.' })
  const [event, tickets, { payments, balance }, autoCharge] = await Promise.all([
    eventOfOrder(db, order.event_id),
    ticketsOfOrder(db, order.id),
    paymentsOfOrder(db, order),
    savedCardLabel(db, order.saved_card_id),
  ])
  const payment = pagePaymentOf(payments)
  if (!payment || !event) throw new DomainError('NOT_FOUND')
  const status = order.status as OrderStatus
  const method = order.method as CheckoutMethod
  const schedule = order.installment_schedule as InstallmentSchedule | null
  const planLines =
    schedule && order.plan_opened_at
      ? installmentLines(schedule, new Date(order.created_at), balance.settled)
      : null
  const provider = order.provider as PaymentProvider
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
    event: eventPartOf(event),
    lines,
    tickets: tickets.map((t) => ({
      id: t.id,
      section: t.section_code,
      row: t.row_label,
      seat: t.seat_number,
      zoneName: t.zone_name,
    })),
    ...pendingPartsOf(payment),
    failureCode: order.failure_code,
    plan: planOf(order, planLines, autoCharge, now),
  }
}

/** The event as the order's pages show it. */
const eventPartOf = (event: EventSummary) => ({
  id: event.id,
  slug: event.slug,
  name: event.name,
  startsAt: event.startsAt.toISOString(),
  timeZone: event.timeZone,
  venueName: event.venueName,
  imageUrl: event.imageUrl,
})

/** The voucher or transfer a pending payment waits on (the cash and transfer pages show it). */
function pendingPartsOf(payment: PaymentRow): Pick<OrderView, 'voucher' | 'transfer'> {
  const voucher = payment.voucher as VoucherData | null
  const transfer = payment.transfer as TransferData | null
  return {
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
  }
}

/** An open paguitos plan: its lines, the next one, its standing, and the saved card charged when due. */
function planOf(
  order: OrderRow,
  planLines: ReturnType<typeof installmentLines> | null,
  autoCharge: NonNullable<OrderView['plan']>['autoCharge'],
  now: Date,
): OrderView['plan'] {
  return planLines
    ? {
        lines: planLines,
        next: nextInstallment(planLines),
        standing: planStanding(planLines, now),
        cancelled: order.failure_code === 'INSTALLMENT_MISSED',
        autoCharge,
      }
    : null
}
