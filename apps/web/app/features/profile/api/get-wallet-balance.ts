import type { balanceSchema } from '@palco/domain/checkout/contract'
import type { ServerContext } from '@palco/domain/web/server-context'
import type { z } from 'zod'

export type WalletBalance = z.infer<typeof balanceSchema>

/** `GET /api/checkout-service/cart/balance`: the balance checkout offers, in the site's currency. */
export function getWalletBalance(api: ServerContext['api']) {
  return api<WalletBalance>('/api/checkout-service/cart/balance')
}
