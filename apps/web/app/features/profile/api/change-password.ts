import { apiRequest } from '../../../lib/api-client'

/** POST /api/fan/password: the current password and the new one; other sessions end. */
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  apiRequest<{ changed: true }>('/api/fan/password', { body: input })
