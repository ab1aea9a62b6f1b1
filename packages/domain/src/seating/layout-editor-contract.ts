import { z } from 'zod'
import { layoutKindSchema } from './layout-vocabulary.js'

/**
 * The HTTP contract of the back-office layout editor (issue 18), shared by the API's layouts module and
 * the editor page. A layout row is one version: a DRAFT is saved in place until it is published; a
 * PUBLISHED version is never changed (events point at it and its seats are their inventory), so saving it
 * again makes the next version as a new draft.
 */
export const LAYOUT_STATUSES = ['DRAFT', 'PUBLISHED'] as const
export type LayoutStatus = (typeof LAYOUT_STATUSES)[number]
export const layoutStatusSchema = /* @__PURE__ */ z.enum(LAYOUT_STATUSES)

export const layoutSummarySchema = z.object({
  id: z.uuid(),
  venueId: z.uuid(),
  venueName: z.string(),
  name: z.string(),
  kind: layoutKindSchema,
  version: z.int(),
  status: layoutStatusSchema,
  /** Places a fan can buy (numbered seats plus unnumbered capacity; parking apart). */
  seatCount: z.int(),
  updatedAt: z.string(),
  /** Events created on this version. */
  eventCount: z.int(),
})
export type LayoutSummary = z.infer<typeof layoutSummarySchema>

export const layoutVenueSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
})
export type LayoutVenue = z.infer<typeof layoutVenueSchema>

export const layoutListSchema = z.object({
  venues: z.array(layoutVenueSchema),
  layouts: z.array(layoutSummarySchema),
})
export type LayoutList = z.infer<typeof layoutListSchema>

export const layoutNameSchema = z.string().trim().min(1).max(120)

/** `POST /api/admin/layouts`: the document is checked against layoutSchema by the service. */
export const createLayoutBodySchema = z.object({
  venueId: z.uuid(),
  name: layoutNameSchema,
  data: z.unknown(),
  /** The editor makes drafts; an import through the API without it is published at once, as it always was. */
  draft: z.boolean().optional(),
})
export type CreateLayoutBody = z.infer<typeof createLayoutBodySchema>

export const saveLayoutBodySchema = z.object({ data: z.unknown() })

/** `POST /api/admin/layouts/import`: the raw text of the chosen file, read by layout-import.ts. */
export const importLayoutBodySchema = z.object({
  venueId: z.uuid(),
  name: layoutNameSchema,
  file: z.string(),
})
export type ImportLayoutBody = z.infer<typeof importLayoutBodySchema>

export const layoutIdParamsSchema = z.object({ id: z.uuid({ error: 'invalidLayoutId' }) })
