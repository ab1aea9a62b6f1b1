import type {
  WaitingRoomAdmin,
  WaitingRoomSettings,
  WaitingStatus,
} from '@palco/domain/waiting-room/contract'
import { apiRequest } from '../../../lib/api-client'

/** The waiting room of an event's sale (issue 42 part 1). */

const id = (eventId: string) => encodeURIComponent(eventId)
export const roomInfoPath = (eventId: string) => `/api/waiting-rooms/${id(eventId)}`

export const joinQueue = (eventId: string) =>
  apiRequest<WaitingStatus>(`/api/waiting-rooms/${id(eventId)}/join`, { method: 'POST' })

export const queueStatus = (eventId: string, signal?: AbortSignal) =>
  apiRequest<WaitingStatus>(`/api/waiting-rooms/${id(eventId)}/status`, signal ? { signal } : {})

const adminPath = (eventId: string) => `/api/admin/events/${id(eventId)}/waiting-room`

export const adminRoom = (eventId: string) => apiRequest<WaitingRoomAdmin>(adminPath(eventId))

export const saveAdminRoom = (eventId: string, body: WaitingRoomSettings) =>
  apiRequest<WaitingRoomAdmin>(adminPath(eventId), { method: 'PUT', body })

export const pauseAdmission = (eventId: string, pause: boolean) =>
  apiRequest<WaitingRoomAdmin>(`${adminPath(eventId)}/${pause ? 'pause' : 'resume'}`, { method: 'POST' })

export const setAdmissionRate = (eventId: string, ratePerMinute: number | null) =>
  apiRequest<WaitingRoomAdmin>(`${adminPath(eventId)}/rate`, { method: 'PUT', body: { ratePerMinute } })
