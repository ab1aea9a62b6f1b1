import {
  createLayoutBodySchema,
  importLayoutBodySchema,
  layoutIdParamsSchema,
  layoutListSchema,
  layoutSummarySchema,
  saveLayoutBodySchema,
} from '@palco/domain/seating/layout-editor-contract'
import { LAYOUT_IMPORT_MAX_BYTES } from '@palco/domain/seating/layout-import'
import { LAYOUT_EXPORT_FILE_NAME } from '@palco/domain/seating/layout-vocabulary'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireRole } from '../../plugins/auth.js'
import { useLayoutBodyParser } from './layout-worker.js'
import {
  createLayout,
  importLayout,
  layoutList,
  layoutVersion,
  layoutVersionJson,
  publishLayout,
  saveLayout,
} from './layouts.service.js'

// A 100,000-seat document is about 1.5 MB as JSON; the import's own limit is checked on the text itself.
const DOCUMENT_BODY_LIMIT = LAYOUT_IMPORT_MAX_BYTES + 64 * 1024

/**
 * The layout editor's API (issue 18): venue managers with the layout_editor role and admins. Every write
 * is validated against the layout contract (422 naming the fields) and audited with the change.
 */
export async function layoutRoutes(app: FastifyInstance) {
  // A context of their own: their JSON bodies are parsed by the layout worker (layout-worker.ts).
  await app.register(async (scope) => {
    useLayoutBodyParser(scope, DOCUMENT_BODY_LIMIT)
    newLayoutRoutes(scope)
    layoutVersionRoutes(scope)
  })
}

const tags = ['layouts']
const editor = requireRole('admin', 'layout_editor')

/** The site's layouts, and new versions: made in the editor or imported from a file. */
function newLayoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/api/admin/layouts',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: "The site's venues and every version of their layouts",
        response: { 200: layoutListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return layoutList(app.db, request.country)
    },
  )

  r.post(
    '/api/admin/layouts',
    {
      onRequest: editor,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create a layout version; the same name again is the next version',
        description:
          'With `draft: true` the editor saves a draft. Without it the document is published at once and must pass the publishing check (422 LAYOUT_NOT_PUBLISHABLE lists the errors).',
        body: createLayoutBodySchema,
        response: { 201: layoutSummarySchema },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return createLayout(app.db, await request.requireUser(), request.body)
    },
  )

  r.post(
    '/api/admin/layouts/import',
    {
      onRequest: editor,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Import a layout.json (or a pretix seating plan) file as a new draft',
        description:
          '422 LAYOUT_IMPORT_REFUSED with details.reason (TOO_LARGE, NOT_JSON, TOO_DEEP, INVALID, UNSAFE_TEXT, UNSTORABLE_TEXT for a NUL or a lone surrogate, FOREIGN_IMAGE) and details.path, the first place that is wrong. Nothing is saved then. A saved or created document is held to the same text rule (422 RULE_BROKEN naming the field).',
        body: importLayoutBodySchema,
        response: { 201: layoutSummarySchema },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return importLayout(app.db, await request.requireUser(), request.body)
    },
  )
}

/** One version: read, downloaded, saved and published. */
function layoutVersionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/admin/layouts/:id',
    {
      onRequest: editor,
      schema: { tags, summary: 'One layout version with its document', params: layoutIdParamsSchema },
    },
    async (request, reply) => {
      const body = await layoutVersionJson(app.db, request.params.id)
      reply.header('cache-control', 'private, no-store')
      reply.type('application/json; charset=utf-8')
      return body
    },
  )

  r.get(
    `/api/admin/layouts/:id/${LAYOUT_EXPORT_FILE_NAME}`,
    {
      onRequest: editor,
      schema: { tags, summary: 'Download the version as layout.json', params: layoutIdParamsSchema },
    },
    async (request, reply) => {
      const { data } = await layoutVersion(app.db, request.params.id)
      reply.header('cache-control', 'private, no-store')
      reply.header('content-disposition', `attachment; filename="${LAYOUT_EXPORT_FILE_NAME}"`)
      reply.type('application/json; charset=utf-8')
      return JSON.stringify(data, null, 2)
    },
  )

  r.put(
    '/api/admin/layouts/:id',
    {
      onRequest: editor,
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save a draft in place; saving a published version makes the next version (201)',
        params: layoutIdParamsSchema,
        body: saveLayoutBodySchema,
        response: { 200: layoutSummarySchema, 201: layoutSummarySchema },
      },
    },
    async (request, reply) => {
      const saved = await saveLayout(
        app.db,
        await request.requireUser(),
        request.params.id,
        request.body.data,
      )
      reply.code(saved.created ? 201 : 200)
      return saved.layout
    },
  )

  r.post(
    '/api/admin/layouts/:id/publish',
    {
      onRequest: editor,
      schema: {
        tags,
        summary: 'Publish a draft; errors block it (422 LAYOUT_NOT_PUBLISHABLE), warnings come back',
        params: layoutIdParamsSchema,
      },
    },
    async (request) => publishLayout(app.db, await request.requireUser(), request.params.id),
  )
}
