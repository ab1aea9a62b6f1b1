import { apiRequest } from '../../../lib/api-client'

/** POST /api/auth/forgot-submit: the emailed code sets the new password; other sessions end. */
export const forgotPasswordSubmit = (input: { email: string; code: string; password: string }) =>
  apiRequest<{ reset: true }>('/api/auth/forgot-submit', { body: input })
