import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country, Locale, PhonePrefix } from '@palco/domain/locale/country'
import type { Identifier, SignUp } from '@palco/domain/people/fan'
import { toE164 } from '@palco/domain/people/fan'
import { isStaff } from '@palco/domain/people/staff'
import type { Role } from '@palco/domain/people/vocabulary'
import { hashPassword, verifyPassword } from 'better-auth/crypto'
import type { Db } from '../../db/dialect.js'
import { keptValue } from '../app-meta/app-meta.service.js'
import {
  type AccountDirectory,
  contactTakenByAccount,
  createAccountFan,
  hasPreRegistration,
  markFanRegistered,
  phoneTakenByAnotherFan,
  preRegistrationsProvenBy,
  retireFanOfAccount,
  retirePreRegistered,
  setFanPhone,
} from '../fans/fans.service.js'
import { withLocale } from '../notifications/request-locale.js'
import { type Auth, SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.config.js'
import { authCall } from './auth.errors.js'
import {
  deleteAuthUser,
  findAuthUserByEmail,
  findAuthUserById,
  findAuthUserByPhone,
  findPasswordHash,
  insertCredentialUser,
  markPhoneVerified,
  setAuthUserProfile,
  storedSession,
} from './auth.repository.js'
import { giveBack, resetThrottle, takeSlot } from './auth.throttle.js'
import { signedSessionToken } from './session-fast-path.js'

/**
 * What follows a pre-registered fan into the account that claimed them: the tickets sent to them and the
 * orders bought for them. Wired in app.ts (issue 14: accounts import neither tickets nor checkout).
 */
export type FanClaimHandler = (
  trx: Db,
  fromFanId: string,
  to: { fanId: string; userId: string },
) => Promise<void>

export interface AuthDeps {
  db: Db
  auth: Auth
  /** Only the flows that prove a contact need it (sign-up, login, phone change); a session check does not. */
  onFanClaimed?: FanClaimHandler | undefined
}

/**
 * The development secret, for the auth plugin, which keeps development sessions valid across restarts: the
 * first one stored wins, so parallel first boots agree on one, and each boot uses the winner.
 */
export const keepFirstDevAuthSecret = (db: Db, candidate: string): Promise<string> =>
  keptValue(db, 'dev_auth_secret', () => candidate)

/** What fan profiles may ask of accounts (the port `AccountDirectory` declares; wired in app.ts). */
export function accountDirectory(db: Db): AccountDirectory {
  return {
    hasAccountWithEmail: async (email) => (await findAuthUserByEmail(db, email)) !== undefined,
    hasAccountWithPhone: async (e164) => (await findAuthUserByPhone(db, e164)) !== undefined,
    renameAccount: (userId, name) => setAuthUserProfile(db, userId, { name }),
  }
}

/**
 * The staff roles admins give and take at the counter (issue 15 part 7). Only a confirmed account counts:
 * an unconfirmed sign-up proves nothing about who typed the address (issue 12), so it is never made staff.
 */
export async function confirmedAccountByEmail(db: Db, email: string) {
  const user = await findAuthUserByEmail(db, email)
  return user?.emailVerified ? { userId: user.id, name: user.name, email: user.email, role: user.role } : null
}

/** Sessions read the role per request, so a change takes effect on the person's next click. */
export const setAccountRole = (db: Db, userId: string, role: 'fan' | 'operator' | 'organiser') =>
  setAuthUserProfile(db, userId, { role })

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
  if (role === 'admin') return ['fan', 'operator', 'admin', 'layout_editor']
  if (role === 'operator') return ['fan', 'operator']
  if (role === 'layout_editor') return ['fan', 'layout_editor']
  if (role === 'organiser') return ['fan', 'organiser']
  return ['fan']
}

type AuthUser = NonNullable<Awaited<ReturnType<typeof findAuthUserByEmail>>>

