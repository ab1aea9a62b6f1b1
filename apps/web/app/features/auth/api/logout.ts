import { apiRequest } from '../../../lib/api-client'

/** POST /api/auth/logout: ends the session and clears the cookie. */
export const logout = () => apiRequest<{ loggedOut: true }>('/api/auth/logout', { method: 'POST', body: {} })
