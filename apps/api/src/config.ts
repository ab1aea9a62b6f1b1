import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_MX_DEV_HOSTS } from '@palco/domain/locale/country'
import type { PublicSiteConfig } from '@palco/domain/web/server-context'
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

/**
 * Every environment variable the server reads; the README's configuration table mirrors this list.
 * Unknown variables are ignored; a malformed value stops the boot with a message naming it.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('::'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  DATABASE_URL: optionalText,
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
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Palco <no-reply@palco.co>'),
  SMS_WEBHOOK_URL: optionalText,
  SMS_WEBHOOK_TOKEN: optionalText,
  GA_MEASUREMENT_ID: optionalText,
  GTM_ID: optionalText,
  SUPPORT_CHAT_SCRIPT_URL: optionalText,
})

export type Config = z.infer<typeof configSchema>

/** Secure cookies by default in production only: http://localhost must keep working in development. */
export const cookiesSecure = (c: Config) => c.COOKIE_SECURE ?? c.NODE_ENV === 'production'
/** The dev outbox page and API are off in production unless explicitly asked for (the journeys do). */
export const devOutboxEnabled = (c: Config) => c.DEV_OUTBOX ?? c.NODE_ENV !== 'production'
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
  return parsed.data
}

/** What the browser may see of the configuration: never secrets. */
export function publicConfig(config: Config): PublicSiteConfig {
  return {
    support: {
      COL: { email: config.SUPPORT_EMAIL_CO, chatUrl: config.SUPPORT_CHAT_URL_CO },
      MEX: { email: config.SUPPORT_EMAIL_MX, chatUrl: config.SUPPORT_CHAT_URL_MX },
    },
    stores: { android: config.ANDROID_APP_URL, ios: config.IOS_APP_URL },
    analytics: {
      gaMeasurementId: config.GA_MEASUREMENT_ID,
      gtmId: config.GTM_ID,
      supportChatScriptUrl: config.SUPPORT_CHAT_SCRIPT_URL,
    },
  }
}
