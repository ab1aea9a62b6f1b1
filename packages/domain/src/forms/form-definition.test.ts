import { describe, expect, it } from 'vitest'
import { DYNAMIC_FIELD_TYPES, dynamicFormDefaults } from './dynamic-form.js'
import {
  FILE_TYPES,
  type FormDefinitionInput,
  formDefinitionSchema,
  MAX_FILE_BYTES,
} from './form-definition.js'
import { textIn } from './localized-text.js'

type FieldInput = FormDefinitionInput['fields'][number]

const field = (name: string, type: FieldInput['type'], extra: Partial<FieldInput> = {}): FieldInput => ({
  name,
  type,
  label: { es: `Campo ${name}`, en: `Field ${name}` },
  ...extra,
})
const sizes = { options: [opt('S'), opt('M'), opt('L')] }

function opt(value: string) {
  return { value, label: { es: value, en: value } }
}

const issuesOf = (fields: FieldInput[]) => {
  const result = formDefinitionSchema.safeParse({ fields })
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))
}

describe('formDefinitionSchema (spec §2)', () => {
  it('takes a field of each of the sixteen types and fills the per-type defaults in', () => {
    const extras: Partial<Record<FieldInput['type'], Partial<FieldInput>>> = {
      SELECT: sizes,
      COMBO_BOX: sizes,
      RADIO_GROUP: sizes,
      READONLY: { value: 'Trae tu documento' },
    }
    const definition = formDefinitionSchema.parse({
      fields: DYNAMIC_FIELD_TYPES.map((type) => field(type.toLowerCase(), type, extras[type])),
    })
    const byName = Object.fromEntries(definition.fields.map((f) => [f.name, f]))
    expect(definition.fields).toHaveLength(16)
    expect(definition.fields.every((f) => f.required === false)).toBe(true)
    expect(byName.text).toMatchObject({ maxLength: 200 })
    expect(byName.textarea).toMatchObject({ maxLength: 2000 })
    expect(byName.password).toMatchObject({ maxLength: 128 })
    expect(byName.file).toMatchObject({ accept: [...FILE_TYPES], maxBytes: MAX_FILE_BYTES })
    expect(byName.readonly).toMatchObject({ value: 'Trae tu documento' })
  })

  it('outputs a definition that parses again to itself', () => {
    const once = formDefinitionSchema.parse({
      fields: [
        field('name', 'TEXT', { required: true, pattern: '[A-Za-z ]+', help: { es: 'Ayuda', en: 'Help' } }),
        field('shirt', 'SELECT', {
          ...sizes,
          default: 'M',
          visibleWhen: { field: 'wants_shirt', equals: true },
        }),
        field('wants_shirt', 'CHECKBOX', { default: true }),
        field('arrival', 'DATETIME', { min: '2026-06-21T06:00', max: '2026-06-21T23:00:00-05:00' }),
        field('proof', 'FILE', { accept: ['application/pdf'] }),
      ],
    })
    expect(formDefinitionSchema.parse(once)).toEqual(once)
  })

  it('trims labels and option values', () => {
    const definition = formDefinitionSchema.parse({
      fields: [
        {
          name: 'size',
          type: 'RADIO_GROUP',
          label: { es: ' Talla ', en: ' Size ' },
          options: [{ value: ' M ', label: { es: 'M', en: 'M' } }],
        },
      ],
    })
    expect(definition.fields[0]).toMatchObject({
      label: { es: 'Talla', en: 'Size' },
      options: [{ value: 'M' }],
    })
  })

  it('takes a text written in one language, or once for every language, as forms saved before did', () => {
    const definition = formDefinitionSchema.parse({
      fields: [
        field('waiver', 'READONLY', { label: { en: 'Waiver' }, value: 'Declaro… / I declare…' }),
        field('notice', 'READONLY', {
          label: 'Aviso',
          value: { es: 'Declaro estar en condiciones', en: 'I declare I am fit' },
        }),
      ],
    })
    expect(definition.fields[0]).toMatchObject({ label: { en: 'Waiver' }, value: 'Declaro… / I declare…' })
    expect(definition.fields[1]).toMatchObject({ label: 'Aviso' })
    expect(formDefinitionSchema.parse(definition)).toEqual(definition)
    expect(issuesOf([{ ...field('name', 'TEXT'), label: {} }])).toEqual(['fields.0.label'])
  })

  it.each<[string, Parameters<typeof textIn>[0], 'es' | 'en', string]>([
    ['each language its own', { es: 'Exoneración', en: 'Waiver' }, 'es', 'Exoneración'],
    ['each language its own', { es: 'Exoneración', en: 'Waiver' }, 'en', 'Waiver'],
    ['the other language when one is missing', { es: 'Exoneración' }, 'en', 'Exoneración'],
    ['the other language when one is missing', { en: 'Waiver' }, 'es', 'Waiver'],
    ['a text stored for every language', 'Declaro… / I declare…', 'en', 'Declaro… / I declare…'],
    ['nothing for no text', undefined, 'es', ''],
  ])('shows a form text in the site language: %s', (_, text, language, shown) => {
    expect(textIn(text, language)).toBe(shown)
  })

  it.each<[string, FieldInput[], string[]]>([
    ['no fields', [], ['fields']],
    ['a name with capitals', [field('fullName', 'TEXT')], ['fields.0.name']],
    ['a name starting with a digit', [field('1st', 'TEXT')], ['fields.0.name']],
    ['a name of 41 characters', [field(`a${'b'.repeat(40)}`, 'TEXT')], ['fields.0.name']],
    ['duplicate names', [field('name', 'TEXT'), field('name', 'EMAIL')], ['fields.1.name']],
    ['an empty label', [{ ...field('name', 'TEXT'), label: { es: '', en: 'Name' } }], ['fields.0.label.es']],
    [
      'a label of 121 characters',
      [{ ...field('name', 'TEXT'), label: { es: 'a'.repeat(121), en: 'Name' } }],
      ['fields.0.label.es'],
    ],
    ['an unknown property', [{ ...field('name', 'TEXT'), placeholder: 'x' } as FieldInput], ['fields.0']],
    ['options on a TEXT field', [field('name', 'TEXT', sizes)], ['fields.0.options']],
    ['a SELECT without options', [field('size', 'SELECT')], ['fields.0.options']],
    ['a RADIO_GROUP with no option', [field('size', 'RADIO_GROUP', { options: [] })], ['fields.0.options']],
    [
      'duplicate option values',
      [field('size', 'COMBO_BOX', { options: [opt('S'), opt('S')] })],
      ['fields.0.options.1.value'],
    ],
    [
      '201 options',
      [field('size', 'SELECT', { options: Array.from({ length: 201 }, (_, i) => opt(`o${i}`)) })],
      ['fields.0.options'],
    ],
    ['a READONLY without text', [field('notice', 'READONLY')], ['fields.0.value']],
    [
      'a required READONLY',
      [field('notice', 'READONLY', { value: 'x', required: true })],
      ['fields.0.required'],
    ],
    ['value on a TEXT field', [field('name', 'TEXT', { value: 'x' })], ['fields.0.value']],
    ['a pattern on a TEXTAREA', [field('bio', 'TEXTAREA', { pattern: 'x' })], ['fields.0.pattern']],
    ['a pattern that does not compile', [field('code', 'TEXT', { pattern: '([A-Z]' })], ['fields.0.pattern']],
    [
      'a pattern of 201 characters',
      [field('code', 'TEXT', { pattern: 'a'.repeat(201) })],
      ['fields.0.pattern'],
    ],
    ['minLength on an EMAIL', [field('email', 'EMAIL', { minLength: 3 })], ['fields.0.minLength']],
    [
      'minLength above the default maxLength',
      [field('name', 'TEXT', { minLength: 201 })],
      ['fields.0.minLength'],
    ],
    ['a TEXT maxLength above its cap', [field('name', 'TEXT', { maxLength: 1001 })], ['fields.0.maxLength']],
    [
      'a PASSWORD maxLength above its cap',
      [field('pin', 'PASSWORD', { maxLength: 129 })],
      ['fields.0.maxLength'],
    ],
    ['a fractional maxLength', [field('name', 'TEXT', { maxLength: 20.5 })], ['fields.0.maxLength']],
    ['min on a TEXT field', [field('name', 'TEXT', { min: 1 })], ['fields.0.min']],
    ['a NUMBER bound as text', [field('age', 'NUMBER', { min: '18' })], ['fields.0.min']],
    ['NUMBER bounds out of order', [field('age', 'NUMBER', { min: 99, max: 18 })], ['fields.0.max']],
    ['a DATE bound that is no date', [field('birth', 'DATE', { max: '2026-02-30' })], ['fields.0.max']],
    [
      'DATE bounds out of order',
      [field('birth', 'DATE', { min: '2026-02-01', max: '2026-01-31' })],
      ['fields.0.max'],
    ],
    ['a TIME bound of now', [field('start', 'TIME', { min: 'now' })], ['fields.0.min']],
    [
      'DATETIME instants out of order',
      [field('at', 'DATETIME', { min: '2026-06-02T00:00:00Z', max: '2026-06-01T00:00:00Z' })],
      ['fields.0.max'],
    ],
    ['accept on a TEXT field', [field('name', 'TEXT', { accept: ['application/pdf'] })], ['fields.0.accept']],
    [
      'a file type outside the allowed set',
      [field('proof', 'FILE', { accept: ['image/gif'] } as unknown as Partial<FieldInput>)],
      ['fields.0.accept.0'],
    ],
    [
      'a file type twice',
      [field('proof', 'FILE', { accept: ['image/png', 'image/png'] })],
      ['fields.0.accept'],
    ],
    [
      'maxBytes above 10 MiB',
      [field('proof', 'FILE', { maxBytes: MAX_FILE_BYTES + 1 })],
      ['fields.0.maxBytes'],
    ],
    ['maxBytes of 0', [field('proof', 'FILE', { maxBytes: 0 })], ['fields.0.maxBytes']],
  ])('refuses %s', (_name, fields, paths) => {
    expect(issuesOf(fields)).toEqual(paths)
  })

  it('refuses more than 60 fields', () => {
    expect(issuesOf(Array.from({ length: 61 }, (_, i) => field(`f${i}`, 'TEXT')))).toEqual(['fields'])
    expect(issuesOf(Array.from({ length: 60 }, (_, i) => field(`f${i}`, 'TEXT')))).toEqual([])
  })

  it.each<[string, FieldInput[]]>([
    ['NUMBER bounds', [field('age', 'NUMBER', { min: 18, max: 99.5 })]],
    ['DATE bounds of now', [field('birth', 'DATE', { min: '1900-01-01', max: 'now' })]],
    ['TIME bounds', [field('start', 'TIME', { min: '06:00', max: '22:30' })]],
    [
      'a DATETIME wall clock and instant',
      [field('at', 'DATETIME', { min: '2026-06-01T08:00', max: '2026-06-30T00:00:00.000Z' })],
    ],
    ['a DATETIME bound of now', [field('at', 'DATETIME', { min: 'now' })]],
  ])('takes %s', (_name, fields) => {
    expect(issuesOf(fields)).toEqual([])
  })

  describe('visibility conditions', () => {
    it('take a field before or after', () => {
      expect(
        issuesOf([
          field('club', 'TEXT', { visibleWhen: { field: 'member', equals: true } }),
          field('member', 'CHECKBOX'),
          field('size', 'SELECT', sizes),
          field('fit', 'RADIO_GROUP', { ...sizes, visibleWhen: { field: 'size', in: ['M', 'L'] } }),
          field('age', 'NUMBER'),
          field('guardian', 'TEXT', { visibleWhen: { field: 'age', in: ['14', '15', '16', '17'] } }),
        ]),
      ).toEqual([])
    })

    it.each<[string, FieldInput[], string[]]>([
      [
        'an unknown field',
        [field('club', 'TEXT', { visibleWhen: { field: 'member', equals: true } })],
        ['fields.0.visibleWhen.field'],
      ],
      [
        'a READONLY field',
        [
          field('notice', 'READONLY', { value: 'x' }),
          field('club', 'TEXT', { visibleWhen: { field: 'notice', equals: 'x' } }),
        ],
        ['fields.1.visibleWhen.field'],
      ],
      [
        'a FILE field',
        [field('proof', 'FILE'), field('club', 'TEXT', { visibleWhen: { field: 'proof', equals: 'x' } })],
        ['fields.1.visibleWhen.field'],
      ],
      [
        'a value that is not an option',
        [
          field('size', 'SELECT', sizes),
          field('fit', 'TEXT', { visibleWhen: { field: 'size', in: ['M', 'XL'] } }),
        ],
        ['fields.1.visibleWhen.in.1'],
      ],
      [
        'true or false for a SELECT',
        [
          field('size', 'SELECT', sizes),
          field('fit', 'TEXT', { visibleWhen: { field: 'size', equals: true } }),
        ],
        ['fields.1.visibleWhen.equals'],
      ],
      [
        'text for a CHECKBOX',
        [
          field('member', 'CHECKBOX'),
          field('club', 'TEXT', { visibleWhen: { field: 'member', equals: 'true' } }),
        ],
        ['fields.1.visibleWhen.equals'],
      ],
      [
        'a list for a CHECKBOX',
        [
          field('member', 'CHECKBOX'),
          field('club', 'TEXT', { visibleWhen: { field: 'member', in: ['true'] } }),
        ],
        ['fields.1.visibleWhen'],
      ],
      [
        'text for a NUMBER',
        [
          field('age', 'NUMBER'),
          field('guardian', 'TEXT', { visibleWhen: { field: 'age', equals: 'minor' } }),
        ],
        ['fields.1.visibleWhen.equals'],
      ],
      [
        'a field on itself',
        [field('club', 'CHECKBOX', { visibleWhen: { field: 'club', equals: true } })],
        ['fields.0.visibleWhen.field'],
      ],
      [
        'a cycle of two',
        [
          field('a', 'CHECKBOX', { visibleWhen: { field: 'b', equals: true } }),
          field('b', 'CHECKBOX', { visibleWhen: { field: 'a', equals: true } }),
        ],
        ['fields.0.visibleWhen.field', 'fields.1.visibleWhen.field'],
      ],
      [
        'a cycle of three, with a field hanging off it',
        [
          field('a', 'CHECKBOX', { visibleWhen: { field: 'c', equals: true } }),
          field('b', 'CHECKBOX', { visibleWhen: { field: 'a', equals: true } }),
          field('c', 'CHECKBOX', { visibleWhen: { field: 'b', equals: false } }),
          field('d', 'TEXT', { visibleWhen: { field: 'a', equals: true } }),
        ],
        ['fields.0.visibleWhen.field', 'fields.1.visibleWhen.field', 'fields.2.visibleWhen.field'],
      ],
    ])('refuse %s', (_name, fields, paths) => {
      expect(issuesOf(fields)).toEqual(paths)
    })

    it('name the cycle in the message', () => {
      const result = formDefinitionSchema.safeParse({
        fields: [
          field('a', 'CHECKBOX', { visibleWhen: { field: 'b', equals: true } }),
          field('b', 'CHECKBOX', { visibleWhen: { field: 'c', equals: true } }),
          field('c', 'CHECKBOX', { visibleWhen: { field: 'a', equals: true } }),
        ],
      })
      expect(result.error?.issues[0]?.message).toContain('a → b → c → a')
    })
  })

  describe('defaults', () => {
    it.each<[string, FieldInput]>([
      ['a SELECT option', field('size', 'SELECT', { ...sizes, default: 'M' })],
      ['a ticked CHECKBOX', field('member', 'CHECKBOX', { default: true })],
      ['a NUMBER within bounds', field('age', 'NUMBER', { min: 18, max: 99, default: '30' })],
      ['an empty one', field('size', 'SELECT', { ...sizes, default: '' })],
      ['a Mexican PHONE', field('phone', 'PHONE', { default: '55 1234 5678' })],
      ['a DATE', field('birth', 'DATE', { max: 'now', default: '2000-01-01' })],
      ['a TIME', field('start', 'TIME', { default: '07:00' })],
      ['a URL', field('site', 'URL', { default: 'https://palco.co' })],
      ['a TEXT matching its pattern', field('code', 'TEXT', { pattern: '[A-Z]{3}', default: 'ABC' })],
    ])('take %s', (_name, input) => {
      expect(issuesOf([input])).toEqual([])
    })

    it.each<[string, FieldInput]>([
      ['a SELECT value that is no option', field('size', 'SELECT', { ...sizes, default: 'XL' })],
      ['text for a CHECKBOX', field('member', 'CHECKBOX', { default: 'true' })],
      ['true or false for a TEXT', field('name', 'TEXT', { default: true })],
      ['a NUMBER out of bounds', field('age', 'NUMBER', { min: 18, max: 99, default: '17' })],
      ['a NUMBER that is no number', field('age', 'NUMBER', { default: 'eighteen' })],
      ['an invalid EMAIL', field('email', 'EMAIL', { default: 'ana@palco' })],
      ['an invalid DATE', field('birth', 'DATE', { default: '2026-02-30' })],
      ['a TEXT not matching its pattern', field('code', 'TEXT', { pattern: '[A-Z]{3}', default: 'abc' })],
      ['a TEXT longer than maxLength', field('code', 'TEXT', { maxLength: 2, default: 'abc' })],
      ['one on a READONLY', field('notice', 'READONLY', { value: 'x', default: 'x' })],
      ['one on a PASSWORD', field('pin', 'PASSWORD', { default: 'secret' })],
      ['one on a FILE', field('proof', 'FILE', { default: 'x' })],
    ])('refuse %s', (_name, input) => {
      expect(issuesOf([input])).toEqual(['fields.0.default'])
    })

    it('win over the spec defaults', () => {
      const definition = formDefinitionSchema.parse({
        fields: [
          field('notice', 'READONLY', { value: 'x' }),
          field('size', 'SELECT', { ...sizes, default: 'M' }),
          field('member', 'CHECKBOX', { default: true }),
          field('news', 'CHECKBOX'),
          field('name', 'TEXT'),
        ],
      })
      expect(dynamicFormDefaults(definition.fields)).toEqual({
        size: 'M',
        member: true,
        news: false,
        name: '',
      })
    })
  })
})
