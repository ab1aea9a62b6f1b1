import { z } from 'zod'
import {
  MAX_BATCH_SIZE,
  MAX_PERCENT_BPS,
  MIN_PERCENT_BPS,
  PROMO_CODE_FORMAT,
  PROMO_KINDS,
  PROMO_PAGE_SIZE,
  PROMO_PREFIX_FORMAT,
  PROMO_STATES,
} from './promo-admin.js'

/**
 * The back office's promo-code API (issue 43 part 5), shared by the routes and the page's form. A malformed
 * value answers 400 VALIDATION_FAILED naming the field with one of these message keys; rules that need more
 * than one field or the database (`promoTermsBreaks`, the events' owner) answer 422 RULE_BROKEN.
 */

const isoDate = z.iso.datetime({ offset: true, error: 'invalidDate' })

/** Fans type codes in any case and with spaces around: stored trimmed and upper-cased. */
const codeField = z.string().trim().toUpperCase().regex(PROMO_CODE_FORMAT, { error: 'promoCodeFormat' })
const prefixField = z.string().trim().toUpperCase().regex(PROMO_PREFIX_FORMAT, { error: 'promoPrefixFormat' })

const percentBps = z
  .int({ error: 'percentRange' })
  .min(MIN_PERCENT_BPS, { error: 'percentRange' })
  .max(MAX_PERCENT_BPS, { error: 'percentRange' })
const amount = z.int({ error: 'amountPositive' }).min(1, { error: 'amountPositive' })
const maxUses = z.int({ error: 'maxUsesMin' }).min(1, { error: 'maxUsesMin' }).max(10_000_000)
const maxUsesPerFan = z.int({ error: 'maxUsesMin' }).min(1, { error: 'maxUsesMin' }).max(10_000)

/** The terms of one code or of every code of a batch. The currency is the site's country's. */
const termFields = {
  kind: z.enum(PROMO_KINDS),
  /** PERCENT: basis points, 1 % (100) to 100 % (10,000). */
  percentBps: percentBps.nullable().default(null),
  /** FIXED: minor units of the country's currency (DESIGN §5), more than 0. */
  amount: amount.nullable().default(null),
  startsAt: isoDate.nullable().default(null),
  endsAt: isoDate.nullable().default(null),
  /** Null: no total cap. */
  maxUses: maxUses.nullable().default(null),
  /** Null: no cap per fan. */
  maxUsesPerFan: maxUsesPerFan.nullable().default(null),
  /** The events it applies to, all of one organiser; none (every event of the country) only a platform admin. */
  eventIds: z.array(z.uuid()).max(100).default([]),
  /** The tiers (price zones) it applies to, of those events; none is every tier. */
  zoneIds: z.array(z.uuid()).max(500).default([]),
  active: z.boolean().default(true),
}

export const promoCodeInputSchema = /* @__PURE__ */ z.object({ code: codeField, ...termFields })
export type PromoCodeInput = z.output<typeof promoCodeInputSchema>

export const promoBatchInputSchema = /* @__PURE__ */ z.object({
  prefix: prefixField,
  count: z
    .int({ error: 'batchSize' })
    .min(1, { error: 'batchSize' })
    .max(MAX_BATCH_SIZE, { error: 'batchSize' }),
  /** What the batch is for ("Newsletter June"); the prefix when left out. */
  label: z.string().trim().min(1).max(80).nullable().default(null),
  ...termFields,
})
export type PromoBatchInput = z.output<typeof promoBatchInputSchema>

/** A change of a code's caps, window or switch; what fans were promised (discount, events) does not change. */
export const promoCodePatchSchema = /* @__PURE__ */ z.object({
  maxUses: maxUses.nullable().optional(),
  maxUsesPerFan: maxUsesPerFan.nullable().optional(),
  startsAt: isoDate.nullable().optional(),
  endsAt: isoDate.nullable().optional(),
  active: z.boolean().optional(),
})
export type PromoCodePatch = z.output<typeof promoCodePatchSchema>

export const promoListQuerySchema = /* @__PURE__ */ z.object({
  /** Codes naming this event. */
  eventId: z.uuid().optional(),
  /** Part of the code, any case. */
  q: z.string().trim().max(32).optional(),
  batchId: z.uuid().optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(PROMO_PAGE_SIZE),
})
export type PromoListQuery = z.output<typeof promoListQuerySchema>

export const promoCodeViewSchema = /* @__PURE__ */ z.object({
  id: z.uuid(),
  code: z.string(),
  country: z.string(),
  kind: z.enum(PROMO_KINDS),
  percentBps: z.int().nullable(),
  amount: z.int().nullable(),
  currency: z.string().nullable(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  maxUses: z.int().nullable(),
  maxUsesPerFan: z.int().nullable(),
  /** Orders holding a use: placed and not yet ended unpaid, or paid (docs/decisions.md, orders). */
  uses: z.int().min(0),
  remaining: z.int().min(0).nullable(),
  eventIds: z.array(z.uuid()),
  zoneIds: z.array(z.uuid()),
  active: z.boolean(),
  state: z.enum(PROMO_STATES),
  organiserId: z.uuid().nullable(),
  batchId: z.uuid().nullable(),
  batchLabel: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type PromoCodeView = z.infer<typeof promoCodeViewSchema>

export const promoCodeListSchema = /* @__PURE__ */ z.object({
  items: z.array(promoCodeViewSchema),
  total: z.int().min(0),
  page: z.int().min(0),
  size: z.int().min(1),
})
export type PromoCodeList = z.infer<typeof promoCodeListSchema>

export const promoBatchResultSchema = /* @__PURE__ */ z.object({
  batchId: z.uuid(),
  label: z.string(),
  count: z.int(),
  codes: z.array(z.string()),
})
export type PromoBatchResult = z.infer<typeof promoBatchResultSchema>

/** What the form offers: the asker's events of this country with their tiers, and whether "every event" may be chosen. */
export const promoTargetsSchema = /* @__PURE__ */ z.object({
  currency: z.string(),
  countryWide: z.boolean(),
  events: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      startsAt: z.iso.datetime(),
      status: z.string(),
      zones: z.array(z.object({ id: z.uuid(), name: z.string() })),
    }),
  ),
})
export type PromoTargets = z.infer<typeof promoTargetsSchema>
