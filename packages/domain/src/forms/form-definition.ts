import { z } from 'zod'
import { PASSWORD_MAX_LENGTH } from '../validation/rules.js'
import type { DynamicFieldType } from './dynamic-form.js'
import { dynamicFieldTypeSchema } from './dynamic-form.js'
import { checkDefault, parseNumberAnswer } from './form-answers.js'
import type { LocalizedText } from './localized-text.js'
import { parseCalendarDate, parseTimeOfDay, parseWallClock } from './zoned-time.js'

/**
 * An inscription form as an organiser defines it (spec §2): the fields each participant fills in, in order.
 * `formDefinitionSchema` checks what the back office sends and fills the per-type defaults in; what it
 * outputs parses again to itself, so a stored definition can be checked again on read.
 */

export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/
export const MAX_FORM_FIELDS = 60
export const MAX_FIELD_OPTIONS = 200
export const FIELD_LABEL_MAX_LENGTH = 120
export const FIELD_HELP_MAX_LENGTH = 500
export const OPTION_VALUE_MAX_LENGTH = 100
export const READONLY_TEXT_MAX_LENGTH = 2000
export const PATTERN_MAX_LENGTH = 200

export const CHOICE_FIELD_TYPES = ['SELECT', 'COMBO_BOX', 'RADIO_GROUP'] as const
export type ChoiceFieldType = (typeof CHOICE_FIELD_TYPES)[number]
export const LENGTH_FIELD_TYPES = ['TEXT', 'TEXTAREA', 'PASSWORD'] as const
export type LengthFieldType = (typeof LENGTH_FIELD_TYPES)[number]
export const TEMPORAL_FIELD_TYPES = ['DATE', 'DATETIME', 'TIME'] as const
export type TemporalFieldType = (typeof TEMPORAL_FIELD_TYPES)[number]

export const FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const
export type FileType = (typeof FILE_TYPES)[number]
export const MAX_FILE_BYTES = 10 * 1024 * 1024

/**
 * maxLength when the definition gives none, and the most it may give: single-line text stays short, and a
 * password is capped where hashing cost stays bounded (the sign-up's own cap).
 */
export const TEXT_LENGTH_LIMITS: Readonly<Record<LengthFieldType, { default: number; cap: number }>> = {
  TEXT: { default: 200, cap: 1000 },
  TEXTAREA: { default: 2000, cap: 10_000 },
  PASSWORD: { default: PASSWORD_MAX_LENGTH, cap: PASSWORD_MAX_LENGTH },
}

/** A DATE or DATETIME bound that moves with time: today in the event's zone, or the current instant. */
export const NOW_BOUND = 'now'

export type FieldOption = { value: string; label: LocalizedText }
export type VisibilityCondition =
  | { field: string; equals: string | boolean }
  | { field: string; in: string[] }

type FieldBase = {
  name: string
  label: LocalizedText
  help?: LocalizedText
  required: boolean
  visibleWhen?: VisibilityCondition
}
/** `pattern` is only ever set on TEXT. */
export type LengthFieldDefinition = FieldBase & {
  type: LengthFieldType
  minLength?: number
  maxLength: number
  pattern?: string
  default?: string
}
export type ChoiceFieldDefinition = FieldBase & {
  type: ChoiceFieldType
  options: FieldOption[]
  default?: string
}
export type NumberFieldDefinition = FieldBase & {
  type: 'NUMBER'
  min?: number
  max?: number
  default?: string
}
/** Bounds in the answer's own format; DATETIME also takes an instant with an offset, and DATE/DATETIME `now`. */
export type TemporalFieldDefinition = FieldBase & {
  type: TemporalFieldType
  min?: string
  max?: string
  default?: string
}
export type FileFieldDefinition = FieldBase & { type: 'FILE'; accept: FileType[]; maxBytes: number }
export type ReadonlyFieldDefinition = FieldBase & { type: 'READONLY'; value: LocalizedText }
export type CheckboxFieldDefinition = FieldBase & { type: 'CHECKBOX'; default?: boolean }
export type PlainFieldDefinition = FieldBase & { type: 'EMAIL' | 'PHONE' | 'URL'; default?: string }

export type FieldDefinition =
  | LengthFieldDefinition
  | ChoiceFieldDefinition
  | NumberFieldDefinition
  | TemporalFieldDefinition
  | FileFieldDefinition
  | ReadonlyFieldDefinition
  | CheckboxFieldDefinition
  | PlainFieldDefinition
/** A field a participant answers: every one but READONLY. */
export type AnswerableFieldDefinition = Exclude<FieldDefinition, ReadonlyFieldDefinition>

export type FormDefinition = { fields: FieldDefinition[] }

