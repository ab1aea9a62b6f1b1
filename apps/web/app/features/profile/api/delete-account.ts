import { apiRequest } from '../../../lib/api-client'

/** POST /api/auth/delete-user: the password confirms; orders stay, anonymised, for accounting. */
export const deleteAccount = (input: { password: string }) =>
  apiRequest<{ deleted: true }>('/api/auth/delete-user', { body: input })
