import { z } from 'zod'
import type { SalesChannel } from '../catalog/vocabulary.js'
import { deviceFromUserAgent } from '../web/device.js'

/**
 * Who is on an order (issue 14 part 1). The one who places it, the buyer, the seller and the ticket holders
 * used to be one fan; the box office, installments and inscriptions each pull them apart:
 * - the buyer: a fan account, a pre-registered fan with no account yet, or a walk-in with a name only;
 * - the seller: the operator who sold it at the box office, none online;
 * - whoever placed it: the fan online, the operator at the counter (idempotency keys are theirs);
 * - the holder of each ticket: the buyer unless a line names someone else (an inscription's participant).
 */
export const BUYER_KINDS = ['ACCOUNT', 'PRE_REGISTERED', 'WALK_IN'] as const
export type BuyerKind = (typeof BUYER_KINDS)[number]

export const walkInBuyerSchema = z.object({
  kind: z.literal('WALK_IN'),
  name: z.string().trim().min(2).max(120),
  email: z.email().max(254).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{7,20}$/)
    .optional(),
})

export const buyerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ACCOUNT'), userId: z.uuid() }),
  z.object({ kind: z.literal('PRE_REGISTERED'), fanId: z.uuid() }),
  walkInBuyerSchema,
])
export type Buyer = z.infer<typeof buyerSchema>

/** The columns an order stores for its buyer; the database checks the same shape (migration 0016). */
export interface BuyerColumns {
  buyer_kind: BuyerKind
  user_id: string | null
  buyer_fan_id: string | null
  buyer_name: string | null
  buyer_email: string | null
  buyer_phone: string | null
}

export function buyerColumnsOf(buyer: Buyer): BuyerColumns {
  const none = { user_id: null, buyer_fan_id: null, buyer_name: null, buyer_email: null, buyer_phone: null }
  switch (buyer.kind) {
    case 'ACCOUNT':
      return { ...none, buyer_kind: 'ACCOUNT', user_id: buyer.userId }
    case 'PRE_REGISTERED':
      return { ...none, buyer_kind: 'PRE_REGISTERED', buyer_fan_id: buyer.fanId }
    case 'WALK_IN':
      return {
        ...none,
        buyer_kind: 'WALK_IN',
        buyer_name: buyer.name,
        buyer_email: buyer.email ?? null,
        buyer_phone: buyer.phone ?? null,
      }
  }
}

/** Our own app says so in its user agent; a browser is mobile or desktop by the server's device detection. */
const APP_AGENT = /\bPalcoApp\//

/** The sales channel of an online order (spec §3), decided on the server from the request's user agent. */
export function salesChannelOf(userAgent: string | null | undefined): SalesChannel {
  if (userAgent && APP_AGENT.test(userAgent)) return 'APP'
  return deviceFromUserAgent(userAgent) === 'desktop' ? 'WEB_DESKTOP' : 'WEB_MOBILE'
}

/** The account an order's tickets go to: the buyer's, or none (a pre-registered fan or a walk-in). */
export const ticketOwnerOf = (c: Pick<BuyerColumns, 'user_id' | 'buyer_fan_id'>) => ({
  userId: c.user_id,
  fanId: c.buyer_fan_id,
})
