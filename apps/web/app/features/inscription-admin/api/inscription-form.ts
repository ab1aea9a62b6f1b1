import type { AdminEventList } from '@palco/domain/catalog/event-cancellation'
import type { EventPage } from '@palco/domain/catalog/event-card'
import type { EventDetail } from '@palco/domain/catalog/event-detail'
import { MAX_PAGE_SIZE } from '@palco/domain/catalog/vocabulary'
import type { InscriptionEntries, InscriptionFormAdminBody } from '@palco/domain/inscriptions/contract'
import type { ServerContext } from '@palco/domain/web/server-context'
import { apiRequest } from '../../../lib/api-client'
import type { Definition } from '../model/form-editor'

/** The organiser's side of inscriptions (issue 17 part 6), admins only. */

const formPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/inscription-form`

export const inscriptionsCsvPath = (eventId: string) =>
  `/api/admin/events/${encodeURIComponent(eventId)}/inscriptions.csv`

/**
 * The site's inscriptions as the back office lists its events. The admin rows carry no type, so the
 * public list of inscriptions (one page of the most it serves) says which of them are inscriptions.
 */
export async function listInscriptionEvents(api: ServerContext['api']) {
  const [all, inscriptions] = await Promise.all([
    api<AdminEventList>('/api/admin/events'),
    api<EventPage>(`/api/events?type=INSCRIPTION&page=0&size=${MAX_PAGE_SIZE}`),
  ])
  if (all.status !== 200 || inscriptions.status !== 200) return null
  const ids = new Set(inscriptions.data.content.map((e) => e.id))
  return all.data.events.filter((e) => ids.has(e.id))
}

export const getInscriptionForm = (api: ServerContext['api'], eventId: string) =>
  api<{ definition: Definition | null }>(formPath(eventId))

/** The event's categories with their age rules. */
export const getInscriptionEvent = (api: ServerContext['api'], eventId: string) =>
  api<EventDetail>(`/api/event?id=${encodeURIComponent(eventId)}`)

export const saveInscriptionForm = (eventId: string, body: InscriptionFormAdminBody) =>
  apiRequest<{ definition: Definition; ageRules: InscriptionFormAdminBody['ageRules'] }>(formPath(eventId), {
    method: 'PUT',
    body,
  })

/** How many participants stand, and the latest of them. */
export const getInscriptionEntries = (api: ServerContext['api'], eventId: string) =>
  api<InscriptionEntries>(`/api/admin/events/${encodeURIComponent(eventId)}/inscriptions`)
