import type { InstallmentStatus } from '../orders/statuses.js'
import type { InstallmentSchedule } from './schedule.js'

/**
 * Where a paguitos plan stands (issue 16 parts 4–6), derived from its schedule and what the order's settled
 * payments add up to — never stored apart from them, so a payment that settles twice or out of order cannot
 * leave an installment marked wrongly. Money settled is applied to the deposit first, then to each payment in
 * due order: paying early or paying more than one installment at once simply covers more of them.
 */

const DAY_MS = 86_400_000

/** Reminders go out this many days before a due date, and again on it (issue 16 part 4). */
export const REMINDER_DAYS_BEFORE = 3
/**
 * Days after a missed due date before the plan is cancelled (issue 16 part 5): the fan is told on the due
 * date, the day after and the third day, and may pay at any time until the grace ends.
 */
export const GRACE_DAYS = 3

export interface InstallmentLine {
  /** 0 is the deposit. */
  seq: number
  /** The deposit's is the moment the plan was bought. */
  dueAt: string
  amount: number
  /** Spec §4's installment statuses: PAID once settled money covers it, PENDING before. */
  status: Extract<InstallmentStatus, 'PAID' | 'PENDING'>
  /** Part of it is covered already (a payment that did not match an installment's amount). */
  covered: number
}

/** The schedule with each installment's status, given the money settled so far. */
export function installmentLines(
  schedule: InstallmentSchedule,
  boughtAt: Date,
  settled: number,
): InstallmentLine[] {
  const parts = [
    { seq: 0, dueAt: boughtAt.toISOString(), amount: schedule.deposit },
    ...schedule.payments.map((p) => ({ seq: p.seq, dueAt: p.dueAt, amount: p.amount })),
  ]
  let left = Math.max(0, settled)
  return parts.map((p) => {
    const covered = Math.min(left, p.amount)
    left -= covered
    return { ...p, status: covered === p.amount ? 'PAID' : 'PENDING', covered }
  })
}

/** The first installment not fully paid, with what is left of it; null when the plan is paid. */
export function nextInstallment(lines: readonly InstallmentLine[]) {
  const next = lines.find((l) => l.status === 'PENDING')
  return next ? { seq: next.seq, dueAt: next.dueAt, amount: next.amount - next.covered } : null
}

/**
 * PAID: nothing left. CURRENT: nothing overdue. OVERDUE: a due date passed, still within the grace.
 * LAPSED: the grace of a missed installment ended — the plan is to be cancelled.
 */
export type PlanStanding = 'PAID' | 'CURRENT' | 'OVERDUE' | 'LAPSED'

export function planStanding(lines: readonly InstallmentLine[], now: Date): PlanStanding {
  const next = nextInstallment(lines)
  if (!next) return 'PAID'
  const due = Date.parse(next.dueAt)
  if (now.getTime() < due) return 'CURRENT'
  return now.getTime() < due + GRACE_DAYS * DAY_MS ? 'OVERDUE' : 'LAPSED'
}

/** The notices a plan sends; each goes once per installment (the API keys them by order, seq and kind). */
export type PlanNotice = 'DUE_SOON' | 'DUE_TODAY' | 'OVERDUE'

/**
 * The notice the fan should have had by `now` about the next unpaid installment, or null: three days before
 * its due date, on it, and once overdue. Only the latest applies — a plan bought two days before a due date
 * gets "due today" on the day, not a late "due soon".
 */
export function noticeDue(
  lines: readonly InstallmentLine[],
  now: Date,
): { seq: number; kind: PlanNotice } | null {
  const next = nextInstallment(lines)
  if (!next || next.seq === 0) return null
  const due = Date.parse(next.dueAt)
  const t = now.getTime()
  if (t >= due + DAY_MS) return { seq: next.seq, kind: 'OVERDUE' }
  if (t >= due) return { seq: next.seq, kind: 'DUE_TODAY' }
  if (t >= due - REMINDER_DAYS_BEFORE * DAY_MS) return { seq: next.seq, kind: 'DUE_SOON' }
  return null
}

/** Automatic charges of a saved card per installment: on the due date, then a day and two days after. */
export const CHARGE_ATTEMPTS = 3

/**
 * Whether the plan pass should charge the saved card for `next` now, given the attempts already made: the
 * n-th attempt (from 0) is due n days after the due date, and none are left once the grace is near its end
 * (issue 16 parts 4 and 5: retries, then the plan is cancelled).
 */
export function chargeAttemptDue(
  next: { seq: number; dueAt: string } | null,
  attempts: number,
  now: Date,
): boolean {
  if (!next || next.seq === 0 || attempts >= CHARGE_ATTEMPTS) return false
  return now.getTime() >= Date.parse(next.dueAt) + attempts * DAY_MS
}
