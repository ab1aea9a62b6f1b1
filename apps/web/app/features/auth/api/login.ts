import type { PhonePrefix } from '@palco/domain/locale/country'
import { apiRequest } from '../../../lib/api-client'
import type { SessionView } from '../model/session-view'

export type PasswordLoginInput = ({ email: string } | { phonePrefix: PhonePrefix; phone: string }) & {
  password: string
  /** The operators' door: refuses non-staff accounts with InvalidAccountTypeException. */
  operator?: boolean
}

/** POST /api/auth/login: email or phone plus password; any wrong credential is NotAuthorizedException. */
export const login = (input: PasswordLoginInput) =>
  apiRequest<{ session: SessionView }>('/api/auth/login', { body: input })
