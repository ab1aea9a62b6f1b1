import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, Locale, PhonePrefix } from '@palco/domain/locale/country'
import type { Identifier, SignUp } from '@palco/domain/people/fan'
import { countryOfPhonePrefix, toE164 } from '@palco/domain/people/fan'
import type { Role } from '@palco/domain/people/vocabulary'
import type { Db } from '../../db/dialect.js'
import {
  anonymizeFan,
  findFanByDocument,
  findFanByEmail,
  findFanByPhone,
  findFanByUserId,
  insertFan,
  updateFan,
} from '../fans/fans.repository.js'
import { withLocale } from '../notifications/request-locale.js'
import { type Auth, SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.config.js'
import { authCall } from './auth.errors.js'
import {
  findAuthUserByEmail,
  findAuthUserByPhone,
  markEmailVerified,
  setAuthUserPhone,
} from './auth.repository.js'
import { assertUnderLimit, recordThrottled, resetThrottle } from './auth.throttle.js'
import { signedSessionToken, storedSession } from './session-fast-path.js'

export interface AuthDeps {
  db: Db
  auth: Auth
}

/** What a request brings to an auth flow: its cookies (as Headers) and the site's language and country. */
export interface AuthRequest {
  headers: Headers
  locale: Locale
  country: Country
}

/** Cookies the caller must set on its reply (session created, rotated or cleared). */
export interface WithCookies<T> {
  result: T
  cookies: string[]
}

export interface SessionView {
  userId: string
  name: string
  email: string
  roles: Role[]
  expiresAt: string
}

const cookiesOf = (headers: Headers | undefined): string[] => headers?.getSetCookie() ?? []

const rolesOf = (role: string | null | undefined): Role[] => {
  if (role === 'admin') return ['fan', 'operator', 'admin']
  if (role === 'operator') return ['fan', 'operator']
  return ['fan']
}

function identifierKey(id: Identifier): string {
  return 'email' in id ? `email:${id.email}` : `phone:${toE164(id.phonePrefix, id.phone)}`
}

/**
 * Email, phone and document are unique among fans (issue 3). A pre-registered fan (created at the box
 * office or by POST /api/v1/fans) may be completed by the person who signs up with the same email or phone.
 */
async function assertSignUpIsFree(db: Db, input: SignUp) {
  const byEmail = await findFanByEmail(db, input.email)
  if (byEmail && byEmail.registration_status !== 'PRE_REGISTERED') {
    throw new DomainError('UsernameExistsException', { field: 'email' })
  }
  if (await findAuthUserByEmail(db, input.email))
    throw new DomainError('UsernameExistsException', { field: 'email' })
  const byPhone = await findFanByPhone(db, input.phonePrefix, input.phone)
  const preRegistered = byEmail ?? (byPhone?.registration_status === 'PRE_REGISTERED' ? byPhone : undefined)
  if (byPhone && byPhone.id !== preRegistered?.id)
    throw new DomainError('RepeatedPhoneNumber', { field: 'phone' })
  if (await findAuthUserByPhone(db, toE164(input.phonePrefix, input.phone))) {
    throw new DomainError('RepeatedPhoneNumber', { field: 'phone' })
  }
  const byDocument = await findFanByDocument(db, input.documentType, input.documentNumber)
  if (byDocument && byDocument.id !== preRegistered?.id) {
    throw new DomainError('RepeatedDocumentNumber', { field: 'documentNumber' })
  }
  return preRegistered
}

/** Registration (spec §2 "registration" → "confirmation"): account created unconfirmed, code emailed. */
export async function signUp(deps: AuthDeps, req: AuthRequest, input: SignUp) {
  const { db, auth } = deps
  const preRegistered = await assertSignUpIsFree(db, input)
  await assertUnderLimit(db, 'codeSend', `email:${input.email}`)
  const created = await authCall(() =>
    auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: `${input.firstName} ${input.lastName}` },
      headers: req.headers,
    }),
  )
  const userId = created.user.id
  await setAuthUserPhone(db, userId, toE164(input.phonePrefix, input.phone), false)
  const details = {
    user_id: userId,
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    phone_prefix: input.phonePrefix,
    phone_number: input.phone,
    document_type: input.documentType,
    document_number: input.documentNumber,
    gender: input.gender,
    birth_date: input.birthDate,
    country: countryOfPhonePrefix(input.phonePrefix as PhonePrefix),
  }
  if (preRegistered) await updateFan(db, preRegistered.id, details)
  else await insertFan(db, { ...details, country: req.country, registration_status: 'NOT_REGISTERED' })
  await sendEmailCode(deps, req, input.email, 'email-verification')
  return { email: input.email, next: 'CONFIRM' as const }
}

