import { randomUUID } from 'node:crypto'
import type { EntryDocument } from '@palco/domain/box-office/contract'
import type { SettledTender } from '@palco/domain/box-office/tenders'
import type { SalesChannel } from '@palco/domain/catalog/vocabulary'
import type { CheckoutMethod, PaymentChoice, PlaceOrderBody } from '@palco/domain/checkout/contract'
import type { InstallmentSchedule } from '@palco/domain/installments/schedule'
import type { Currency } from '@palco/domain/locale/country'
import type { Buyer } from '@palco/domain/orders/parties'
import type { Db } from '../../db/dialect.js'
import { recordSettledPayment } from '../payments/payments.service.js'
import type { SavedCardRef } from '../payments/provider.js'

// What placing an order is asked and answers: who places it, how it is paid, and the request's parts.

/**
 * Who places an order (issue 14 part 1): the fan online, or an operator at the box office selling for a
 * buyer. Whoever places it holds the reservation and owns the idempotency key.
 */
export interface OrderActor {
  userId: string
  /** Spec §3, from the request's user agent (`salesChannelOf`); the web desktop when unknown. */
  channel?: SalesChannel
  /** Set only for an operator at the box office (the routes check the role): the buyer, and the actor sells. */
  sellingFor?: Buyer
  /** An operator taking a later payment of an order at the counter (a plan's installment); the routes check it. */
  atCounter?: boolean
  /**
   * Issue 42: refuses (403) a reservation of an event behind a waiting room without the fan's pass; called with
   * the reservation's event once it is read, synchronously, before anything is locked for payment.
   */
  admitted?: (eventId: string) => void
}

export interface Prepared {
  orderId: string
  existing: boolean
  paymentId?: string
  /** The key the provider sees for this payment: a retry with it answers the same attempt. */
  idempotencyKey?: string
  method?: CheckoutMethod
  providerCode?: string
  amount?: number
  currency?: Currency
  eventStartsAt?: Date
  eventName?: string
  /** Charged on a card the fan saved instead of the one-use token (issue 16 part 3). */
  savedCard?: SavedCardRef
}

/**
 * What an operator took at the counter (provider STAFF): tender parts already settled by `settleTenders`
 * (cash with its change, card-terminal payments with their authorization), each a payment of its own,
 * settled the moment it is recorded. Their amounts must add up to what is asked of them.
 */
export interface CounterTender {
  method: 'COUNTER'
  parts: readonly SettledTender[]
  /** The shift the sale belongs to: its cash goes into that drawer (issue 15 part 5). */
  shiftId?: string
  /** Confirms the drawer inside the payment's transaction; see `ShiftCheck`. */
  confirmShift?: ShiftCheck
}

/**
 * Locks the drawer's shift inside a cash movement's own transaction and re-checks it is open and of the
 * movement's currency (issue 40), so a close racing the movement either counts it or refuses it
 * (SHIFT_NOT_OPEN), and no shift mixes currencies. The box office owns shifts and passes this in.
 */
export type ShiftCheck = (trx: Db, currency: string) => Promise<void>

/**
 * Seats kept at the counter for a buyer who comes back to pay there (method RESERVATION): one payment of the
 * whole total, waiting until the deadline like a voucher (its network is the spec's cashInClub, paid at the
 * box office), then released by reconciliation.
 */
export interface CounterReservation {
  method: 'RESERVATION'
  until: Date
}

/** The columns an order or ticket keeps an entry document in (migration 0023): both or neither. */
export const entryDocumentColumns = (doc: EntryDocument | undefined) => ({
  entry_document_type: doc?.documentType ?? null,
  entry_document_number: doc?.documentNumber.toUpperCase() ?? null,
})

export const sumOfParts = (parts: readonly SettledTender[]) => parts.reduce((sum, p) => sum + p.amount, 0)

/** Records each counter tender part as a settled payment of the order. */
export async function recordCounterParts(
  trx: Db,
  order: { id: string; currency: string },
  placedBy: string,
  tender: CounterTender,
  key?: string,
) {
  await tender.confirmShift?.(trx, order.currency)
  for (const [i, part] of tender.parts.entries()) {
    await recordSettledPayment(trx, {
      id: randomUUID(),
      orderId: order.id,
      userId: placedBy,
      providerCode: 'staff',
      method: part.kind,
      amount: part.amount,
      currency: order.currency,
      reference: part.reference,
      tendered: part.tendered,
      change: part.change,
      shiftId: tender.shiftId ?? null,
      ...(key ? { idempotencyKey: tender.parts.length > 1 ? `${key}-${i}` : key } : {}),
    })
  }
}

/** How an order is paid: a place-order choice, the whole total on the provider's hosted page (LINK), or a
 * tender at the counter. */
export type OrderPayment = PaymentChoice | { method: 'LINK' } | CounterTender | CounterReservation
export type OrderRequest = Omit<PlaceOrderBody, 'payment' | 'billing'> & {
  payment: OrderPayment
  /** None at the counter: a walk-in pays there and gives no billing document (issue 15). */
  billing: PlaceOrderBody['billing'] | null
  /**
   * Asks the provider for only this much now (a deposit): the order is an INSTALLMENT purchase and stays
   * open until its payments add up to the total (spec §3 purchase kinds).
   */
  firstPayment?: number
  /** A paguitos purchase's schedule (issue 16): kept on the order; its deposit is `firstPayment`. */
  installmentSchedule?: InstallmentSchedule
  /**
   * The fan's saved card the deposit is charged on, and each installment when due (issue 16 part 3); the
   * card's one-use token was spent saving it.
   */
  savedCardId?: string
  /** A price lowered at the counter (issue 15): the new total, and whether an admin lowers it. */
  priceOverride?: { total: number; byAdmin: boolean } | undefined
  /** Entry by identity document (a counter sale, IDENTIFICATION): the tickets will admit by it. */
  identification?: EntryDocument | undefined
  /**
   * Runs in the order's own transaction once it is recorded, never on a replay: the box office's checks
   * (the operator's events, a courtesy's quota) and its audit entry. Throwing places nothing.
   */
  onRecorded?: (trx: Db, order: { id: string; eventId: string; places: number }) => Promise<void>
}

/** The row of a payment asked of the country's provider (card, voucher, transfer, hosted page). */
export function providerPaymentValues(
  id: string,
  orderId: string,
  userId: string,
  providerCode: string,
  choice: PaymentChoice | { method: 'LINK' },
  amount: number,
  currency: string,
) {
  const card = choice.method === 'CARD' ? choice : null
  return {
    id,
    order_id: orderId,
    user_id: userId,
    provider_code: providerCode,
    method: choice.method,
    network: choice.method === 'CASH' ? choice.network : null,
    transfer_kind: choice.method === 'TRANSFER' ? choice.kind : null,
    bank: choice.method === 'TRANSFER' ? (choice.bank ?? null) : null,
    amount,
    currency,
    provider_payment_id: null,
    idempotency_key: `pay-${id}`,
    card_token_hash: null as string | null,
    // Kept only until the card's outcome is known, so reconciliation can retry with the same key.
    retry_token: card?.cardToken ?? null,
    card_method: card?.paymentMethodId ?? null,
    card_installments: card ? card.installments : null,
    card_issuer: card?.issuerId ?? null,
    decline_reason: null,
    expires_at: null,
  }
}
