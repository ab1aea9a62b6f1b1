/**
 * What may pay a paguitos plan's parts (issue 16), one table for the web's payment forms and the API's checks,
 * so a page never offers a method the server refuses. No imports: a page's script takes only this.
 *
 * - `deposit`: online, the deposit is one payment through the provider — card, cash voucher or bank transfer.
 *   Not the wallet (it pays later installments, never a share of the deposit), not the hosted page (LINK
 *   charges the whole total), not FREE (a plan's deposit is never zero).
 * - `counter`: the deposit or a later payment taken at the box office, money in the open shift — cash and
 *   the card terminal (TPV), never a courtesy (a plan is bought, not given).
 * - `installment`: a later payment online, by any of the country's methods, the wallet included (whole: it
 *   pays an installment all or nothing), but not the hosted page.
 */
export const PLAN_PAYMENT_METHODS = {
  deposit: ['CARD', 'CASH', 'TRANSFER'],
  counter: ['CASH', 'TPV'],
  installment: ['CARD', 'CASH', 'TRANSFER', 'WALLET'],
} as const

export type DepositMethod = (typeof PLAN_PAYMENT_METHODS.deposit)[number]
export type CounterPlanTender = (typeof PLAN_PAYMENT_METHODS.counter)[number]
export type InstallmentMethod = (typeof PLAN_PAYMENT_METHODS.installment)[number]

const among =
  <M extends string>(allowed: readonly M[]) =>
  (method: string): method is M =>
    (allowed as readonly string[]).includes(method)

export const isDepositMethod = among(PLAN_PAYMENT_METHODS.deposit)
export const isCounterPlanTender = among(PLAN_PAYMENT_METHODS.counter)
export const isInstallmentMethod = among(PLAN_PAYMENT_METHODS.installment)

/** Whether an online payment choice may pay a deposit: one of its methods, whole (no wallet share). */
export const mayPayDeposit = (choice: { method: string; walletAmount?: number }): boolean =>
  isDepositMethod(choice.method) && (choice.walletAmount ?? 0) === 0

/** The methods of a country's offer that may pay a deposit, in the offer's order. */
export const depositMethodsOf = <M extends string>(offered: readonly M[]): M[] =>
  offered.filter((m) => isDepositMethod(m))

/** The methods of a country's offer that may pay a later installment, in the offer's order. */
export const installmentMethodsOf = <M extends string>(offered: readonly M[]): M[] =>
  offered.filter((m) => isInstallmentMethod(m))
