import { z } from 'zod'
import { COUNTRIES, type Country, PHONE_INPUT_MAX_LENGTH } from '../locale/country.js'
import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  isValidPhone,
  normalizePhone,
  type ValidationMessage,
} from '../validation/rules.js'
import type { AnswerableFieldDefinition, FormDefinition, TemporalFieldDefinition } from './form-definition.js'
import { answerOf, parseNumberAnswer, visibleFields } from './form-visibility.js'
import {
  assertTimeZone,
  calendarDateIn,
  parseCalendarDate,
  parseTimeOfDay,
  parseWallClock,
  wallClockToInstant,
} from './zoned-time.js'

export { parseNumberAnswer, visibleFields }

/**
 * A participant's answers to an inscription form (spec §2). `answersValidator` is the one validator the web
 * form and the API both use, so a fan is never told one thing by the page and another by the server.
 */

/**
 * Message keys of answers beyond the house ones (VALIDATION_MESSAGES: required, tooLong, invalidEmail,
 * invalidPhone, invalidDate), which are reused where they fit; the web translates both lists.
 */
export const FORM_ANSWER_MESSAGES = [
  'tooShort',
  'patternMismatch',
  'invalidNumber',
  'outOfRange',
  'notAnOption',
  'invalidUrl',
  'invalidTime',
  'fileTooLarge',
  'fileTypeNotAccepted',
  'invalidValue',
] as const
export type FormAnswerMessage = (typeof FORM_ANSWER_MESSAGES)[number]
export type AnswerMessage = ValidationMessage | FormAnswerMessage

/**
 * A FILE answer: a reference to an upload made beforehand, never the bytes. Its type and size are what the
 * client reports, enough to tell the fan at once; the API must check them against the stored upload.
 */
export const fileAnswerSchema = z.object({
  uploadId: z.uuid(),
  name: z.string().trim().min(1).max(255),
  bytes: z.int().min(1),
  type: z.string().trim().toLowerCase().min(1).max(255),
})
export type FileAnswer = z.infer<typeof fileAnswerSchema>

/**
 * Answers as validated: TEXT, TEXTAREA and choice answers trimmed (a PASSWORD as typed), EMAIL lower-cased, PHONE as national digits,
 * NUMBER as a number, DATE/TIME as typed, DATETIME as a UTC ISO instant, CHECKBOX as a boolean. Hidden and
 * READONLY fields, and optional fields left empty, have no key (a visible CHECKBOX always has one).
 */
export type AnswerValue = string | number | boolean | FileAnswer
export type FormAnswers = Record<string, AnswerValue>

export type AnswersContext = {
  country: Country
  /** The event's IANA zone: DATETIME answers are wall-clock times there. */
  timeZone: string
  /** The clock for `now` bounds, when it must be fixed; otherwise it is read at each validation. */
  now?: Date
}

// Long enough for any real link; what a browser's address bar keeps comfortably.
export const URL_MAX_LENGTH = 2048

type Checked = { ok: true; value: AnswerValue | undefined } | { ok: false; message: AnswerMessage }
const ok = (value: AnswerValue | undefined): Checked => ({ ok: true, value })
const fail = (message: AnswerMessage): Checked => ({ ok: false, message })

/** Whom an answer is judged for: the event's country and zone, and the clock for `now` bounds (if any). */
type AnswerEnv = { countries: readonly Country[]; timeZone: string; now: Date | undefined }

// Code points, not UTF-16 units: an emoji counts as the one character the fan sees.
const lengthOf = (text: string): number => [...text].length

// A password's spaces are its own (as at sign-up), so it is empty only when nothing at all was typed.
const isEmpty = (field: AnswerableFieldDefinition, input: unknown): boolean =>
  input === undefined ||
  input === null ||
  (typeof input === 'string' && (field.type === 'PASSWORD' ? input : input.trim()) === '')

const checkLength = (
  field: { minLength?: number; maxLength: number; pattern?: string },
  text: string,
): Checked => {
  if (field.minLength !== undefined && lengthOf(text) < field.minLength) return fail('tooShort')
  if (lengthOf(text) > field.maxLength) return fail('tooLong')
  // Whole-answer match, as the HTML pattern attribute does.
  if (field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'u').test(text))
    return fail('patternMismatch')
  return ok(text)
}

