import { formDefinitionSchema } from '@palco/domain/forms/form-definition'
import { describe, expect, it } from 'vitest'
import {
  ADDABLE_FIELD_TYPES,
  addField,
  editField,
  jsonOf,
  parseAge,
  parseDefinition,
  problemKey,
  problemsOf,
} from './form-editor'

const both = (text: string) => ({ es: text, en: text })
const base = {
  fields: [
    { name: 'full_name', type: 'TEXT', label: both('Name'), required: true, maxLength: 80 },
    { name: 'birth_date', type: 'DATE', label: both('Birth'), required: true, max: 'now' },
  ],
}

/** The API's `fields` for a definition, built as the API builds them from the same schema. */
function apiFieldsOf(definition: unknown): Record<string, string> {
  const parsed = formDefinitionSchema.safeParse(definition)
  if (parsed.success) return {}
  const fields: Record<string, string> = {}
  for (const issue of parsed.error.issues) fields[`definition.${issue.path.join('.')}`] = issue.message
  return fields
}

describe('problemsOf', () => {
  it('puts a cycle of conditions on the rows of the fields in it', () => {
    const problems = problemsOf(
      apiFieldsOf({
        fields: [
          { name: 'a', type: 'TEXT', label: both('A'), visibleWhen: { field: 'b', equals: 'x' } },
          { name: 'b', type: 'TEXT', label: both('B'), visibleWhen: { field: 'a', equals: 'x' } },
        ],
      }),
    )
    expect(problems.fields.get(0)).toEqual([{ key: 'admin.problems.cycle', property: 'visibleWhen.field' }])
    expect(problems.fields.get(1)).toEqual([{ key: 'admin.problems.cycle', property: 'visibleWhen.field' }])
    expect(problems.form).toEqual([])
  })

  it.each([
    ['a name used twice', { ...base.fields[0], name: 'birth_date' }, 'name', 'duplicateName'],
    ['a name with capitals', { ...base.fields[0], name: 'Full' }, 'name', 'badName'],
    ['a SELECT without options', { name: 's', type: 'SELECT', label: both('S') }, 'options', 'needsOptions'],
    [
      'options on a TEXT',
      { ...base.fields[0], options: [{ value: 'a', label: both('A') }] },
      'options',
      'notTaken',
    ],
    [
      'a condition on no field',
      { ...base.fields[0], visibleWhen: { field: 'nope', equals: 'x' } },
      'visibleWhen.field',
      'unknownField',
    ],
    ['a default too long', { ...base.fields[0], maxLength: 3, default: 'abcdef' }, 'default', 'badDefault'],
    ['a length over the cap', { ...base.fields[0], maxLength: 5000 }, 'maxLength', 'badLimit'],
    ['a broken pattern', { ...base.fields[0], pattern: '(' }, 'pattern', 'badPattern'],
    ['no label', { name: 'x', type: 'TEXT', required: false }, 'label', 'missing'],
  ])('names %s on its row, translated', (_, field, property, key) => {
    const problems = problemsOf(apiFieldsOf({ fields: [base.fields[1], field] }))
    expect(problems.fields.get(1)).toContainEqual({ key: `admin.problems.${key}`, property })
    expect(problems.fields.has(0)).toBe(false)
  })

  it('puts the missing birth date on the age rules, and a bad bound on its category', () => {
    const problems = problemsOf({ ageRules: 'birthDateFieldRequired', 'ageRules.1.maxAge': 'outOfRange' })
    expect(problems.ageRulesAll).toEqual([{ key: 'admin.problems.birthDateFieldRequired', property: '' }])
    expect(problems.ageRules.get(1)).toEqual([{ key: 'admin.problems.outOfRange', property: 'maxAge' }])
  })

  it('keeps what names no field or category on the form', () => {
    const problems = problemsOf(apiFieldsOf({ fields: [] }))
    expect(problems.form).toEqual([{ key: 'admin.problems.outOfRange', property: 'fields' }])
  })

  it('reads an unknown message as an invalid value rather than showing it untranslated', () => {
    expect(problemKey('something new')).toBe('admin.problems.invalidValue')
  })
})

describe('editing the definition', () => {
  it('adds a field of each common type that the form schema accepts as it is', () => {
    let definition = parseDefinition(jsonOf(base))
    if (!definition) throw new Error('unparsed')
    for (const type of ADDABLE_FIELD_TYPES) definition = addField(definition, type)
    definition = addField(definition, 'TEXT')
    expect(formDefinitionSchema.safeParse(definition).success).toBe(true)
    expect(definition.fields.map((f) => f.name).slice(2)).toEqual([
      'text_1',
      'email_1',
      'phone_1',
      'date_1',
      'select_1',
      'checkbox_1',
      'file_1',
      'text_2',
    ])
  })

  it('changes a label or required and keeps every other property of the field', () => {
    const edited = editField(base, 1, { labelEn: 'Date of birth', required: false })
    expect(edited.fields[1]).toEqual({
      ...base.fields[1],
      label: { es: 'Birth', en: 'Date of birth' },
      required: false,
    })
    expect(edited.fields[0]).toBe(base.fields[0])
  })

  it('reads only JSON shaped like a form', () => {
    expect(parseDefinition('{"fields": [')).toBeNull()
    expect(parseDefinition('{"fields": {}}')).toBeNull()
    expect(parseDefinition('{"fields": [1]}')).toBeNull()
    expect(parseDefinition('{"fields": []}')).toEqual({ fields: [] })
  })
})

describe('parseAge', () => {
  it.each([
    ['', null],
    [' 18 ', 18],
    [0, 0],
    [21, 21],
    ['1.5', 'invalid'],
    [-1, 'invalid'],
    ['abc', 'invalid'],
  ] as const)('%j → %j', (input, expected) => {
    expect(parseAge(input)).toBe(expected)
  })
})
