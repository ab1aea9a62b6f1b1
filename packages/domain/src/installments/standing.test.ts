import { describe, expect, it } from 'vitest'
import type { InstallmentSchedule } from './schedule.js'
import {
  CHARGE_ATTEMPTS,
  chargeAttemptDue,
  GRACE_DAYS,
  installmentLines,
  nextInstallment,
  noticeDue,
  planStanding,
} from './standing.js'

const DAY = 86_400_000
const bought = new Date('2026-12-01T15:00:00Z')
const dueOf = (days: number) => new Date(bought.getTime() + days * DAY).toISOString()
const schedule: InstallmentSchedule = {
  deposit: 2_500,
  payments: [
    { seq: 1, dueAt: dueOf(10), amount: 3_750 },
    { seq: 2, dueAt: dueOf(20), amount: 3_750 },
  ],
}
const at = (days: number) => new Date(bought.getTime() + days * DAY)

describe('where a paguitos plan stands', () => {
  it('covers the deposit first, then each payment in due order, with a part payment carried', () => {
    expect(installmentLines(schedule, bought, 2_500).map((l) => l.status)).toEqual([
      'PAID',
      'PENDING',
      'PENDING',
    ])
    const part = installmentLines(schedule, bought, 4_000)
    expect(part.map((l) => [l.status, l.covered])).toEqual([
      ['PAID', 2_500],
      ['PENDING', 1_500],
      ['PENDING', 0],
    ])
    expect(nextInstallment(part)).toEqual({ seq: 1, dueAt: dueOf(10), amount: 2_250 })
    // Paying early: everything covered, nothing next.
    const all = installmentLines(schedule, bought, 10_000)
    expect(all.every((l) => l.status === 'PAID')).toBe(true)
    expect(nextInstallment(all)).toBeNull()
    expect(planStanding(all, at(30))).toBe('PAID')
  })

  it('is current before a due date, overdue during the grace, lapsed after it', () => {
    const lines = installmentLines(schedule, bought, 2_500)
    expect(planStanding(lines, at(9.9))).toBe('CURRENT')
    expect(planStanding(lines, at(10))).toBe('OVERDUE')
    expect(planStanding(lines, at(10 + GRACE_DAYS - 0.001))).toBe('OVERDUE')
    expect(planStanding(lines, at(10 + GRACE_DAYS))).toBe('LAPSED')
    // The first paid on time: the second's dates decide.
    expect(planStanding(installmentLines(schedule, bought, 6_250), at(15))).toBe('CURRENT')
  })

  it('owes the latest notice only: due soon three days before, due today, then overdue', () => {
    const lines = installmentLines(schedule, bought, 2_500)
    expect(noticeDue(lines, at(6.9))).toBeNull()
    expect(noticeDue(lines, at(7))).toEqual({ seq: 1, kind: 'DUE_SOON' })
    expect(noticeDue(lines, at(10))).toEqual({ seq: 1, kind: 'DUE_TODAY' })
    expect(noticeDue(lines, at(11))).toEqual({ seq: 1, kind: 'OVERDUE' })
    expect(noticeDue(installmentLines(schedule, bought, 10_000), at(11))).toBeNull()
  })

  it('charges a saved card on the due date, then retries a day and two days later, inside the grace', () => {
    const next = nextInstallment(installmentLines(schedule, bought, 2_500))
    expect(chargeAttemptDue(next, 0, at(9.99))).toBe(false)
    expect(chargeAttemptDue(next, 0, at(10))).toBe(true)
    expect(chargeAttemptDue(next, 1, at(10.5))).toBe(false)
    expect(chargeAttemptDue(next, 1, at(11))).toBe(true)
    expect(chargeAttemptDue(next, 2, at(12))).toBe(true)
    expect(chargeAttemptDue(next, CHARGE_ATTEMPTS, at(12.9))).toBe(false)
    expect(CHARGE_ATTEMPTS - 1).toBeLessThan(GRACE_DAYS)
    expect(chargeAttemptDue(null, 0, at(30))).toBe(false)
  })
})
