import {
  ATTENDEE_EXPORT_FORMATS,
  attendeeExportBodySchema,
  attendeeExportListSchema,
  attendeeExportViewSchema,
  attendeeListSchema,
  attendeeQuerySchema,
} from '@palco/domain/reports/attendees'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireEventInScope, requireStaff } from '../../plugins/auth.js'
import {
  attendeeExportsOf,
  attendeeExportView,
  attendeeList,
  directAttendeeExport,
  openAttendeeExport,
  type ReportDeps,
  requestAttendeeExport,
} from './reports.service.js'

const tags = ['admin']
// Attendees are the organiser's people (issue 43 part 1's `people.read`: owners, managers, read-only staff).
const people = { onRequest: requireStaff('people.read'), preHandler: requireEventInScope('people.read') }
const noStore = { 'cache-control': 'no-store' }
const eventParams = z.object({ id: z.uuid() })
const exportParams = z.object({ id: z.uuid() })

/** A file as a download: never rendered in the page, never cached. */
function sendFile(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; fileName: string; contentType: string },
) {
  reply.headers({
    ...noStore,
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.fileName}"`,
    'x-content-type-options': 'nosniff',
  })
  return reply.send(file.stream)
}

/** An event's attendees and their exports (issue 43 part 4). */
export async function reportRoutes(app: FastifyInstance, opts: { deps: ReportDeps }) {
  attendeeRoutes(app, opts.deps)
  exportRoutes(app, opts.deps)
}

function attendeeRoutes(app: FastifyInstance, deps: ReportDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/admin/events/:id/attendees',
    {
      ...people,
      schema: {
        tags,
        summary: "An event's attendees with their check-in, paged and searchable (organiser staff)",
        description:
          'Every ticket that gets into the event (its own, and the season passes and bundles that include it), in order of purchase: holder, buyer e-mail, order code, document, place, kind and status, and the entry at this event (time and gate). `q` searches holder, buyer e-mail, document number and order code. Another organiser’s event → 404.',
        params: eventParams,
        querystring: attendeeQuerySchema,
        response: { 200: attendeeListSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return attendeeList(deps, request.params.id, request.query)
    },
  )
  for (const format of ATTENDEE_EXPORT_FORMATS) {
    r.get(
      `/api/admin/events/:id/attendees.${format}`,
      {
        ...people,
        schema: {
          tags,
          summary: `An event's attendees as ${format.toUpperCase()}, streamed (events up to the direct-download limit)`,
          description:
            'Written as it is read, in batches. Cells a spreadsheet would run as a formula are defused (CSV) or typed as text (XLSX). An event with more tickets than `directExportMax` → 422 EXPORT_TOO_LARGE: export it as a job.',
          params: eventParams,
        },
      },
      async (request, reply) =>
        sendFile(reply, await directAttendeeExport(deps, request.params.id, format, request.locale)),
    )
  }
}

function exportRoutes(app: FastifyInstance, deps: ReportDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/admin/events/:id/attendee-exports',
    {
      ...people,
      schema: {
        tags,
        summary: "Export an event's attendees as a job (any size)",
        description:
          'Queues a job that writes the file; follow it at GET /api/admin/attendee-exports/:id, which gives an expiring link once it is READY. While an export of the same event and format is underway, that one is answered.',
        params: eventParams,
        body: attendeeExportBodySchema,
        response: { 202: attendeeExportViewSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser()
      const view = await requestAttendeeExport(deps, {
        eventId: request.params.id,
        format: request.body.format,
        locale: request.locale,
        userId: user.userId,
      })
      return reply.code(202).headers(noStore).send(view)
    },
  )
  r.get(
    '/api/admin/events/:id/attendee-exports',
    {
      ...people,
      schema: {
        tags,
        summary: "An event's latest attendee exports, newest first",
        params: eventParams,
        response: { 200: attendeeExportListSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return attendeeExportsOf(deps, request.params.id)
    },
  )
  r.get(
    '/api/admin/attendee-exports/:id',
    {
      onRequest: requireStaff('people.read'),
      schema: {
        tags,
        summary: 'An attendee export: its state, progress and, when ready, a download link for an hour',
        description: 'An export of another organiser’s event → 404.',
        params: exportParams,
        response: { 200: attendeeExportViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return attendeeExportView(deps, await request.staffScope('people.read'), request.params.id)
    },
  )
  r.get(
    '/api/admin/attendee-exports/:id/file',
    {
      onRequest: requireStaff('people.read'),
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The file of a ready attendee export, through its link',
        description:
          'A link past its hour, or an export whose file was deleted (a day after it was written) → 410 EXPORT_LINK_EXPIRED; a forged link or another organiser’s export → 404.',
        params: exportParams,
        querystring: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const scope = await request.staffScope('people.read')
      return sendFile(reply, await openAttendeeExport(deps, scope, request.params.id, request.query.token))
    },
  )
}
