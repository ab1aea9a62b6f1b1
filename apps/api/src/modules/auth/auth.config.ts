import { betterAuth } from 'better-auth'
import { emailOTP, phoneNumber } from 'better-auth/plugins'
import type { Db } from '../../db/dialect.js'

/** Spec §5 and issue 3: six digits, ten minutes, five wrong tries. */
export const OTP_LENGTH = 6
export const OTP_TTL_SECONDS = 10 * 60
export const OTP_ALLOWED_ATTEMPTS = 5
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60
/** The library slides a session's expiry once it is this old (its `updateAge`). */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60

/** Where the auth core hands a one-time code for delivery; the notifications outbox implements it. */
export interface CodeSender {
  email(
    to: string,
    code: string,
    purpose: 'sign-in' | 'email-verification' | 'forget-password',
  ): Promise<void>
  sms(to: string, code: string): Promise<void>
}

export interface AuthSettings {
  secret: string
  baseUrl: string
  secureCookies: boolean
}

/**
 * The auth core (DESIGN §2): better-auth over our Kysely database, with passwords hashed by the library,
 * sessions in the database under the `user_session` cookie (spec §3), and one-time codes by email and
 * SMS stored hashed. The spec's routes (auth.routes.ts) are thin adapters over its server API.
 */
export function createAuth(db: Db, settings: AuthSettings, sender: CodeSender) {
  return betterAuth({
    appName: 'Palco',
    baseURL: settings.baseUrl,
    basePath: '/api/auth/core',
    secret: settings.secret,
    database: { db: db as never, type: 'postgres' },
    user: {
      modelName: 'auth_users',
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'fan', input: false },
      },
    },
    session: {
      modelName: 'auth_sessions',
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'auth_verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
    },
    // Our sign-up sends the code itself (in the visitor's language), so the library's own send is off.
    emailVerification: { autoSignInAfterVerification: true, sendOnSignUp: false, sendOnSignIn: false },
    // Throttling and the Origin check are ours (plugins/security.ts, auth.throttle.ts); the library's
    // own HTTP handler is not mounted, so its limiter would never run anyway.
    rateLimit: { enabled: false },
    advanced: {
      cookies: { session_token: { name: 'user_session' } },
      useSecureCookies: settings.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: 'uuid' },
    },
    telemetry: { enabled: false },
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        storeOTP: 'hashed',
        overrideDefaultEmailVerification: true,
        sendVerificationOnSignUp: false,
        // An unknown email never gets an account by code: sign-up goes through the registration form.
        disableSignUp: true,
        async sendVerificationOTP({ email, otp, type }) {
          if (type === 'change-email') return
          await sender.email(email, otp, type)
        },
      }),
      phoneNumber({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        async sendOTP({ phoneNumber: to, code }) {
          await sender.sms(to, code)
        },
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
