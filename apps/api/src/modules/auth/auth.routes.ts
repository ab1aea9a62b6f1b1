import {
  changePasswordSchema,
  confirmSignUpSchema,
  deleteAccountSchema,
  fanSchema,
  forgotPasswordSchema,
  forgotPasswordSubmitSchema,
  identifierOf,
  passwordLoginSchema,
  requestOtpSchema,
  resendCodeSchema,
  signUpSchema,
  updatePhoneSchema,
  verifyOtpSchema,
} from '@palco/domain/people/fan'
import { ROLES } from '@palco/domain/people/vocabulary'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { fanOfSession } from '../fans/fans.service.js'
import {
  changePassword,
  changePhone,
  confirmSignUp,
  deleteAccount,
  type FanClaimHandler,
  logout,
  passwordLogin,
  requestLoginCode,
  requestPasswordReset,
  requireSession,
  resendConfirmation,
  resetPassword,
  signUp,
  verifyLoginCode,
} from './auth.service.js'

const sessionSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  expiresAt: z.string(),
})

/** Per-IP limits (DESIGN §9); per-account limits live in the service (auth.throttle.ts). */
const LOGIN_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } }
const CODE_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } }

function setCookies(reply: FastifyReply, cookies: string[]) {
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  reply.header('cache-control', 'no-store')
}

const ERRORS_NOTE =
  'Errors are problem JSON; `code` is a spec §8 name (NotAuthorizedException, CodeMismatchException, …).'

/** What every auth route hands its service: the database, the auth core and the claim handler. */
interface AuthRouteDeps {
  db: FastifyInstance['db']
  auth: FastifyInstance['auth']
  onFanClaimed: FanClaimHandler | undefined
}

const tags = ['authentication']

/**
 * The spec's authentication routes (§7), thin adapters over auth.service. Decisions the spec leaves open:
 * every route takes and returns JSON; identifiers are `email` or `phonePrefix` + `phone` (national digits);
 * AUTH0003 means "no account with this email or phone" and AUTH0013 "pre-registered, finish sign-up",
 * both only from request-otp (password login never tells whether an account exists).
 */
export async function authRoutes(app: FastifyInstance, opts: { onFanClaimed?: FanClaimHandler } = {}) {
  const deps: AuthRouteDeps = { db: app.db, auth: app.auth, onFanClaimed: opts.onFanClaimed }
  passwordRoutes(app, deps)
  signUpRoutes(app, deps)
  codeLoginRoutes(app, deps)
  passwordResetRoutes(app, deps)
  sessionRoutes(app, deps)
  accountRoutes(app, deps)
}

