/**
 * The sandbox provider's own payments (the built-in, offline stand-in for a real provider; DESIGN §2). Its
 * statuses are the answers a provider gives (`ProviderPaymentStatus` in the API).
 * - PENDING: a voucher, a transfer or a hosted page waiting for the fan; a card under review.
 * - APPROVED / DECLINED: a card answered at once, or a pending payment decided on the dev pages.
 * - EXPIRED: left to lapse (a PENDING one past its deadline also reads EXPIRED without being written).
 * - REFUNDED: given back through the provider (cash paid at a store never is).
 */
export const SANDBOX_PAYMENT_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'EXPIRED', 'REFUNDED'] as const
export type SandboxPaymentStatus = (typeof SANDBOX_PAYMENT_STATUSES)[number]

/**
 * The sandbox exists to tell every story a real provider can, for the settlement's rules to be tested with:
 * a decided payment may be decided otherwise (a voucher paid after its deadline, a bank that approves after
 * refusing, a refusal that arrives after the approval, out of order). Two things a provider never does:
 * a payment never goes back to waiting, and a refund is final. A payment settled again in the status it has
 * writes nothing; its notification is simply sent again.
 */
const TRANSITIONS: Readonly<Record<SandboxPaymentStatus, readonly SandboxPaymentStatus[]>> = {
  PENDING: ['APPROVED', 'DECLINED', 'EXPIRED'],
  APPROVED: ['DECLINED', 'EXPIRED', 'REFUNDED'],
  DECLINED: ['APPROVED', 'EXPIRED'],
  EXPIRED: ['APPROVED', 'DECLINED'],
  REFUNDED: [],
}

/** A card is answered at once (approved, declined or under review); everything else starts PENDING. */
export const SANDBOX_INITIAL_STATUSES = [
  'PENDING',
  'APPROVED',
  'DECLINED',
] as const satisfies readonly SandboxPaymentStatus[]

export const canSandboxTransition = (from: SandboxPaymentStatus, to: SandboxPaymentStatus): boolean =>
  TRANSITIONS[from].includes(to)

export function assertSandboxMove(from: SandboxPaymentStatus, to: SandboxPaymentStatus): void {
  if (!canSandboxTransition(from, to)) throw new Error(`Illegal sandbox payment move ${from} → ${to}`)
}

export function assertSandboxStart(status: string): asserts status is SandboxPaymentStatus {
  if (!(SANDBOX_INITIAL_STATUSES as readonly string[]).includes(status))
    throw new Error(`A sandbox payment is not created ${status}`)
}