/**
 * Limits count per account, so locking sign-in by email also locks it by phone (issue 12). Code sends
 * count per account and channel: one email and one SMS per 30 s, so a fan whose email is slow can still
 * ask for an SMS at once.
 */
const accountSubject = (user: Pick<AuthUser, 'id'>, channel?: 'email' | 'sms') =>
  channel ? `user:${user.id}:${channel}` : `user:${user.id}`

function identifierKey(id: Identifier): string {
  return 'email' in id ? `email:${id.email}` : `phone:${toE164(id.phonePrefix, id.phone)}`
}

const accountOf = (db: Db, id: Identifier) =>
  'email' in id
    ? findAuthUserByEmail(db, id.email)
    : findAuthUserByPhone(db, toE164(id.phonePrefix, id.phone))

/**
 * An unconfirmed registration holds its email for an hour, then anyone who signs up with that email
 * replaces it: typing an address proves nothing, so it must not keep the address from its owner (issue 12).
 */
export const UNCONFIRMED_HOLD_MS = 60 * 60_000

const isAbandoned = (user: AuthUser, now: Date) =>
  !user.emailVerified && now.getTime() - new Date(user.createdAt).getTime() > UNCONFIRMED_HOLD_MS

/**
 * Email, phone and document are unique among accounts (issue 3). Checked here for a friendly answer; the
 * unique indexes decide when sign-ups race (see `uniqueViolation`). A pre-registered fan with the same
 * email or phone does not stand in the way, and is not taken over either: its tickets join this account
 * only once the account proves that email or phone (`claimProvenContacts`).
 */
async function assertSignUpIsFree(db: Db, input: SignUp, now: Date) {
  const byEmail = await findAuthUserByEmail(db, input.email)
  const abandoned = byEmail && isAbandoned(byEmail, now) ? byEmail.id : null
  if ((byEmail && !abandoned) || (await contactTakenByAccount(db, { email: input.email }, abandoned)))
    throw new DomainError('UsernameExistsException', { field: 'email' })
  const byPhone = await findAuthUserByPhone(db, toE164(input.phonePrefix, input.phone))
  const phone = { phonePrefix: input.phonePrefix, phone: input.phone }
  if ((byPhone && byPhone.id !== abandoned) || (await contactTakenByAccount(db, phone, abandoned)))
    throw new DomainError('RepeatedPhoneNumber', { field: 'phone' })
  const document = { documentType: input.documentType, documentNumber: input.documentNumber }
  if (await contactTakenByAccount(db, document, abandoned))
    throw new DomainError('RepeatedDocumentNumber', { field: 'documentNumber' })
  return abandoned
}

/** Which duplicate a unique index refused, in the spec's words (§5, §8). */
function uniqueViolation(err: unknown): never {
  const { code, constraint } = err as { code?: string; constraint?: string }
  if (String(code) !== '23505') throw err
  if (constraint?.includes('document'))
    throw new DomainError('RepeatedDocumentNumber', { field: 'documentNumber' })
  if (constraint?.toLowerCase().includes('phone'))
    throw new DomainError('RepeatedPhoneNumber', { field: 'phone' })
  throw new DomainError('UsernameExistsException', { field: 'email' })
}

/**
 * Registration (spec §2 "registration" → "confirmation"): the account, its password and its fan row are
 * written in one transaction (issue 12: parallel sign-ups sharing a document left accounts without fans),
 * then the confirmation code is emailed.
 */
export async function signUp(deps: AuthDeps, req: AuthRequest, input: SignUp) {
  const { db } = deps
  const abandoned = await assertSignUpIsFree(db, input, new Date())
  // The library's own hasher, so the library verifies this password at login.
  const passwordHash = await hashPassword(input.password)
  const userId = await db.transaction().execute(async (trx) => {
    if (abandoned) await releaseAbandoned(trx, abandoned)
    const id = await insertCredentialUser(trx, {
      name: `${input.firstName} ${input.lastName}`,
      email: input.email,
      phoneNumber: toE164(input.phonePrefix, input.phone),
      passwordHash,
    }).catch(uniqueViolation)
    await createAccountFan(trx, id, input, req.country).catch(uniqueViolation)
    return id
  })
  await sendEmailCode(deps, req, input.email, 'email-verification', accountSubject({ id: userId }, 'email'))
  return { email: input.email, next: 'CONFIRM' as const }
}

