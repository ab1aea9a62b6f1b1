/**
 * The server refuses a second code to the same email or phone within 30 s (LimitExceededException); the
 * resend link waits out the same gap, so a fan is not offered a button that can only fail.
 */
export const RESEND_COOLDOWN_SECONDS = 30

/** Whole seconds left before another code may be asked for; 0 when it may be asked for now. */
export function secondsUntilResend(lastSentAt: number | null, now: number): number {
  if (lastSentAt === null) return 0
  const left = RESEND_COOLDOWN_SECONDS * 1000 - (now - lastSentAt)
  return left <= 0 ? 0 : Math.ceil(left / 1000)
}
