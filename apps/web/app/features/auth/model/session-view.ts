import type { Role } from '@palco/domain/people/vocabulary'

/** The person a login answers with (the API's session view). */
export interface SessionView {
  userId: string
  name: string
  email: string
  roles: Role[]
  expiresAt: string
}
