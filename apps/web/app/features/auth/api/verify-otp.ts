import { apiRequest } from '../../../lib/api-client'
import type { CodeTarget } from '../model/auth-flow'
import type { SessionView } from '../model/session-view'

/** POST /api/v1/auth/verify-otp: the code sent by request-otp logs the fan in. */
export const verifyOtp = (input: CodeTarget & { code: string }) =>
  apiRequest<{ session: SessionView }>('/api/v1/auth/verify-otp', { body: input })
