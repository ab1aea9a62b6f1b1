import type { Cart } from '@palco/domain/checkout/contract'
import { methodsFor } from '@palco/domain/checkout/methods'
import { type PresaleRule, presaleNoticeOf, presaleRulesOf } from '@palco/domain/checkout/presale'
import { type PricedSeat, priceCart } from '@palco/domain/checkout/pricing'
import { checkPromo, normalizePromoCode, type PromoCheck, type PromoRule } from '@palco/domain/checkout/promo'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, Currency } from '@palco/domain/locale/country'
import type { ReservationStatus } from '@palco/domain/orders/statuses'
import type { Db } from '../../db/dialect.js'
import { type EventSummary, eventSummary } from '../catalog/event.service.js'
import { participantsFormOf } from '../inscriptions/inscription-forms.service.js'
import { assertCartable, ownHoldRow, PAYING } from '../seating/own-reservation.service.js'
import { sectionNamesOfLayout, withSectionNames } from '../seating/seat-layout.service.js'
import { placesOfReservation } from '../seating/seat-sales.service.js'
import { balanceOf } from '../wallet/wallet.service.js'
import {
  cartPromoOf,
  clearCartPromo,
  fanPromoUses,
  feeRuleOf,
  type PromoRow,
  promoByCode,
  setCartPromo,
} from './orders.repository.js'

export interface PricedPlace extends PricedSeat {
  placeIndex: number
  /** The tier's bank-card presale (issue 42 part 2); null for a tier any method pays. */
  presale: PresaleRule | null
}

export interface PricedReservation {
  event: EventSummary
  country: Country
  currency: Currency
  places: PricedPlace[]
  totals: ReturnType<typeof priceCart>
  /** The applied code when it still applies. */
  promo: PromoRow | null
  /** Why the stored code does not apply any more (the cart drops it; paying reports it). */
  promoRefusal: Extract<PromoCheck, { ok: false }> | null
  /** Section code → the layout's display name, for the lines a page shows. */
  sectionNames?: ReadonlyMap<string, string>
}

export const promoRuleOf = (p: PromoRow): PromoRule => ({
  code: p.code,
  country: p.country as Country,
  kind: p.kind as 'PERCENT' | 'FIXED',
  percentBps: p.percent_bps,
  amount: p.amount === null ? null : Number(p.amount),
  currency: p.currency as Currency | null,
  startsAt: p.starts_at ? new Date(p.starts_at) : null,
  endsAt: p.ends_at ? new Date(p.ends_at) : null,
  maxUses: p.max_uses,
  maxUsesPerFan: p.max_uses_per_fan,
  eventIds: p.event_ids ?? [],
  zoneIds: p.zone_ids ?? [],
  active: p.active,
})

/** Whether a code applies to this reservation for this fan right now (limits as of this read). */
export async function checkPromoFor(
  db: Db,
  promo: PromoRow,
  ctx: {
    /** The buyer's account, whose own uses count; null for a buyer without one (box office walk-in). */
    userId: string | null
    eventId: string
    country: Country
    currency: Currency
    seats: PricedSeat[]
    now: Date
  },
) {
  return checkPromo(promoRuleOf(promo), {
    now: ctx.now,
    country: ctx.country,
    currency: ctx.currency,
    eventId: ctx.eventId,
    seats: ctx.seats,
    usesSoFar: promo.uses,
    fanUses: ctx.userId ? await fanPromoUses(db, promo.id, ctx.userId) : 0,
  })
}

/** Recomputes every figure of a reservation from the database (the client's numbers are never used). */
export async function priceReservation(
  db: Db,
  hold: { id: string; event_id: string },
  userId: string | null,
  now: Date,
  opts: { promo?: PromoRow | null } = {},
): Promise<PricedReservation> {
  const event = await eventSummary(db, hold.event_id)
  if (!event) throw new DomainError('NOT_FOUND', { message: 'No such reservation.' })
  const { country, currency } = event
  const places: PricedPlace[] = await placesOfReservation(db, hold.id)
  const fee = await feeRuleOf(db, hold.event_id)
  const stored = opts.promo === undefined ? ((await cartPromoOf(db, hold.id)) ?? null) : opts.promo
  let promo: PromoRow | null = null
  let promoRefusal: PricedReservation['promoRefusal'] = null
  let totals = priceCart(places, fee)
  if (stored) {
    const check = await checkPromoFor(db, stored, {
      userId,
      eventId: hold.event_id,
      country,
      currency,
      seats: places,
      now,
    })
    if (check.ok) {
      promo = stored
      totals = priceCart(places, fee, { rule: check.rule, eligible: check.eligible })
    } else promoRefusal = check
  }
  const sectionNames = await sectionNamesOfLayout(db, event.layoutId)
  return { event, country, currency, places, totals, promo, promoRefusal, sectionNames }
}

