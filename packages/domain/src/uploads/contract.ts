import { z } from 'zod'
import { FIELD_NAME_PATTERN, FILE_TYPES } from '../forms/form-definition.js'
import { UPLOAD_STATUSES } from './lifecycle.js'

/**
 * `POST /api/checkout/inscription/dynamic_data/uploadUrl` (spec §7). The declared type and size are checked
 * by the service against FILE_TYPES and the field's limit so a refusal carries a translated upload code on
 * the field rather than a generic validation error; the file itself is checked again by content on complete.
 */
export const uploadUrlBodySchema = z.strictObject({
  eventId: z.uuid(),
  field: z.string().regex(FIELD_NAME_PATTERN),
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().trim().toLowerCase().max(100),
  size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
})
export type UploadUrlBody = z.infer<typeof uploadUrlBodySchema>

/** Where and how the browser sends the bytes: one PUT of the raw file, before `expiresAt`. */
export const uploadTicketSchema = z.object({
  uploadId: z.uuid(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry (an S3 URL is signed for this content type). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.iso.datetime(),
})
export type UploadTicket = z.infer<typeof uploadTicketSchema>

export const uploadIdParamsSchema = z.object({ id: z.uuid() })
export const uploadTokenQuerySchema = z.object({ token: z.string().min(1).max(512) })

/** An upload as its fan (and the form code) sees it. */
export const uploadViewSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  field: z.string(),
  fileName: z.string(),
  contentType: z.enum(FILE_TYPES),
  size: z.number().int(),
  status: z.enum(UPLOAD_STATUSES),
})
export type UploadView = z.infer<typeof uploadViewSchema>

export const uploadLinkSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() })
export type UploadLink = z.infer<typeof uploadLinkSchema>
