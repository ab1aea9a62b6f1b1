import { z } from 'zod'
import { currencySchema } from '../locale/country.js'
import { ORDER_STATUSES } from './statuses.js'

/**
 * The organiser console's orders (issue 43 part 3): find an order by what the buyer remembers, read it whole
 * (payments, tickets, history), refund it, send its tickets again.
 */

/** One box, several keys: an order's code, the buyer's e-mail, phone or document, matched exactly. */
export const orderSearchQuerySchema = /* @__PURE__ */ z.object({
  q: z.string().trim().min(3, { error: 'searchTooShort' }).max(120),
  eventId: z.uuid().optional(),
})
export type OrderSearchQuery = z.infer<typeof orderSearchQuerySchema>

const money = z.object({ amount: z.number().int(), currency: currencySchema })

export const orderSearchResultSchema = /* @__PURE__ */ z.object({
  orders: z.array(
    z.object({
      id: z.uuid(),
      code: z.string(),
      status: z.enum(ORDER_STATUSES),
      eventName: z.string(),
      buyerName: z.string(),
      buyerEmail: z.string(),
      total: money,
      createdAt: z.string(),
    }),
  ),
})
export type OrderSearchResult = z.infer<typeof orderSearchResultSchema>

export const REFUND_DESTINATIONS = ['ORIGINAL', 'WALLET'] as const
export type RefundDestinationChoice = (typeof REFUND_DESTINATIONS)[number]

/** A whole order refunded: to the card or account that paid (ORIGINAL), or to the buyer's Palco wallet. */
export const orderRefundBodySchema = /* @__PURE__ */ z.object({
  to: z.enum(REFUND_DESTINATIONS),
  reason: z.string().trim().min(5, { error: 'reasonTooShort' }).max(300),
})
export type OrderRefundBody = z.infer<typeof orderRefundBodySchema>

export const orderAdminViewSchema = /* @__PURE__ */ z.object({
  id: z.uuid(),
  code: z.string(),
  status: z.enum(ORDER_STATUSES),
  event: z.object({ id: z.uuid(), name: z.string(), startsAt: z.string() }),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    document: z.string(),
    hasWallet: z.boolean(),
  }),
  channel: z.string(),
  subtotal: money,
  fees: money,
  discount: money,
  total: money,
  promoCode: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Whether this console may refund it now (a paid online order), and why not otherwise. */
  refundable: z.boolean(),
  notRefundableBecause: z.enum(['NOT_PAID', 'BOX_OFFICE_SALE', 'ALREADY_REFUNDED']).nullable(),
  payments: z.array(
    z.object({
      id: z.uuid(),
      method: z.string(),
      provider: z.string(),
      amount: money,
      status: z.string(),
      refundState: z.string().nullable(),
      refundMethod: z.string().nullable(),
      /** The paying card's last four digits, when its provider said them. */
      cardLast4: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  tickets: z.array(
    z.object({
      id: z.uuid(),
      place: z.string(),
      zoneName: z.string().nullable(),
      holderName: z.string().nullable(),
      status: z.string(),
      checkedInAt: z.string().nullable(),
      gate: z.string().nullable(),
    }),
  ),
  history: z.array(z.object({ action: z.string(), actor: z.string().nullable(), at: z.string() })),
})
export type OrderAdminView = z.infer<typeof orderAdminViewSchema>
