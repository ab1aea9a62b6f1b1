import { DomainError } from '@palco/domain/errors/domain-error'
import { findPaymentByProviderId } from '../checkout/checkout.repository.js'
import { applyProviderOutcome, type CheckoutDeps } from '../checkout/settlement.service.js'
import { ProviderUnavailableError, type WebhookRequest } from './provider.js'
import { markNotification, storeNotification } from './webhooks.repository.js'

export type WebhookAnswer = { status: 'applied' | 'duplicate' | 'ignored'; outcome?: string }

/**
 * A provider's notification (issue 6 part 5): verified by signature, stored in the inbox once, then
 * applied by asking the provider for the payment's status — the body is never trusted. Replays answer
 * 200 without applying twice. A notification about a payment we do not know is recorded as IGNORED and
 * answered 200: providers retry anything else for days, and there is nothing we could do with it.
 * A provider that does not answer our status question → 503, so the provider retries later.
 */
export async function handleWebhook(
  deps: CheckoutDeps,
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
  // A row still RECEIVED was stored by an attempt that failed half-way: applying again is safe.
  if (!fresh && row.status !== 'RECEIVED') return { status: 'duplicate', outcome: row.outcome ?? undefined }
  const payment = await findPaymentByProviderId(deps.db, adapter.code, notice.providerPaymentId)
  if (!payment) {
    await markNotification(deps.db, row.id, 'IGNORED', 'unknown-payment')
    return { status: 'ignored', outcome: 'unknown-payment' }
  }
  let status: Awaited<ReturnType<typeof adapter.getStatus>>
  try {
    status = await adapter.getStatus(notice.providerPaymentId)
  } catch (err) {
    if (err instanceof ProviderUnavailableError) throw new DomainError('PAYMENT_PROVIDER_UNAVAILABLE')
    throw err
  }
  await applyProviderOutcome(deps, payment.id, {
    status: status.status,
    ...(status.declineReason ? { declineReason: status.declineReason } : {}),
  })
  await markNotification(deps.db, row.id, 'APPLIED', status.status)
  return { status: 'applied', outcome: status.status }
}
