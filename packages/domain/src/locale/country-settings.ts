// The site countries' constants and helpers, without schemas: what the browser's pages need on every page
// (the header's currency, dates in the country's zone), so they load without zod. `country.ts` re-exports
// all of it next to the zod schemas; server code and forms import from there.

export const COUNTRIES = ['COL', 'MEX'] as const
export type Country = (typeof COUNTRIES)[number]

export const LOCALES = ['es-CO', 'en-US'] as const
export type Locale = (typeof LOCALES)[number]

export const LANGUAGES = ['es', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

export const CURRENCIES = ['COP', 'MXN'] as const
export type Currency = (typeof CURRENCIES)[number]

export const COUNTRY_SHORTS = ['co', 'mx'] as const
export type CountryShort = (typeof COUNTRY_SHORTS)[number]

export const PHONE_PREFIXES = ['+57', '+52'] as const
export type PhonePrefix = (typeof PHONE_PREFIXES)[number]

export const TIME_ZONES = ['America/Bogota', 'America/Mexico_City'] as const
export type CountryTimeZone = (typeof TIME_ZONES)[number]

// Spec §1: any host that is not recognisably Mexican is the Colombian site.
export const DEFAULT_COUNTRY: Country = 'COL'
export const MEXICO_HOST_SUFFIX = '.mx'
// Chromium resolves *.localhost to loopback, so this host is the Mexican site on one machine (DESIGN §1).
export const DEFAULT_MX_DEV_HOSTS = ['mx.localhost'] as const

// Spec §5: "stated phone length is 10 for both countries".
export const PHONE_NATIONAL_LENGTH = 10
// Spec §9 names a constant of 40 "used with country/phone settings" without its meaning. We read it as the
// longest raw phone text we accept before normalising (spaces, dashes, brackets, +57/+52), so a pasted,
// formatted number fits while a pasted paragraph is refused early by the form and the API alike.
export const PHONE_INPUT_MAX_LENGTH = 40

export type CountrySettings = {
  readonly country: Country
  readonly short: CountryShort
  readonly locale: Locale
  readonly language: Language
  readonly currency: Currency
  readonly phonePrefix: PhonePrefix
  readonly phonePlaceholder: string
  readonly phoneLength: number
  readonly phoneInputMaxLength: number
  readonly timeZone: CountryTimeZone
}

// Spec §1: Mexico's site is in en-US, not es-MX; spec §5 gives the placeholders.
export const COUNTRY_SETTINGS: Readonly<Record<Country, CountrySettings>> = {
  COL: {
    country: 'COL',
    short: 'co',
    locale: 'es-CO',
    language: 'es',
    currency: 'COP',
    phonePrefix: '+57',
    phonePlaceholder: '300 2223344',
    phoneLength: PHONE_NATIONAL_LENGTH,
    phoneInputMaxLength: PHONE_INPUT_MAX_LENGTH,
    timeZone: 'America/Bogota',
  },
  MEX: {
    country: 'MEX',
    short: 'mx',
    locale: 'en-US',
    language: 'en',
    currency: 'MXN',
    phonePrefix: '+52',
    phonePlaceholder: '55 1234 5678',
    phoneLength: PHONE_NATIONAL_LENGTH,
    phoneInputMaxLength: PHONE_INPUT_MAX_LENGTH,
    timeZone: 'America/Mexico_City',
  },
}

export const localeOf = (country: Country): Locale => COUNTRY_SETTINGS[country].locale
export const countryShortOf = (country: Country): CountryShort => COUNTRY_SETTINGS[country].short
export const currencyOf = (country: Country): Currency => COUNTRY_SETTINGS[country].currency
export const phonePrefixOf = (country: Country): PhonePrefix => COUNTRY_SETTINGS[country].phonePrefix
export const phonePlaceholderOf = (country: Country): string => COUNTRY_SETTINGS[country].phonePlaceholder
export const defaultTimeZoneOf = (country: Country): CountryTimeZone => COUNTRY_SETTINGS[country].timeZone

export const languageOf = (locale: Locale): Language => (locale === 'es-CO' ? 'es' : 'en')

// Locales map one-to-one to countries here (spec §1), so a locale alone is enough to pick a time zone.
export const countryOfLocale = (locale: Locale): Country => (locale === 'es-CO' ? 'COL' : 'MEX')

export const isCountry = (value: unknown): value is Country =>
  typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value)

const HOSTNAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/

// Accepts a Host or X-Forwarded-Host value: only the first entry of a proxy list counts, the port goes
// (also after a bracketed IPv6 address), and case and a trailing root dot do not matter.
export const normalizeHost = (host: string | null | undefined): string => {
  let h = (host ?? '').split(',')[0]?.trim().toLowerCase() ?? ''
  if (h.startsWith('[')) {
    const end = h.indexOf(']')
    h = end === -1 ? '' : h.slice(1, end)
  } else {
    const colon = h.indexOf(':')
    if (colon !== -1) h = h.slice(0, colon)
  }
  return h.replace(/\.+$/, '')
}

export const countryFromHost = (
  host: string | null | undefined,
  mxDevHosts: readonly string[] = DEFAULT_MX_DEV_HOSTS,
): Country => {
  const h = normalizeHost(host)
  if (!HOSTNAME.test(h)) return DEFAULT_COUNTRY
  if (h.endsWith(MEXICO_HOST_SUFFIX)) return 'MEX'
  return mxDevHosts.some((dev) => normalizeHost(dev) === h) ? 'MEX' : DEFAULT_COUNTRY
}

export const countryOfPhonePrefix = (prefix: PhonePrefix): Country => (prefix === '+52' ? 'MEX' : 'COL')

/** E.164 form used as the account's phone identifier, e.g. +573001234567. */
export const toE164 = (prefix: PhonePrefix, national: string): string => `${prefix}${national}`
