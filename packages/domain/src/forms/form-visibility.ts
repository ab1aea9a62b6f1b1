import type { FieldDefinition, FormDefinition, VisibilityCondition } from './form-definition.js'

/*
 * Which fields of a form are shown for some answers. Apart from the validator (form-answers.ts) and without
 * zod: a page reads it on every keystroke, before the validator has been fetched.
 */

// What a number input sends, whatever the page's locale: a decimal point, an optional exponent; no hex,
// no Infinity, no thousands separators (1.000 and 1,000 mean different things in Colombia and Mexico).
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/

/** A NUMBER answer's value, if it is one. */
export const parseNumberAnswer = (input: unknown): number | undefined => {
  const text = typeof input === 'string' ? input.trim() : undefined
  const number =
    typeof input === 'number' ? input : text !== undefined && NUMERIC.test(text) ? Number(text) : undefined
  return number !== undefined && Number.isFinite(number) ? number : undefined
}

/** A field's answer, if the answers have one of their own. */
export const answerOf = (answers: Readonly<Record<string, unknown>>, name: string): unknown =>
  Object.hasOwn(answers, name) ? answers[name] : undefined

/**
 * An answer as a condition sees it: a CHECKBOX is ticked or not (missing is unticked), a NUMBER by its
 * value ('5.0' is 5), an EMAIL without case; any other answer as trimmed text.
 */
const conditionValue = (field: FieldDefinition, input: unknown): string | boolean | undefined => {
  if (field.type === 'CHECKBOX') return input === true
  if (field.type === 'NUMBER') {
    const number = parseNumberAnswer(input)
    return number === undefined ? undefined : String(number)
  }
  if (typeof input !== 'string') return undefined
  return field.type === 'EMAIL' ? input.trim().toLowerCase() : input.trim()
}

const conditionHolds = (condition: VisibilityCondition, target: FieldDefinition, input: unknown): boolean => {
  const actual = conditionValue(target, input)
  if (actual === undefined) return false
  const expected = 'equals' in condition ? [condition.equals] : condition.in
  return expected.some((value) => conditionValue(target, value) === actual)
}

/**
 * The names of the fields shown for these answers, in the form's order, READONLY ones included. A field
 * with a condition is shown when the field it names is shown and its answer matches: a field hidden
 * behind a hidden one is hidden too, whatever stale value the client still holds for it.
 */
export function visibleFields(
  definition: FormDefinition,
  answers: Readonly<Record<string, unknown>>,
): string[] {
  const byName = new Map(definition.fields.map((field) => [field.name, field]))
  const visibility = new Map<string, boolean>()
  const isVisible = (field: FieldDefinition, trail: ReadonlySet<string>): boolean => {
    const known = visibility.get(field.name)
    if (known !== undefined) return known
    const condition = field.visibleWhen
    const target = condition && byName.get(condition.field)
    // A schema-checked definition has no unknown target and no cycle; anything else stays hidden.
    const visible =
      !condition ||
      (target !== undefined &&
        target.type !== 'READONLY' &&
        !trail.has(target.name) &&
        isVisible(target, new Set([...trail, field.name])) &&
        conditionHolds(condition, target, answerOf(answers, target.name)))
    visibility.set(field.name, visible)
    return visible
  }
  return definition.fields.filter((field) => isVisible(field, new Set())).map((field) => field.name)
}
