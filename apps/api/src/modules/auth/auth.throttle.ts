import { DomainError, type ErrorCode } from '@palco/domain/errors/domain-error'
import type { Db } from '../../db/dialect.js'
import { clearAttempts, countAttempts, recordAttempt } from './auth.repository.js'

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
  /** Codes sent to one email or phone: 5 per 15 minutes, 30 s apart (LimitExceededException, spec §8). */
  codeSend: { max: 5, windowMs: 15 * 60_000, minGapMs: 30_000, code: 'LimitExceededException' },
  /** Wrong passwords for one account: 10 per 15 minutes, then the account waits. */
  loginFailure: { max: 10, windowMs: 15 * 60_000, code: 'FailedAttemptsLimitExceededException' },
} satisfies Record<string, Rule>

export type ThrottleKind = keyof typeof THROTTLES

export async function assertUnderLimit(db: Db, kind: ThrottleKind, subject: string, now = new Date()) {
  const rule: Rule = THROTTLES[kind]
  const { count, last } = await countAttempts(db, kind, subject, new Date(now.getTime() - rule.windowMs))
  const tooSoon =
    rule.minGapMs !== undefined && last !== null && now.getTime() - last.getTime() < rule.minGapMs
  if (count >= rule.max || tooSoon) {
    throw new DomainError(rule.code, { message: 'Too many attempts; wait a moment and try again.' })
  }
}

export const recordThrottled = (db: Db, kind: ThrottleKind, subject: string) =>
  recordAttempt(db, kind, subject)
export const resetThrottle = (db: Db, kind: ThrottleKind, subject: string) => clearAttempts(db, kind, subject)
