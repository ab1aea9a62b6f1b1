// The schema-free modules: formatting runs in the browser on every page, without zod.
import { type Currency, countryOfLocale, defaultTimeZoneOf, type Locale } from '../locale/country-settings.js'
import { isWholeUnits, type Money, minorDigitsOf } from '../money/minor-units.js'
import { wallClockAt, wallClockOfIso, type ZonedClock } from './wall-clock.js'

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
export const wallClockOf = (input: DateInput, locale: Locale, timeZone?: string): ZonedClock => {
  const zone = timeZone ?? defaultTimeZoneOf(countryOfLocale(locale))
  const ms = typeof input === 'number' ? toMillis(input) : typeof input === 'string' ? 0 : input.getTime()
  const clock =
    typeof input === 'string'
      ? wallClockOfIso(input, zone)
      : Number.isFinite(ms)
        ? wallClockAt(ms, zone)
        : undefined
  if (!clock) throw new RangeError(`Invalid date: ${String(input)}`)
  return clock
}

// The months' names as Intl writes them standing alone in each locale ("marzo", "March"; a test compares
// them): the first Intl date formatter a page builds loads the platform's date data, about 45 ms of a
// slowed-down phone's hydration (issue 13), for twelve words per locale.
const MONTH_NAMES: Readonly<Record<Locale, readonly string[]>> = {
  'es-CO': [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  'en-US': [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
}
const monthNameOf = (month: number, locale: Locale): string => MONTH_NAMES[locale][month - 1] ?? ''

const englishOrdinal = (day: number): string => {
  const tens = day % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th')
  return `${day}${suffix}`
}

// Spec §2: dates and times ("5 de marzo", "March, 5th"; "20:30").
export const formatDate = (input: DateInput, locale: Locale, timeZone?: string): string => {
  const { month, day } = wallClockOf(input, locale, timeZone)
  return locale === 'es-CO'
    ? `${day} de ${monthNameOf(month, locale)}`
    : `${monthNameOf(month, locale)}, ${englishOrdinal(day)}`
}

const twoDigits = (n: number) => String(n).padStart(2, '0')

export const formatTime = (input: DateInput, locale: Locale, timeZone?: string): string => {
  const { hour, minute } = wallClockOf(input, locale, timeZone)
  return `${twoDigits(hour)}:${twoDigits(minute)}`
}

// Numbers and money are written by hand for the two locales and two currencies the product has (spec §2),
// as Intl writes them: building an Intl.NumberFormat took a slowed-down phone 15–25 ms each, several per page,
// while the page hydrated (issue 13), and ICU versions differ on which no-break space they use, which the
// server's and the browser's renders must agree on.
const SEPARATORS: Readonly<Record<Locale, { group: string; decimal: string }>> = {
  'es-CO': { group: '.', decimal: ',' },
  'en-US': { group: ',', decimal: '.' },
}

// 'symbol' display: en-US readers on the Mexican site see "MX$", not a "$" that reads as US dollars, while
// es-CO shows pesos as "$ 150.000".
const CURRENCY_PREFIXES: Readonly<Record<Locale, Readonly<Record<Currency, string>>>> = {
  'es-CO': { COP: '$\u00a0', MXN: 'MXN\u00a0' },
  'en-US': { COP: 'COP\u00a0', MXN: 'MX$' },
}

/** Whole units with the locale's grouping ("1.234.567"). */
const grouped = (digits: string, locale: Locale): string =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATORS[locale].group)

/** A non-negative decimal string ("1234.50", "7") in the locale's way. */
const localized = (plain: string, locale: Locale): string => {
  const [whole = '0', fraction] = plain.split('.')
  return fraction === undefined
    ? grouped(whole, locale)
    : `${grouped(whole, locale)}${SEPARATORS[locale].decimal}${fraction}`
}

// Spec §2: 0 decimals if whole, else exactly 2. "Whole" is judged after rounding to cents, so 1.999 shows "2"
// rather than "2.00". A tiny negative that rounds to zero prints as "0", not "-0".
export const formatNumber = (value: number, locale: Locale): string => {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format ${value}`)
  const whole = Math.round(value * 100) % 100 === 0
  // toFixed rounds the exact decimal value half away from zero, as Intl does.
  const plain = Math.abs(value).toFixed(whole ? 0 : 2)
  const negative = value < 0 && /[1-9]/.test(plain)
  return `${negative ? '-' : ''}${localized(plain, locale)}`
}

export const formatMoney = (m: Money, locale: Locale): string => {
  const digits = minorDigitsOf(m.currency)
  const scale = 10 ** digits
  const units = Math.abs(m.amount)
  const whole = String(Math.floor(units / scale))
  const plain = isWholeUnits(m) ? whole : `${whole}.${String(units % scale).padStart(digits, '0')}`
  return `${m.amount < 0 ? '-' : ''}${CURRENCY_PREFIXES[locale][m.currency]}${localized(plain, locale)}`
}
