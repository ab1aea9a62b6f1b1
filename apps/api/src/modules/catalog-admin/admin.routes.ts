import path from 'node:path'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import {
  eventInputSchema,
  eventPatchSchema,
  tourInputSchema,
  venueInputSchema,
  zonePresaleInputSchema,
} from '@palco/domain/catalog/admin-commands'
import { adminEventListSchema } from '@palco/domain/catalog/event-cancellation'
import { DomainError } from '@palco/domain/errors/domain-error'
import { installmentPlanListSchema } from '@palco/domain/installments/contract'
import { installmentPlanSchema } from '@palco/domain/installments/schedule'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireEventInScope, requireRole, requireStaff } from '../../plugins/auth.js'
import {
  adminEvent,
  adminEventList,
  createEvent,
  createTour,
  createVenue,
  disableEvent,
  publishEvent,
  setZonePresale,
  updateEvent,
} from './admin.service.js'
import { auditTrail } from './audit.js'
import { installmentPlans, removeInstallmentPlan, saveInstallmentPlan } from './installment-plans.service.js'
import { layoutRoutes } from './layouts.routes.js'
import { MAX_IMAGE_BYTES, saveImage } from './uploads.js'

const tags = ['admin']
// Venues are the platform's, shared by every organiser; events and tours are an organiser's (issue 43 part 1).
const admin = requireRole('admin')
const reader = requireStaff('events.read')
const writer = requireStaff('events.write')
const readsEvent = requireEventInScope('events.read')
const writesEvent = requireEventInScope('events.write')
const idParams = z.object({ id: z.string().uuid() })

const view = <T extends { input: unknown }>(e: T) => {
  const { input: _input, ...rest } = e
  return rest
}

/**
 * The back office's catalogue API (issue 4 part 3), admins only. Writes are validated (400 for malformed
 * input, 422 RULE_BROKEN naming the field for broken rules) and audited in the same transaction.
 */
export async function catalogAdminRoutes(app: FastifyInstance, opts: { uploadsDir: string }) {
  const uploadsDir = path.resolve(opts.uploadsDir)
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
  })

  // Public catalogue answers are reused for a few seconds; a change shows at once on this process.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.url.startsWith('/api/admin/') && reply.statusCode < 300) {
      ;(app as unknown as { catalogCache?: { clear(): void } }).catalogCache?.clear()
    }
  })
  venueAndTourRoutes(app)
  await layoutRoutes(app)
  eventWriteRoutes(app)
  eventReadRoutes(app)
  installmentPlanRoutes(app)
  imageRoutes(app, uploadsDir)
}

/** What events take place in and belong to. */
function venueAndTourRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/admin/venues',
    { onRequest: admin, schema: { tags, summary: 'Create a venue', body: venueInputSchema } },
    async (request, reply) => {
      reply.code(201)
      return createVenue(app.db, await request.requireUser(), request.body)
    },
  )

  r.post(
    '/api/admin/tours',
    { onRequest: writer, schema: { tags, summary: 'Create a tour', body: tourInputSchema } },
    async (request, reply) => {
      reply.code(201)
      const scope = await request.staffScope('events.write')
      return createTour(app.db, await request.requireUser(), request.body, scope)
    },
  )
}

/** An event's life in the back office: created as a draft, edited, published, disabled. */
function eventWriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/admin/events',
    {
      onRequest: writer,
      schema: {
        tags,
        summary: 'Create an event, season pass, bundle, tour date or inscription (as a draft)',
        description:
          '422 RULE_BROKEN names the field: non-courtesy price ≤ 0, end before start, off-sale before on-sale, a zone larger than its layout section, unknown references.',
        body: eventInputSchema,
      },
    },
    async (request, reply) => {
      reply.code(201)
      const scope = await request.staffScope('events.write')
      return view(await createEvent(app.db, await request.requireUser(), request.body, scope))
    },
  )

  r.patch(
    '/api/admin/events/:id',
    {
      onRequest: writer,
      preHandler: writesEvent,
      schema: {
        tags,
        summary: 'Update an event; zones and layout only while a draft',
        params: idParams,
        body: eventPatchSchema,
      },
    },
    async (request) =>
      view(await updateEvent(app.db, await request.requireUser(), request.params.id, request.body)),
  )

  r.put(
    '/api/admin/events/:id/zones/:zoneId/presale',
    {
      onRequest: writer,
      preHandler: writesEvent,
      schema: {
        tags,
        summary: 'Set or clear a tier’s bank-card presale (issue 42 part 2), published events too',
        description:
          '400 VALIDATION_FAILED names the field: a BIN of other than 6–8 digits (PRESALE_BIN_INVALID), a range ending before its start (PRESALE_RANGE_ORDER) or with ends of different lengths (PRESALE_RANGE_LENGTHS), no range (PRESALE_RANGES_REQUIRED), no card type (PRESALE_TYPES_REQUIRED). `presale: null` ends the presale.',
        params: z.object({ id: z.string().uuid(), zoneId: z.string().uuid() }),
        body: zonePresaleInputSchema,
      },
    },
    async (request) =>
      setZonePresale(
        app.db,
        await request.requireUser(),
        { eventId: request.params.id, zoneId: request.params.zoneId },
        request.body.presale,
      ),
  )

  r.post(
    '/api/admin/events/:id/publish',
    {
      onRequest: writer,
      preHandler: writesEvent,
      schema: { tags, summary: 'Publish: the event goes public and its places are made', params: idParams },
    },
    async (request) => view(await publishEvent(app.db, await request.requireUser(), request.params.id)),
  )

  r.post(
    '/api/admin/events/:id/disable',
    {
      onRequest: writer,
      preHandler: writesEvent,
      schema: { tags, summary: 'Disable: off the listings, its page says so', params: idParams },
    },
    async (request) => view(await disableEvent(app.db, await request.requireUser(), request.params.id)),
  )
}