async function sendEmailCode(
  deps: AuthDeps,
  req: AuthRequest,
  email: string,
  type: 'sign-in' | 'email-verification' | 'forget-password',
) {
  await assertUnderLimit(deps.db, 'codeSend', `email:${email}`)
  await recordThrottled(deps.db, 'codeSend', `email:${email}`)
  await withLocale(req.locale, () =>
    authCall(() => deps.auth.api.sendVerificationOTP({ body: { email, type }, headers: req.headers })),
  )
}

/** Registration's "OTP confirmation": the emailed code confirms the account and logs the fan in. */
export async function confirmSignUp(deps: AuthDeps, req: AuthRequest, email: string, code: string) {
  const { db, auth } = deps
  const user = await findAuthUserByEmail(db, email)
  if (!user) throw new DomainError('CodeMismatchException', { field: 'code' })
  if (user.emailVerified) throw new DomainError('InvalidStateException', { message: 'Already confirmed.' })
  const { headers } = await authCall(
    () => auth.api.verifyEmailOTP({ body: { email, otp: code }, headers: req.headers, returnHeaders: true }),
    'code',
  )
  await markRegistered(db, user.id)
  return { result: { confirmed: true }, cookies: cookiesOf(headers) }
}

async function markRegistered(db: Db, userId: string) {
  const fan = await findFanByUserId(db, userId)
  if (fan && fan.registration_status !== 'REGISTERED')
    await updateFan(db, fan.id, { registration_status: 'REGISTERED' })
}

export async function resendConfirmation(deps: AuthDeps, req: AuthRequest, email: string) {
  const user = await findAuthUserByEmail(deps.db, email)
  // Silent for unknown or confirmed accounts: a resend must not tell who is registered.
  if (!user || user.emailVerified) return { sent: true }
  await sendEmailCode(deps, req, email, 'email-verification')
  return { sent: true }
}

/**
 * Password login by email or phone. Any failure is NotAuthorizedException, whether or not the account
 * exists (issue 3, security); ten failures in 15 minutes lock the account for the rest of the window.
 */
export async function passwordLogin(
  deps: AuthDeps,
  req: AuthRequest,
  input: Identifier & { password: string },
  audience: 'fan' | 'operator',
): Promise<WithCookies<SessionView>> {
  const { db, auth } = deps
  const subject = identifierKey(input)
  await assertUnderLimit(db, 'loginFailure', subject)
  let signedIn: { headers: Headers }
  try {
    signedIn =
      'email' in input
        ? await authCall(() =>
            auth.api.signInEmail({
              body: { email: input.email, password: input.password },
              headers: req.headers,
              returnHeaders: true,
            }),
          )
        : await authCall(() =>
            auth.api.signInPhoneNumber({
              body: { phoneNumber: toE164(input.phonePrefix, input.phone), password: input.password },
              headers: req.headers,
              returnHeaders: true,
            }),
          )
  } catch (err) {
    if (err instanceof DomainError && err.code === 'UserNotConfirmedException') throw err
    await recordThrottled(db, 'loginFailure', subject)
    throw new DomainError('NotAuthorizedException')
  }
  await resetThrottle(db, 'loginFailure', subject)
  const cookies = cookiesOf(signedIn.headers)
  const session = await sessionFromCookies(deps, cookies)
  if (!session) throw new DomainError('InternalErrorException')
  if (audience === 'operator' && !session.roles.includes('operator')) {
    // The session just made is dropped: a fan cannot use the operators' door (spec §6).
    await authCall(() => auth.api.signOut({ headers: cookieHeaders(cookies) }))
    throw new DomainError('InvalidAccountTypeException')
  }
  return { result: session, cookies }
}

function cookieHeaders(setCookies: string[]): Headers {
  const pairs = setCookies.map((c) => c.split(';')[0]).join('; ')
  return new Headers({ cookie: pairs })
}

async function sessionFromCookies(deps: AuthDeps, setCookies: string[]) {
  return currentSession(deps, cookieHeaders(setCookies))
}

