import { z } from 'zod'
import { isWholeUnits, type Money, minorDigitsOf } from '../money/minor-units.js'
import type { PaymentPlanKind } from '../orders/vocabulary.js'

/**
 * Paguitos, installment plans: the fan pays a deposit now and the rest in scheduled payments that all fall
 * before the event. An event's admin configures the plan; `scheduleOf` turns it into the amounts and dates
 * a given total would have, or says the plan is not offered for it. ONE_TIME_PAYMENT, the third plan kind
 * of the spec, is a single charge and has no schedule.
 */

/** A deposit in basis points of the total (100 = 1 %), or a fixed amount in minor units. */
export const installmentDepositSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PERCENT'), bps: z.int().min(100).max(9_000) }),
  z.object({ kind: z.literal('FIXED'), amount: z.int().min(1) }),
])
export type InstallmentDeposit = z.infer<typeof installmentDepositSchema>

const cadenceFields = {
  /** Scheduled payments after the deposit. */
  payments: z.int().min(1).max(24),
  spacingDays: z.int().min(7).max(62).default(30),
  /** The last payment is due at least this many days before the event starts. */
  lastDueDaysBeforeEvent: z.int().min(0).max(365).default(30),
  /** In minor units: neither the deposit nor any scheduled payment may be smaller. */
  minPayment: z.int().min(0).default(0),
}

export const installmentPlanSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('PAYMENT' satisfies PaymentPlanKind),
    deposit: installmentDepositSchema,
    ...cadenceFields,
  }),
  /**
   * Season passes: the first of `payments + 1` equal monthly parts is charged now and stands for the
   * deposit. A deposit left from editing the plan as PAYMENT is accepted and ignored.
   */
  z.object({
    kind: z.literal('SUBSCRIPTION' satisfies PaymentPlanKind),
    deposit: installmentDepositSchema.optional(),
    ...cadenceFields,
  }),
])
export type InstallmentPlan = z.infer<typeof installmentPlanSchema>

/** What a plan comes to for one total: `deposit` plus every payment's amount is always the total. */
export const installmentScheduleSchema = z.object({
  /** Charged now, in minor units. */
  deposit: z.int().min(1),
  payments: z
    .array(z.object({ seq: z.int().min(1), dueAt: z.iso.datetime(), amount: z.int().min(1) }))
    .min(1)
    .max(24),
})
export type InstallmentSchedule = z.infer<typeof installmentScheduleSchema>

// Exact 24-hour days in UTC milliseconds, not local calendar days: a due date must not move with a zone's
// clock changes, and the same inputs must give the same dates wherever this runs.
const DAY_MS = 86_400_000

/** Round half up of `units × bps / 10 000`, exact for any safe integer (the product may pass 2^53). */
const bpsOf = (units: number, bps: number): number =>
  Number((BigInt(units) * BigInt(bps) * 2n + 10_000n) / 20_000n)

/**
 * Whether the plan's last payment, for a purchase at `now`, falls no later than `lastDueDaysBeforeEvent`
 * days before the event (a due date exactly on that cutoff fits). Amounts aside, the plan is offered then.
 */
export function datesFit(
  plan: Pick<InstallmentPlan, 'payments' | 'spacingDays' | 'lastDueDaysBeforeEvent'>,
  now: Date,
  eventStartsAt: Date,
): boolean {
  const lastDue = now.getTime() + plan.payments * plan.spacingDays * DAY_MS
  return lastDue <= eventStartsAt.getTime() - plan.lastDueDaysBeforeEvent * DAY_MS
}

/**
 * `total` split by `plan` from `now`, or null when the plan is not offered for it: a total of zero or less,
 * a deposit that is not strictly between zero and the total, a payment of zero, a deposit or payment below
 * `minPayment`, or a last payment due later than `lastDueDaysBeforeEvent` days before `eventStartsAt` (a
 * due date exactly on that cutoff is offered). The i-th payment is due `i × spacingDays` days after `now`.
 */
export function scheduleOf(
  total: Money,
  plan: InstallmentPlan,
  now: Date,
  eventStartsAt: Date,
): InstallmentSchedule | null {
  if (!Number.isSafeInteger(total.amount)) {
    throw new RangeError(`Money amounts are integer minor units, got ${total.amount}`)
  }
  if (Number.isNaN(now.getTime()) || Number.isNaN(eventStartsAt.getTime())) {
    throw new RangeError('scheduleOf needs valid dates')
  }
  if (total.amount <= 0) return null

  const spacingMs = plan.spacingDays * DAY_MS
  if (!datesFit(plan, now, eventStartsAt)) return null

  // A total in whole pesos is split into whole pesos (a Colombian voucher shows no cents), so every part is
  // counted in major units then; otherwise in minor units.
  const unit = isWholeUnits(total) ? 10 ** minorDigitsOf(total.currency) : 1
  const units = total.amount / unit

  // SUBSCRIPTION: `payments + 1` equal parts, the first of them charged now. PAYMENT: the deposit, then the
  // rest in `payments` equal parts. Either way the remainder of the equal split goes to the earliest part,
  // so the fan pays the odd amount soonest and every later payment is the same.
  let depositUnits: number
  let partUnits: number
  let firstUnits: number
  if (plan.kind === 'SUBSCRIPTION') {
    partUnits = Math.floor(units / (plan.payments + 1))
    depositUnits = units - partUnits * plan.payments
    firstUnits = partUnits
  } else {
    // A fixed deposit that is not in whole units is rounded like a percentage, half up, when the total is.
    depositUnits =
      plan.deposit.kind === 'FIXED' ? Math.round(plan.deposit.amount / unit) : bpsOf(units, plan.deposit.bps)
    if (depositUnits <= 0 || depositUnits >= units) return null
    const rest = units - depositUnits
    partUnits = Math.floor(rest / plan.payments)
    firstUnits = rest - partUnits * (plan.payments - 1)
  }

  const deposit = depositUnits * unit
  const part = partUnits * unit
  // The equal later parts are the smallest payments (the first only adds the remainder to them), and a
  // subscription's deposit is one of them plus the remainder too.
  if (part <= 0 || part < plan.minPayment || deposit < plan.minPayment) return null

  const payments = Array.from({ length: plan.payments }, (_, i) => ({
    seq: i + 1,
    dueAt: new Date(now.getTime() + (i + 1) * spacingMs).toISOString(),
    amount: i === 0 ? firstUnits * unit : part,
  }))
  return { deposit, payments }
}

/** Whether `plan` is offered for `total` bought at `now` for an event starting at `eventStartsAt`. */
export const isPlanOffered = (total: Money, plan: InstallmentPlan, now: Date, eventStartsAt: Date): boolean =>
  scheduleOf(total, plan, now, eventStartsAt) !== null
