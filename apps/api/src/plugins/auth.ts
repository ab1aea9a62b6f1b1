import { randomBytes } from 'node:crypto'
import { DomainError } from '@palco/domain/errors/domain-error'
import {
  mayAnywhere,
  type Scope,
  type StaffAccess,
  type StaffAction,
  scopeOf,
} from '@palco/domain/organisers/staff-access'
import type { Role } from '@palco/domain/people/vocabulary'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/dialect.js'
import { type Auth, createAuth } from '../modules/auth/auth.config.js'
import {
  type AuthRequest,
  currentSession,
  keepFirstDevAuthSecret,
  type SessionView,
} from '../modules/auth/auth.service.js'
import { outboxCodeSender } from '../modules/notifications/notifications.service.js'
import { eventInScope, reachesEvent, staffAccessOf } from '../modules/organisers/organisers.service.js'

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth
  }
  interface FastifyRequest {
    /** The signed-in person or null, looked up once per request. */
    session(): Promise<SessionView | null>
    /** The signed-in person, or 401 UNAUTHENTICATED: how a route learns whose data it serves. */
    requireUser(): Promise<SignedInUser>
    authRequest(): AuthRequest
    /** The organisers the signed-in person may perform this action for (issue 43 part 1). */
    staffScope(action: StaffAction): Promise<Scope>
    /** Whether that scope reaches this event (false for a fan, or an event that does not exist). */
    staffReaches(action: StaffAction, eventId: string): Promise<boolean>
  }
}

/**
 * Who is asking, as routes pass it on to services: the account (every fan's data is looked up through it,
 * never through an id the client sends; DESIGN §9), its email (audit trails, ticket transfers) and roles.
 */
export interface SignedInUser {
  userId: string
  email: string
  roles: readonly Role[]
}

const LOG_IN = 'Log in to continue.'

/** Only what the auth core needs from a request: its cookies and who is asking (for the session row). */
export function authHeadersOf(request: FastifyRequest): Headers {
  const headers = new Headers()
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie)
  if (request.headers['user-agent']) headers.set('user-agent', request.headers['user-agent'])
  headers.set('x-forwarded-for', request.ip)
  return headers
}

/**
 * Development keeps a generated secret in the database so sessions survive restarts; production must
 * set AUTH_SECRET (config.ts refuses to boot without it).
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  return keepFirstDevAuthSecret(db, randomBytes(32).toString('base64url'))
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string; baseUrl: string; secureCookies: boolean }) => {
    const auth = createAuth(app.db, opts, outboxCodeSender(app.db))
    app.decorate('auth', auth)
    const cache = new WeakMap<FastifyRequest, Promise<SessionView | null>>()
    app.decorateRequest('session', function (this: FastifyRequest) {
      let pending = cache.get(this)
      if (!pending) {
        pending = this.headers.cookie
          ? currentSession({ db: app.db, auth }, authHeadersOf(this))
          : Promise.resolve(null)
        cache.set(this, pending)
      }
      return pending
    })
    app.decorateRequest('requireUser', async function (this: FastifyRequest): Promise<SignedInUser> {
      const s = await this.session()
      if (!s) throw new DomainError('UNAUTHENTICATED', { message: LOG_IN })
      return { userId: s.userId, email: s.email, roles: s.roles }
    })
    const access = new WeakMap<FastifyRequest, Promise<StaffAccess>>()
    app.decorateRequest('staffScope', async function (this: FastifyRequest, action: StaffAction) {
      let pending = access.get(this)
      if (!pending) {
        pending = this.requireUser().then((user) => staffAccessOf(app.db, user))
        access.set(this, pending)
      }
      return scopeOf(await pending, action)
    })
    app.decorateRequest(
      'staffReaches',
      async function (this: FastifyRequest, action: StaffAction, eventId: string) {
        return reachesEvent(app.db, await this.staffScope(action), eventId)
      },
    )
    app.decorateRequest('authRequest', function (this: FastifyRequest): AuthRequest {
      return { headers: authHeadersOf(this), locale: this.locale, country: this.country }
    })
  },
  { name: 'auth', dependencies: [] },
)

/**
 * A hook that lets only signed-in people with one of these roles through (DESIGN §9). Give it to a route as
 * `onRequest`: in `preHandler` the body is parsed and validated first, so a visitor would learn the
 * route's field names from a 400 instead of getting 401/403.
 */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    const session = await request.session()
    if (!session) throw new DomainError('UNAUTHENTICATED', { message: LOG_IN })
    if (!roles.some((r) => session.roles.includes(r))) throw new DomainError('FORBIDDEN')
  }
}

/**
 * A hook that lets through signed-in people who may perform the action for some organiser (issue 43 part 1):
 * platform admins, and organiser staff whose role allows it. Which organisers, the route asks
 * `request.staffScope(action)`; `requireEventInScope` checks an event named in the path.
 */
export function requireStaff(action: StaffAction) {
  return async (request: FastifyRequest) => {
    const session = await request.session()
    if (!session) throw new DomainError('UNAUTHENTICATED', { message: LOG_IN })
    if (!mayAnywhere(await request.staffScope(action))) throw new DomainError('FORBIDDEN')
  }
}

/**
 * A `preHandler` (the request is validated by then) answering 404 for an event that the asker's scope does not
 * reach, as if it did not exist: the path's `id` unless told which path parameter, or where else to find it.
 */
export function requireEventInScope(
  action: StaffAction,
  eventIdOf: string | ((request: FastifyRequest) => string) = 'id',
) {
  return async (request: FastifyRequest) => {
    const eventId =
      typeof eventIdOf === 'string'
        ? ((request.params as Record<string, string>)[eventIdOf] as string)
        : eventIdOf(request)
    await eventInScope(request.server.db, await request.staffScope(action), eventId)
  }
}