/** Events as staff see them, and who changed what. */
function eventReadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/admin/events',
    {
      onRequest: reader,
      schema: {
        tags,
        summary: 'The site’s events with their status, drafts and cancelled ones too (back office)',
        response: { 200: adminEventListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return adminEventList(app.db, request.country, await request.staffScope('events.read'))
    },
  )

  r.get(
    '/api/admin/events/:id',
    {
      onRequest: reader,
      preHandler: readsEvent,
      schema: { tags, summary: 'An event as staff see it (drafts too)', params: idParams },
    },
    async (request) => view(await adminEvent(app.db, request.params.id)),
  )

  r.get(
    '/api/admin/audit/:id',
    {
      onRequest: reader,
      // Organiser staff read the trails of their own events; anything else's is the platform's.
      preHandler: async (request) => {
        if (!(await request.session())?.roles.includes('admin')) await readsEvent(request)
      },
      schema: { tags, summary: 'Who changed this, when, and what', params: idParams },
    },
    async (request) => ({
      entries: (await auditTrail(app.db, request.params.id)).map((a) => ({
        action: a.action,
        entity: a.entity,
        actor: a.actor_email,
        at: new Date(a.at).toISOString(),
        changes: a.changes,
      })),
    }),
  )
}

/** The paguitos plans events are sold on (issue 16). */
function installmentPlanRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/admin/installment-plans',
    {
      onRequest: reader,
      schema: {
        tags,
        summary: 'The site’s upcoming events with their paguitos plans (issue 16)',
        description:
          'Each with what its plan comes to for its cheapest place bought now (`example.schedule`, null when the plan is not offered for it).',
        response: { 200: installmentPlanListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return installmentPlans(app.db, request.country, await request.staffScope('events.read'))
    },
  )

  r.put(
    '/api/admin/events/:id/installment-plan',
    {
      onRequest: writer,
      preHandler: writesEvent,
      schema: {
        tags,
        summary: 'Sell the event with paguitos on this plan (admins)',
        description:
          'A deposit (percentage or fixed) and scheduled payments; a plan whose last payment cannot fall `lastDueDaysBeforeEvent` days before the event even for a purchase today → 422 RULE_BROKEN (`payments`). Another site’s event → 404. Audited.',
        params: idParams,
        body: installmentPlanSchema,
        response: { 200: installmentPlanListSchema.shape.events.element },
      },
    },
    async (request) =>
      saveInstallmentPlan(
        app.db,
        { ...(await request.requireUser()), address: request.ip },
        request.country,
        request.params.id,
        request.body,
      ),
  )

  r.delete(
    '/api/admin/events/:id/installment-plan',
    {
      onRequest: writer,
      preHandler: writesEvent,
      schema: {
        tags,
        summary: 'Stop selling the event with paguitos (admins)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await removeInstallmentPlan(
        app.db,
        { ...(await request.requireUser()), address: request.ip },
        request.country,
        request.params.id,
      )
      reply.code(204)
    },
  )
}

/** Images for the catalogue's pages, kept under `uploadsDir` and served from /uploads/. */
function imageRoutes(app: FastifyInstance, uploadsDir: string) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/admin/images',
    { onRequest: writer, schema: { tags, summary: 'Upload an image (PNG, JPEG, WebP; 5 MB)' } },
    async (request, reply) => {
      const file = await request.file()
      if (!file)
        throw new DomainError('VALIDATION_FAILED', { field: 'file', message: 'Attach an image as `file`.' })
      const url = await saveImage(uploadsDir, file.mimetype, file.file)
      reply.code(201)
      return { url }
    },
  )
}
