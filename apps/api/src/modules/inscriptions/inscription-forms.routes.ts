import {
  inscriptionEntriesSchema,
  inscriptionFormAdminBodySchema,
  inscriptionFormViewSchema,
  saveInscriptionBodySchema,
  saveInscriptionResultSchema,
} from '@palco/domain/inscriptions/contract'
import { EXPORT_LINK_TTL_MS } from '@palco/domain/uploads/lifecycle'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireEventInScope, requireRole, requireStaff } from '../../plugins/auth.js'
import { attachedUploadLinks } from '../uploads/uploads.service.js'
import {
  inscriptionEntries,
  inscriptionFormOf,
  inscriptionFormView,
  inscriptionsCsv,
  saveInscription,
  saveInscriptionFormOf,
} from './inscription-forms.service.js'

const holder = requireRole('fan', 'operator')
// An event's form is its set-up; who signed up, its people (issue 43 part 1).
const reader = { onRequest: requireStaff('events.read'), preHandler: requireEventInScope('events.read') }
const writer = { onRequest: requireStaff('events.write'), preHandler: requireEventInScope('events.write') }
const people = { onRequest: requireStaff('people.read'), preHandler: requireEventInScope('people.read') }
const noStore = { 'cache-control': 'no-store' }
const eventParams = z.object({ id: z.uuid() })

/**
 * Inscription forms (issue 17): the participants' answers of a reservation — the fan's own, or the
 * operator's at the counter — and the organiser's form, age rules and export.
 */
export async function inscriptionFormRoutes(app: FastifyInstance) {
  participantRoutes(app)
  formAdminRoutes(app)
  entriesAdminRoutes(app)
}

/** The participants' answers of a reservation, read and saved by whoever holds it. */
function participantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/checkout/inscription/form',
    {
      onRequest: holder,
      schema: {
        tags: ['checkout'],
        summary: "The event's participant form for a reservation, one per place held, with what was saved",
        description:
          '`definition` is null when the event asks nothing of its participants. Another person’s reservation → 404.',
        querystring: z.object({ reservation: z.uuid() }),
        response: { 200: inscriptionFormViewSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return inscriptionFormView(app.db, (await request.requireUser()).userId, request.query.reservation)
    },
  )

  r.put(
    '/api/checkout/inscription/form',
    {
      onRequest: holder,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['checkout'],
        summary: "Save the participants' answers (a draft), or submit them",
        description:
          'A draft is kept as sent. `submit: true` judges every participant by the form’s rules and their category’s age rule (counted on the event’s date from the `birth_date` answer): any problem → 422 RULE_BROKEN with `fields` named `participants.<seq>.<field>`, and the answers are still kept. Placing the order needs a submitted form (else 409 INSCRIPTION_FORM_INCOMPLETE). A lapsed reservation → 422 HOLD_EXPIRED.',
        body: saveInscriptionBodySchema,
        response: { 200: saveInscriptionResultSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return saveInscription(app.db, (await request.requireUser()).userId, request.body)
    },
  )
}

/** An event's participant form and its categories' age rules, as the organiser sets them. */
function formAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/admin/events/:id/inscription-form',
    {
      ...reader,
      schema: {
        tags: ['admin'],
        summary: "An event's participant form (admins)",
        params: eventParams,
        response: {
          200: z.object({
            definition: z.object({ fields: z.array(z.record(z.string(), z.unknown())) }).nullable(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return inscriptionFormOf(app.db, request.params.id)
    },
  )

  r.put(
    '/api/admin/events/:id/inscription-form',
    {
      ...writer,
      schema: {
        tags: ['admin'],
        summary: "Set an event's participant form and its categories' age rules (admins)",
        description:
          'The form is checked as a whole (every field type’s options, a cycle of visibility conditions, a default that does not fit → 400 naming it). An age rule needs the form’s `birth_date` DATE field (else 422 RULE_BROKEN).',
        params: eventParams,
        body: inscriptionFormAdminBodySchema,
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return saveInscriptionFormOf(app.db, request.params.id, request.body)
    },
  )
}

/** Who has signed up for an event: the latest entries, and every one as a spreadsheet. */
function entriesAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/admin/events/:id/inscriptions',
    {
      ...people,
      schema: {
        tags: ['admin'],
        summary: "How many participants an event's standing orders have, and the latest 50 (admins)",
        description: 'Newest first; the CSV export has every entry with its answers.',
        params: eventParams,
        response: { 200: inscriptionEntriesSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore)
      return inscriptionEntries(app.db, request.params.id)
    },
  )

  r.get(
    '/api/admin/events/:id/inscriptions.csv',
    {
      ...people,
      schema: {
        tags: ['admin'],
        summary: "An event's participants as CSV (admins)",
        description:
          'One row per participant of the orders still standing, a column per form field; cells that a spreadsheet would run as a formula are quoted; passwords are never exported.',
        params: eventParams,
      },
    },
    async (request, reply) => {
      // Absolute links, so they open from the spreadsheet (S3's presigned ones already are).
      const origin = `${request.protocol}://${request.host}`
      const csv = await inscriptionsCsv(app.db, request.params.id, request.locale, async (uploadIds) => {
        const links = await attachedUploadLinks(app.uploads, uploadIds, EXPORT_LINK_TTL_MS)
        return new Map(
          [...links].map(([id, { url }]) => [id, url.startsWith('/') ? `${origin}${url}` : url] as const),
        )
      })
      reply
        .headers(noStore)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="inscriptions-${request.params.id}.csv"`)
      return csv
    },
  )
}
