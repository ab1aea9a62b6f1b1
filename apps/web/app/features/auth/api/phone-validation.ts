import type { PhonePrefix } from '@palco/domain/locale/country'
import { apiRequest } from '../../../lib/api-client'

/** POST /api/fan/phone-validation: is this phone number already registered? */
export const phoneExists = (input: { phonePrefix: PhonePrefix; phone: string }, signal?: AbortSignal) =>
  apiRequest<{ exists: boolean }>('/api/fan/phone-validation', { body: input, ...(signal ? { signal } : {}) })