// The slice of the WHATWG URL parser used here, typed here because the domain compiles without DOM or Node
// types (DESIGN §4.1); it is global in Node 20 and every browser, so both sides parse links alike.
type ParsedUrl = { readonly protocol: string; readonly hostname: string; readonly href: string }
const parseUrl = (text: string): ParsedUrl =>
  new (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL(text)

const checkUrl = (text: string): Checked => {
  if (text.length > URL_MAX_LENGTH) return fail('tooLong')
  let url: ParsedUrl
  try {
    url = parseUrl(text)
  } catch {
    return fail('invalidUrl')
  }
  // Only web links: javascript:, data: or file: links shown to staff would be a hazard, mailto: a mistake.
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
    ? ok(url.href)
    : fail('invalidUrl')
}

const checkPhone = (text: string, countries: readonly Country[]): Checked => {
  if (text.length > PHONE_INPUT_MAX_LENGTH) return fail('tooLong')
  for (const country of countries) {
    const digits = normalizePhone(text, country)
    if (isValidPhone(digits, country)) return ok(digits)
  }
  return fail('invalidPhone')
}

/** A DATETIME bound as an instant: `now`, an instant with its offset, or a wall clock in the event's zone. */
const instantOfBound = (bound: string, env: AnswerEnv): number | undefined => {
  if (bound === 'now') return env.now?.getTime()
  const wall = parseWallClock(bound)
  if (!wall) return Date.parse(bound)
  return wallClockToInstant(wall, env.timeZone)?.getTime()
}

/** DATE and TIME answers are compared as text: both are zero-padded, so text order is calendar order. */
const textOfBound = (bound: string, env: AnswerEnv): string | undefined =>
  bound === 'now' ? (env.now ? calendarDateIn(env.now, env.timeZone) : undefined) : bound

const withinBounds = <T extends number | string>(value: T, min: T | undefined, max: T | undefined): boolean =>
  (min === undefined || value >= min) && (max === undefined || value <= max)

const checkTemporal = (field: TemporalFieldDefinition, text: string, env: AnswerEnv): Checked => {
  if (field.type === 'TIME') {
    if (!parseTimeOfDay(text)) return fail('invalidTime')
    return withinBounds(text, field.min, field.max) ? ok(text) : fail('outOfRange')
  }
  if (field.type === 'DATE') {
    if (!parseCalendarDate(text)) return fail('invalidDate')
    const [min, max] = [field.min, field.max].map((bound) => bound && textOfBound(bound, env))
    return withinBounds(text, min, max) ? ok(text) : fail('outOfRange')
  }
  const wall = parseWallClock(text)
  const instant = wall && wallClockToInstant(wall, env.timeZone)
  if (!instant) return fail('invalidDate')
  const [min, max] = [field.min, field.max].map((bound) => bound && instantOfBound(bound, env))
  return withinBounds(instant.getTime(), min, max) ? ok(instant.toISOString()) : fail('outOfRange')
}

/** One answer against its field's rules, the field being visible; `input` is what was submitted. */
function checkAnswer(field: AnswerableFieldDefinition, input: unknown, env: AnswerEnv): Checked {
  // Spec §2: a checkbox starts unticked; required means it must be ticked (a consent).
  if (field.type === 'CHECKBOX') {
    if (isEmpty(field, input)) return field.required ? fail('required') : ok(false)
    if (typeof input !== 'boolean') return fail('invalidValue')
    return field.required && !input ? fail('required') : ok(input)
  }
  if (isEmpty(field, input)) return field.required ? fail('required') : ok(undefined)

  switch (field.type) {
    case 'NUMBER': {
      const number = parseNumberAnswer(input)
      if (number === undefined) return fail('invalidNumber')
      return withinBounds(number, field.min, field.max) ? ok(number) : fail('outOfRange')
    }
    case 'FILE': {
      const file = fileAnswerSchema.safeParse(input)
      if (!file.success) return fail('invalidValue')
      if (!(field.accept as readonly string[]).includes(file.data.type)) return fail('fileTypeNotAccepted')
      return file.data.bytes > field.maxBytes ? fail('fileTooLarge') : ok(file.data)
    }
  }
  if (typeof input !== 'string') return fail('invalidValue')
  const text = field.type === 'PASSWORD' ? input : input.trim()

  switch (field.type) {
    case 'TEXT':
    case 'TEXTAREA':
    case 'PASSWORD':
      return checkLength(field, text)
    case 'EMAIL':
      if (text.length > EMAIL_MAX_LENGTH) return fail('tooLong')
      return isValidEmail(text) ? ok(text.toLowerCase()) : fail('invalidEmail')
    case 'PHONE':
      return checkPhone(text, env.countries)
    case 'URL':
      return checkUrl(text)
    case 'SELECT':
    case 'COMBO_BOX':
    case 'RADIO_GROUP':
      return field.options.some((option) => option.value === text) ? ok(text) : fail('notAnOption')
    case 'DATE':
    case 'DATETIME':
    case 'TIME':
      return checkTemporal(field, text, env)
  }
}

/**
 * A definition's `default` against its field's rules (formDefinitionSchema uses it). A definition is not
 * tied to one event, so a PHONE default may be of either country, a DATETIME's wall-clock bounds are
 * compared as if the zone were UTC, and `now` bounds, which a default would fall out of in time, are not
 * applied. An empty default is spec §2's own and always fits.
 */
export const checkDefault = (field: AnswerableFieldDefinition): AnswerMessage | undefined => {
  if (!('default' in field) || field.default === undefined || field.default === '') return undefined
  const checked = checkAnswer({ ...field, required: false }, field.default, {
    countries: COUNTRIES,
    timeZone: 'UTC',
    now: undefined,
  })
  return checked.ok ? undefined : checked.message
}

/**
 * The validator of a form's answers for one event. Every field shown for the submitted answers is judged
 * by its type's rules; hidden fields are neither required nor kept; READONLY fields are never taken from
 * the client, nor are keys the form does not have. Each issue's path is the field's name and its message
 * one of VALIDATION_MESSAGES or FORM_ANSWER_MESSAGES. Throws a RangeError for a time zone Intl does not
 * know, before any fan sees the form.
 */
export function answersValidator(
  definition: FormDefinition,
  context: AnswersContext,
): z.ZodType<FormAnswers, Record<string, unknown>> {
  assertTimeZone(context.timeZone)
  return z.record(z.string(), z.unknown(), { error: 'invalidValue' }).transform((answers, ctx) => {
    const env: AnswerEnv = {
      countries: [context.country],
      timeZone: context.timeZone,
      now: context.now ?? new Date(),
    }
    const shown = new Set(visibleFields(definition, answers))
    const output: FormAnswers = {}
    for (const field of definition.fields) {
      if (field.type === 'READONLY' || !shown.has(field.name)) continue
      const checked = checkAnswer(field, answerOf(answers, field.name), env)
      if (!checked.ok) ctx.addIssue({ code: 'custom', path: [field.name], message: checked.message })
      else if (checked.value !== undefined) output[field.name] = checked.value
    }
    return output
  })
}