/** Password login (fans' and operators' doors), logout, and the profile's password change. */
function passwordRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const passwordLoginRoute = (url: string, summary: string, operatorFlag: boolean) =>
    r.post(
      url,
      {
        config: LOGIN_LIMIT,
        schema: {
          tags,
          summary,
          description: `Email or phone plus password. ${operatorFlag ? '`operator: true` refuses non-staff accounts with InvalidAccountTypeException. ' : ''}Any wrong credential answers NotAuthorizedException; 10 failures in 15 minutes lock the account (FailedAttemptsLimitExceededException). ${ERRORS_NOTE}`,
          body: operatorFlag
            ? passwordLoginSchema.and(z.object({ operator: z.boolean().optional() }))
            : passwordLoginSchema,
          response: { 200: z.object({ session: sessionSchema }) },
        },
      },
      async (request, reply) => {
        const body = request.body as z.output<typeof passwordLoginSchema> & { operator?: boolean }
        const id = identifierOf(body)
        const { result, cookies } = await passwordLogin(
          deps,
          request.authRequest(),
          { ...id, password: body.password },
          body.operator ? 'operator' : 'fan',
        )
        setCookies(reply, cookies)
        return { session: result }
      },
    )
  passwordLoginRoute('/api/auth/login', 'Log in with a password (also the operators’ login)', true)
  passwordLoginRoute('/api/v1/auth/sign-in', 'Log in with a password', false)

  const logoutRoute = (url: string) =>
    r.post(
      url,
      {
        schema: {
          tags,
          summary: 'Log out: ends the session',
          response: { 200: z.object({ loggedOut: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        const { result, cookies } = await logout(deps, request.authRequest())
        setCookies(reply, cookies)
        return result
      },
    )
  logoutRoute('/api/auth/logout')
  logoutRoute('/api/v1/auth/logout')

  // The profile page's password change: an account's credential, so it lives with the accounts (issue 14).
  r.post(
    '/api/fan/password',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['fans'],
        summary: 'Change password (current one required); other sessions end',
        body: changePasswordSchema,
        response: { 200: z.object({ changed: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { result, cookies } = await changePassword(
        deps,
        request.authRequest(),
        request.body.currentPassword,
        request.body.newPassword,
      )
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return { changed: result.changed as true }
    },
  )
}

/** Registration and its emailed confirmation code (spec §2 "registration" → "confirmation"). */
function signUpRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/v1/auth/sign-up',
    {
      config: CODE_LIMIT,
      schema: {
        tags,
        summary: 'Register a fan; a 6-digit code is emailed to confirm the account',
        description: `Completes a pre-registered fan with the same email or phone. Duplicates answer UsernameExistsException (email), RepeatedPhoneNumber or RepeatedDocumentNumber. ${ERRORS_NOTE}`,
        body: signUpSchema,
        response: { 201: z.object({ email: z.string(), next: z.literal('CONFIRM') }) },
      },
    },
    async (request, reply) => {
      const result = await signUp(deps, request.authRequest(), request.body)
      reply.code(201)
      return result
    },
  )

  r.post(
    '/api/auth/otp/confirm',
    {
      config: CODE_LIMIT,
      schema: {
        tags,
        summary: 'Confirm a new account with the emailed code; logs the fan in',
        body: confirmSignUpSchema,
        response: { 200: z.object({ confirmed: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { result, cookies } = await confirmSignUp(
        deps,
        request.authRequest(),
        request.body.email,
        request.body.code,
      )
      setCookies(reply, cookies)
      return { confirmed: result.confirmed as true }
    },
  )

  r.post(
    '/api/auth/otp/resend',
    {
      config: CODE_LIMIT,
      schema: {
        tags,
        summary: 'Send the confirmation code again (at most 5 per 15 minutes, 30 s apart)',
        body: resendCodeSchema,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => ({
      sent: (await resendConfirmation(deps, request.authRequest(), request.body.email)).sent as true,
    }),
  )
}

/** One-time-code login by email or SMS. */
function codeLoginRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/v1/auth/request-otp',
    {
      config: CODE_LIMIT,
      schema: {
        tags,
        summary: 'Send a login code by email or SMS',
        description: `AUTH0003: no account with this email or phone; AUTH0013: pre-registered, finish sign-up. ${ERRORS_NOTE}`,
        body: requestOtpSchema,
        response: { 200: z.object({ channel: z.enum(['email', 'sms']) }) },
      },
    },
    async (request) => requestLoginCode(deps, request.authRequest(), identifierOf(request.body)),
  )

  r.post(
    '/api/v1/auth/verify-otp',
    {
      config: CODE_LIMIT,
      schema: {
        tags,
        summary: 'Log in with the code sent by request-otp',
        description: `Wrong code: CodeMismatchException; older than 10 minutes: CodeExpiredException; after 5 wrong tries: TooManyFailedAttemptsException. ${ERRORS_NOTE}`,
        body: verifyOtpSchema,
        response: { 200: z.object({ session: sessionSchema }) },
      },
    },
    async (request, reply) => {
      const { result, cookies } = await verifyLoginCode(deps, request.authRequest(), {
        ...identifierOf(request.body),
        code: request.body.code,
      })
      setCookies(reply, cookies)
      return { session: result }
    },
  )
}

/** Forgot password: a code by email, then the new password with it. */
function passwordResetRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/auth/forgot',
    {
      config: CODE_LIMIT,
      schema: {
        tags,
        summary: 'Email a password-reset code (answers the same whether or not the account exists)',
        body: forgotPasswordSchema,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => ({
      sent: (await requestPasswordReset(deps, request.authRequest(), request.body.email)).sent as true,
    }),
  )

  r.post(
    '/api/auth/forgot-submit',
    {
      config: CODE_LIMIT,
      schema: {
        tags,
        summary: 'Set a new password with the emailed code; other sessions end',
        body: forgotPasswordSubmitSchema,
        response: { 200: z.object({ reset: z.literal(true) }) },
      },
    },
    async (request) => {
      const { email, code, password } = request.body
      return {
        reset: (await resetPassword(deps, request.authRequest(), email, code, password)).reset as true,
      }
    },
  )
}

/** Who is signed in: the auth core's view, and Palco's with the fan record. */
function sessionRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/api/auth/current-session',
    {
      schema: {
        tags,
        summary: 'The signed-in person, or null for a visitor',
        response: { 200: z.object({ session: sessionSchema.nullable() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { session: await request.session() }
    },
  )

  r.get(
    '/api/auth/palco-session',
    {
      schema: {
        tags,
        summary: "Palco's session: the person and their fan record; 401 when logged out",
        response: { 200: z.object({ session: sessionSchema, fan: fanSchema }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const session = await requireSession(deps, request.authRequest().headers)
      return { session, fan: await fanOfSession(deps.db, session) }
    },
  )
}

/** Changes to the account itself: deleting it, changing its phone. */
function accountRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/api/auth/delete-user',
    {
      config: LOGIN_LIMIT,
      schema: {
        tags,
        summary: 'Delete the account (password required); orders stay, anonymised, for accounting',
        body: deleteAccountSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { result, cookies } = await deleteAccount(deps, request.authRequest(), request.body.password)
      setCookies(reply, cookies)
      return { deleted: result.deleted as true }
    },
  )

  r.post(
    '/api/v1/auth/update-phone-number',
    {
      config: CODE_LIMIT,
      schema: {
        tags,
        summary: 'Change phone number: without `code` sends one to the new number; with it, switches',
        body: updatePhoneSchema,
        response: { 200: z.object({ status: z.enum(['CODE_SENT', 'CHANGED']) }) },
      },
    },
    async (request) => changePhone(deps, request.authRequest(), request.body),
  )
}