async function releaseAbandoned(trx: Db, userId: string) {
  await retireFanOfAccount(trx, userId)
  await deleteAuthUser(trx, userId)
}

type EmailCodePurpose = 'sign-in' | 'email-verification' | 'forget-password'

/** Each code has its own tries, counted by `tryCode`; a new code starts them again. */
const emailCodeKey = (purpose: EmailCodePurpose, email: string) => `${purpose}:${email}`
const smsCodeKey = (e164: string) => `sms:${e164}`

async function sendEmailCode(
  deps: AuthDeps,
  req: AuthRequest,
  email: string,
  purpose: EmailCodePurpose,
  subject: string,
  slotTaken = false,
) {
  if (!slotTaken) await takeSlot(deps.db, 'codeSend', subject)
  await resetThrottle(deps.db, 'codeTry', emailCodeKey(purpose, email))
  await withLocale(req.locale, () =>
    authCall(() =>
      deps.auth.api.sendVerificationOTP({ body: { email, type: purpose }, headers: req.headers }),
    ),
  )
}

async function sendSmsCode(deps: AuthDeps, req: AuthRequest, e164: string, subject: string) {
  await takeSlot(deps.db, 'codeSend', subject)
  await resetThrottle(deps.db, 'codeTry', smsCodeKey(e164))
  await withLocale(req.locale, () =>
    authCall(() => deps.auth.api.sendPhoneNumberOTP({ body: { phoneNumber: e164 }, headers: req.headers })),
  )
}

/**
 * Compares a code inside one of its tries. Once the tries are spent every answer is
 * TooManyFailedAttempts, the right code included (issue 12: it used to say "wrong code"); a right code
 * gives its try back.
 */
async function tryCode<T>(db: Db, key: string, check: () => Promise<T>): Promise<T> {
  const slot = await takeSlot(db, 'codeTry', key)
  const result = await check()
  await giveBack(db, slot)
  return result
}

/** Registration's "OTP confirmation": the emailed code confirms the account and logs the fan in. */
export async function confirmSignUp(deps: AuthDeps, req: AuthRequest, email: string, code: string) {
  const { db, auth } = deps
  const user = await findAuthUserByEmail(db, email)
  if (!user) throw new DomainError('CodeMismatchException', { field: 'code' })
  if (user.emailVerified) throw new DomainError('InvalidStateException', { message: 'Already confirmed.' })
  const { headers } = await tryCode(db, emailCodeKey('email-verification', email), () =>
    authCall(
      () =>
        auth.api.verifyEmailOTP({ body: { email, otp: code }, headers: req.headers, returnHeaders: true }),
      'code',
    ),
  )
  await markFanRegistered(db, user.id)
  await claimProvenContacts(deps, user.id)
  return { result: { confirmed: true }, cookies: cookiesOf(headers) }
}

/**
 * Tickets waiting for this account's email or phone (sent to a pre-registered fan) become its own once the
 * account has proven that contact — its email confirmed, its phone reached by a code — and not before
 * (issue 12). Run after every proof and every login, so a proof made anywhere is honoured.
 */
async function claimProvenContacts(deps: AuthDeps, userId: string) {
  const { db } = deps
  const user = await findAuthUserById(db, userId)
  if (!user) return
  const found = await preRegistrationsProvenBy(db, userId, {
    email: user.emailVerified ? user.email : null,
    phone: Boolean(user.phoneNumberVerified),
  })
  if (!found) return
  const { fanId, waiting } = found
  for (const preId of waiting) {
    await db.transaction().execute(async (trx) => {
      if (!deps.onFanClaimed) throw new Error('claiming a pre-registered fan needs onFanClaimed')
      await deps.onFanClaimed(trx, preId, { fanId, userId })
      await retirePreRegistered(trx, preId)
    })
  }
}

