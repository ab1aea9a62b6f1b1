import { DomainError } from '@palco/domain/errors/domain-error'
import { paymentOfReference } from './hosted-match.js'
import type { PaymentsDeps } from './payment-outcome.js'
import { findPaymentByProviderId } from './payments.repository.js'
import {
  type PaymentProviderAdapter,
  type ProviderPaymentResult,
  ProviderUnavailableError,
  type WebhookRequest,
} from './provider.js'
import { ProviderResponseError } from './providers/shared/provider-http.js'
import {
  claimNotification,
  markNotification,
  releaseNotification,
  storeNotification,
} from './webhooks.repository.js'

export type WebhookAnswer = { status: 'applied' | 'duplicate' | 'ignored'; outcome?: string }

/**
 * A provider's notification (issue 6 part 5): verified by signature, stored in the inbox once, then
 * applied by asking the provider for the payment's status — the body is never trusted. Replays answer
 * 200 without applying twice. A payment made on a hosted page (Checkout Pro) is matched to ours by the
 * reference the provider returns with that status. A notification about a payment we do not know is
 * recorded as IGNORED and answered 200: providers retry anything else for days, and there is nothing we
 * could do with it.
 * A provider that does not answer our status question → 503, so the provider retries later.
 */
export async function handleWebhook(
  deps: PaymentsDeps,
  providerCode: string,
  request: WebhookRequest,
): Promise<WebhookAnswer> {
  const adapter = deps.providers.byCode(providerCode)
  if (!adapter) throw new DomainError('NOT_FOUND', { message: 'No such payment provider.' })
  if (!adapter.verifyWebhook(request)) throw new DomainError('WEBHOOK_SIGNATURE_INVALID')
  const notice = adapter.parseWebhook(request)
  if (!notice) return { status: 'ignored', outcome: 'not-a-payment' }
  const { row, fresh } = await storeNotification(deps.db, {
    provider: adapter.code,
    notificationId: notice.notificationId,
    providerPaymentId: notice.providerPaymentId,
    body: request.rawBody.slice(0, 10_000),
  })
  if (!fresh && row.status !== 'RECEIVED') return { status: 'duplicate', outcome: row.outcome ?? undefined }
  // A row still RECEIVED is being applied by another copy right now, or was left by one that failed
  // half-way; only a delivery that claims it applies it, so copies racing each other apply it once.
  if (!fresh && !(await claimNotification(deps.db, row.id))) return { status: 'duplicate' }
  try {
    return await applyNotification(deps, adapter, notice.providerPaymentId, row.id)
  } catch (err) {
    // Should the release fail too, the claim lapses on its own; the caller needs the first error.
    await releaseNotification(deps.db, row.id).catch(() => undefined)
    throw err
  }
}

async function applyNotification(
  deps: PaymentsDeps,
  adapter: PaymentProviderAdapter,
  providerPaymentId: string,
  rowId: string,
): Promise<WebhookAnswer> {
  const direct = await findPaymentByProviderId(deps.db, adapter.code, providerPaymentId)
  // A payment made on a hosted page was created by the provider: we learn its id only now, and find
  // ours through the reference the provider keeps. Providers without such pages are not even asked.
  if (!direct && !adapter.hostedCheckout) {
    await markNotification(deps.db, rowId, 'IGNORED', 'unknown-payment')
    return { status: 'ignored', outcome: 'unknown-payment' }
  }
  let status: ProviderPaymentResult
  try {
    status = await askStatus(adapter, providerPaymentId)
  } catch (err) {
    if (direct || !(err instanceof ProviderResponseError)) throw err
    // The provider knows no such payment either (a notification for another account or a test ping).
    await markNotification(deps.db, rowId, 'IGNORED', 'unknown-payment')
    return { status: 'ignored', outcome: 'unknown-payment' }
  }
  let paymentId = direct?.id
  if (!paymentId) {
    const match = await paymentOfReference(deps.db, adapter.code, status)
    if (!match.ok) {
      if (match.reason === 'amount-mismatch') {
        deps.log?.error(
          { provider: adapter.code, providerPaymentId },
          'a hosted-page payment was for another amount than its order; not applied',
        )
      }
      await markNotification(deps.db, rowId, 'IGNORED', match.reason)
      return { status: 'ignored', outcome: match.reason }
    }
    paymentId = match.payment.id
  }
  await deps.settlement.applyProviderOutcome(paymentId, {
    status: status.status,
    ...(status.declineReason ? { declineReason: status.declineReason } : {}),
    ...(status.cardLast4 ? { cardLast4: status.cardLast4 } : {}),
    ...(direct ? {} : { providerPaymentId: status.providerPaymentId, rebind: true }),
  })
  await markNotification(deps.db, rowId, 'APPLIED', status.status)
  return { status: 'applied', outcome: status.status }
}

async function askStatus(adapter: PaymentProviderAdapter, providerPaymentId: string) {
  try {
    return await adapter.getStatus(providerPaymentId)
  } catch (err) {
    if (err instanceof ProviderUnavailableError) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE')
    throw err
  }
}
