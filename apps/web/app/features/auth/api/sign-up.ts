import type { SignUp } from '@palco/domain/people/fan'
import { apiRequest } from '../../../lib/api-client'

/** POST /api/v1/auth/sign-up: creates the unconfirmed account and emails the confirmation code. */
export const signUp = (input: SignUp) =>
  apiRequest<{ email: string; next: 'CONFIRM' }>('/api/v1/auth/sign-up', { body: input })