// A text for every language stays as written (forms saved before hold one); an object names its problem on
// `es` or `en` (a union reports the one option that was of the right type).
const localizedTextSchema = (max: number) => {
  const text = z.string().trim().min(1).max(max)
  return z.union(
    [
      text,
      z
        .strictObject({ es: text.optional(), en: text.optional() })
        .refine((t) => t.es !== undefined || t.en !== undefined, {
          error: 'write the text in es, en or both',
        }),
    ],
    // A text left out is missing, as a plain field's is, not a value of neither shape.
    { error: (issue) => (issue.input === undefined ? 'expected a text, received undefined' : undefined) },
  )
}

const fieldNameSchema = z
  .string()
  .regex(FIELD_NAME_PATTERN, { error: 'a field name is a lower-case letter, then up to 39 a-z, 0-9 or _' })

// Never empty: an empty answer means "not answered".
const optionValueSchema = z.string().trim().min(1).max(OPTION_VALUE_MAX_LENGTH)

const fieldOptionSchema = z.strictObject({
  value: optionValueSchema,
  label: localizedTextSchema(FIELD_LABEL_MAX_LENGTH),
})

export const visibilityConditionSchema = z.union([
  z.strictObject({ field: fieldNameSchema, equals: z.union([optionValueSchema, z.boolean()]) }),
  z.strictObject({ field: fieldNameSchema, in: z.array(optionValueSchema).min(1).max(MAX_FIELD_OPTIONS) }),
])

const fieldInputSchema = z.strictObject({
  name: fieldNameSchema,
  type: dynamicFieldTypeSchema,
  label: localizedTextSchema(FIELD_LABEL_MAX_LENGTH),
  help: localizedTextSchema(FIELD_HELP_MAX_LENGTH).optional(),
  required: z.boolean().default(false),
  default: z.union([z.string(), z.boolean()]).optional(),
  options: z.array(fieldOptionSchema).min(1).max(MAX_FIELD_OPTIONS).optional(),
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  minLength: z.int().min(0).max(TEXT_LENGTH_LIMITS.TEXTAREA.cap).optional(),
  maxLength: z.int().min(1).max(TEXT_LENGTH_LIMITS.TEXTAREA.cap).optional(),
  pattern: z.string().min(1).max(PATTERN_MAX_LENGTH).optional(),
  accept: z.array(z.enum(FILE_TYPES)).min(1).max(FILE_TYPES.length).optional(),
  maxBytes: z.int().min(1).max(MAX_FILE_BYTES).optional(),
  value: localizedTextSchema(READONLY_TEXT_MAX_LENGTH).optional(),
  visibleWhen: visibilityConditionSchema.optional(),
})
type FieldInput = z.infer<typeof fieldInputSchema>
type TypedProperty =
  | 'options'
  | 'min'
  | 'max'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'accept'
  | 'maxBytes'
  | 'value'

const BOUNDED_TYPES: readonly DynamicFieldType[] = ['NUMBER', ...TEMPORAL_FIELD_TYPES]
const TYPES_TAKING: Readonly<Record<TypedProperty, readonly DynamicFieldType[]>> = {
  options: CHOICE_FIELD_TYPES,
  min: BOUNDED_TYPES,
  max: BOUNDED_TYPES,
  minLength: LENGTH_FIELD_TYPES,
  maxLength: LENGTH_FIELD_TYPES,
  pattern: ['TEXT'],
  accept: ['FILE'],
  maxBytes: ['FILE'],
  value: ['READONLY'],
}
// READONLY is shown, never answered; an upload cannot be prefilled; a password in a definition would be
// readable by every fan who opens the form.
const TYPES_WITHOUT_DEFAULT: readonly DynamicFieldType[] = ['READONLY', 'FILE', 'PASSWORD']
// A condition compares an answer, so its field must have one a definition may mention: READONLY has none,
// a FILE's is an upload, and a PASSWORD's is a secret the public definition must not reveal.
const TYPES_NOT_CONDITIONED_ON: readonly DynamicFieldType[] = ['READONLY', 'FILE', 'PASSWORD']

const isInstantBound = (bound: string): boolean => z.iso.datetime({ offset: true }).safeParse(bound).success

const isValidBound = (type: DynamicFieldType, bound: number | string): boolean => {
  if (type === 'NUMBER') return typeof bound === 'number'
  if (typeof bound !== 'string') return false
  if (type === 'TIME') return parseTimeOfDay(bound) !== undefined
  if (bound === NOW_BOUND) return true
  if (type === 'DATE') return parseCalendarDate(bound) !== undefined
  return parseWallClock(bound) !== undefined || isInstantBound(bound)
}

