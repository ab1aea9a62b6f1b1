import { reservationDeadlineOk } from '@palco/domain/box-office/tenders'
import { isChoiceOffered, pendingExpiry } from '@palco/domain/checkout/methods'
import {
  SALES_CHANNEL_POLICIES,
  type SalesChannelPolicy,
  takesStaffMethod,
} from '@palco/domain/checkout/sales-channel-policy'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, Currency } from '@palco/domain/locale/country'
import { type Buyer, buyerColumnsOf } from '@palco/domain/orders/parties'
import { type OrderActor, type OrderPayment, sumOfParts } from './order-request.js'

// The sales channel an order is placed through (packages/domain/src/checkout/sales-channel-policy.ts), chosen
// once from who places it; the checkout flow asks it instead of branching on actor or method names.

/** The box office's when an operator sells for a buyer or takes a payment at the counter; else online. */
export const salesChannelOf = (actor: OrderActor): SalesChannelPolicy =>
  SALES_CHANNEL_POLICIES[actor.sellingFor !== undefined || actor.atCounter === true ? 'COUNTER' : 'ONLINE']

/**
 * Who may pay more of an order: whoever placed it, its buyer (a plan sold to them at the counter is paid from
 * their account), and a channel that takes counter tenders (the box office checks the event is theirs).
 */
export const mayPayOrder = (
  order: { placed_by: string; user_id: string | null },
  actor: OrderActor,
  method: string,
) =>
  order.placed_by === actor.userId ||
  order.user_id === actor.userId ||
  (method === 'COUNTER' && takesStaffMethod(salesChannelOf(actor), 'COUNTER'))

/** The order's parties as its columns say them: the buyer, whoever placed it, the seller if recorded. */
export function partiesOf(channel: SalesChannelPolicy, actor: OrderActor) {
  const sellingFor = channel.sellsForAnother ? actor.sellingFor : undefined
  const buyer: Buyer = sellingFor ?? { kind: 'ACCOUNT', userId: actor.userId }
  return {
    ...buyerColumnsOf(buyer),
    placed_by: actor.userId,
    seller_user_id: channel.recordsSeller && sellingFor ? actor.userId : null,
    channel: actor.channel ?? 'WEB_DESKTOP',
  }
}

/** What a payment is checked against: the order's country and total, and the event's start. */
export interface PaymentContext {
  country: Country
  currency: Currency
  /** Whether the country's provider has a hosted payment page (LINK). */
  hostedCheckout: boolean
  total: number
  /** A deposit asked instead of the total (a paguitos plan). */
  firstPayment: number | undefined
  now: Date
  eventStartsAt: Date
}

/** Throws when this channel may not take this payment: the method, and what the staff methods must add up to. */
export function assertChannelTakes(channel: SalesChannelPolicy, choice: OrderPayment, ctx: PaymentContext) {
  const unavailable = () => new DomainError('PAYMENT_METHOD_UNAVAILABLE', { field: 'payment.method' })
  if (choice.method === 'LINK') {
    if (!ctx.hostedCheckout)
      throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', {
        field: 'payment.method',
        message: "This country's payment provider has no hosted payment page.",
      })
  } else if (choice.method === 'COUNTER') {
    if (!takesStaffMethod(channel, 'COUNTER')) throw unavailable()
    // The tenders pay the whole total, or a paguitos plan's deposit sold at the counter (issue 16).
    if (sumOfParts(choice.parts) !== (ctx.firstPayment ?? ctx.total))
      throw new DomainError('AMOUNT_MISMATCH', { details: { total: ctx.total, currency: ctx.currency } })
  } else if (choice.method === 'RESERVATION') {
    if (!takesStaffMethod(channel, 'RESERVATION')) throw unavailable()
    if (!reservationDeadlineOk(choice.until, ctx.now, ctx.eventStartsAt))
      throw new DomainError('RESERVATION_DEADLINE_INVALID', { field: 'until' })
  } else if (!isChoiceOffered(ctx.country, choice)) {
    throw unavailable()
  }
}

/** How long a hosted-payment link keeps the seats when the channel hands it over for later (the counter's). */
export const linkHoldEnd = (
  channel: SalesChannelPolicy,
  choice: OrderPayment,
  now: Date,
  eventStartsAt: Date,
) =>
  choice.method === 'LINK' && channel.linkWindow === 'COUNTER_LINK'
    ? pendingExpiry('COUNTER_LINK', now, eventStartsAt)
    : undefined
