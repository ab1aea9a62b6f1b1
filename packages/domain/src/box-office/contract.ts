import { z } from 'zod'
import { billingSchema, cartLineSchema, cashNetworkSchema, orderViewSchema } from '../checkout/contract.js'
import { currencySchema } from '../locale/country.js'
import { walkInBuyerSchema } from '../orders/parties.js'
import { DOCUMENT_TYPES } from '../people/vocabulary.js'
import { emailSchema } from '../validation/validation.js'
import { collectTenderSchema, counterTenderSchema, priceOverrideSchema } from './tenders.js'

/** The box office's API (issue 15): shifts, the buyer at the counter, counter sales and voids. */

const money = z.int().min(0).max(1_000_000_000_00)

export const openShiftBodySchema = z.object({ openingFloat: money })
export const closeShiftBodySchema = z.object({ countedCash: money })

/** Sums of a shift by tender; a voided sale's parts no longer count (they went back to the buyer). */
export const shiftTotalsSchema = z.object({
  sales: z.int(),
  voids: z.int(),
  cash: z.int(),
  terminal: z.int(),
  /** Courtesy sales of the shift (they take no money). */
  courtesies: z.int(),
  /** Change handed back over the shift, for the record; the cash figure is already net of it. */
  change: z.int(),
  byEvent: z.array(z.object({ eventId: z.uuid(), eventName: z.string(), sales: z.int(), amount: z.int() })),
})

/**
 * A shift as its operator sees it. While it is open, the expected cash is not shown (the close is blind:
 * the operator counts the drawer before seeing what it should hold); once closed, all three figures are.
 */
export const shiftViewSchema = z.object({
  id: z.uuid(),
  currency: currencySchema,
  openingFloat: z.int(),
  openedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  totals: shiftTotalsSchema,
  expectedCash: z.int().nullable(),
  countedCash: z.int().nullable(),
  difference: z.int().nullable(),
})
export type ShiftView = z.infer<typeof shiftViewSchema>

export const currentShiftSchema = z.object({ shift: shiftViewSchema.nullable() })

/** A fan found at the counter: only what identifies them, never their purchases (issue 15 security). */
export const counterFanSchema = z.object({
  fanId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  document: z.string().nullable(),
  /** False for a pre-registered fan who has not finished sign-up yet. */
  registered: z.boolean(),
})
export type CounterFan = z.infer<typeof counterFanSchema>

export const fanLookupQuerySchema = z.object({ q: z.string().trim().min(3).max(254) })
export const fanLookupSchema = z.object({ fans: z.array(counterFanSchema) })

/** Who buys at the counter: a fan found or pre-registered, or a walk-in known by name. */
export const counterBuyerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('FAN'), fanId: z.uuid() }),
  walkInBuyerSchema,
])
export type CounterBuyer = z.infer<typeof counterBuyerSchema>

/**
 * Entry by identity document (issue 15 part 3, IDENTIFICATION; docs/decisions.md): the sale's tickets are
 * bound to this document, and the gate admits them when the holder shows it, with or without the QR code.
 */
export const entryDocumentSchema = z.object({
  // The plain list, not people/vocabulary's schema: sharing that module's schema would load zod up front
  // on every page that lists document types (the checkout's billing form).
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,20}$/),
})
export type EntryDocument = z.infer<typeof entryDocumentSchema>

export const counterSaleBodySchema = z.object({
  reservationId: z.uuid(),
  buyer: counterBuyerSchema,
  /** Entry by identity document instead of only the QR code; absent for an ordinary sale. */
  identification: entryDocumentSchema.optional(),
  tenders: z.array(counterTenderSchema).min(1).max(4),
  /** The total the operator saw; a different one → AMOUNT_MISMATCH and nothing is taken. */
  expectedTotal: z.int().min(0),
  /** The price lowered at the counter, with why (`priceOverrideOk`); the tenders pay this total instead. */
  priceOverride: priceOverrideSchema.optional(),
  currency: currencySchema,
  idempotencyKey: z.string().trim().min(8).max(64),
})
export type CounterSaleBody = z.infer<typeof counterSaleBodySchema>

/**
 * A sale the buyer pays later, started at the counter (issue 15 part 3): a cash voucher, or a SPEI transfer,
 * whose instructions the operator hands over and the buyer also gets by email, or a card payment link
 * (LINK: the provider's hosted page, where the country's provider has one) the buyer opens from the mail
 * or scans from the counter's screen. PSE is not offered here: it is paid at the bank's page at once, from
 * the buyer's own session (docs/decisions.md, Box office).
 */
