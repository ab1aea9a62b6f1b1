import type { Country, Currency } from '../locale/country.js'
import type { DiscountRule, PricedSeat } from './pricing.js'

/**
 * PROMO_CODE discounts (spec §3 discount type; issue 6 part 1): percentage or fixed, a validity window,
 * limits in total and per fan, and an optional scope to events and price zones. These rules decide
 * whether a code applies; the limits are enforced again, atomically, when the order is placed (a
 * conditional UPDATE … WHERE uses < max), because two fans can both see the last use as available.
 */

export interface PromoRule {
  code: string
  country: Country
  kind: 'PERCENT' | 'FIXED'
  /** PERCENT: basis points (1000 = 10 %). */
  percentBps: number | null
  /** FIXED: minor units of `currency`. */
  amount: number | null
  currency: Currency | null
  startsAt: Date | null
  endsAt: Date | null
  maxUses: number | null
  maxUsesPerFan: number | null
  /** Empty: every event of the country. */
  eventIds: readonly string[]
  /** Empty: every zone of the events in scope. */
  zoneIds: readonly string[]
  active: boolean
}

export interface PromoContext {
  now: Date
  country: Country
  currency: Currency
  eventId: string
  seats: readonly PricedSeat[]
  usesSoFar: number
  fanUses: number
}

export type PromoCheck =
  | { ok: true; rule: DiscountRule; eligible: (seat: PricedSeat) => boolean }
  | { ok: false; code: PromoRefusalCode; reason: PromoRefusal }

/**
 * What the fan is told: a code that does not apply, one with no uses left for anybody, or one this fan
 * has already spent (a once-per-fan code read as "no uses left" sounded like everyone's chance was gone).
 */
export type PromoRefusalCode = 'PROMO_CODE_INVALID' | 'PROMO_CODE_EXHAUSTED' | 'PROMO_CODE_ALREADY_USED'

export type PromoRefusal =
  | 'inactive'
  | 'country'
  | 'currency'
  | 'not-started'
  | 'ended'
  | 'event'
  | 'zone'
  | 'exhausted'
  | 'fan-limit'

/** Codes are typed by people: case and surrounding spaces do not matter. */
export const normalizePromoCode = (code: string): string => code.trim().toUpperCase()

export const discountRuleOf = (p: PromoRule): DiscountRule =>
  p.kind === 'PERCENT'
    ? { kind: 'PERCENT', percentBps: p.percentBps ?? 0 }
    : { kind: 'FIXED', amount: p.amount ?? 0 }

const fail = (code: PromoRefusalCode, reason: PromoRefusal): PromoCheck => ({
  ok: false,
  code,
  reason,
})

export function checkPromo(p: PromoRule, ctx: PromoContext): PromoCheck {
  if (!p.active) return fail('PROMO_CODE_INVALID', 'inactive')
  if (p.country !== ctx.country) return fail('PROMO_CODE_INVALID', 'country')
  if (p.kind === 'FIXED' && p.currency !== ctx.currency) return fail('PROMO_CODE_INVALID', 'currency')
  // The window is half-open: valid from startsAt (inclusive) until endsAt (exclusive).
  if (p.startsAt && ctx.now.getTime() < p.startsAt.getTime()) return fail('PROMO_CODE_INVALID', 'not-started')
  if (p.endsAt && ctx.now.getTime() >= p.endsAt.getTime()) return fail('PROMO_CODE_INVALID', 'ended')
  if (p.eventIds.length > 0 && !p.eventIds.includes(ctx.eventId)) return fail('PROMO_CODE_INVALID', 'event')
  const eligible = (s: PricedSeat) =>
    p.zoneIds.length === 0 || (s.zoneId !== null && p.zoneIds.includes(s.zoneId))
  if (!ctx.seats.some(eligible)) return fail('PROMO_CODE_INVALID', 'zone')
  // The fan's own use first: to someone who spent the code, "you already used it" is the whole story.
  if (p.maxUsesPerFan !== null && ctx.fanUses >= p.maxUsesPerFan)
    return fail('PROMO_CODE_ALREADY_USED', 'fan-limit')
  if (p.maxUses !== null && ctx.usesSoFar >= p.maxUses) return fail('PROMO_CODE_EXHAUSTED', 'exhausted')
  return { ok: true, rule: discountRuleOf(p), eligible }
}
