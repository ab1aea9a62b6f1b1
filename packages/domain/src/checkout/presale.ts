import { z } from 'zod'
import { type BinRange, CARD_TYPES, type PresaleNotice, type PresaleRule } from './presale-match.js'

/**
 * Presales by bank card (issue 42 part 2): a tier (price zone) may be sold only to cards of a sponsor bank
 * ("Preventa Banco X"), named by BIN ranges of 6 to 8 digits and the card types the sponsor allows.
 *
 * The card's BIN and type are never what the browser says: the server asks the payment provider about the
 * token it issued (`describeCardToken` of each adapter) and judges that answer with `presaleAdmits`. Typing
 * six digits never unlocks anything: only a card the provider tokenized, and describes, can pay. The rule
 * itself is in presale-match.ts (no zod, so the payment page can check a card too); the schemas are here.
 */
export * from './presale-match.js'

const binSchema = z.string().regex(/^\d{6,8}$/, 'PRESALE_BIN_INVALID')

export const binRangeSchema: z.ZodType<BinRange> = z
  .object({ from: binSchema, to: binSchema })
  .refine((r) => r.from.length === r.to.length, { message: 'PRESALE_RANGE_LENGTHS', path: ['to'] })
  .refine((r) => r.from.length !== r.to.length || r.from <= r.to, {
    message: 'PRESALE_RANGE_ORDER',
    path: ['to'],
  })

export const presaleRuleSchema: z.ZodType<PresaleRule> = z.object({
  sponsor: z.string().trim().min(2).max(80),
  binRanges: z.array(binRangeSchema).min(1, 'PRESALE_RANGES_REQUIRED').max(50),
  cardTypes: z
    .array(z.enum(CARD_TYPES))
    .min(1, 'PRESALE_TYPES_REQUIRED')
    .refine((types) => new Set(types).size === types.length, 'PRESALE_TYPES_REPEATED'),
})

export const presaleNoticeSchema: z.ZodType<PresaleNotice> = z.object({
  sponsor: z.string(),
  cardTypes: z.array(z.enum(CARD_TYPES)),
  rules: z.array(presaleRuleSchema),
})
