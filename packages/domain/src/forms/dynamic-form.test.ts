import { describe, expect, it } from 'vitest'
import { DYNAMIC_FIELD_TYPES, type DynamicFieldType, dynamicFormDefaults } from './dynamic-form.js'

describe('dynamicFormDefaults (spec §2)', () => {
  it.each(DYNAMIC_FIELD_TYPES.map((type) => [type] as const))('%s', (type: DynamicFieldType) => {
    const expected = type === 'READONLY' ? {} : { field: type === 'CHECKBOX' ? false : '' }
    expect(dynamicFormDefaults([{ name: 'field', type }])).toEqual(expected)
  })

  it.each<[string, { name: string; type: DynamicFieldType }[], Record<string, string | boolean>]>([
    ['no fields', [], {}],
    [
      'a typical inscription',
      [
        { name: 'intro', type: 'READONLY' },
        { name: 'fullName', type: 'TEXT' },
        { name: 'age', type: 'NUMBER' },
        { name: 'acceptsRules', type: 'CHECKBOX' },
        { name: 'shirt', type: 'SELECT' },
      ],
      { fullName: '', age: '', acceptsRules: false, shirt: '' },
    ],
  ])('%s', (_name, fields, expected) => {
    expect(dynamicFormDefaults(fields)).toEqual(expected)
  })

  it("lets a field's own default win, never for READONLY", () => {
    expect(
      dynamicFormDefaults([
        { name: 'intro', type: 'READONLY', default: 'x' },
        { name: 'shirt', type: 'SELECT', default: 'M' },
        { name: 'acceptsRules', type: 'CHECKBOX', default: true },
        { name: 'newsletter', type: 'CHECKBOX', default: undefined },
        { name: 'fullName', type: 'TEXT' },
      ]),
    ).toEqual({ shirt: 'M', acceptsRules: true, newsletter: false, fullName: '' })
  })

  it('has the sixteen types of the spec', () => {
    expect(DYNAMIC_FIELD_TYPES).toHaveLength(16)
  })
})
