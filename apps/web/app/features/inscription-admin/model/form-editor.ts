import type { FieldErrors } from '../../../lib/api-client'

/**
 * The organiser's form editor (issue 17 part 6) keeps the whole definition as JSON text, the one source of
 * truth: the field list reads it and writes it back, so nothing the list does not know about (conditions,
 * limits, options) is lost when a label is edited there.
 */

export type EditableField = Record<string, unknown>
export type Definition = { fields: EditableField[] }

/** The types "add field" offers: the ones most forms need; the rest are written in the JSON. */
export const ADDABLE_FIELD_TYPES = ['TEXT', 'EMAIL', 'PHONE', 'DATE', 'SELECT', 'CHECKBOX', 'FILE'] as const
export type AddableFieldType = (typeof ADDABLE_FIELD_TYPES)[number]

export const jsonOf = (definition: Definition): string => JSON.stringify(definition, null, 2)

/** The definition the text holds, or null while it is not JSON shaped like `{ fields: [objects] }`. */
export function parseDefinition(text: string): Definition | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const fields = (value as { fields?: unknown }).fields
  if (!Array.isArray(fields)) return null
  if (!fields.every((f) => f && typeof f === 'object' && !Array.isArray(f))) return null
  return value as Definition
}

/** What the list shows of a field, read defensively: the JSON may hold anything while it is being typed. */
export function fieldSummary(field: EditableField) {
  const label = (field.label && typeof field.label === 'object' ? field.label : {}) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    name: text(field.name),
    type: text(field.type),
    labelEs: text(label.es),
    labelEn: text(label.en),
    required: field.required === true,
  }
}

export type FieldEdit = { labelEs?: string; labelEn?: string; required?: boolean }

/** The definition with one field's labels or required flag changed, every other property kept as it was. */
export function editField(definition: Definition, index: number, edit: FieldEdit): Definition {
  return {
    ...definition,
    fields: definition.fields.map((field, i) => {
      if (i !== index) return field
      const label = (field.label && typeof field.label === 'object' ? field.label : {}) as Record<
        string,
        unknown
      >
      const next: EditableField = { ...field }
      if (edit.labelEs !== undefined || edit.labelEn !== undefined)
        next.label = {
          ...label,
          ...(edit.labelEs !== undefined && { es: edit.labelEs }),
          ...(edit.labelEn !== undefined && { en: edit.labelEn }),
        }
      if (edit.required !== undefined) next.required = edit.required
      return next
    }),
  }
}

export const removeField = (definition: Definition, index: number): Definition => ({
  ...definition,
  fields: definition.fields.filter((_, i) => i !== index),
})

// Labels are part of the form, in both of the product's languages whichever one the organiser reads.
const DEFAULT_LABELS: Readonly<Record<AddableFieldType, { es: string; en: string }>> = {
  TEXT: { es: 'Texto', en: 'Text' },
  EMAIL: { es: 'Correo electrónico', en: 'Email' },
  PHONE: { es: 'Teléfono', en: 'Phone' },
  DATE: { es: 'Fecha', en: 'Date' },
  SELECT: { es: 'Opción', en: 'Choice' },
  CHECKBOX: { es: 'Casilla', en: 'Checkbox' },
  FILE: { es: 'Archivo', en: 'File' },
}

/** A name no other field has (names are unique and lower-case, as the form's schema demands). */
function freeName(definition: Definition, type: AddableFieldType): string {
  const taken = new Set(definition.fields.map((f) => f.name))
  const stem = type.toLowerCase()
  for (let n = 1; ; n++) {
    const name = `${stem}_${n}`
    if (!taken.has(name)) return name
  }
}

/**
 * A new field at the end with what its type needs to be saved as it is: a SELECT two options to rename, a
 * FILE the usual document and photo types. Optional, so adding one never blocks a sign-up already open.
 */