/** What a cart needs besides the database: the time, and whether a country's provider has a hosted page. */
export interface CartOptions {
  now?: Date
  hostedCheckout?: (country: Country) => boolean
}

export function cartView(
  hold: { id: string; status: string; expires_at: Date },
  priced: PricedReservation,
  walletBalance: number,
  participantsForm: Cart['participantsForm'],
  opts: CartOptions = {},
): Cart {
  const now = opts.now ?? new Date()
  const expired = new Date(hold.expires_at).getTime() <= now.getTime() && !PAYING.includes(hold.status)
  const presale = presaleNoticeOf(presaleRulesOf(priced.places))
  const offer = methodsFor(priced.country, {
    hostedCheckout: opts.hostedCheckout?.(priced.country) ?? false,
    presale: presale !== null,
  })
  const e = priced.event
  return {
    reservationId: hold.id,
    reservationStatus: (expired ? 'EXPIRED' : hold.status) as ReservationStatus,
    event: {
      id: e.id,
      slug: e.slug,
      name: e.name,
      startsAt: e.startsAt.toISOString(),
      timeZone: e.timeZone,
      venueName: e.venueName,
      imageUrl: e.imageUrl,
    },
    currency: priced.currency,
    expiresAt: new Date(hold.expires_at).toISOString(),
    lines: priced.sectionNames
      ? withSectionNames(priced.totals.lines, priced.sectionNames)
      : priced.totals.lines,
    subtotal: priced.totals.subtotal,
    fees: priced.totals.fees,
    discount: priced.totals.discount,
    total: priced.totals.total,
    promoCode: priced.promo ? { code: priced.promo.code, discount: priced.totals.discount } : null,
    walletBalance,
    methods: offer.methods,
    cashNetworks: offer.cashNetworks,
    transferKinds: offer.transferKinds,
    participantsForm,
    presale,
  }
}

export async function cartOf(db: Db, userId: string, holdId: string, opts: CartOptions = {}): Promise<Cart> {
  const now = opts.now ?? new Date()
  const hold = await ownHoldRow(db, holdId, userId)
  assertCartable(hold, now)
  const priced = await priceReservation(db, hold, userId, now)
  if (priced.places.length === 0) throw new DomainError('HOLD_EXPIRED')
  return cartView(
    hold,
    priced,
    await balanceOf(db, userId, priced.currency),
    await participantsFormOf(db, hold, priced.places.length),
    { ...opts, now },
  )
}

/**
 * Applies a code to the cart and keeps it on the reservation so a reload shows it. Limits are checked
 * here for a clear answer but reserved only when paying (a code shown in a cart is not a use).
 */
export async function applyPromo(
  db: Db,
  userId: string,
  holdId: string,
  code: string,
  opts: CartOptions = {},
) {
  const now = opts.now ?? new Date()
  const hold = await ownHoldRow(db, holdId, userId)
  assertCartable(hold, now)
  if (hold.status !== 'BOOKED' && hold.status !== 'ACTIVE') throw new DomainError('HOLD_NOT_EDITABLE')
  const event = await eventSummary(db, hold.event_id)
  if (!event) throw new DomainError('NOT_FOUND')
  const promo = await promoByCode(db, event.country, normalizePromoCode(code))
  if (!promo) throw new DomainError('PROMO_CODE_INVALID', { field: 'code' })
  const priced = await priceReservation(db, hold, userId, now, { promo })
  if (priced.promoRefusal)
    throw new DomainError(priced.promoRefusal.code, {
      field: 'code',
      details: { reason: priced.promoRefusal.reason },
    })
  await setCartPromo(db, hold.id, promo.id)
  return cartView(
    hold,
    priced,
    await balanceOf(db, userId, priced.currency),
    await participantsFormOf(db, hold, priced.places.length),
    { ...opts, now },
  )
}

export async function removePromo(db: Db, userId: string, holdId: string, opts: CartOptions = {}) {
  const now = opts.now ?? new Date()
  const hold = await ownHoldRow(db, holdId, userId)
  assertCartable(hold, now)
  if (hold.status !== 'BOOKED' && hold.status !== 'ACTIVE') throw new DomainError('HOLD_NOT_EDITABLE')
  await clearCartPromo(db, hold.id)
  return cartOf(db, userId, holdId, { ...opts, now })
}
