import {
  uploadIdParamsSchema,
  uploadLinkSchema,
  uploadTicketSchema,
  uploadTokenQuerySchema,
  uploadUrlBodySchema,
  uploadViewSchema,
} from '@palco/domain/uploads/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import { attachmentDisposition } from './s3-store.js'
import {
  completeUpload,
  openUploadFile,
  receiveUpload,
  requestUploadUrl,
  type UploadDeps,
  uploadLink,
} from './uploads.service.js'

const noStore = { 'cache-control': 'private, no-store' }

const tags = ['uploads']
const signedIn = requireRole('fan', 'operator', 'admin')

/** Spec §7 `uploadUrl` and the upload routes around it (issue 17 part 3). */
export async function uploadRoutes(app: FastifyInstance, opts: { deps: UploadDeps }) {
  askAndCompleteRoutes(app, opts.deps)
  readRoutes(app, opts.deps)
  await putRoute(app, opts.deps)
}

/** Asking for an upload URL, and completing the upload once the bytes are there. */
function askAndCompleteRoutes(app: FastifyInstance, deps: UploadDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/checkout/inscription/dynamic_data/uploadUrl',
    {
      onRequest: signedIn,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A short-lived, single-use URL to upload one file of an inscription form',
        description: [
          '`contentType` is one of the form types (JPEG, PNG, WebP, PDF) and `size` at most the field’s limit (10 MB): otherwise 415 UPLOAD_TYPE_NOT_ALLOWED or 413 UPLOAD_TOO_LARGE on the field.',
          'The browser PUTs the raw file to `uploadUrl` with `headers` before `expiresAt` (10 minutes), then calls `POST /api/uploads/{uploadId}/complete`.',
        ].join('\n\n'),
        body: uploadUrlBodySchema,
        response: { 201: uploadTicketSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser()
      const ticket = await requestUploadUrl(
        deps,
        { userId: user.userId, country: request.country },
        request.body,
      )
      return reply.code(201).headers(noStore).send(ticket)
    },
  )

  r.post(
    '/api/uploads/:id/complete',
    {
      onRequest: signedIn,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Check an uploaded file and keep it',
        description:
          'Size within the limit; type by content equal to the declared one (413 UPLOAD_TOO_LARGE, 422 UPLOAD_TYPE_MISMATCH, 422 UPLOAD_UNREADABLE); images lose their metadata. A refused file is deleted. 409 UPLOAD_INCOMPLETE while nothing has arrived. Only the uploading fan; anyone else 404.',
        params: uploadIdParamsSchema,
        response: { 200: uploadViewSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser()
      reply.headers(noStore)
      return completeUpload(deps, user.userId, request.params.id)
    },
  )
}

/** Reading a kept file: an expiring link to it, and the file behind a local link. */
function readRoutes(app: FastifyInstance, deps: UploadDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/uploads/:id/link',
    {
      onRequest: signedIn,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'An expiring link to read an uploaded file',
        description: 'For the fan who uploaded it and for admins; anyone else 404. The link lasts 5 minutes.',
        params: uploadIdParamsSchema,
        response: { 200: uploadLinkSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser()
      reply.headers(noStore)
      return uploadLink(deps, user, request.params.id)
    },
  )

  r.get(
    '/api/uploads/:id/file',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'The file behind a read link (local storage)',
        description:
          'Always a download, never rendered in the page; 422 UPLOAD_EXPIRED once the link has expired.',
        params: uploadIdParamsSchema,
        querystring: uploadTokenQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await openUploadFile(deps, request.params.id, request.query.token)
      reply.headers({
        ...noStore,
        'content-type': file.contentType,
        'content-disposition': attachmentDisposition(file.fileName),
        'x-content-type-options': 'nosniff',
        // A PDF or image opened anyway runs nothing and reaches nothing of ours.
        'content-security-policy': "default-src 'none'; sandbox",
        'cross-origin-resource-policy': 'same-origin',
      })
      if (file.size !== null) reply.header('content-length', file.size)
      return reply.send(file.stream)
    },
  )
}

/** `PUT /api/uploads/:id` (local storage): the bytes of the file to a signed URL. */
async function putRoute(app: FastifyInstance, deps: UploadDeps) {
  // The raw file body: its own scope, so no other route accepts unparsed bodies of any type.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null))
    raw.withTypeProvider<ZodTypeProvider>().put(
      '/api/uploads/:id',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Upload the file to a signed URL (local storage)',
          description:
            'The raw bytes as the body. The URL works once (409 UPLOAD_USED) and until it expires (422 UPLOAD_EXPIRED); more bytes than the limit → 413 UPLOAD_TOO_LARGE and nothing is kept.',
          params: uploadIdParamsSchema,
          querystring: uploadTokenQuerySchema,
          response: { 200: z.object({ size: z.number().int() }) },
        },
      },
      async (request, reply) => {
        const length = request.headers['content-length']
        const declared = length === undefined ? undefined : Number(length)
        reply.headers(noStore)
        return receiveUpload(
          deps,
          request.params.id,
          request.query.token,
          request.raw,
          Number.isFinite(declared) ? declared : undefined,
        )
      },
    )
  })
}