export async function resendConfirmation(deps: AuthDeps, req: AuthRequest, email: string) {
  const user = await findAuthUserByEmail(deps.db, email)
  // Silent for unknown or confirmed accounts: a resend must not tell who is registered.
  if (!user || user.emailVerified) return { sent: true }
  await sendEmailCode(deps, req, email, 'email-verification', accountSubject(user, 'email'))
  return { sent: true }
}

let decoyHash: Promise<string> | undefined
/** Checks a password against a throwaway hash, so an unknown account costs what a known one does. */
async function spendPasswordCheck(password: string) {
  decoyHash ??= hashPassword('decoy-password-never-used')
  await verifyPassword({ hash: await decoyHash, password })
}

/**
 * Password login by email or phone. Any failure is NotAuthorizedException, whether or not the account
 * exists, and takes as long either way (issue 12). Each password is compared inside a slot of the
 * account's lockout, so however many arrive at once, at most ten wrong ones are tried per 15 minutes; a
 * right password gives its slot back.
 */
export async function passwordLogin(
  deps: AuthDeps,
  req: AuthRequest,
  input: Identifier & { password: string },
  audience: 'fan' | 'operator',
): Promise<WithCookies<SessionView>> {
  const { db, auth } = deps
  const user = await accountOf(db, input)
  const slot = await takeSlot(db, 'loginFailure', user ? accountSubject(user) : identifierKey(input))
  if (!user) {
    await spendPasswordCheck(input.password)
    throw new DomainError('NotAuthorizedException')
  }
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
    if (err instanceof DomainError && err.code === 'UserNotConfirmedException') {
      await giveBack(db, slot)
      throw err
    }
    throw new DomainError('NotAuthorizedException')
  }
  await giveBack(db, slot)
  const cookies = cookiesOf(signedIn.headers)
  // The phone door must not open an account whose email was never confirmed (the email door is the
  // library's, which refuses it already).
  if (!user.emailVerified) {
    await authCall(() => auth.api.signOut({ headers: cookieHeaders(cookies) }))
    throw new DomainError('UserNotConfirmedException')
  }
  const session = await sessionFromCookies(deps, cookies)
  if (!session) throw new DomainError('InternalErrorException')
  if (audience === 'operator' && !isStaff(session.roles)) {
    // The session just made is dropped: the staff's door (spec §6) is for operators, layout editors and
    // admins, never a fan.
    await authCall(() => auth.api.signOut({ headers: cookieHeaders(cookies) }))
    throw new DomainError('InvalidAccountTypeException')
  }
  await claimProvenContacts(deps, user.id)
  return { result: session, cookies }
}

function cookieHeaders(setCookies: string[]): Headers {
  const pairs = setCookies.map((c) => c.split(';')[0]).join('; ')
  return new Headers({ cookie: pairs })
}

async function sessionFromCookies(deps: AuthDeps, setCookies: string[]) {
  return currentSession(deps, cookieHeaders(setCookies))
}

async function noAccount(db: Db, id: Identifier): Promise<never> {
  const pre = await hasPreRegistration(db, id)
  throw new DomainError(pre ? 'AUTH0013' : 'AUTH0003', { field: 'email' in id ? 'email' : 'phone' })
}

/** One-time-code login, step 1: a code by email or SMS to an existing account (spec §2 "email OTP login"). */
export async function requestLoginCode(deps: AuthDeps, req: AuthRequest, id: Identifier) {
  const { db } = deps
  const user = (await accountOf(db, id)) ?? (await noAccount(db, id))
  if ('email' in id) {
    await sendEmailCode(deps, req, id.email, 'sign-in', accountSubject(user, 'email'))
    return { channel: 'email' as const }
  }
  // An SMS proves the phone, never the email: an unconfirmed account confirms its email first.
  if (!user.emailVerified) throw new DomainError('UserNotConfirmedException')
  await sendSmsCode(deps, req, toE164(id.phonePrefix, id.phone), accountSubject(user, 'sms'))
  return { channel: 'sms' as const }
}

