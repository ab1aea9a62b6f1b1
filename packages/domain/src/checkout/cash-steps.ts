import type { CashPaymentProvider } from '../orders/vocabulary.js'

// Spec §2: Palco has 2 cash steps, SPEI 3 with its own second step, every other provider 3.
//   method         choose how to pay (cash option, or the Mexican network: oxxo, paycash, …)
//   instructions   the provider's instructions for paying at a store before the voucher is issued
//   spei-transfer  the CLABE, amount and reference to enter in the fan's banking app
//   voucher        the reference to pay against, with its expiry; the last step is always this one
// Palco issues its own voucher at once, so it needs no instructions step.
export const CASH_CHECKOUT_STEPS = ['method', 'instructions', 'spei-transfer', 'voucher'] as const
export type CashCheckoutStep = (typeof CASH_CHECKOUT_STEPS)[number]

export const DEFAULT_CASH_CHECKOUT_STEPS = ['method', 'instructions', 'voucher'] as const

const STEPS_BY_PROVIDER: Readonly<Record<CashPaymentProvider, readonly CashCheckoutStep[]>> = {
  PALCO: ['method', 'voucher'],
  SPEI: ['method', 'spei-transfer', 'voucher'],
  KUSHKI: DEFAULT_CASH_CHECKOUT_STEPS,
  MERCADO_PAGO: DEFAULT_CASH_CHECKOUT_STEPS,
}

export const cashCheckoutSteps = (provider: CashPaymentProvider): readonly CashCheckoutStep[] =>
  STEPS_BY_PROVIDER[provider]

// For the stepper's "continue": undefined after the last step or for a step this provider does not have.
export const nextCashCheckoutStep = (
  provider: CashPaymentProvider,
  current: CashCheckoutStep,
): CashCheckoutStep | undefined => {
  const steps = cashCheckoutSteps(provider)
  const index = steps.indexOf(current)
  return index === -1 ? undefined : steps[index + 1]
}
