import { apiRequest } from '../../../lib/api-client'

/** POST /api/auth/otp/resend: another confirmation code (30 s apart, LimitExceededException otherwise). */
export const resendConfirmation = (input: { email: string }) =>
  apiRequest<{ sent: true }>('/api/auth/otp/resend', { body: input })
