import { DomainError, type ErrorCode } from '@palco/domain/errors/domain-error'
import type { Db } from '../../db/dialect.js'
import { OTP_ALLOWED_ATTEMPTS, OTP_TTL_SECONDS } from './auth.config.js'
import {
  clearAttempts,
  countAttempts,
  deleteAttempt,
  insertAttempt,
  lockThrottleSubject,
} from './auth.repository.js'

interface Rule {
  max: number
  windowMs: number
  /** Shortest gap between two events (resend cool-down). */
  minGapMs?: number
  code: ErrorCode
}

/**
 * Per-account limits (DESIGN §9), counted from rows in auth_attempts so every process sees the same
 * numbers. Per-IP limits are the rate limiter's, on the routes.
 */
export const THROTTLES = {
  /** Codes sent to one account (or address without one): 5 per 15 minutes, 30 s apart (spec §8). */
  codeSend: { max: 5, windowMs: 15 * 60_000, minGapMs: 30_000, code: 'LimitExceededException' },
  /** Wrong passwords for one account, whichever identifier was typed: 10 per 15 minutes. */
  loginFailure: { max: 10, windowMs: 15 * 60_000, code: 'FailedAttemptsLimitExceededException' },
  /** Tries of one code: once they are spent, even the right code answers TooManyFailedAttempts. */
  codeTry: {
    max: OTP_ALLOWED_ATTEMPTS,
    windowMs: OTP_TTL_SECONDS * 1000,
    code: 'TooManyFailedAttemptsException',
  },
} satisfies Record<string, Rule>

export type ThrottleKind = keyof typeof THROTTLES

/**
 * Takes one slot of a limit, or throws the rule's error when none is left. Counting and recording happen
 * under a lock on the subject (issue 12: 40 parallel sign-ins each read "9 failures" before any wrote the
 * tenth), so the limit holds under any concurrency and across processes. A slot is taken *before* the
 * guarded work: a password or code is only ever compared inside a slot. Returns the slot's id, which
 * `giveBack` returns when the work turned out not to count (a right password, a right code).
 */
export async function takeSlot(db: Db, kind: ThrottleKind, subject: string, now = new Date()) {
  const rule: Rule = THROTTLES[kind]
  return db.transaction().execute(async (trx) => {
    await lockThrottleSubject(trx, `${kind}:${subject}`)
    const { count, last } = await countAttempts(trx, kind, subject, new Date(now.getTime() - rule.windowMs))
    const tooSoon =
      rule.minGapMs !== undefined && last !== null && now.getTime() - last.getTime() < rule.minGapMs
    if (count >= rule.max || tooSoon) {
      throw new DomainError(rule.code, { message: 'Too many attempts; wait a moment and try again.' })
    }
    return insertAttempt(trx, kind, subject)
  })
}

export const giveBack = (db: Db, slot: string) => deleteAttempt(db, slot)
export const resetThrottle = (db: Db, kind: ThrottleKind, subject: string) => clearAttempts(db, kind, subject)