export const payLaterChoiceSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('CASH'), network: cashNetworkSchema }),
  z.object({ method: z.literal('TRANSFER'), kind: z.literal('SPEI') }),
  z.object({ method: z.literal('LINK') }),
])
export type PayLaterChoice = z.infer<typeof payLaterChoiceSchema>
export const payLaterBodySchema = counterSaleBodySchema.omit({ tenders: true, priceOverride: true }).extend({
  payment: payLaterChoiceSchema,
  /** The provider's payer: the buyer's name and identity document. */
  billing: billingSchema,
})
export type PayLaterBody = z.infer<typeof payLaterBodySchema>

/**
 * Seats kept for a buyer who pays at the counter later (issue 15 part 3, method RESERVATION): until `until`
 * (`reservationDeadlineOk`), then released. Any counter collects it by the receipt's code.
 */
export const reserveBodySchema = counterSaleBodySchema
  .omit({ tenders: true, priceOverride: true })
  .extend({ until: z.iso.datetime() })
export type ReserveBody = z.infer<typeof reserveBodySchema>

/** Paying a reservation at the counter: cash and the card terminal, settled as a sale's tenders are. */
export const collectBodySchema = z.object({
  tenders: z.array(collectTenderSchema).min(1).max(4),
  idempotencyKey: z.string().trim().min(8).max(64),
})
export type CollectBody = z.infer<typeof collectBodySchema>

/**
 * Selling on a paguitos plan at the counter (issues 15 and 16, `/assistant/installment`): the deposit taken in
 * cash or at the card terminal, for a fan with an email — the plan's reminders reach them and they pay the
 * rest from their account, or at any counter. `billing` names the payer of those later online payments.
 */
export const counterPlanBodySchema = counterSaleBodySchema
  .omit({ tenders: true, priceOverride: true, identification: true })
  .extend({
    tenders: z.array(collectTenderSchema).min(1).max(4),
    /** The deposit the operator saw; a different one → AMOUNT_MISMATCH and nothing is taken. */
    expectedDeposit: z.int().min(1),
    billing: billingSchema,
  })
export type CounterPlanBody = z.infer<typeof counterPlanBodySchema>

/** A plan's next installment, or its whole balance, taken at the counter as a reservation is collected. */
export const counterInstallmentBodySchema = collectBodySchema.extend({
  part: z.enum(['NEXT', 'BALANCE']),
  expectedAmount: z.int().min(1),
})
export type CounterInstallmentBody = z.infer<typeof counterInstallmentBodySchema>

/** A plan as the counter sees it after taking one of its payments: the change to give back with it. */
export const counterPlanSchema = z.object({ order: orderViewSchema, change: z.int().min(0) })
export type CounterPlan = z.infer<typeof counterPlanSchema>

/** A counter sale, as its receipt shows it. */
export const counterSaleSchema = z.object({
  orderId: z.uuid(),
  code: z.string(),
  status: z.string(),
  eventName: z.string(),
  buyerName: z.string(),
  currency: currencySchema,
  total: z.int(),
  change: z.int(),
  tenders: z.array(
    z.object({
      kind: z.enum(['CASH', 'TPV', 'COURTESY']),
      amount: z.int(),
      tendered: z.int().nullable(),
      change: z.int().nullable(),
      reference: z.string().nullable(),
      status: z.string(),
    }),
  ),
  /**
   * A sale the buyer pays later: how (a voucher's network, SPEI, or a card link), and while it waits for a
   * card link, the provider's page to pay on; null for a sale paid at the counter.
   */
  payLater: z
    .object({
      method: z.enum(['CASH', 'TRANSFER', 'LINK']),
      option: z.string(),
      link: z.object({ url: z.string(), until: z.iso.datetime() }).nullable(),
    })
    .nullable(),
  /** The document its tickets admit by at the gate (IDENTIFICATION); null for QR-only tickets. */
  identification: entryDocumentSchema.nullable(),
  /** A reservation still to be paid at the counter: until when its seats are kept; null otherwise. */
  reservedUntil: z.iso.datetime().nullable(),
  lines: z.array(cartLineSchema),
  tickets: z.array(z.object({ id: z.uuid(), status: z.string() })),
  paidAt: z.iso.datetime().nullable(),
  /** Until when its operator may still void it at the counter; null once it cannot be. */
  voidableUntil: z.iso.datetime().nullable(),
})
export type CounterSale = z.infer<typeof counterSaleSchema>

