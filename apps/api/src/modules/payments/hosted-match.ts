import type { Db } from '../../db/dialect.js'
import { findPayment } from './payments.repository.js'
import type { ProviderPaymentResult } from './provider.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type ReferenceMatch =
  | { ok: true; payment: NonNullable<Awaited<ReturnType<typeof findPayment>>> }
  | { ok: false; reason: 'unknown-payment' | 'amount-mismatch' }

/**
 * The payment of ours a provider's payment was made for, by the reference the provider keeps (our payment
 * id as Checkout Pro's external_reference). Only hosted-page payments (LINK) of the same provider are found
 * this way: every other payment learns its provider id when it is created. The provider's charged amount
 * must be ours, so a page can never settle an order for less than its total.
 */
export async function paymentOfReference(
  db: Db,
  providerCode: string,
  result: ProviderPaymentResult,
): Promise<ReferenceMatch> {
  const reference = result.reference
  if (!reference || !UUID.test(reference)) return { ok: false, reason: 'unknown-payment' }
  const payment = await findPayment(db, reference)
  if (!payment || payment.provider_code !== providerCode || payment.method !== 'LINK') {
    return { ok: false, reason: 'unknown-payment' }
  }
  const charged = result.charged
  if (charged && (charged.amount !== Number(payment.amount) || charged.currency !== payment.currency)) {
    return { ok: false, reason: 'amount-mismatch' }
  }
  return { ok: true, payment }
}
