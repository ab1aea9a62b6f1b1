import type { InstallmentQuote } from '@palco/domain/checkout/contract'
import { type InstallmentSchedule, scheduleOf } from '@palco/domain/installments/schedule'
import { chargeAttemptDue, installmentLines, nextInstallment } from '@palco/domain/installments/standing'
import type { Country, Currency, Locale } from '@palco/domain/locale/country'
import type { Db } from '../../db/dialect.js'
import { planOfEvent } from '../catalog-admin/installment-plans.service.js'
import { insertOutboxMessage } from '../notifications/notifications.service.js'
import { priceReservation } from '../orders/cart.service.js'
import { eventOfOrder, type OrderRow } from '../orders/orders.service.js'
import type { ProviderRegistry } from '../payments/registry.js'
import { canSaveCards } from '../payments/saved-cards.service.js'
import { ownHoldRow } from '../seating/own-reservation.service.js'
import { type PlanMail, planEmail } from './plan-emails.js'
import { chargeAttemptsOf, claimInstallmentCharge, claimNotice, openPlanIds } from './plans.repository.js'

// Paguitos plans (issue 16): what a reservation's plan comes to, the plan's messages, and the claims that keep
// each automatic charge and each notice to once across processes. Placing a plan order and paying its
// installments are checkout flows (modules/checkout/installments.service.ts) that read these.

/**
 * Claims one automatic charge attempt of an installment for the payment that makes it; false when another
 * process claimed it already.
 */
export const claimChargeAttempt = (
  trx: Db,
  charge: { orderId: string; seq: number; attempt: number },
  paymentId: string,
) =>
  claimInstallmentCharge(trx, {
    order_id: charge.orderId,
    seq: charge.seq,
    attempt: charge.attempt,
    payment_id: paymentId,
  })

/**
 * The automatic charge of the next installment due now, if one is (`chargeAttemptDue`: on the due date, then
 * a day apart, until none are left): its attempt number, counted from those claimed so far; else null.
 */
export async function dueChargeAttempt(
  db: Db,
  orderId: string,
  next: { seq: number; dueAt: string },
  now: Date,
): Promise<number | null> {
  const attempts = await chargeAttemptsOf(db, orderId, next.seq)
  return chargeAttemptDue(next, attempts, now) ? attempts : null
}

/**
 * Every open plan's order id, oldest first, read a page at a time as the caller goes through them: the next
 * page is read after the last id of this one, so plans that close meanwhile are neither missed nor repeated.
 */
export async function* openPlans(db: Db, pageSize: number): AsyncGenerator<string> {
  let after: string | null = null
  for (;;) {
    const ids = await openPlanIds(db, after, pageSize)
    yield* ids
    if (ids.length < pageSize) return
    after = ids.at(-1) ?? null
  }
}

/**
 * Sends a reminder or warning once: the claim and the message in one transaction, so a second process (or a
 * second pass) finds it claimed and sends nothing.
 */
export async function sendPlanNoticeOnce(
  trx: Db,
  deps: { publicUrl: string },
  order: OrderRow,
  notice: { seq: number; kind: PlanMail },
  settled: number,
) {
  if (!(await claimNotice(trx, order.id, notice.seq, notice.kind))) return false
  await mailPlan(trx, deps, order, notice.kind, settled)
  return true
}

/**
 * What the reservation's plan is, priced as its cart is now; a reservation that is not the holder's is 404.
 * The holder is the fan, or the operator at the counter selling to `buyerId` (whose promo uses count).
 */
export async function scheduleForHold(
  db: Db,
  holderId: string,
  reservationId: string,
  now: Date,
  buyerId: string | null = holderId,
) {
  const hold = await ownHoldRow(db, reservationId, holderId)
  const priced = await priceReservation(db, hold, buyerId, now)
  const plan = await planOfEvent(db, hold.event_id)
  const total = priced.totals.total
  const planned =
    plan && priced.places.length > 0
      ? scheduleOf({ amount: total, currency: priced.currency }, plan, now, priced.event.startsAt)
      : null
  // The service fees are not refundable, so the deposit must cover them: a plan whose deposit is below the
  // fees (a small deposit on a cart with large fees) is not offered for this cart (issue 16, bad input).
  const schedule = planned && planned.deposit >= priced.totals.fees ? planned : null
  return { currency: priced.currency, total, schedule, country: priced.country }
}

/** GET /api/checkout-service/installment (spec §7): the schedule the fan would commit to, before paying. */
export async function installmentQuote(
  deps: { db: Db; providers: ProviderRegistry },
  userId: string,
  reservationId: string,
  now = new Date(),
): Promise<InstallmentQuote> {
  const { country, ...quote } = await scheduleForHold(deps.db, userId, reservationId, now)
  return { ...quote, canSaveCard: canSaveCards(deps, country as Country) }
}

/**
 * Tells the fan about their plan through the outbox: opened, a payment due or missed, cancelled. `settled`
 * is what the order's settled payments add up to now (the next installment follows from it).
 */
export async function mailPlan(
  trx: Db,
  deps: { publicUrl: string },
  order: OrderRow,
  kind: PlanMail,
  settled: number,
  money: { refunded: number; kept: number } = { refunded: 0, kept: 0 },
) {
  const contact = order.contact as { email: string }
  const event = contact.email ? await eventOfOrder(trx, order.event_id) : undefined
  const schedule = order.installment_schedule as InstallmentSchedule | null
  if (!event || !schedule) return
  const next = nextInstallment(installmentLines(schedule, new Date(order.created_at), settled))
  const locale = order.locale as Locale
  const mail = planEmail(locale, kind, {
    code: order.code,
    eventName: event.name,
    timeZone: event.timeZone,
    currency: order.currency as Currency,
    next,
    ...money,
    payUrl: `${deps.publicUrl}/checkout/installment?order=${order.id}`,
  })
  const template = `installment.${kind.toLowerCase()}`
  await insertOutboxMessage(trx, {
    channel: 'email',
    recipient: contact.email,
    locale,
    template,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  })
  // Reminders and warnings also go by SMS to the order's phone (issue 16 part 4); the opening has the mail.
  const phone = (order.contact as { phone?: string }).phone
  if (kind !== 'OPENED' && phone) {
    await insertOutboxMessage(trx, {
      channel: 'sms',
      recipient: phone,
      locale,
      template,
      subject: mail.subject,
      textBody: mail.sms,
      htmlBody: null,
    })
  }
}