/**
 * Whether min ≤ max can be told without the event's zone and clock: both numbers, or both literal values of
 * the same format (zero-padded, so text order is time order); otherwise answers are judged against each.
 */
const boundsInOrder = (type: DynamicFieldType, min: number | string, max: number | string): boolean => {
  if (typeof min === 'number' || typeof max === 'number') return min <= max
  if (min === NOW_BOUND || max === NOW_BOUND) return true
  if (type !== 'DATETIME') return min <= max
  if (isInstantBound(min) && isInstantBound(max)) return Date.parse(min) <= Date.parse(max)
  return isInstantBound(min) || isInstantBound(max) || min <= max
}

const compiles = (pattern: string): boolean => {
  try {
    new RegExp(pattern, 'u')
    return true
  } catch {
    return false
  }
}

type Issue = (path: (string | number)[], message: string) => void

function checkFieldShape(field: FieldInput, issue: Issue) {
  const { type } = field
  for (const property of Object.keys(TYPES_TAKING) as TypedProperty[]) {
    if (field[property] !== undefined && !TYPES_TAKING[property].includes(type))
      issue([property], `${type} fields take no ${property}`)
  }
  if (CHOICE_FIELD_TYPES.includes(type as ChoiceFieldType) && !field.options)
    issue(['options'], `${type} fields need options`)
  if (type === 'READONLY' && field.value === undefined)
    issue(['value'], 'READONLY fields need the text to show')
  if (type === 'READONLY' && field.required) issue(['required'], 'READONLY fields are never answered')

  if (field.default !== undefined) {
    if (TYPES_WITHOUT_DEFAULT.includes(type)) issue(['default'], `${type} fields take no default`)
    else if (type === 'CHECKBOX' && typeof field.default !== 'boolean')
      issue(['default'], 'a CHECKBOX default is true or false')
    else if (type !== 'CHECKBOX' && typeof field.default !== 'string')
      issue(['default'], `a ${type} default is a string`)
  }

  const seenOptions = new Set<string>()
  field.options?.forEach((option, index) => {
    if (seenOptions.has(option.value))
      issue(['options', index, 'value'], `option ${option.value} appears twice`)
    seenOptions.add(option.value)
  })

  if (BOUNDED_TYPES.includes(type)) {
    for (const bound of ['min', 'max'] as const) {
      const value = field[bound]
      if (value !== undefined && !isValidBound(type, value)) issue([bound], `not a ${type} bound`)
    }
    if (
      field.min !== undefined &&
      field.max !== undefined &&
      isValidBound(type, field.min) &&
      isValidBound(type, field.max) &&
      !boundsInOrder(type, field.min, field.max)
    )
      issue(['max'], 'max is below min')
  }

  if (LENGTH_FIELD_TYPES.includes(type as LengthFieldType)) {
    const limits = TEXT_LENGTH_LIMITS[type as LengthFieldType]
    if (field.maxLength !== undefined && field.maxLength > limits.cap)
      issue(['maxLength'], `${type} fields take at most ${limits.cap} characters`)
    if (field.minLength !== undefined && field.minLength > (field.maxLength ?? limits.default))
      issue(['minLength'], 'minLength is above maxLength')
  }
  if (field.pattern !== undefined && type === 'TEXT' && !compiles(field.pattern))
    issue(['pattern'], 'pattern is not a valid regular expression')

  if (field.accept && new Set(field.accept).size !== field.accept.length)
    issue(['accept'], 'a file type appears twice')
}

function checkCondition(field: FieldInput, fieldsByName: ReadonlyMap<string, FieldInput>, issue: Issue) {
  const condition = field.visibleWhen
  if (!condition) return
  const target = fieldsByName.get(condition.field)
  if (!target) return issue(['visibleWhen', 'field'], `no field is named ${condition.field}`)
  if (TYPES_NOT_CONDITIONED_ON.includes(target.type))
    return issue(
      ['visibleWhen', 'field'],
      `${condition.field} is a ${target.type} field, which a condition cannot read`,
    )

  const values: [path: (string | number)[], value: string | boolean][] =
    'equals' in condition
      ? [[['visibleWhen', 'equals'], condition.equals]]
      : condition.in.map((value, index) => [['visibleWhen', 'in', index], value])
  if (target.type === 'CHECKBOX' && !('equals' in condition))
    return issue(['visibleWhen'], `${condition.field} is a CHECKBOX: use equals with true or false`)
  for (const [path, value] of values) {
    if (target.type === 'CHECKBOX') {
      if (typeof value !== 'boolean')
        issue(path, `${condition.field} is a CHECKBOX: compare it with true or false`)
    } else if (typeof value !== 'string')
      issue(path, `${condition.field} is a ${target.type} field, never true or false`)
    else if (target.options && !target.options.some((option) => option.value === value))
      issue(path, `${value} is not an option of ${condition.field}`)
    else if (target.type === 'NUMBER' && parseNumberAnswer(value) === undefined)
      issue(path, `${condition.field} is a NUMBER field and ${value} is not a number`)
  }
}

