import { TZDate, tz } from '@date-fns/tz'
import { format, isValid, parseISO } from 'date-fns'
import { enUS, es } from 'date-fns/locale'
// The schema-free modules: formatting runs in the browser on every page, without zod.
import { countryOfLocale, defaultTimeZoneOf, type Locale } from '../locale/country-settings.js'
import { isWholeUnits, type Money, minorDigitsOf, toMajorUnits } from '../money/minor-units.js'

// Spec §2: dates and times.
export const DATE_PATTERNS: Readonly<Record<Locale, string>> = { 'es-CO': "d 'de' MMMM", 'en-US': 'LLLL, do' }
export const TIME_PATTERN = 'HH:mm'

const DATE_FNS_LOCALES = { 'es-CO': es, 'en-US': enUS } as const

const SECONDS_LOWER_BOUND = 1e9
const SECONDS_UPPER_BOUND = 1e12

// Spec §2: values strictly between 1e9 and 1e12 are Unix seconds (2001-09-09 to year 33658), anything else is
// already milliseconds. Both bounds are exclusive, so 1e9 and 1e12 themselves stay milliseconds.
export const toMillis = (ts: number): number =>
  ts > SECONDS_LOWER_BOUND && ts < SECONDS_UPPER_BOUND ? Math.round(ts * 1000) : ts

export type DateInput = Date | number | string

// Without an explicit zone we show the site country's zone rather than the machine's, so the server render
// and the browser agree (DESIGN §5: events are shown in their venue's zone; callers pass it when known).
// Strings are ISO 8601; one without an offset (a date, or a venue wall-clock time) is read in that zone.
export const toZonedDate = (input: DateInput, locale: Locale, timeZone?: string): TZDate => {
  const zone = timeZone ?? defaultTimeZoneOf(countryOfLocale(locale))
  const date =
    typeof input === 'string'
      ? parseISO(input.trim(), { in: tz(zone) })
      : new TZDate(typeof input === 'number' ? toMillis(input) : input.getTime(), zone)
  if (!isValid(date)) throw new RangeError(`Invalid date: ${String(input)}`)
  return date
}

export const formatDate = (input: DateInput, locale: Locale, timeZone?: string): string =>
  format(toZonedDate(input, locale, timeZone), DATE_PATTERNS[locale], { locale: DATE_FNS_LOCALES[locale] })

export const formatTime = (input: DateInput, locale: Locale, timeZone?: string): string =>
  format(toZonedDate(input, locale, timeZone), TIME_PATTERN)

// ICU versions differ on narrow vs regular no-break spaces; one kind keeps server and browser output equal.
const normalizeSpaces = (text: string): string => text.replace(/[\u202f\u00a0]/g, '\u00a0')

// 'negative' keeps a tiny negative that rounds to zero from printing as "-0".
const fractionDigits = (digits: number) =>
  ({ minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'negative' }) as const

// A formatter takes far longer to build than to use (a page of prices on a slowed-down phone spent about
// 0.1 s building them while it hydrated): one per locale and options, reused.
const numberFormats = new Map<string, Intl.NumberFormat>()
const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`
  let formatter = numberFormats.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options)
    numberFormats.set(key, formatter)
  }
  return formatter
}

// Spec §2: 0 decimals if whole, else exactly 2. "Whole" is judged after rounding to cents, so 1.999 shows "2"
// rather than "2.00".
export const formatNumber = (value: number, locale: Locale): string => {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format ${value}`)
  const whole = Math.round(value * 100) % 100 === 0
  return normalizeSpaces(numberFormat(locale, fractionDigits(whole ? 0 : 2)).format(value))
}

// 'symbol' rather than 'narrowSymbol': en-US readers on the Mexican site see "MX$", not a "$" that reads as US
// dollars, while es-CO shows pesos as "$ 150.000".
export const formatMoney = (m: Money, locale: Locale): string => {
  const digits = isWholeUnits(m) ? 0 : minorDigitsOf(m.currency)
  const formatter = numberFormat(locale, {
    style: 'currency',
    currency: m.currency,
    currencyDisplay: 'symbol',
    ...fractionDigits(digits),
  })
  return normalizeSpaces(formatter.format(toMajorUnits(m)))
}
