// Spec §5's rules as plain functions and constants, without schemas: what the browser needs before a form
// validates (messages, password rules, OTP length). `validation.ts` re-exports all of it next to the zod
// schemas built on it; server code and form schemas import from there.
import { type Country, phonePrefixOf } from '../locale/country-settings.js'

// Spec §5 leaves validation messages unstated: schemas report these keys and the web translates them.
export const VALIDATION_MESSAGES = [
  'required',
  'tooLong',
  'invalidEmail',
  'invalidPassword',
  'invalidPhone',
  'invalidOtp',
  'invalidDocumentType',
  'invalidDocumentNumber',
  'invalidDate',
  'tooYoung',
  'mustAcceptTerms',
  'emailOrPhone',
] as const
export type ValidationMessage = (typeof VALIDATION_MESSAGES)[number]

// RFC 5321 caps a forward path at 254 characters.
export const EMAIL_MAX_LENGTH = 254
// Spec §5: text, @, a domain whose last label has 2+ characters, no spaces or angle brackets anywhere.
const EMAIL = /^[^\s@<>]+@[^\s@<>.]+(\.[^\s@<>.]+)*\.[^\s@<>.]{2,}$/

export const isValidEmail = (email: string): boolean => email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email)

// Lower-cased so the duplicate check of spec §5 cannot be dodged by capitals.
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export const PASSWORD_MIN_LENGTH = 8
// A cap keeps hashing cost bounded; 128 is also the auth library's default.
export const PASSWORD_MAX_LENGTH = 128
export const PASSWORD_SPECIAL_CHARACTERS = '#?!@$%^&*-.,:;=+~'

export const PASSWORD_RULES = ['minLength', 'uppercase', 'lowercase', 'digit', 'special'] as const
export type PasswordRule = (typeof PASSWORD_RULES)[number]

// Letters are Unicode-aware so Spanish capitals such as Ñ or É count. Other characters are allowed; they
// just do not count as the special one (spec §5 lists the specials, it does not forbid the rest).
export const passwordRuleResults = (password: string): Record<PasswordRule, boolean> => ({
  minLength: [...password].length >= PASSWORD_MIN_LENGTH,
  uppercase: /\p{Lu}/u.test(password),
  lowercase: /\p{Ll}/u.test(password),
  digit: /\d/.test(password),
  special: [...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
})

export const isValidPassword = (password: string): boolean =>
  password.length <= PASSWORD_MAX_LENGTH && Object.values(passwordRuleResults(password)).every(Boolean)

// Spec §5: Colombian numbers start with one of these.
export const COLOMBIAN_PHONE_PREFIXES = [
  '100',
  '300',
  '301',
  '302',
  '303',
  '304',
  '324',
  '305',
  '310',
  '311',
  '312',
  '313',
  '314',
  '315',
  '316',
  '317',
  '318',
  '319',
  '320',
  '321',
  '322',
  '323',
  '350',
  '351',
] as const

// Spec §5 gives Mexico two readings: "longer than 7 characters" and "length 10". Since August 2019 every
// Mexican number is dialled as 10 national digits (no 044/045/01 prefixes) and no area code starts with 0 or
// 1, so we require exactly that; a looser rule would accept numbers SMS OTPs can never reach.
const MEXICAN_PHONE = /^[2-9]\d{9}$/
const COLOMBIAN_PHONE = /^\d{10}$/

export const isValidPhone = (digits: string, country: Country): boolean =>
  country === 'COL'
    ? COLOMBIAN_PHONE.test(digits) && COLOMBIAN_PHONE_PREFIXES.some((prefix) => digits.startsWith(prefix))
    : MEXICAN_PHONE.test(digits)

// Turns what people type or paste ("+57 300 222-3344", "(55) 1234 5678", "0052 55…") into national digits.
// Anything else is left for isValidPhone to refuse.
export const normalizePhone = (input: string, country: Country): string => {
  const compact = input.replace(/[\s\-().]/g, '')
  const code = phonePrefixOf(country).slice(1)
  for (const prefix of [`+${code}`, `00${code}`]) {
    if (compact.startsWith(prefix)) return compact.slice(prefix.length)
  }
  return compact
}

// Spec §5 and §9.
export const OTP_LENGTH = 6
const OTP = new RegExp(`^\\d{${OTP_LENGTH}}$`)
export const isValidOtp = (code: string): boolean => OTP.test(code)

// Spec §5: shown in place of a stored password; never compare input against it.
export const MASKED_PASSWORD = '**********'

/** `now` less `years` calendar years in UTC; 29 February becomes 28 February in a year without one. */
const yearsBefore = (now: Date, years: number): number => {
  const year = now.getUTCFullYear() - years
  const month = now.getUTCMonth()
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const at = new Date(now.getTime())
  at.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay))
  return at.getTime()
}

// Age check (spec §5). Calendar arithmetic in UTC keeps it independent of the machine's zone; a 29 February
// birthday counts from 1 March in non-leap years (29 Feb less the years is clamped to 28 Feb).
export const isEarlierThanYearsAgo = (date: Date, years: number, now: Date): boolean =>
  date.getTime() < yearsBefore(now, years)

// Expiry check (spec §5).
export const isEarlierThanHoursFromNow = (date: Date, now: Date, hours = 24): boolean =>
  date.getTime() < now.getTime() + hours * 3_600_000
