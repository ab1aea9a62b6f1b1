import type { AppLoadContext } from 'react-router'
import { data } from 'react-router'
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
  /** A hosted page's (LINK) addresses to send the fan back to. */
  backUrls?: { success: string; failure: string; pending: string } | null
}

export type SandboxAction = 'approve' | 'decline' | 'expire'

export const sandboxPaymentPath = (paymentId: string) =>
  `/api/payments/sandbox/payments/${encodeURIComponent(paymentId)}`

export const settleSandboxPayment = (paymentId: string, action: SandboxAction) =>
  apiRequest<SandboxPayment>(`${sandboxPaymentPath(paymentId)}/${action}`, { method: 'POST' })

/** The dev pages' loader: the payment named by `?payment=` (404 when absent, unknown, or not in development). */
export async function loadSandboxPayment(request: Request, context: AppLoadContext) {
  const id = new URL(request.url).searchParams.get('payment')?.trim()
  if (!id) throw data(null, { status: 404 })
  const res = await context.api<SandboxPayment>(sandboxPaymentPath(id))
  if (res.status !== 200) throw data(null, { status: 404 })
  return { payment: res.data, locale: context.locale }
}
