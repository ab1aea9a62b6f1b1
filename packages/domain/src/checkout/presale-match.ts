/**
 * The zod-free half of bank-card presales (issue 42 part 2; schemas in presale.ts): whether a card the
 * provider described meets a presale rule. The payment page imports this half to check a tokenized card
 * before placing the order, without loading zod; the server judges the provider's own answer again.
 *
 * Matching: a range of L digits matches a card whose BIN the provider gives with at least L digits, on the
 * card's first L digits (`from ≤ first L ≤ to`). A provider that gives 6 digits cannot confirm an 8-digit
 * range, so such a card is outside it (refused, never guessed in).
 */

export const CARD_TYPES = ['CREDIT', 'DEBIT', 'PREPAID', 'BUSINESS'] as const
export type CardType = (typeof CARD_TYPES)[number]

/** What the provider says about a tokenized card: its leading digits (6 to 8) and its type. */
export interface CardFacts {
  bin: string
  type: CardType
}

export interface BinRange {
  from: string
  to: string
}

export interface PresaleRule {
  /** The sponsor as fans see it: "Banco Andino" (the page says "Preventa Banco Andino"). */
  sponsor: string
  binRanges: BinRange[]
  cardTypes: CardType[]
}

/** What a presale tier shows a fan before paying: who sponsors it, which card types it takes, its rules. */
export interface PresaleNotice {
  sponsor: string
  cardTypes: CardType[]
  /** Each rule of the order's presale tiers, for the page's own check of a tokenized card. */
  rules: PresaleRule[]
}

export const binInRange = (range: BinRange, bin: string): boolean => {
  if (!/^\d{6,8}$/.test(bin) || bin.length < range.from.length) return false
  const lead = bin.slice(0, range.from.length)
  return range.from <= lead && lead <= range.to
}

export type PresaleVerdict =
  | { ok: true }
  | {
      ok: false
      /** BIN: not the sponsor's card; TYPE: the sponsor's, of a type not allowed; UNCONFIRMED: no answer. */
      reason: 'BIN' | 'TYPE' | 'UNCONFIRMED'
    }

/** Whether the provider's description of a card meets the rule; null facts mean the provider could not say. */
export function presaleAdmits(rule: PresaleRule, card: CardFacts | null): PresaleVerdict {
  if (!card) return { ok: false, reason: 'UNCONFIRMED' }
  if (!rule.binRanges.some((r) => binInRange(r, card.bin))) return { ok: false, reason: 'BIN' }
  if (!rule.cardTypes.includes(card.type)) return { ok: false, reason: 'TYPE' }
  return { ok: true }
}

/** The distinct rules an order's places carry (places of ordinary tiers carry none). */
export function presaleRulesOf(places: readonly { presale?: PresaleRule | null }[]): PresaleRule[] {
  const seen = new Map<string, PresaleRule>()
  for (const p of places) if (p.presale) seen.set(JSON.stringify(p.presale), p.presale)
  return [...seen.values()]
}

/** The first rule a card fails, with why; null when it meets every rule of the order. */
export function presaleRefusal(
  rules: readonly PresaleRule[],
  card: CardFacts | null,
): { rule: PresaleRule; reason: 'BIN' | 'TYPE' | 'UNCONFIRMED' } | null {
  for (const rule of rules) {
    const verdict = presaleAdmits(rule, card)
    if (!verdict.ok) return { rule, reason: verdict.reason }
  }
  return null
}

/** What the cart tells the page: the sponsors (joined) and the card types every rule allows. */
export function presaleNoticeOf(rules: readonly PresaleRule[]): PresaleNotice | null {
  const [first, ...rest] = rules
  if (!first) return null
  return {
    sponsor: rules.map((r) => r.sponsor).join(' · '),
    cardTypes: first.cardTypes.filter((t) => rest.every((r) => r.cardTypes.includes(t))),
    rules: [...rules],
  }
}

/**
 * The sandbox's card type of a test number, so any type can be tried with any BIN (documented in the README's
 * demo section): the digit before the check digit says it — 0–4 credit, 5–6 debit, 7 prepaid, 8–9 business.
 * The local Mercado Pago and Kushki fakes answer the same way.
 */
export function sandboxCardTypeOf(digits: string): CardType {
  const d = Number(digits.at(-2) ?? '0')
  if (d <= 4) return 'CREDIT'
  if (d <= 6) return 'DEBIT'
  if (d === 7) return 'PREPAID'
  return 'BUSINESS'
}

/** The sandbox's BIN of a test number: its first 8 digits (6 for a shorter number), as a provider gives it. */
export const sandboxBinOf = (digits: string): string => digits.slice(0, digits.length >= 16 ? 8 : 6)
