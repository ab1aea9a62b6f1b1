import type { AppLoadContext } from 'react-router'
import { data, redirect } from 'react-router'
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

/** A sandbox payment still waiting, as the dev pages list them when opened without an id. */
export interface PendingSandboxPayment {
  id: string
  paymentId: string
  orderId: string
  orderCode: string
  method: string
  kind: string
  amount: number
  currency: 'COP' | 'MXN'
  status: string
  createdAt: string
}

/** The dev page that decides a sandbox payment: the pretend bank (PSE), the hosted page (LINK), the store. */
export function sandboxPageOf(p: Pick<PendingSandboxPayment, 'id' | 'kind' | 'method'>): string {
  const page =
    p.kind === 'LINK'
      ? '/dev/sandbox-checkout'
      : p.kind === 'TRANSFER' && p.method.startsWith('PSE')
        ? '/dev/sandbox-bank'
        : '/dev/sandbox-payments'
  return `${page}?payment=${encodeURIComponent(p.id)}`
}

/**
 * The dev pages' loader: the payment named by `?payment=` (404 when unknown, or not in development).
 * Without an id (the README links the bank page bare) the page lists the signed-in fan's payments still
 * waiting, each leading to the page that decides it; a visitor is asked to log in first.
 */
export async function loadSandboxPayment(request: Request, context: AppLoadContext) {
  const url = new URL(request.url)
  const id = url.searchParams.get('payment')?.trim()
  if (!id) {
    const res = await context.api<{ payments: PendingSandboxPayment[] }>('/api/payments/sandbox/payments')
    if (res.status === 401)
      throw redirect(`/authorization/login?redirectTo=${encodeURIComponent(url.pathname)}`)
    // Not registered (production): these pages do not exist.
    if (res.status !== 200) throw data(null, { status: 404 })
    return { mode: 'list' as const, pending: res.data.payments, locale: context.locale }
  }
  const res = await context.api<SandboxPayment>(sandboxPaymentPath(id))
  if (res.status !== 200) throw data(null, { status: 404 })
  return { mode: 'payment' as const, payment: res.data, locale: context.locale }
}
