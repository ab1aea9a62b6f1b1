import { addMinutes } from 'date-fns'
import { RESERVATION_TIME_LIMIT_MINUTES } from './layout-vocabulary.js'

// DESIGN §5: a hold expires by time alone, checked when the next hold is granted.
export const holdExpiresAt = (now: Date, minutes = RESERVATION_TIME_LIMIT_MINUTES): Date =>
  addMinutes(now, minutes)

// The expiry instant itself already counts as expired, so a seat is never held for longer than the limit.
export const isHoldExpired = (expiresAt: Date, now: Date): boolean => now.getTime() >= expiresAt.getTime()