/** One-time-code login, step 1: a code by email or SMS to an existing account (spec §2 "email OTP login"). */
export async function requestLoginCode(deps: AuthDeps, req: AuthRequest, id: Identifier) {
  const { db, auth } = deps
  if ('email' in id) {
    const user = await findAuthUserByEmail(db, id.email)
    if (!user) {
      const fan = await findFanByEmail(db, id.email)
      throw new DomainError(fan?.registration_status === 'PRE_REGISTERED' ? 'AUTH0013' : 'AUTH0003', {
        field: 'email',
      })
    }
    await sendEmailCode(deps, req, id.email, 'sign-in')
    return { channel: 'email' as const }
  }
  const e164 = toE164(id.phonePrefix, id.phone)
  const user = await findAuthUserByPhone(db, e164)
  if (!user) {
    const fan = await findFanByPhone(db, id.phonePrefix, id.phone)
    throw new DomainError(fan?.registration_status === 'PRE_REGISTERED' ? 'AUTH0013' : 'AUTH0003', {
      field: 'phone',
    })
  }
  await assertUnderLimit(db, 'codeSend', `phone:${e164}`)
  await recordThrottled(db, 'codeSend', `phone:${e164}`)
  await withLocale(req.locale, () =>
    authCall(() => auth.api.sendPhoneNumberOTP({ body: { phoneNumber: e164 }, headers: req.headers })),
  )
  return { channel: 'sms' as const }
}

/** One-time-code login, step 2: the code logs the fan in (and confirms that email or phone). */
export async function verifyLoginCode(
  deps: AuthDeps,
  req: AuthRequest,
  input: Identifier & { code: string },
): Promise<WithCookies<SessionView>> {
  const { db, auth } = deps
  let headers: Headers
  if ('email' in input) {
    if (!(await findAuthUserByEmail(db, input.email)))
      throw new DomainError('CodeMismatchException', { field: 'code' })
    ;({ headers } = await authCall(
      () =>
        auth.api.signInEmailOTP({
          body: { email: input.email, otp: input.code },
          headers: req.headers,
          returnHeaders: true,
        }),
      'code',
    ))
  } else {
    const e164 = toE164(input.phonePrefix, input.phone)
    if (!(await findAuthUserByPhone(db, e164)))
      throw new DomainError('CodeMismatchException', { field: 'code' })
    ;({ headers } = await authCall(
      () =>
        auth.api.verifyPhoneNumber({
          body: { phoneNumber: e164, code: input.code },
          headers: req.headers,
          returnHeaders: true,
        }),
      'code',
    ))
  }
  const cookies = cookiesOf(headers)
  const session = await sessionFromCookies(deps, cookies)
  if (!session) throw new DomainError('InternalErrorException')
  // A code that reached the fan proves the address: the email is confirmed too (phone login).
  await markEmailVerified(db, session.userId)
  await markRegistered(db, session.userId)
  return { result: session, cookies }
}

/** Forgot password: always "sent", so the form cannot be used to find out who has an account. */
export async function requestPasswordReset(deps: AuthDeps, req: AuthRequest, email: string) {
  const user = await findAuthUserByEmail(deps.db, email)
  if (user) await sendEmailCode(deps, req, email, 'forget-password')
  return { sent: true }
}

export async function resetPassword(
  deps: AuthDeps,
  req: AuthRequest,
  email: string,
  code: string,
  password: string,
) {
  if (!(await findAuthUserByEmail(deps.db, email)))
    throw new DomainError('CodeMismatchException', { field: 'code' })
  await authCall(
    () => deps.auth.api.resetPasswordEmailOTP({ body: { email, otp: code, password }, headers: req.headers }),
    'code',
  )
  await resetThrottle(deps.db, 'loginFailure', `email:${email}`)
  return { reset: true }
}

export async function logout(deps: AuthDeps, req: AuthRequest): Promise<WithCookies<{ loggedOut: true }>> {
  const session = await currentSession(deps, req.headers)
  if (!session) return { result: { loggedOut: true }, cookies: [] }
  const { headers } = await authCall(() =>
    deps.auth.api.signOut({ headers: req.headers, returnHeaders: true }),
  )
  return { result: { loggedOut: true }, cookies: cookiesOf(headers) }
}

/**
 * The signed-in person, or null. A live session that is not yet due for its sliding refresh is read
 * directly (signature checked with node:crypto, session and user in one query); anything else — no row,
 * expired, due for refresh — goes to the library, which also deletes expired sessions and slides the
 * expiry, so the answers are the library's own.
 */
