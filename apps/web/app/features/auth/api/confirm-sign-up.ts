import { apiRequest } from '../../../lib/api-client'

/** POST /api/auth/otp/confirm: the emailed code confirms the new account and logs the fan in. */
export const confirmSignUp = (input: { email: string; code: string }) =>
  apiRequest<{ confirmed: true }>('/api/auth/otp/confirm', { body: input })
