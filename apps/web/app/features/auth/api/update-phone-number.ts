import type { PhonePrefix } from '@palco/domain/locale/country'
import { apiRequest } from '../../../lib/api-client'

/**
 * POST /api/v1/auth/update-phone-number: without `code` sends one to the new number (CODE_SENT); with
 * it, switches the account to that number (CHANGED).
 */
export const updatePhoneNumber = (input: { phonePrefix: PhonePrefix; phone: string; code?: string }) =>
  apiRequest<{ status: 'CODE_SENT' | 'CHANGED' }>('/api/v1/auth/update-phone-number', { body: input })
