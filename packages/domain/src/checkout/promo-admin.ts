import { CODE_ALPHABET, type RandomBytes, randomString } from './codes.js'

/**
 * Promo codes as the back office makes them (issue 43 part 5): one code, or a batch of up to 1,000 random
 * ones behind a prefix; their terms checked here, field by field, before anything is written. No zod here (the
 * browser's page imports these rules); the request schemas are `promo-admin-contract.ts`.
 */

export const PROMO_KINDS = ['PERCENT', 'FIXED'] as const
export type PromoKind = (typeof PROMO_KINDS)[number]

/** A code as fans type it, upper-cased: 3–32 letters, digits and hyphens, starting and ending with no hyphen. */
export const PROMO_CODE_FORMAT = /^[A-Z0-9][A-Z0-9-]{1,30}[A-Z0-9]$/
/** A batch's prefix: 2–12 letters and digits; each code is the prefix, a hyphen and 8 random symbols. */
export const PROMO_PREFIX_FORMAT = /^[A-Z0-9]{2,12}$/
export const BATCH_SUFFIX_LENGTH = 8
export const MAX_BATCH_SIZE = 1_000
/** Spec §9: the first page is 0, a page holds 20. */
export const PROMO_PAGE_SIZE = 20

/** 1 % to 100 %, in basis points. */
export const MIN_PERCENT_BPS = 100
export const MAX_PERCENT_BPS = 10_000

/** The terms a code is sold under, as stored (money in minor units of the country's currency). */
export interface PromoTerms {
  kind: PromoKind
  percentBps: number | null
  amount: number | null
  startsAt: string | null
  endsAt: string | null
  maxUses: number | null
  maxUsesPerFan: number | null
}

export interface PromoBreak {
  field: string
  rule: string
}

/**
 * What is wrong with a code's terms, each on its field: the discount its kind needs (and not the other kind's),
 * a window that ends after it starts, a per-fan limit within the total. Ranges (1–100 %, an amount above 0,
 * limits of at least 1) are the schema's.
 */
export function promoTermsBreaks(t: PromoTerms): PromoBreak[] {
  const out: PromoBreak[] = []
  if (t.kind === 'PERCENT') {
    if (t.percentBps === null) out.push({ field: 'percentBps', rule: 'required' })
    if (t.amount !== null) out.push({ field: 'amount', rule: 'notForKind' })
  } else {
    if (t.amount === null) out.push({ field: 'amount', rule: 'required' })
    if (t.percentBps !== null) out.push({ field: 'percentBps', rule: 'notForKind' })
  }
  if (t.startsAt && t.endsAt && Date.parse(t.endsAt) <= Date.parse(t.startsAt))
    out.push({ field: 'endsAt', rule: 'endBeforeStart' })
  if (t.maxUses !== null && t.maxUsesPerFan !== null && t.maxUsesPerFan > t.maxUses)
    out.push({ field: 'maxUsesPerFan', rule: 'perFanAboveMax' })
  return out
}

/**
 * A change of caps, window or switch on a code that fans may already have used: the same rules, and the total
 * cap never below the uses already taken (those orders stand).
 */
export function promoChangeBreaks(merged: PromoTerms, uses: number): PromoBreak[] {
  const out = promoTermsBreaks(merged)
  if (merged.maxUses !== null && merged.maxUses < uses) out.push({ field: 'maxUses', rule: 'belowUses' })
  return out
}

export const PROMO_STATES = ['ACTIVE', 'INACTIVE', 'SCHEDULED', 'ENDED', 'EXHAUSTED'] as const
export type PromoState = (typeof PROMO_STATES)[number]

/** What the back office shows a code as: switched off, not started, over, used up, or redeemable. */
export function promoStateOf(
  p: {
    active: boolean
    startsAt: string | null
    endsAt: string | null
    maxUses: number | null
    uses: number
  },
  now: Date,
): PromoState {
  if (!p.active) return 'INACTIVE'
  if (p.endsAt && now.getTime() >= Date.parse(p.endsAt)) return 'ENDED'
  if (p.maxUses !== null && p.uses >= p.maxUses) return 'EXHAUSTED'
  if (p.startsAt && now.getTime() < Date.parse(p.startsAt)) return 'SCHEDULED'
  return 'ACTIVE'
}

/** How many uses a code has left; null when it has no total cap. */
export const remainingUses = (p: { maxUses: number | null; uses: number }): number | null =>
  p.maxUses === null ? null : Math.max(0, p.maxUses - p.uses)

/**
 * Up to `count` distinct codes `PREFIX-XXXXXXXX` (30^8 suffixes, symbols easy to read out), none of them in
 * `avoid` (codes already tried). Draws are bounded, so a source of randomness that keeps repeating itself yields
 * fewer codes instead of drawing forever; the caller refuses a batch it cannot fill. Uniqueness against the
 * database is its unique index's job; this makes clashes rare.
 */
export function batchCodes(
  prefix: string,
  count: number,
  random: RandomBytes,
  avoid: ReadonlySet<string> = new Set(),
): string[] {
  const out = new Set<string>()
  for (let draws = 0; out.size < count && draws < count * 4 + 16; draws++) {
    const code = `${prefix}-${randomString(random, CODE_ALPHABET, BATCH_SUFFIX_LENGTH)}`
    if (!avoid.has(code)) out.add(code)
  }
  return [...out]
}

export interface PromoCsvRow extends PromoTerms {
  code: string
  currency: string | null
  uses: number
  active: boolean
  batchLabel: string | null
}

/** A spreadsheet would run a cell starting with = + - @ as a formula: such text is quoted away. */
function csvCell(value: string | number | boolean | null): string {
  if (value === null) return ''
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const PROMO_CSV_COLUMNS = [
  'code',
  'kind',
  'percent',
  'amount_minor_units',
  'currency',
  'starts_at',
  'ends_at',
  'max_uses',
  'max_uses_per_fan',
  'uses',
  'active',
  'batch',
] as const

/** A batch's codes as CSV (RFC 4180: CRLF line ends), one code a row, for handing out or printing. */
export function promoCodesCsv(rows: readonly PromoCsvRow[]): string {
  const lines = rows.map((r) =>
    [
      r.code,
      r.kind,
      r.percentBps === null ? null : r.percentBps / 100,
      r.amount,
      r.currency,
      r.startsAt,
      r.endsAt,
      r.maxUses,
      r.maxUsesPerFan,
      r.uses,
      r.active,
      r.batchLabel,
    ]
      .map(csvCell)
      .join(','),
  )
  return `${[PROMO_CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`
}