/** A counter sale as an admin finds it by its code to refund it: with who sold it. */
export const refundableSaleSchema = counterSaleSchema.extend({ sellerName: z.string() })
export type RefundableSale = z.infer<typeof refundableSaleSchema>
export const saleByCodeQuerySchema = z.object({ code: z.string().trim().min(4).max(20) })
export const refundSaleBodySchema = z.object({ reason: z.string().trim().min(3).max(300) })

/** Courtesy reason types (spec §7), as the counter picks them: in the request's language. */
export const courtesyReasonListSchema = z.object({
  reasons: z.array(z.object({ code: z.string(), name: z.string(), active: z.boolean() })),
})
export type CourtesyReasonList = z.infer<typeof courtesyReasonListSchema>

export const courtesyReasonCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z_]{1,39}$/)

export const courtesyReasonBodySchema = z.object({
  nameEs: z.string().trim().min(2).max(80),
  nameEn: z.string().trim().min(2).max(80),
  active: z.boolean().default(true),
})

export const courtesyReasonSchema = courtesyReasonBodySchema.extend({ code: z.string() })
export type CourtesyReason = z.infer<typeof courtesyReasonSchema>
/** The reasons as admins edit them: both languages, switched-off ones included. */
export const courtesyReasonsAdminSchema = z.object({ reasons: z.array(courtesyReasonSchema) })

/** How many courtesies an event may give (set by an admin), how many it gave, and how many are left. */
export const courtesyQuotaSchema = z.object({
  eventId: z.uuid(),
  quota: z.int(),
  issued: z.int(),
  left: z.int(),
})
export type CourtesyQuota = z.infer<typeof courtesyQuotaSchema>

export const courtesyQuotaBodySchema = z.object({ quota: z.int().min(0).max(100_000) })

/** The events an operator sells at the counter: the assigned ones, or every one of the country (`all`). */
export const operatorEventsSchema = z.object({ all: z.boolean(), eventIds: z.array(z.uuid()) })
export type OperatorEvents = z.infer<typeof operatorEventsSchema>
export const operatorEventsBodySchema = z.object({ eventIds: z.array(z.uuid()).max(500) })

/** An operator as admins manage them (issue 15 part 7): who, which events they sell, whether a shift is open. */
export const backofficeOperatorSchema = operatorEventsSchema.extend({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  shiftOpen: z.boolean(),
})
export type BackofficeOperator = z.infer<typeof backofficeOperatorSchema>
export const backofficeOperatorsSchema = z.object({ operators: z.array(backofficeOperatorSchema) })
/** An admin makes the confirmed account with this email an operator. */
export const grantOperatorBodySchema = z.object({ email: emailSchema })

/** An upcoming event of the country as the back office lists it for assignments and courtesy quotas. */
export const boxOfficeEventSchema = courtesyQuotaSchema.extend({
  name: z.string(),
  startsAt: z.iso.datetime(),
})
export type BoxOfficeEvent = z.infer<typeof boxOfficeEventSchema>
export const boxOfficeEventsSchema = z.object({ events: z.array(boxOfficeEventSchema) })

/** A shift as admins read it in the back office (issue 15 part 7): whose it was, and its report. */
export const shiftReportSchema = shiftViewSchema.extend({
  operatorName: z.string(),
  operatorEmail: z.string(),
})
export type ShiftReport = z.infer<typeof shiftReportSchema>
export const shiftReportsSchema = z.object({ shifts: z.array(shiftReportSchema) })

/** What the box office did, as the audit log keeps it (issue 15 part 6): who, when, from where, what. */
export const BOX_OFFICE_AUDIT_ACTIONS = [
  'shift.open',
  'shift.close',
  'sale',
  'courtesy',
  'sale.void',
  'sale.pay_later',
  'sale.refund',
  'sale.reserve',
  'sale.collect',
  'sale.plan',
  'plan.instalment',
  'price.override',
  'tickets.print',
  'courtesy_quota.set',
  'courtesy_reason.save',
  'operator.events',
  'operator.grant',
  'operator.revoke',
] as const
export type BoxOfficeAuditAction = (typeof BOX_OFFICE_AUDIT_ACTIONS)[number]

export const boxOfficeAuditSchema = z.object({
  entries: z.array(
    z.object({
      id: z.uuid(),
      at: z.iso.datetime(),
      actorEmail: z.string().nullable(),
      address: z.string().nullable(),
      action: z.enum(BOX_OFFICE_AUDIT_ACTIONS),
      entityId: z.string().nullable(),
      changes: z.record(z.string(), z.unknown()),
      /** What the entry's amounts (minor units) are in; null for entries about no country. */
      currency: currencySchema.nullable(),
    }),
  ),
})
export type BoxOfficeAudit = z.infer<typeof boxOfficeAuditSchema>