/**
 * One-time-code login, step 2: the code logs the fan in. It proves the channel it went to and nothing else
 * (issue 12: an SMS code used to mark the email verified, handing a stranger the tickets sent to it).
 */
export async function verifyLoginCode(
  deps: AuthDeps,
  req: AuthRequest,
  input: Identifier & { code: string },
): Promise<WithCookies<SessionView>> {
  const { db, auth } = deps
  const user = await accountOf(db, input)
  if (!user) throw new DomainError('CodeMismatchException', { field: 'code' })
  let headers: Headers
  if ('email' in input) {
    ;({ headers } = await tryCode(db, emailCodeKey('sign-in', input.email), () =>
      authCall(
        () =>
          auth.api.signInEmailOTP({
            body: { email: input.email, otp: input.code },
            headers: req.headers,
            returnHeaders: true,
          }),
        'code',
      ),
    ))
  } else {
    if (!user.emailVerified) throw new DomainError('UserNotConfirmedException')
    const e164 = toE164(input.phonePrefix, input.phone)
    ;({ headers } = await tryCode(db, smsCodeKey(e164), () =>
      authCall(
        () =>
          auth.api.verifyPhoneNumber({
            body: { phoneNumber: e164, code: input.code },
            headers: req.headers,
            returnHeaders: true,
          }),
        'code',
      ),
    ))
    await markPhoneVerified(db, user.id)
  }
  const cookies = cookiesOf(headers)
  const session = await sessionFromCookies(deps, cookies)
  if (!session) throw new DomainError('InternalErrorException')
  await markFanRegistered(db, session.userId)
  await claimProvenContacts(deps, session.userId)
  return { result: session, cookies }
}

/** The forgot-password answer never comes sooner than this, so its timing says nothing either. */
const FORGOT_ANSWER_FLOOR_MS = 250

/**
 * Forgot password: always "sent", at the same pace, so the form cannot tell who has an account (issue 12:
 * a second request answered 429 only for real accounts). A request past the resend limit is dropped
 * silently instead.
 */
export async function requestPasswordReset(deps: AuthDeps, req: AuthRequest, email: string) {
  const started = Date.now()
  const user = await findAuthUserByEmail(deps.db, email)
  const allowed = await takeSlot(
    deps.db,
    'codeSend',
    user ? accountSubject(user, 'email') : `email:${email}`,
  ).then(
    () => true,
    (err: unknown) => {
      if (err instanceof DomainError && err.code === 'LimitExceededException') return false
      throw err
    },
  )
  if (user && allowed)
    await sendEmailCode(deps, req, email, 'forget-password', accountSubject(user, 'email'), true)
  const wait = FORGOT_ANSWER_FLOOR_MS - (Date.now() - started)
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  return { sent: true }
}

/** Whether `password` is the one the account has now (compared with the stored hash by the library). */
async function isCurrentPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const hash = await findPasswordHash(db, userId)
  return hash !== null && (await verifyPassword({ hash, password }))
}

/**
 * Forgot password, step 2. The code is checked first (one try, left valid when right), and only then is
 * the new password compared with the old one: asked before the code, "same as your password" would tell
 * anyone who types an email whether they guessed its password. A refused repeat keeps the code, so the
 * person only picks another password (issue 13).
 */
