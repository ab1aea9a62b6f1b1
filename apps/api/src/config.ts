import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Country, DEFAULT_MX_DEV_HOSTS } from '@palco/domain/locale/country'
import { ATTENDEE_DIRECT_EXPORT_MAX } from '@palco/domain/reports/attendees'
import type { BrowserPaymentConfig, PublicSiteConfig } from '@palco/domain/web/server-context'
import { z } from 'zod'

const here = path.dirname(fileURLToPath(import.meta.url))
/** The repository root, found from this file so `npm start` works from any working directory. */
export const repoRoot = path.resolve(here, '../../..')

const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean),
)
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))

const providerCode = z.enum(['sandbox', 'mercadopago', 'kushki'])
/** Public on purpose: it only signs the sandbox's pretend webhooks in development and tests. */
export const DEV_SANDBOX_WEBHOOK_SECRET = 'palco-sandbox-dev-webhook-secret'

/**
 * Every environment variable the server reads; the README's configuration table mirrors this list.
 * Unknown variables are ignored; a malformed value stops the boot with a message naming it.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('::'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: readable lines in development, JSON elsewhere (plugins/log-format.ts).
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  TRUST_PROXY: flag.default(false),
  DATABASE_URL: optionalText,
  // The server without the pooler, for LISTEN (docs/operations.md, "Several processes behind a pooler").
  DATABASE_DIRECT_URL: optionalText,
  DATA_DIR: z.string().default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  MX_HOSTS: list.default([...DEFAULT_MX_DEV_HOSTS]),
  SEED_DEMO: flag.default(true),
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, 'apps/web/build')),
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'apps/web/public/content')),
  SUPPORT_EMAIL_CO: z.string().email().default('soporte@palco.co'),
  SUPPORT_EMAIL_MX: z.string().email().default('soporte@palco.mx'),
  SUPPORT_CHAT_URL_CO: z.string().url().default('https://wa.me/573002223344'),
  SUPPORT_CHAT_URL_MX: z.string().url().default('https://wa.me/5215512345678'),
  ANDROID_APP_URL: z.string().url().default('https://play.google.com/store/apps/details?id=co.palco.app'),
  IOS_APP_URL: z.string().url().default('https://apps.apple.com/co/app/palco/id0000000000'),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters',
  ),
  COOKIE_SECURE: flag.optional(),
  DEV_OUTBOX: flag.optional(),
  // Issue 40: the dev outbox shows every account's one-time and reset codes, so it answers only this
  // machine's own clients unless this flag, named for what it does, opens it to the network.
  UNSAFE_DEV_OUTBOX_FOR_ANY_CLIENT: flag.default(false),
  // Issue 42: `/metrics` answers only this machine's clients; with this set, only requests bearing it.
  METRICS_TOKEN: optionalText.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters',
  ),
  // Issue 42: signs the waiting room's passes; unset, a key derived from the auth secret (same in every process).
  WAITING_ROOM_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters',
  ),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Palco <no-reply@palco.co>'),
  SMS_WEBHOOK_URL: optionalText,
  SMS_WEBHOOK_TOKEN: optionalText,
  GA_MEASUREMENT_ID: optionalText,
  GTM_ID: optionalText,
  SUPPORT_CHAT_SCRIPT_URL: optionalText,
  // Payments (issue 6). Each country picks its provider; the sandbox works offline and is the default.
  PAYMENT_PROVIDER_COL: providerCode.default('sandbox'),
  PAYMENT_PROVIDER_MEX: providerCode.default('sandbox'),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).default(DEV_SANDBOX_WEBHOOK_SECRET),
  MERCADOPAGO_ACCESS_TOKEN: optionalText,
  MERCADOPAGO_WEBHOOK_SECRET: optionalText,
  MERCADOPAGO_PUBLIC_KEY: optionalText,
  MERCADOPAGO_API_URL: z.string().url().default('https://api.mercadopago.com'),
  KUSHKI_PRIVATE_KEY: optionalText,
  KUSHKI_WEBHOOK_SECRET: optionalText,
  KUSHKI_PUBLIC_KEY: optionalText,
  KUSHKI_API_URL: z.string().url().default('https://api.kushkipagos.com'),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SANDBOX_DEV_ENDPOINTS: flag.optional(),
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  // Private uploads (issue 17 part 3): the local disk under DATA_DIR unless S3_BUCKET names a bucket.
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.default(false),
  UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(600_000),
  // Issue 43 part 4: up to this many tickets an attendee export downloads straight away; more is a job.
  ATTENDEE_EXPORT_DIRECT_MAX: z.coerce.number().int().min(0).max(100_000).default(ATTENDEE_DIRECT_EXPORT_MAX),
  // The job runner (issue 42 part 3): `npm start` works jobs in the web process; `off` leaves them to
  // `npm run worker` (API processes behind a pooler, docs/operations.md).
  JOBS_WORKER: z.enum(['on', 'off']).default('on'),
})

export type Config = z.infer<typeof configSchema>

/** Secure cookies by default in production only: http://localhost must keep working in development. */
export const cookiesSecure = (c: Config) => c.COOKIE_SECURE ?? c.NODE_ENV === 'production'
/** The dev outbox page and API are off in production unless explicitly asked for (the journeys do). */
export const devOutboxEnabled = (c: Config) => c.DEV_OUTBOX ?? c.NODE_ENV !== 'production'
/** What the server says at start about its development-only endpoints, when any is on. */
export function devEndpointsNotice(c: Config): string | null {
  if (!devOutboxEnabled(c)) return null
  return c.UNSAFE_DEV_OUTBOX_FOR_ANY_CLIENT
    ? 'DEV OUTBOX OPEN TO ANY CLIENT (UNSAFE_DEV_OUTBOX_FOR_ANY_CLIENT): /api/dev/outbox and /dev/outbox show every account’s one-time and password-reset codes to whoever asks'
    : 'dev outbox on (/api/dev/outbox, /dev/outbox): it shows every account’s codes, so it answers only clients on this machine (DEV_OUTBOX=false turns it off)'
}
export const publicUrl = (c: Config) => c.PUBLIC_URL ?? `http://localhost:${c.PORT}`

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.AUTH_SECRET) {
    throw new Error('Invalid configuration:\n  AUTH_SECRET: required in production (32+ random characters)')
  }
  const paymentProblems = paymentConfigProblems(parsed.data)
  if (paymentProblems.length > 0) throw new Error(`Invalid configuration:\n${paymentProblems.join('\n')}`)
  // Half a key pair would silently fall back to the machine's own AWS credentials.
  if (!parsed.data.S3_ACCESS_KEY_ID !== !parsed.data.S3_SECRET_ACCESS_KEY)
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set both or neither')
  return parsed.data
}

