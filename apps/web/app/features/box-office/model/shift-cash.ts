import type { ShiftView } from '@palco/domain/box-office/contract'

/**
 * The shift's cash as a cashier counts it: what buyers handed over, the change given back from it, and what
 * stays in the drawer from the sales. The shift's totals keep the cash tenders net of change (a tender's
 * amount is what the sale took) and the change beside them, so what was handed over is their sum; a card
 * terminal's tender gives no change.
 */
export interface ShiftCash {
  received: number
  change: number
  net: number
}

export function shiftCashOf(totals: Pick<ShiftView['totals'], 'cash' | 'change'>): ShiftCash {
  return { received: totals.cash + totals.change, change: totals.change, net: totals.cash }
}
