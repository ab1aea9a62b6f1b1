import type { HostedPaymentBody, HostedPaymentResult } from '@palco/domain/checkout/contract'
import { apiRequest } from '../../../lib/api-client'

/** Spec §7's `/api/checkout/preference-id`: the order, paid on the provider's hosted page. */
export const startHostedPayment = (body: HostedPaymentBody) =>
  apiRequest<HostedPaymentResult>('/api/checkout/preference-id', { method: 'POST', body })
