import { apiRequest } from '../../../lib/api-client'

/** POST /api/auth/forgot: emails a reset code; answers the same whether or not the account exists. */
export const forgotPassword = (input: { email: string }) =>
  apiRequest<{ sent: true }>('/api/auth/forgot', { body: input })
