/** The person a login answers with (the API's session view). */
export interface SessionView {
  userId: string
  name: string
  email: string
  roles: ('fan' | 'operator' | 'admin')[]
  expiresAt: string
}