export async function currentSession(deps: AuthDeps, headers: Headers): Promise<SessionView | null> {
  const token = signedSessionToken(headers.get('cookie') ?? undefined, deps.auth.options.secret as string)
  if (token === null || token === false) return null
  const stored = await storedSession(deps.db, token)
  const now = Date.now()
  // The library's own refresh rule: due once expiresAt − expiresIn + updateAge has passed.
  const dueAt =
    stored && stored.expiresAt.getTime() - (SESSION_TTL_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000
  if (stored && dueAt !== undefined && stored.expiresAt.getTime() > now && dueAt > now) {
    return {
      userId: stored.userId,
      name: stored.name,
      email: stored.email,
      roles: rolesOf(stored.role),
      expiresAt: stored.expiresAt.toISOString(),
    }
  }
  return librarySession(deps, headers)
}

async function librarySession(deps: AuthDeps, headers: Headers): Promise<SessionView | null> {
  const data = await deps.auth.api.getSession({ headers }).catch(() => null)
  if (!data) return null
  const user = data.user as typeof data.user & { role?: string | null }
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    roles: rolesOf(user.role),
    expiresAt: new Date(data.session.expiresAt).toISOString(),
  }
}

export async function requireSession(deps: AuthDeps, headers: Headers): Promise<SessionView> {
  const session = await currentSession(deps, headers)
  if (!session) throw new DomainError('UNAUTHENTICATED', { message: 'Log in to continue.' })
  return session
}

/** Change phone number: a code to the new number, then the code switches it (spec §2 steps). */
export async function changePhone(
  deps: AuthDeps,
  req: AuthRequest,
  input: { phonePrefix: PhonePrefix; phone: string; code?: string | undefined },
) {
  const { db, auth } = deps
  const session = await requireSession(deps, req.headers)
  const e164 = toE164(input.phonePrefix, input.phone)
  const fan = await findFanByUserId(db, session.userId)
  const owner = await findFanByPhone(db, input.phonePrefix, input.phone)
  const user = await findAuthUserByPhone(db, e164)
  if (user?.id === session.userId) throw new DomainError('InvalidParameterException', { field: 'phone' })
  if ((owner && owner.id !== fan?.id) || user)
    throw new DomainError('RepeatedPhoneNumber', { field: 'phone' })
  if (!input.code) {
    await assertUnderLimit(db, 'codeSend', `phone:${e164}`)
    await recordThrottled(db, 'codeSend', `phone:${e164}`)
    await withLocale(req.locale, () =>
      authCall(() => auth.api.sendPhoneNumberOTP({ body: { phoneNumber: e164 }, headers: req.headers })),
    )
    return { status: 'CODE_SENT' as const }
  }
  await authCall(
    () =>
      auth.api.verifyPhoneNumber({
        body: { phoneNumber: e164, code: input.code as string, updatePhoneNumber: true },
        headers: req.headers,
      }),
    'code',
  )
  if (fan) await updateFan(db, fan.id, { phone_prefix: input.phonePrefix, phone_number: input.phone })
  return { status: 'CHANGED' as const }
}

export async function changePassword(deps: AuthDeps, req: AuthRequest, current: string, next: string) {
  await requireSession(deps, req.headers)
  const { headers } = await authCall(
    () =>
      deps.auth.api.changePassword({
        body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
        headers: req.headers,
        returnHeaders: true,
      }),
    'currentPassword',
  )
  return { result: { changed: true }, cookies: cookiesOf(headers) }
}

/**
 * Deleting an account removes the credentials and sessions and blanks the person's details; the fan row
 * stays, anonymous, for the orders accounting must keep (issue 3, security).
 */
export async function deleteAccount(deps: AuthDeps, req: AuthRequest, password: string) {
  const { db, auth } = deps
  const session = await requireSession(deps, req.headers)
  const ok = await auth.api
    .verifyPassword({ body: { password }, headers: req.headers })
    .then((r) => r.status)
    .catch(() => false)
  if (!ok) throw new DomainError('NotAuthorizedException', { field: 'password' })
  const fan = await findFanByUserId(db, session.userId)
  await db.transaction().execute(async (trx) => {
    if (fan) await anonymizeFan(trx, fan.id)
    await trx.deleteFrom('auth_users').where('id', '=', session.userId).execute()
  })
  return { result: { deleted: true }, cookies: clearSessionCookies() }
}

/** The session rows are gone; these make the browser forget the cookie too. */
export function clearSessionCookies(): string[] {
  return ['user_session', '__Secure-user_session'].map(
    (name) =>
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith('__Secure') ? '; Secure' : ''}`,
  )
}
