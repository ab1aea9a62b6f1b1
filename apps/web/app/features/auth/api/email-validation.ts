import { apiRequest } from '../../../lib/api-client'

/** POST /api/fan/email-validation: is this email already registered? */
export const emailExists = (input: { email: string }, signal?: AbortSignal) =>
  apiRequest<{ exists: boolean }>('/api/fan/email-validation', { body: input, ...(signal ? { signal } : {}) })