/**
 * The fields whose visibility depends, through their conditions, on their own: each field has at most one
 * condition, so following conditions from a field either ends or comes back round. Such a field could
 * never be shown (or would be shown for no reason), so the definition is refused.
 */
function conditionCycles(fields: readonly FieldInput[]): Map<number, string[]> {
  const byName = new Map(fields.map((field) => [field.name, field]))
  const cycles = new Map<number, string[]>()
  for (const [index, field] of fields.entries()) {
    const trail = [field.name]
    let next = field.visibleWhen?.field
    while (next !== undefined && next !== field.name && trail.length <= fields.length) {
      trail.push(next)
      next = byName.get(next)?.visibleWhen?.field
    }
    if (next === field.name) cycles.set(index, [...trail, next])
  }
  return cycles
}

function checkForm(form: { fields: FieldInput[] }, ctx: z.RefinementCtx) {
  const at =
    (index: number): Issue =>
    (path, message) =>
      ctx.addIssue({ code: 'custom', path: ['fields', index, ...path], message })
  const byName = new Map<string, FieldInput>()
  form.fields.forEach((field, index) => {
    if (byName.has(field.name)) at(index)(['name'], `another field is already named ${field.name}`)
    else byName.set(field.name, field)
    checkFieldShape(field, at(index))
  })
  form.fields.forEach((field, index) => {
    checkCondition(field, byName, at(index))
  })
  for (const [index, trail] of conditionCycles(form.fields))
    at(index)(['visibleWhen', 'field'], `visibility conditions go round in a cycle: ${trail.join(' → ')}`)
}

const toFieldDefinition = (input: FieldInput): FieldDefinition => {
  const base: FieldBase = { name: input.name, label: input.label, required: input.required }
  if (input.help) base.help = input.help
  if (input.visibleWhen) base.visibleWhen = input.visibleWhen
  const { type } = input
  const stringDefault = typeof input.default === 'string' ? { default: input.default } : {}
  const bounds = <T extends number | string>() => ({
    ...(input.min !== undefined && { min: input.min as T }),
    ...(input.max !== undefined && { max: input.max as T }),
  })
  switch (type) {
    case 'TEXT':
    case 'TEXTAREA':
    case 'PASSWORD':
      return {
        ...base,
        type,
        ...(input.minLength !== undefined && { minLength: input.minLength }),
        maxLength: input.maxLength ?? TEXT_LENGTH_LIMITS[type].default,
        ...(input.pattern !== undefined && { pattern: input.pattern }),
        ...stringDefault,
      }
    case 'SELECT':
    case 'COMBO_BOX':
    case 'RADIO_GROUP':
      return { ...base, type, options: input.options ?? [], ...stringDefault }
    case 'NUMBER':
      return { ...base, type, ...bounds<number>(), ...stringDefault }
    case 'DATE':
    case 'DATETIME':
    case 'TIME':
      return { ...base, type, ...bounds<string>(), ...stringDefault }
    case 'FILE':
      return {
        ...base,
        type,
        accept: input.accept ?? [...FILE_TYPES],
        maxBytes: input.maxBytes ?? MAX_FILE_BYTES,
      }
    case 'READONLY':
      return { ...base, type, value: input.value ?? '' }
    case 'CHECKBOX':
      return { ...base, type, ...(typeof input.default === 'boolean' && { default: input.default }) }
    case 'EMAIL':
    case 'PHONE':
    case 'URL':
      return { ...base, type, ...stringDefault }
  }
}

/**
 * Spec §2 form definitions. Form-wide checks come first: names unique, each property on a type that takes
 * it, conditions on a known field that has an answer, and no cycle of conditions (A shown when B, B when A,
 * or longer). Defaults are checked last, against the field as completed, with the answers' own rules.
 */
export const formDefinitionSchema = z
  .strictObject({ fields: z.array(fieldInputSchema).min(1).max(MAX_FORM_FIELDS) })
  .superRefine(checkForm)
  .transform((form): FormDefinition => ({ fields: form.fields.map(toFieldDefinition) }))
  .superRefine((form, ctx) => {
    form.fields.forEach((field, index) => {
      const message = field.type === 'READONLY' ? undefined : checkDefault(field)
      if (message)
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'default'],
          message: `the default does not fit the field (${message})`,
        })
    })
  })
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>
