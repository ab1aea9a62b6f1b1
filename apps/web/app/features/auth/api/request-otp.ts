import { apiRequest } from '../../../lib/api-client'
import type { CodeTarget } from '../model/auth-flow'

/** POST /api/v1/auth/request-otp: a login code by email or SMS; AUTH0003 unknown, AUTH0013 pre-registered. */
export const requestOtp = (target: CodeTarget) =>
  apiRequest<{ channel: 'email' | 'sms' }>('/api/v1/auth/request-otp', { body: target })