export async function resetPassword(
  deps: AuthDeps,
  req: AuthRequest,
  email: string,
  code: string,
  password: string,
) {
  const user = await findAuthUserByEmail(deps.db, email)
  if (!user) throw new DomainError('CodeMismatchException', { field: 'code' })
  const key = emailCodeKey('forget-password', email)
  await tryCode(deps.db, key, () =>
    authCall(
      () =>
        deps.auth.api.checkVerificationOTP({
          body: { email, type: 'forget-password', otp: code },
          headers: req.headers,
        }),
      'code',
    ),
  )
  if (await isCurrentPassword(deps.db, user.id, password))
    throw new DomainError('PASSWORD_UNCHANGED', { field: 'password' })
  await tryCode(deps.db, key, () =>
    authCall(
      () =>
        deps.auth.api.resetPasswordEmailOTP({ body: { email, otp: code, password }, headers: req.headers }),
      'code',
    ),
  )
  await resetThrottle(deps.db, 'loginFailure', accountSubject(user))
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
  const taken = await phoneTakenByAnotherFan(db, session.userId, input.phonePrefix, input.phone)
  const user = await findAuthUserByPhone(db, e164)
  if (user?.id === session.userId) throw new DomainError('InvalidParameterException', { field: 'phone' })
  if (taken || user) throw new DomainError('RepeatedPhoneNumber', { field: 'phone' })
  if (!input.code) {
    await sendSmsCode(deps, req, e164, `phone:${e164}`)
    return { status: 'CODE_SENT' as const }
  }
  await tryCode(db, smsCodeKey(e164), () =>
    authCall(
      () =>
        auth.api.verifyPhoneNumber({
          body: { phoneNumber: e164, code: input.code as string, updatePhoneNumber: true },
          headers: req.headers,
        }),
      'code',
    ),
  )
  await markPhoneVerified(db, session.userId)
  await setFanPhone(db, session.userId, input.phonePrefix, input.phone)
  await claimProvenContacts(deps, session.userId)
  return { status: 'CHANGED' as const }
}

/**
 * Change password from the profile. The current password is checked here, so a mistyped one is named as
 * such on its field (issue 13: it read as the login's "wrong email or password"). Once it is known to be
 * right, a new password equal to it is the same password: refused, with no second hash to compute.
 */
export async function changePassword(deps: AuthDeps, req: AuthRequest, current: string, next: string) {
  const session = await requireSession(deps, req.headers)
  // The same lockout as the login: a stolen session must not become a way to guess the password.
  const slot = await takeSlot(deps.db, 'loginFailure', accountSubject({ id: session.userId }))
  if (!(await isCurrentPassword(deps.db, session.userId, current)))
    throw new DomainError('WRONG_CURRENT_PASSWORD', { field: 'currentPassword' })
  await giveBack(deps.db, slot)
  if (next === current) throw new DomainError('PASSWORD_UNCHANGED', { field: 'newPassword' })
  const { headers } = await authCall(() =>
    deps.auth.api.changePassword({
      body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
      headers: req.headers,
      returnHeaders: true,
    }),
  ).catch((err: unknown) => {
    // Changed meanwhile in another tab: the library's own check says the same thing ours did.
    if (err instanceof DomainError && err.code === 'NotAuthorizedException')
      throw new DomainError('WRONG_CURRENT_PASSWORD', { field: 'currentPassword' })
    throw err
  })
  return { result: { changed: true }, cookies: cookiesOf(headers) }
}

/**
 * Deleting an account removes the credentials and sessions and blanks the person's details; the fan row
 * stays, anonymous, for the orders accounting must keep (issue 3, security).
 */
export async function deleteAccount(deps: AuthDeps, req: AuthRequest, password: string) {
  const { db, auth } = deps
  const session = await requireSession(deps, req.headers)
  const slot = await takeSlot(db, 'loginFailure', accountSubject({ id: session.userId }))
  const ok = await auth.api
    .verifyPassword({ body: { password }, headers: req.headers })
    .then((r) => r.status)
    .catch(() => false)
  if (!ok) throw new DomainError('NotAuthorizedException', { field: 'password' })
  await giveBack(db, slot)
  await db.transaction().execute(async (trx) => {
    await retireFanOfAccount(trx, session.userId)
    await deleteAuthUser(trx, session.userId)
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
