import type { Fan } from '@palco/domain/people/fan'
import type { Gender } from '@palco/domain/people/vocabulary'
import { apiRequest } from '../../../lib/api-client'

/** PUT /api/fan: names, gender and birth date (email and phone change through their own flows). */
export const updateProfile = (input: {
  firstName: string
  lastName: string
  gender: Gender
  birthDate: string
}) => apiRequest<Fan>('/api/fan', { method: 'PUT', body: input })
