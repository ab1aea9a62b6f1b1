import type { SaveInscriptionBody } from '@palco/domain/inscriptions/contract'
import type { UploadTicket } from '@palco/domain/uploads/contract'
import { ApiError, apiRequest } from '../../../lib/api-client'

/** The inscriptions' API for the participants' form (issue 17). */

export const inscriptionFormPath = (reservationId: string) =>
  `/api/checkout/inscription/form?reservation=${encodeURIComponent(reservationId)}`

export const saveParticipants = (body: SaveInscriptionBody) =>
  apiRequest<{ complete: boolean; savedAt: string }>('/api/checkout/inscription/form', {
    method: 'PUT',
    body,
  })

/** A file answer as the form keeps it: the upload it points at, never the bytes. */
export interface UploadedFile {
  uploadId: string
  name: string
  bytes: number
  type: string
}

/**
 * Sends a file to private storage (spec §7 `uploadUrl`): a single-use signed address is asked for, the file
 * goes straight there, then the server checks what arrived (size, type by content) before it can be an
 * answer.
 */
export async function uploadFile(eventId: string, field: string, file: File): Promise<UploadedFile> {
  const slot = await apiRequest<UploadTicket>('/api/checkout/inscription/dynamic_data/uploadUrl', {
    method: 'POST',
    body: { eventId, field, fileName: file.name, contentType: file.type, size: file.size },
  })
  const put = await fetch(slot.uploadUrl, {
    method: slot.method,
    body: file,
    headers: slot.headers,
    credentials: 'same-origin',
  })
  if (!put.ok) {
    const problem = (await put.json().catch(() => null)) as { code?: string } | null
    throw new ApiError(problem?.code ?? 'UPLOAD_REJECTED', put.status)
  }
  await apiRequest(`/api/uploads/${encodeURIComponent(slot.uploadId)}/complete`, { method: 'POST' })
  return { uploadId: slot.uploadId, name: file.name, bytes: file.size, type: file.type }
}