/** Countries whose payments go through the built-in sandbox provider. */
export const sandboxCountries = (c: Config): ('COL' | 'MEX')[] =>
  (['COL', 'MEX'] as const).filter((k) => c[`PAYMENT_PROVIDER_${k}`] === 'sandbox')

/**
 * A real provider needs its credentials. The sandbox's default webhook secret is allowed everywhere: a
 * sandbox notification only makes us re-read the sandbox's own books (never trusted as such), and those
 * change only through the dev endpoints, which production does not register unless asked.
 */
function paymentConfigProblems(c: Config): string[] {
  const used = new Set([c.PAYMENT_PROVIDER_COL, c.PAYMENT_PROVIDER_MEX])
  const out: string[] = []
  if (used.has('mercadopago')) {
    if (!c.MERCADOPAGO_ACCESS_TOKEN)
      out.push('  MERCADOPAGO_ACCESS_TOKEN: required when a country uses mercadopago')
    if (!c.MERCADOPAGO_WEBHOOK_SECRET)
      out.push('  MERCADOPAGO_WEBHOOK_SECRET: required when a country uses mercadopago')
    // The browser tokenizes cards with it (card data never reaches us).
    if (!c.MERCADOPAGO_PUBLIC_KEY)
      out.push('  MERCADOPAGO_PUBLIC_KEY: required when a country uses mercadopago')
    // A Mercado Pago account charges in its own country's currency only; one token cannot serve both.
    if (c.PAYMENT_PROVIDER_COL === 'mercadopago' && c.PAYMENT_PROVIDER_MEX === 'mercadopago')
      out.push(
        '  PAYMENT_PROVIDER_COL/MEX: one Mercado Pago account serves one country; pick it for one of them',
      )
  }
  if (used.has('kushki')) {
    if (!c.KUSHKI_PRIVATE_KEY) out.push('  KUSHKI_PRIVATE_KEY: required when a country uses kushki')
    if (!c.KUSHKI_WEBHOOK_SECRET) out.push('  KUSHKI_WEBHOOK_SECRET: required when a country uses kushki')
    // Card tokens in the browser, cash-in and PSE all start with a token made with the public merchant id.
    if (!c.KUSHKI_PUBLIC_KEY) out.push('  KUSHKI_PUBLIC_KEY: required when a country uses kushki')
  }
  return out
}

