import { apiRequest } from '../../../lib/api-client'

/** A payment of the built-in sandbox provider, as its development endpoints show it. */
export interface SandboxPayment {
  id: string
  /** Our payment's id (the sandbox's own id is `id`); either finds it. */
  paymentId?: string
  orderId: string | null
  method: string
  kind: string
  amount: number
  currency: 'COP' | 'MXN'
  status: string
  returnUrl: string | null
}

export type SandboxAction = 'approve' | 'decline' | 'expire'

export const sandboxPaymentPath = (paymentId: string) =>
  `/api/payments/sandbox/payments/${encodeURIComponent(paymentId)}`

export const settleSandboxPayment = (paymentId: string, action: SandboxAction) =>
  apiRequest<SandboxPayment>(`${sandboxPaymentPath(paymentId)}/${action}`, { method: 'POST' })
