import type { Country } from '../locale/country.js'
import type { CashNetwork, CheckoutMethod, PaymentChoice, TransferKind } from './contract.js'

/**
 * What each country offers at `/checkout/buy` (spec §3 cash options and Mexican networks; issue 6):
 * Colombia pays by card, cash (a voucher, or at the club's box office), PSE bank transfer or wallet;
 * Mexico by card, cash at OXXO/paycash/banamex/bancomer, SPEI transfer or wallet.
 */
export interface MethodsOffer {
  methods: CheckoutMethod[]
  cashNetworks: CashNetwork[]
  transferKinds: TransferKind[]
}

const OFFERS: Readonly<Record<Country, MethodsOffer>> = {
  COL: {
    methods: ['CARD', 'CASH', 'TRANSFER', 'WALLET'],
    cashNetworks: ['cash', 'cashInClub'],
    transferKinds: ['PSE'],
  },
  MEX: {
    methods: ['CARD', 'CASH', 'TRANSFER', 'WALLET'],
    cashNetworks: ['oxxo', 'paycash', 'banamex', 'bancomer'],
    transferKinds: ['SPEI'],
  },
}

/**
 * `presale`: the order has a bank-card presale tier, so card is the only method shown.
 * `hostedCheckout`: the country's provider has a hosted payment page (Mercado Pago Checkout Pro, or the
 * sandbox's stand-in), offered as LINK before the wallet. Kushki has none, so a Kushki country never lists it.
 */
export const methodsFor = (
  country: Country,
  opts: { hostedCheckout?: boolean; presale?: boolean } = {},
): MethodsOffer => {
  // A bank-card presale (issue 42 part 2, checkout/presale.ts) is paid by its sponsor's cards alone.
  if (opts.presale) return { methods: ['CARD'], cashNetworks: [], transferKinds: [] }
  const o = OFFERS[country]
  const methods = opts.hostedCheckout
    ? o.methods.flatMap((m): CheckoutMethod[] => (m === 'WALLET' ? ['LINK', m] : [m]))
    : [...o.methods]
  return { methods, cashNetworks: [...o.cashNetworks], transferKinds: [...o.transferKinds] }
}

export function isChoiceOffered(country: Country, choice: PaymentChoice): boolean {
  // A free order is confirmed in every country; the total decides whether FREE may be used (pricing.ts).
  if (choice.method === 'FREE') return true
  const o = OFFERS[country]
  if (!o.methods.includes(choice.method)) return false
  if (choice.method === 'CASH') return o.cashNetworks.includes(choice.network)
  if (choice.method === 'TRANSFER') return o.transferKinds.includes(choice.kind)
  return true
}

/**
 * How long a pending payment keeps the seats (issue 6: "decide and document"). Cash vouchers: 48 h, the
 * usual validity of OXXO/Efecty-style references and time for a fan to reach a store over a weekend
 * night; SPEI: 24 h, a bank business day; PSE: 1 h, the fan is at their bank's page right now. Card
 * outcomes that are unknown (timeout, review) keep them 30 min while reconciliation asks the provider.
 * Never past the event's start: nobody can pay for a match that has begun.
 */
export const PENDING_HOLD_MINUTES = {
  CASH: 48 * 60,
  SPEI: 24 * 60,
  PSE: 60,
  CARD: 30,
  /**
   * A card payment link started at the box office for a buyer who pays later (issue 15): a day, as for
   * SPEI, time to open the mail at home. A fan's own hosted page keeps the hold's minutes instead.
   */
  COUNTER_LINK: 24 * 60,
} as const

/**
 * A hosted-page payment (LINK). The provider's page stops taking payments when the hold ends (the fan was
 * promised those minutes, no more), at least a minute from now and never past the event's start. The seats
 * stay protected for a grace period after it, because a payment made in the page's last minute may reach
 * us later (its webhook, or reconciliation asking the provider); after that the order expires.
 */
export const HOSTED_PAYMENT_GRACE_MINUTES = 15

export function hostedPaymentWindow(
  holdExpiresAt: Date,
  now: Date,
  eventStartsAt: Date,
): { pageExpiresAt: Date; paymentExpiresAt: Date } {
  const page = Math.max(now.getTime() + 60_000, Math.min(holdExpiresAt.getTime(), eventStartsAt.getTime()))
  return {
    pageExpiresAt: new Date(page),
    paymentExpiresAt: new Date(page + HOSTED_PAYMENT_GRACE_MINUTES * 60_000),
  }
}

export function pendingExpiry(kind: keyof typeof PENDING_HOLD_MINUTES, now: Date, eventStartsAt: Date): Date {
  const wanted = now.getTime() + PENDING_HOLD_MINUTES[kind] * 60_000
  return new Date(Math.max(now.getTime() + 60_000, Math.min(wanted, eventStartsAt.getTime())))
}
