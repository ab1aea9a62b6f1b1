import type { DocumentType } from '@palco/domain/people/vocabulary'
import { apiRequest } from '../../../lib/api-client'

/** POST /api/fan/identification-validation: is this identification document already registered? */
export const documentExists = (
  input: { documentType: DocumentType; documentNumber: string },
  signal?: AbortSignal,
) =>
  apiRequest<{ exists: boolean }>('/api/fan/identification-validation', {
    body: input,
    ...(signal ? { signal } : {}),
  })
