import { z } from 'zod'

// Spec §3, orders and tickets.
export const PURCHASE_KINDS = ['INSTALLMENT', 'TICKET'] as const
export type PurchaseKind = (typeof PURCHASE_KINDS)[number]
export const purchaseKindSchema = /* @__PURE__ */ z.enum(PURCHASE_KINDS)

export const PAYMENT_PLAN_KINDS = ['SUBSCRIPTION', 'PAYMENT', 'ONE_TIME_PAYMENT'] as const
export type PaymentPlanKind = (typeof PAYMENT_PLAN_KINDS)[number]
export const paymentPlanKindSchema = /* @__PURE__ */ z.enum(PAYMENT_PLAN_KINDS)

export const PAGUITOS_KINDS = ['PAGUITOS', 'ONE_TIME_PAYMENT', 'SUBSCRIPTION'] as const
export type PaguitosKind = (typeof PAGUITOS_KINDS)[number]
export const paguitosKindSchema = /* @__PURE__ */ z.enum(PAGUITOS_KINDS)

export const PAYMENT_METHODS = [
  'WALLET',
  'CARD',
  'CASH',
  'TRANSFER',
  'TPV',
  'IDENTIFICATION',
  'LINK',
  'RESERVATION',
  'PROCESSING_TRANSFER',
  'PAGUITOS',
  'COURTESY',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const paymentMethodSchema = /* @__PURE__ */ z.enum(PAYMENT_METHODS)

// STAFF is the box office (spec §6: operators use provider STAFF).
export const PAYMENT_PROVIDERS = ['KUSHKI', 'PALCO', 'MERCADO_PAGO', 'STAFF'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]
export const paymentProviderSchema = /* @__PURE__ */ z.enum(PAYMENT_PROVIDERS)

export const CASH_PAYMENT_PROVIDERS = ['KUSHKI', 'PALCO', 'MERCADO_PAGO', 'SPEI'] as const
export type CashPaymentProvider = (typeof CASH_PAYMENT_PROVIDERS)[number]
export const cashPaymentProviderSchema = /* @__PURE__ */ z.enum(CASH_PAYMENT_PROVIDERS)

// Spec §2 routes /checkout/cash/{provider} and calls Palco's segment "palco": every segment is the provider
// code in lower case, and parsing forgives case so old links in upper case still work.
export const cashRouteSegmentOf = (provider: CashPaymentProvider): string => provider.toLowerCase()

export const cashProviderOfRouteSegment = (segment: string): CashPaymentProvider | undefined =>
  CASH_PAYMENT_PROVIDERS.find((provider) => provider === segment.trim().toUpperCase())

export const CASH_OPTIONS = ['cash', 'cashInClub'] as const
export type CashOption = (typeof CASH_OPTIONS)[number]
export const cashOptionSchema = /* @__PURE__ */ z.enum(CASH_OPTIONS)

export const MEXICAN_CASH_NETWORKS = ['oxxo', 'paycash', 'banamex', 'bancomer'] as const
export type MexicanCashNetwork = (typeof MEXICAN_CASH_NETWORKS)[number]
export const mexicanCashNetworkSchema = /* @__PURE__ */ z.enum(MEXICAN_CASH_NETWORKS)

export const TICKET_KINDS = ['PAID', 'FREE', 'SUBSCRIPTION', 'DEPOSIT', 'COURTESY'] as const
export type TicketKind = (typeof TICKET_KINDS)[number]
export const ticketKindSchema = /* @__PURE__ */ z.enum(TICKET_KINDS)

export const TICKET_OWNERSHIPS = ['TRANSFERRED', 'OWNED', 'RECEIVED'] as const
export type TicketOwnership = (typeof TICKET_OWNERSHIPS)[number]
export const ticketOwnershipSchema = /* @__PURE__ */ z.enum(TICKET_OWNERSHIPS)

export const DISCOUNT_TYPES = ['PROMO_CODE'] as const
export type DiscountType = (typeof DISCOUNT_TYPES)[number]
export const discountTypeSchema = /* @__PURE__ */ z.enum(DISCOUNT_TYPES)

export const DEFERRED_PAYMENT_MARKER = 'DEFERRED'

// Spec §3: the rules printed on a ticket. These are i18n keys (ticketRules.<key>); maxTickets takes a count.
export const TICKET_RULE_KEYS = ['noWeapons', 'noFood', 'noSmoking', 'maxTickets'] as const
export type TicketRuleKey = (typeof TICKET_RULE_KEYS)[number]