export function addField(definition: Definition, type: AddableFieldType): Definition {
  const field: EditableField = {
    name: freeName(definition, type),
    type,
    label: { ...DEFAULT_LABELS[type] },
    required: false,
  }
  if (type === 'SELECT')
    field.options = [1, 2].map((n) => ({
      value: `option_${n}`,
      label: { es: `Opción ${n}`, en: `Option ${n}` },
    }))
  if (type === 'FILE') field.accept = ['application/pdf', 'image/jpeg', 'image/png']
  return { ...definition, fields: [...definition.fields, field] }
}

/** An age bound as typed: empty is "no bound"; anything but a whole number is kept as text to refuse. */
export function parseAge(value: string | number): number | null | 'invalid' {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : 'invalid'
  const trimmed = value.trim()
  if (trimmed === '') return null
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : 'invalid'
}

/** One problem the API named, as an i18n key of the `inscriptions` namespace and the property it is on. */
export type Problem = { key: string; property: string }

export type SaveProblems = {
  /** By the field's position in the definition that was sent. */
  fields: Map<number, Problem[]>
  /** By the category's position in the age rules that were sent. */
  ageRules: Map<number, Problem[]>
  /** About the age rules as a whole (no `birth_date` DATE field to count from). */
  ageRulesAll: Problem[]
  /** About the form as a whole (no fields at all, say). */
  form: Problem[]
}

const P = 'admin.problems.'

/**
 * The translated sentence for one of the API's messages. The form's schema reports English sentences (its
 * issues are read by developers too), so they are recognised by their wording; this mapping is tested
 * against the schema itself, so a reworded message shows up as a failing test, not a vague one on screen.
 */
export function problemKey(message: string): string {
  const rules: [RegExp, string][] = [
    [/^birthDateFieldRequired$/, 'birthDateFieldRequired'],
    [/^outOfRange$/, 'outOfRange'],
    [/cycle/, 'cycle'],
    [/already named/, 'duplicateName'],
    [/a field name is/, 'badName'],
    [/no field is named/, 'unknownField'],
    [/condition|CHECKBOX: |never true or false|is not an option of|is a NUMBER field/, 'badCondition'],
    [/default/, 'badDefault'],
    [/take no /, 'notTaken'],
    [/need options/, 'needsOptions'],
    [/READONLY/, 'readonly'],
    [/pattern is not/, 'badPattern'],
    [/appears twice/, 'duplicateValue'],
    [/bound|below min|above maxLength|at most/, 'badLimit'],
    [/received undefined/, 'missing'],
    [/Unrecognized key/, 'unknownProperty'],
    [/Too (small|big)|too_(small|big)/, 'outOfRange'],
  ]
  for (const [pattern, key] of rules) if (pattern.test(message)) return `${P}${key}`
  return `${P}invalidValue`
}

const push = <K>(map: Map<K, Problem[]>, key: K, problem: Problem) => {
  map.set(key, [...(map.get(key) ?? []), problem])
}

/**
 * Puts each of the API's `fields` next to what it names: `definition.fields.<i>.<prop>` on the i-th field's
 * row, `ageRules.<i>.<prop>` on the i-th category, `ageRules` on the categories, anything else on the form.
 */
export function problemsOf(fields: FieldErrors): SaveProblems {
  const out: SaveProblems = { fields: new Map(), ageRules: new Map(), ageRulesAll: [], form: [] }
  for (const [path, message] of Object.entries(fields)) {
    const key = problemKey(message)
    const field = /^definition\.fields\.(\d+)(?:\.(.+))?$/.exec(path)
    if (field) {
      push(out.fields, Number(field[1]), { key, property: field[2] ?? '' })
      continue
    }
    const rule = /^ageRules\.(\d+)(?:\.(.+))?$/.exec(path)
    if (rule) {
      push(out.ageRules, Number(rule[1]), { key, property: rule[2] ?? '' })
      continue
    }
    if (path === 'ageRules') out.ageRulesAll.push({ key, property: '' })
    else out.form.push({ key, property: path.replace(/^definition\.?/, '') })
  }
  return out
}

export const noProblems = (): SaveProblems => problemsOf({})
