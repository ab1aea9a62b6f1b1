import type { QueueDefinition } from '../jobs/job-runner.js'
import { paymentOfReference } from './hosted-match.js'
import type { PaymentsDeps } from './payment-outcome.js'
import { findPayment, markChecked, refundsToRetry, stalePayments } from './payments.repository.js'
import { ProviderUnavailableError } from './provider.js'
import { savedCardRef } from './saved-cards.service.js'

export interface ReconcileOptions {
  /** Payments untouched for this long are asked about (webhooks normally arrive well before). */
  staleAfterMs?: number
  /** A payment never handed to a provider (a crash mid-checkout) is given up after this long. */
  abandonAfterMs?: number
  limit?: number
  now?: Date
}

export interface ReconcileReport {
  checked: number
  settled: number
  refunds: number
}

/**
 * One pass of the reconciliation job (issue 6 part 5): asks providers about stale pending payments and
 * expires vouchers, transfers and unknown card outcomes whose time is up (seats released, promo and
 * wallet given back); retries refunds a provider did not answer. Idempotent, so any process may run it.
 */
export async function reconcileOnce(
  deps: PaymentsDeps,
  opts: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = opts.now ?? new Date()
  const report: ReconcileReport = { checked: 0, settled: 0, refunds: 0 }
  const stale = await stalePayments(
    deps.db,
    new Date(now.getTime() - (opts.staleAfterMs ?? 60_000)),
    opts.limit ?? 50,
  )
  for (const { id } of stale) {
    report.checked++
    try {
      if (await reconcilePayment(deps, id, now, opts.abandonAfterMs ?? 10 * 60_000)) report.settled++
    } catch (err) {
      deps.log?.error({ err, paymentId: id }, 'reconciliation failed for a payment')
    } finally {
      await markChecked(deps.db, id)
    }
  }
  for (const { id } of await refundsToRetry(deps.db, opts.limit ?? 50)) {
    await deps.settlement.refundPayment(id)
    report.refunds++
  }
  return report
}

async function reconcilePayment(deps: PaymentsDeps, paymentId: string, now: Date, abandonAfterMs: number) {
  const payment = await findPayment(deps.db, paymentId)
  if (!payment) return false
  const expired = payment.expires_at !== null && new Date(payment.expires_at).getTime() <= now.getTime()
  // Seats reserved at the counter (issue 15) have no provider to ask: only their deadline ends them.
  if (payment.method === 'RESERVATION') {
    if (!expired) return false
    await deps.settlement.applyProviderOutcome(payment.id, { status: 'EXPIRED' })
    return true
  }
  const adapter = deps.providers.byCode(payment.provider_code)
  if (!adapter) return false
  let status: 'APPROVED' | 'DECLINED' | 'PENDING' | 'EXPIRED' | 'REFUNDED'
  let providerPaymentId = payment.provider_payment_id ?? undefined
  let rebind = false
  try {
    if (payment.provider_payment_id) {
      status = (await adapter.getStatus(payment.provider_payment_id)).status
    } else if (payment.method === 'LINK' && payment.hosted) {
      // The fan was sent to the provider's page: ask whether a payment was made there (its notification
      // may have been lost); none yet means still pending, until the page's time is up.
      const found = await adapter.findByReference(payment.id)
      const match = found ? await paymentOfReference(deps.db, adapter.code, found) : null
      if (found && match?.ok) {
        status = found.status
        providerPaymentId = found.providerPaymentId
        rebind = true
      } else {
        if (match && !match.ok)
          deps.log?.error({ paymentId }, 'a hosted-page payment does not match its order')
        status = 'PENDING'
      }
    } else if (payment.method === 'CARD' && (payment.retry_token || payment.saved_card_id)) {
      // We never learnt the provider's id (timeout): the same idempotency key returns the first attempt — on
      // the saved card it was charged on, if any (issue 16 part 3).
      const savedCard = await savedCardRef(deps.db, payment.saved_card_id)
      const r = await adapter.chargeCard({
        paymentId: payment.id,
        idempotencyKey: payment.idempotency_key,
        amount: { amount: Number(payment.amount), currency: payment.currency as 'COP' | 'MXN' },
        token: payment.retry_token ?? '',
        ...(savedCard ? { savedCard } : {}),
        installments: 1,
        ...(payment.card_method ? { paymentMethodId: payment.card_method } : {}),
        ...(payment.card_issuer ? { issuerId: payment.card_issuer } : {}),
        payer: { email: '', fullName: '', documentType: '', documentNumber: '', phone: '' },
        description: 'Palco',
      })
      status = r.status
      providerPaymentId = r.providerPaymentId
    } else {
      const age = now.getTime() - new Date(payment.created_at).getTime()
      if (age < abandonAfterMs) return false
      status = 'DECLINED'
    }
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) throw err
    // Still no answer: only the clock can end it.
    if (!expired) return false
    status = 'PENDING'
  }
  if (status === 'PENDING' && expired) status = 'EXPIRED'
  if (status === 'PENDING') return false
  await deps.settlement.applyProviderOutcome(payment.id, {
    status,
    ...(providerPaymentId ? { providerPaymentId } : {}),
    ...(rebind ? { rebind } : {}),
    // Given up before any provider had it: the provider, not the fan, is why it failed.
    ...(status === 'DECLINED' && !providerPaymentId && payment.method !== 'CARD'
      ? { failureCode: 'PAYMENT_PROVIDER_UNAVAILABLE' }
      : {}),
  })
  return true
}

/**
 * Payment reconciliation as a periodic job (issue 42 part 3), every `intervalMs`, one at a time across every
 * process. Idempotent: an outcome is applied through `applyProviderOutcome`, whose payment moves are guarded
 * by the payment's status under its row lock (a second run finds it settled), and a refund through
 * `refundPayment`, which records only a refund still REQUESTED (the provider gets the same idempotency key).
 */
export function reconcileJob(deps: PaymentsDeps, intervalMs: number): QueueDefinition {
  return {
    name: 'payments-reconcile',
    everyMs: intervalMs,
    retryLimit: 3,
    retryDelaySeconds: 15,
    expireInSeconds: 15 * 60,
    handle: async (_data, { now }) => {
      await reconcileOnce(deps, { now })
    },
  }
}