/**
 * The sandbox's dev endpoints (mark a voucher paid or expired) exist only when a country uses the sandbox
 * and, like the dev outbox, outside production unless explicitly asked for (the e2e journeys do).
 */
export const sandboxDevEndpointsEnabled = (c: Config) =>
  sandboxCountries(c).length > 0 && (c.SANDBOX_DEV_ENDPOINTS ?? c.NODE_ENV !== 'production')

/** A country's provider as the browser's card tokenizer needs it: public key and API URL only. */
export function browserPaymentConfig(config: Config, country: Country): BrowserPaymentConfig {
  const provider = config[`PAYMENT_PROVIDER_${country}`]
  switch (provider) {
    case 'mercadopago':
      return {
        provider,
        publicKey: config.MERCADOPAGO_PUBLIC_KEY ?? null,
        apiUrl: config.MERCADOPAGO_API_URL,
      }
    case 'kushki':
      return { provider, publicKey: config.KUSHKI_PUBLIC_KEY ?? null, apiUrl: config.KUSHKI_API_URL }
    case 'sandbox':
      return { provider, publicKey: null, apiUrl: null }
  }
}

/**
 * Origins the pages may call besides their own (CSP connect-src): each configured provider's API, which the
 * browser's card tokenizer calls, and nothing for a provider no country uses. The tag manager, analytics
 * and the support chat call origins nobody can list in advance (a container's tags, a widget's backend), so
 * with any of them configured every https: origin stays allowed, as before.
 */
export function connectSources(config: Config): string[] {
  const origins = new Set<string>()
  for (const country of ['COL', 'MEX'] as const) {
    const { apiUrl } = browserPaymentConfig(config, country)
    if (apiUrl) origins.add(new URL(apiUrl).origin)
  }
  const uploads = uploadStoreOrigin(config)
  if (uploads) origins.add(uploads)
  if (config.GA_MEASUREMENT_ID || config.GTM_ID || config.SUPPORT_CHAT_SCRIPT_URL) origins.add('https:')
  return [...origins]
}

/** Where the browser PUTs an inscription upload when it goes straight to an S3 bucket (presigned URLs). */
export function uploadStoreOrigin(config: Config): string | null {
  if (!config.S3_BUCKET) return null
  const base = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`)
  return config.S3_FORCE_PATH_STYLE ? base.origin : `${base.protocol}//${config.S3_BUCKET}.${base.host}`
}

/** What the browser may see of the configuration: never secrets. */
export function publicConfig(config: Config): PublicSiteConfig {
  return {
    support: {
      COL: { email: config.SUPPORT_EMAIL_CO, chatUrl: config.SUPPORT_CHAT_URL_CO },
      MEX: { email: config.SUPPORT_EMAIL_MX, chatUrl: config.SUPPORT_CHAT_URL_MX },
    },
    payments: {
      COL: browserPaymentConfig(config, 'COL'),
      MEX: browserPaymentConfig(config, 'MEX'),
    },
    stores: { android: config.ANDROID_APP_URL, ios: config.IOS_APP_URL },
    analytics: {
      gaMeasurementId: config.GA_MEASUREMENT_ID,
      gtmId: config.GTM_ID,
      supportChatScriptUrl: config.SUPPORT_CHAT_SCRIPT_URL,
    },
  }
}
