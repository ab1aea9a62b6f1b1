import {
  documentNumberSchema,
  existsSchema,
  fanSchema,
  phoneFieldsSchema,
  preRegisterFanSchema,
  profileUpdateSchema,
} from '@palco/domain/people/fan'
import { DOCUMENT_TYPES } from '@palco/domain/people/vocabulary'
import { emailSchema } from '@palco/domain/validation/validation'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireRole } from '../../plugins/auth.js'
import {
  type AccountDirectory,
  documentExists,
  emailExists,
  fanOfSession,
  phoneExists,
  preRegisterFan,
  updateProfile,
} from './fans.service.js'

const EXISTENCE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } }

const tags = ['fans']

export async function fanRoutes(app: FastifyInstance, opts: { accounts: AccountDirectory }) {
  profileRoutes(app, opts.accounts)
  existenceRoutes(app, opts.accounts)
}

/** The signed-in fan's own profile, and the box office's pre-registration of someone without an account. */
function profileRoutes(app: FastifyInstance, accounts: AccountDirectory) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/fan',
    { schema: { tags, summary: 'The signed-in fan', response: { 200: fanSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return fanOfSession(app.db, await request.requireUser())
    },
  )

  r.put(
    '/api/fan',
    {
      schema: {
        tags,
        summary: "Update the signed-in fan's profile (names, gender, birth date)",
        description: 'Email and phone change through their own verified flows; the document cannot change.',
        body: profileUpdateSchema,
        response: { 200: fanSchema },
      },
    },
    async (request) => updateProfile(app.db, accounts, await request.requireUser(), request.body),
  )

  r.post(
    '/api/v1/fans',
    {
      preHandler: requireRole('operator', 'admin'),
      schema: {
        tags,
        summary: 'Pre-register a fan (box office); they finish sign-up later with the same email or phone',
        body: preRegisterFanSchema,
        response: { 201: fanSchema },
      },
    },
    async (request, reply) => {
      reply.code(201)
      return preRegisterFan(app.db, accounts, request.body, request.country)
    },
  )
}

/** Whether an email, phone or document is registered already (the registration form asks; rate-limited). */
function existenceRoutes(app: FastifyInstance, accounts: AccountDirectory) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // Spec §7 leaves the method open: POST keeps emails, phones and documents out of URLs and access logs.
  r.post(
    '/api/fan/email-validation',
    {
      config: EXISTENCE_LIMIT,
      schema: {
        tags,
        summary: 'Is this email already registered?',
        body: z.object({ email: emailSchema }),
        response: { 200: existsSchema },
      },
    },
    async (request) => ({ exists: await emailExists(app.db, accounts, request.body.email) }),
  )
  r.post(
    '/api/fan/phone-validation',
    {
      config: EXISTENCE_LIMIT,
      schema: {
        tags,
        summary: 'Is this phone number already registered?',
        body: phoneFieldsSchema,
        response: { 200: existsSchema },
      },
    },
    async (request) => ({
      exists: await phoneExists(app.db, accounts, request.body.phonePrefix, request.body.phone),
    }),
  )
  r.post(
    '/api/fan/identification-validation',
    {
      config: EXISTENCE_LIMIT,
      schema: {
        tags,
        summary: 'Is this identification document already registered?',
        body: z.object({
          documentType: z.enum(DOCUMENT_TYPES, { error: 'invalidDocumentType' }),
          documentNumber: documentNumberSchema,
        }),
        response: { 200: existsSchema },
      },
    },
    async (request) => ({
      exists: await documentExists(app.db, request.body.documentType, request.body.documentNumber),
    }),
  )
}
