import type { CartLine } from './contract.js'

/**
 * Cart pricing (issue 6 part 1). Integer minor units only; the rounding rules are:
 * - Fee per line = unit price × percent (in basis points, 1 % = 100) rounded half up to the minor unit,
 *   plus a fixed amount per ticket. Fees are per event and shown before payment.
 * - A percentage promo discount is computed once on the eligible subtotal and rounded DOWN (the fan is
 *   never promised more than the code says, and the total never drops by a fraction), then shared
 *   over the eligible lines in proportion to their price by largest remainder, so the line discounts
 *   add up exactly to the total discount. A fixed discount is capped at the eligible subtotal.
 * - Discounts apply to ticket prices, never to fees.
 */

export interface PricedSeat {
  key: string
  zoneId: string | null
  zoneName: string | null
  section: string
  row: string
  seat: number
  unitPrice: number
}

export interface FeeRule {
  /** Basis points of the unit price (800 = 8 %). */
  percentBps: number
  /** Minor units added to every ticket. */
  fixedPerTicket: number
}

export const NO_FEE: FeeRule = { percentBps: 0, fixedPerTicket: 0 }

export type DiscountRule = { kind: 'PERCENT'; percentBps: number } | { kind: 'FIXED'; amount: number }

export interface CartTotals {
  lines: CartLine[]
  subtotal: number
  fees: number
  discount: number
  total: number
}

/** a × b / 10000, rounded half up, without leaving integers (amounts stay far below 2^53 / 10000). */
const bpsHalfUp = (amount: number, bps: number): number => Math.floor((amount * bps + 5000) / 10000)
const bpsDown = (amount: number, bps: number): number => Math.floor((amount * bps) / 10000)

export const feeOf = (unitPrice: number, rule: FeeRule): number =>
  bpsHalfUp(unitPrice, rule.percentBps) + rule.fixedPerTicket

/** Shares `total` over `weights` in proportion, largest remainder first; ties go to the earlier line. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum === 0 || total === 0) return weights.map(() => 0)
  const base = weights.map((w) => Math.floor((total * w) / sum))
  let left = total - base.reduce((a, b) => a + b, 0)
  const order = weights
    .map((w, i) => ({ i, rem: (total * w) % sum }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i)
  for (const { i } of order) {
    if (left === 0) break
    base[i] = (base[i] ?? 0) + 1
    left--
  }
  return base
}

export function discountOf(rule: DiscountRule, eligibleSubtotal: number): number {
  if (eligibleSubtotal <= 0) return 0
  if (rule.kind === 'PERCENT') return Math.min(eligibleSubtotal, bpsDown(eligibleSubtotal, rule.percentBps))
  return Math.min(eligibleSubtotal, Math.max(0, rule.amount))
}

/**
 * Prices a cart. `eligible` says which lines a promo applies to (its event/zone scope); without a
 * discount every line's discount is 0.
 */
export function priceCart(
  seats: readonly PricedSeat[],
  fee: FeeRule,
  discount?: { rule: DiscountRule; eligible: (seat: PricedSeat) => boolean },
): CartTotals {
  const eligibleIdx = discount ? seats.flatMap((s, i) => (discount.eligible(s) ? [i] : [])) : []
  const eligibleSubtotal = eligibleIdx.reduce((sum, i) => sum + (seats[i]?.unitPrice ?? 0), 0)
  const totalDiscount = discount ? discountOf(discount.rule, eligibleSubtotal) : 0
  const shares = allocate(
    totalDiscount,
    eligibleIdx.map((i) => seats[i]?.unitPrice ?? 0),
  )
  const lineDiscount = new Map(eligibleIdx.map((i, k) => [i, shares[k] ?? 0]))
  const lines: CartLine[] = seats.map((s, i) => {
    const f = feeOf(s.unitPrice, fee)
    const d = lineDiscount.get(i) ?? 0
    return {
      key: s.key,
      zoneName: s.zoneName,
      section: s.section,
      row: s.row,
      seat: s.seat,
      unitPrice: s.unitPrice,
      fee: f,
      discount: d,
      total: s.unitPrice + f - d,
    }
  })
  const subtotal = lines.reduce((a, l) => a + l.unitPrice, 0)
  const fees = lines.reduce((a, l) => a + l.fee, 0)
  const disc = lines.reduce((a, l) => a + l.discount, 0)
  return { lines, subtotal, fees, discount: disc, total: subtotal + fees - disc }
}

/**
 * The cart at a lower total (a price lowered at the box office, issue 15): the difference is one more
 * discount, shared over the lines in proportion to what each costs, so every ticket keeps the price it was
 * actually sold at and the order's figures still add up.
 */
export function lowerTotal(totals: CartTotals, newTotal: number): CartTotals {
  const cut = totals.total - newTotal
  const shares = allocate(
    cut,
    totals.lines.map((l) => l.total),
  )
  const lines = totals.lines.map((l, i) => {
    const extra = shares[i] ?? 0
    return { ...l, discount: l.discount + extra, total: l.total - extra }
  })
  return { ...totals, lines, discount: totals.discount + cut, total: newTotal }
}

/**
 * How a total is split between the wallet and the provider (issue 6: "the wallet part is debited first,
 * the provider is charged the rest"). WALLET alone pays everything from the wallet.
 */
export function splitPayment(
  total: number,
  method: 'CARD' | 'CASH' | 'TRANSFER' | 'LINK' | 'WALLET' | 'FREE',
  walletAmount: number,
): { wallet: number; provider: number } | null {
  // Nothing to pay is paid by nobody; FREE is refused for anything that costs money.
  if (method === 'FREE') return total === 0 ? { wallet: 0, provider: 0 } : null
  if (method === 'WALLET') return { wallet: total, provider: 0 }
  if (!Number.isSafeInteger(walletAmount) || walletAmount < 0 || walletAmount > total) return null
  return { wallet: walletAmount, provider: total - walletAmount }
}
