import { describe, expect, it } from 'vitest'
import type { Country } from '../locale/country.js'
import { VALIDATION_MESSAGES } from '../validation/rules.js'
import { DYNAMIC_FIELD_TYPES, type DynamicFieldType } from './dynamic-form.js'
import {
  type AnswersContext,
  answersValidator,
  FORM_ANSWER_MESSAGES,
  type FormAnswers,
  visibleFields,
} from './form-answers.js'
import { type FormDefinitionInput, formDefinitionSchema, MAX_FILE_BYTES } from './form-definition.js'

type FieldInput = FormDefinitionInput['fields'][number]

const options = (...values: string[]) => ({
  options: values.map((value) => ({ value, label: { es: value, en: value } })),
})
const field = (name: string, type: DynamicFieldType, extra: Partial<FieldInput> = {}): FieldInput => ({
  name,
  type,
  label: { es: `Campo ${name}`, en: `Field ${name}` },
  ...extra,
})
const form = (...fields: FieldInput[]) => formDefinitionSchema.parse({ fields })

const bogota: AnswersContext = {
  country: 'COL',
  timeZone: 'America/Bogota',
  now: new Date('2026-05-01T17:00:00Z'),
}
const mexicoCity: AnswersContext = { country: 'MEX', timeZone: 'America/Mexico_City', now: bogota.now }

type Outcome = { data: FormAnswers } | { issues: { path: PropertyKey[]; message: string }[] }
const validate = (fields: FieldInput[], answers: unknown, context: AnswersContext = bogota): Outcome => {
  const result = answersValidator(form(...fields), context).safeParse(answers)
  return result.success
    ? { data: result.data }
    : { issues: result.error.issues.map(({ path, message }) => ({ path, message })) }
}
const refusal = (name: string, message: string): Outcome => ({ issues: [{ path: [name], message }] })

const uploadId = '8f14e45f-ceea-467f-a0e6-1234567890ab'
const upload = (type: string, bytes: number) => ({ uploadId, name: 'documento', bytes, type })

// One field of each type of spec §2, with what it takes and what it refuses.
const CASES: Record<
  Exclude<DynamicFieldType, 'READONLY'>,
  { extra?: Partial<FieldInput>; good: unknown; output: unknown; bad: unknown; message: string }
> = {
  TEXT: { extra: { maxLength: 5 }, good: '  Ana ', output: 'Ana', bad: 'Anastasia', message: 'tooLong' },
  TEXTAREA: {
    extra: { minLength: 10 },
    good: 'Corro desde 2019',
    output: 'Corro desde 2019',
    bad: ' corto ',
    message: 'tooShort',
  },
  EMAIL: { good: ' Ana@Palco.CO ', output: 'ana@palco.co', bad: 'ana@palco', message: 'invalidEmail' },
  NUMBER: { extra: { min: 0, max: 120 }, good: '42', output: 42, bad: 'cuarenta', message: 'invalidNumber' },
  SELECT: { extra: options('S', 'M', 'L'), good: 'M', output: 'M', bad: 'XL', message: 'notAnOption' },
  PHONE: { good: '+57 300 123 4567', output: '3001234567', bad: '5512345678', message: 'invalidPhone' },
  CHECKBOX: { good: true, output: true, bad: 'on', message: 'invalidValue' },
  DATE: { good: '2026-02-28', output: '2026-02-28', bad: '2026-02-30', message: 'invalidDate' },
  DATETIME: {
    good: '2026-06-21T19:30',
    output: '2026-06-22T00:30:00.000Z',
    bad: '2026-06-21 19:30',
    message: 'invalidDate',
  },
  COMBO_BOX: {
    extra: options('MED', 'BOG', 'CLO'),
    good: 'BOG',
    output: 'BOG',
    bad: 'bog',
    message: 'notAnOption',
  },
  RADIO_GROUP: {
    extra: options('5K', '10K'),
    good: '10K',
    output: '10K',
    bad: '21K',
    message: 'notAnOption',
  },
  FILE: {
    good: upload('application/pdf', 1000),
    output: upload('application/pdf', 1000),
    bad: { ...upload('application/pdf', 1000), uploadId: 'not-a-uuid' },
    message: 'invalidValue',
  },
  PASSWORD: {
    extra: { minLength: 8 },
    good: ' clave secreta ',
    output: ' clave secreta ',
    bad: 'corta',
    message: 'tooShort',
  },
  URL: {
    good: ' https://Palco.co/carrera ',
    output: 'https://palco.co/carrera',
    bad: 'javascript:alert(1)',
    message: 'invalidUrl',
  },
  TIME: { good: '07:30', output: '07:30', bad: '24:00', message: 'invalidTime' },
}
const ANSWERED_TYPES = DYNAMIC_FIELD_TYPES.filter(
  (type): type is Exclude<DynamicFieldType, 'READONLY'> => type !== 'READONLY',
)

describe('answersValidator (spec §2)', () => {
  describe.each(ANSWERED_TYPES)('%s', (type) => {
    const { extra, good, output, bad, message } = CASES[type]
    const fields = [field('answer', type, { required: true, ...extra })]

    it('takes a good answer', () => {
      expect(validate(fields, { answer: good })).toEqual({ data: { answer: output } })
    })

    it('refuses a bad one, on the field', () => {
      expect(validate(fields, { answer: bad })).toEqual(refusal('answer', message))
    })

    // A password's spaces are its own, as at sign-up.
    const empties = type === 'PASSWORD' ? ['', undefined, null] : ['', '   ', undefined, null]
    it.each(empties.map((empty) => [empty]))('refuses %j when required', (empty) => {
      expect(validate(fields, { answer: empty })).toEqual(refusal('answer', 'required'))
    })

    it.each([[''], [undefined], [null]])('leaves %j out when optional', (empty) => {
      const optional = [field('answer', type, { ...extra, required: false })]
      expect(validate(optional, { answer: empty })).toEqual({
        data: type === 'CHECKBOX' ? { answer: false } : {},
      })
    })
  })

  it('refuses answers of the wrong kind', () => {
    expect(validate([field('name', 'TEXT')], { name: 42 })).toEqual(refusal('name', 'invalidValue'))
    expect(validate([field('name', 'TEXT')], { name: ['Ana'] })).toEqual(refusal('name', 'invalidValue'))
    expect(validate([field('size', 'SELECT', options('S'))], { size: 1 })).toEqual(
      refusal('size', 'invalidValue'),
    )
    expect(validate([field('age', 'NUMBER')], { age: true })).toEqual(refusal('age', 'invalidNumber'))
    expect(validate([field('proof', 'FILE')], { proof: uploadId })).toEqual(refusal('proof', 'invalidValue'))
  })

  it('refuses what is not an object of answers', () => {
    for (const answers of [null, 'x', ['Ana']])
      expect(validate([field('name', 'TEXT')], answers)).toEqual({
        issues: [{ path: [], message: 'invalidValue' }],
      })
  })

  it('reports every field, each on its own path', () => {
    const fields = [
      field('name', 'TEXT', { required: true }),
      field('email', 'EMAIL', { required: true }),
      field('terms', 'CHECKBOX', { required: true }),
    ]
    expect(validate(fields, { email: 'x', terms: false })).toEqual({
      issues: [
        { path: ['name'], message: 'required' },
        { path: ['email'], message: 'invalidEmail' },
        { path: ['terms'], message: 'required' },
      ],
    })
  })

  it('drops keys the form does not have, inherited names included', () => {
    const fields = [field('constructor', 'TEXT'), field('name', 'TEXT')]
    expect(validate(fields, JSON.parse('{"name":"Ana","admin":true,"__proto__":{"x":1}}'))).toEqual({
      data: { name: 'Ana' },
    })
  })

  it('uses only the house message keys and its own, which do not overlap', () => {
    expect(
      FORM_ANSWER_MESSAGES.filter((key) => (VALIDATION_MESSAGES as readonly string[]).includes(key)),
    ).toEqual([])
  })

  it('throws for a time zone Intl does not know', () => {
    expect(() =>
      answersValidator(form(field('name', 'TEXT')), { ...bogota, timeZone: 'Mars/Olympus' }),
    ).toThrow(RangeError)
  })

  describe('READONLY fields', () => {
    const fields = [field('notice', 'READONLY', { value: 'Trae tu documento' }), field('name', 'TEXT')]

    it.each([['forged'], [''], [true], [{ uploadId }]])('never take %j from the client', (value) => {
      expect(validate(fields, { notice: value, name: 'Ana' })).toEqual({ data: { name: 'Ana' } })
    })

    it('are shown', () => {
      expect(visibleFields(form(...fields), {})).toEqual(['notice', 'name'])
    })
  })

  describe('conditions', () => {
    const fields = [
      field('member', 'CHECKBOX'),
      field('club', 'TEXT', { required: true, visibleWhen: { field: 'member', equals: true } }),
      field('distance', 'RADIO_GROUP', { ...options('5K', '10K', '21K'), required: true }),
      field('pacer', 'CHECKBOX', { visibleWhen: { field: 'distance', in: ['10K', '21K'] } }),
      field('pace', 'TIME', { required: true, visibleWhen: { field: 'pacer', equals: true } }),
    ]

    it('hide fields: not required, and their values dropped', () => {
      expect(
        validate(fields, { member: false, club: 'Corredores', distance: '5K', pacer: true, pace: 'x' }),
      ).toEqual({
        data: { member: false, distance: '5K' },
      })
    })

    it('show fields, which are then judged', () => {
      expect(
        validate(fields, { member: true, club: '', distance: '21K', pacer: true, pace: '05:30' }),
      ).toEqual(refusal('club', 'required'))
      expect(
        validate(fields, { member: true, club: ' Corredores ', distance: '21K', pacer: true, pace: '05:30' }),
      ).toEqual({
        data: { member: true, club: 'Corredores', distance: '21K', pacer: true, pace: '05:30' },
      })
    })

    it('hide a field behind a hidden one, whatever stale value the client kept', () => {
      const answers = { member: false, distance: '5K', pacer: true, pace: '05:30' }
      expect(visibleFields(form(...fields), answers)).toEqual(['member', 'distance'])
    })

    it('treat a missing CHECKBOX as unticked', () => {
      const hiddenWhenTicked = [
        field('member', 'CHECKBOX'),
        field('why', 'TEXT', { visibleWhen: { field: 'member', equals: false } }),
      ]
      expect(visibleFields(form(...hiddenWhenTicked), {})).toEqual(['member', 'why'])
      expect(visibleFields(form(...hiddenWhenTicked), { member: true })).toEqual(['member'])
    })

    it('compare numbers by value and text trimmed', () => {
      const byAge = [
        field('age', 'NUMBER'),
        field('guardian', 'TEXT', { visibleWhen: { field: 'age', in: ['16', '17'] } }),
      ]
      expect(visibleFields(form(...byAge), { age: '17.0' })).toEqual(['age', 'guardian'])
      expect(visibleFields(form(...byAge), { age: 17 })).toEqual(['age', 'guardian'])
      expect(visibleFields(form(...byAge), { age: '18' })).toEqual(['age'])
      const bySize = [
        field('size', 'SELECT', options('S', 'M')),
        field('fit', 'TEXT', { visibleWhen: { field: 'size', equals: 'M' } }),
      ]
      expect(visibleFields(form(...bySize), { size: ' M ' })).toEqual(['size', 'fit'])
    })
  })

  describe('PHONE by the event country (spec §5)', () => {
    it.each<[Country, string, string | null]>([
      ['COL', '3001234567', '3001234567'],
      ['COL', '+57 300 123 4567', '3001234567'],
      ['COL', '0057 350-123-4567', '3501234567'],
      ['COL', '2001234567', null],
      ['COL', '300123456', null],
      ['COL', '5512345678', null],
      ['MEX', '5512345678', '5512345678'],
      ['MEX', '+52 (55) 1234 5678', '5512345678'],
      ['MEX', '8112345678', '8112345678'],
      ['MEX', '0512345678', null],
      ['MEX', '551234567', null],
      ['MEX', '+57 300 123 4567', null],
    ])('%s %j → %j', (country, phone, digits) => {
      const context = country === 'COL' ? bogota : mexicoCity
      expect(validate([field('phone', 'PHONE')], { phone }, context)).toEqual(
        digits === null ? refusal('phone', 'invalidPhone') : { data: { phone: digits } },
      )
    })

    it('refuses a pasted paragraph as too long', () => {
      expect(validate([field('phone', 'PHONE')], { phone: '3'.repeat(41) })).toEqual(
        refusal('phone', 'tooLong'),
      )
    })
  })

  describe('DATETIME: a wall clock in the event zone, kept as a UTC instant', () => {
    it.each<[AnswersContext, string, string]>([
      [bogota, '2026-06-21T19:30', '2026-06-22T00:30:00.000Z'],
      [bogota, '2026-12-31T23:59', '2027-01-01T04:59:00.000Z'],
      [mexicoCity, '2026-06-21T19:30', '2026-06-22T01:30:00.000Z'],
      [mexicoCity, '2026-01-15T08:00', '2026-01-15T14:00:00.000Z'],
    ])('%# %s', (context, wallClock, instant) => {
      expect(validate([field('arrival', 'DATETIME')], { arrival: wallClock }, context)).toEqual({
        data: { arrival: instant },
      })
    })

    it('compares wall-clock bounds in the event zone', () => {
      const fields = [field('arrival', 'DATETIME', { min: '2026-06-21T06:00', max: '2026-06-21T10:00' })]
      for (const context of [bogota, mexicoCity]) {
        expect(validate(fields, { arrival: '2026-06-21T05:59' }, context)).toEqual(
          refusal('arrival', 'outOfRange'),
        )
        expect(validate(fields, { arrival: '2026-06-21T06:00' }, context)).toMatchObject({ data: {} })
        expect(validate(fields, { arrival: '2026-06-21T10:00' }, context)).toMatchObject({ data: {} })
        expect(validate(fields, { arrival: '2026-06-21T10:01' }, context)).toEqual(
          refusal('arrival', 'outOfRange'),
        )
      }
    })

    it('compares instant bounds as instants', () => {
      const fields = [field('arrival', 'DATETIME', { max: '2026-06-21T15:00:00Z' })]
      expect(validate(fields, { arrival: '2026-06-21T10:00' }, bogota)).toMatchObject({ data: {} })
      expect(validate(fields, { arrival: '2026-06-21T10:00' }, mexicoCity)).toEqual(
        refusal('arrival', 'outOfRange'),
      )
    })

    it('compares a bound of now with the clock', () => {
      const fields = [field('arrival', 'DATETIME', { min: 'now' })]
      expect(validate(fields, { arrival: '2026-05-01T12:00' })).toMatchObject({ data: {} })
      expect(validate(fields, { arrival: '2026-05-01T11:59' })).toEqual(refusal('arrival', 'outOfRange'))
    })

    it('refuses a wall clock the zone skips', () => {
      const context = { ...bogota, timeZone: 'America/New_York' }
      expect(validate([field('arrival', 'DATETIME')], { arrival: '2026-03-08T02:30' }, context)).toEqual(
        refusal('arrival', 'invalidDate'),
      )
    })

    it.each([['2026-06-21T19:30:00'], ['2026-06-21T19:30Z'], ['2026-06-21'], ['1899-12-31T12:00']])(
      'refuses %j',
      (arrival) => {
        expect(validate([field('arrival', 'DATETIME')], { arrival })).toEqual(
          refusal('arrival', 'invalidDate'),
        )
      },
    )
  })

  describe('DATE and TIME bounds', () => {
    it('take today in the event zone as now', () => {
      // 22:00 on 30 April in Bogotá, already 1 May in UTC.
      const context = { ...bogota, now: new Date('2026-05-01T03:00:00Z') }
      const fields = [field('birth', 'DATE', { max: 'now' })]
      expect(validate(fields, { birth: '2026-04-30' }, context)).toEqual({ data: { birth: '2026-04-30' } })
      expect(validate(fields, { birth: '2026-05-01' }, context)).toEqual(refusal('birth', 'outOfRange'))
    })

    it.each([
      ['1999-12-31', 'outOfRange'],
      ['2000-01-01', null],
      ['2010-12-31', null],
      ['2011-01-01', 'outOfRange'],
    ])('DATE %s → %s', (birth, message) => {
      const fields = [field('birth', 'DATE', { min: '2000-01-01', max: '2010-12-31' })]
      expect(validate(fields, { birth })).toEqual(message ? refusal('birth', message) : { data: { birth } })
    })

    it.each([
      ['05:59', 'outOfRange'],
      ['06:00', null],
      ['22:30', null],
      ['22:31', 'outOfRange'],
    ])('TIME %s → %s', (start, message) => {
      const fields = [field('start', 'TIME', { min: '06:00', max: '22:30' })]
      expect(validate(fields, { start })).toEqual(message ? refusal('start', message) : { data: { start } })
    })
  })

  describe('NUMBER', () => {
    const fields = [field('age', 'NUMBER', { min: 18, max: 99 })]

    it.each<[unknown, number | string]>([
      [18, 18],
      ['18', 18],
      [' 99 ', 99],
      ['4.2e1', 42],
      [17, 'outOfRange'],
      ['17.99', 'outOfRange'],
      ['99.5', 'outOfRange'],
      ['1e2', 'outOfRange'],
      ['18,5', 'invalidNumber'],
      ['0x12', 'invalidNumber'],
      ['Infinity', 'invalidNumber'],
      [Number.NaN, 'invalidNumber'],
      ['1e400', 'invalidNumber'],
    ])('%j → %j', (age, expected) => {
      expect(validate(fields, { age })).toEqual(
        typeof expected === 'number' ? { data: { age: expected } } : refusal('age', expected),
      )
    })
  })

  describe('FILE', () => {
    it('takes 10 MiB and refuses one byte more', () => {
      const fields = [field('proof', 'FILE')]
      expect(validate(fields, { proof: upload('image/png', MAX_FILE_BYTES) })).toEqual({
        data: { proof: upload('image/png', MAX_FILE_BYTES) },
      })
      expect(validate(fields, { proof: upload('image/png', MAX_FILE_BYTES + 1) })).toEqual(
        refusal('proof', 'fileTooLarge'),
      )
    })

    it('keeps to the field’s own maxBytes', () => {
      const fields = [field('proof', 'FILE', { maxBytes: 1024 })]
      expect(validate(fields, { proof: upload('image/png', 1025) })).toEqual(refusal('proof', 'fileTooLarge'))
    })

    it('refuses a PDF where only images are accepted', () => {
      const fields = [field('photo', 'FILE', { accept: ['image/jpeg', 'image/png', 'image/webp'] })]
      expect(validate(fields, { photo: upload('application/pdf', 1000) })).toEqual(
        refusal('photo', 'fileTypeNotAccepted'),
      )
      expect(validate(fields, { photo: upload('IMAGE/JPEG', 1000) })).toEqual({
        data: { photo: upload('image/jpeg', 1000) },
      })
    })

    it('refuses an empty file', () => {
      expect(validate([field('proof', 'FILE')], { proof: upload('image/png', 0) })).toEqual(
        refusal('proof', 'invalidValue'),
      )
    })
  })

  describe('text', () => {
    it('matches a pattern against the whole answer', () => {
      const fields = [field('plate', 'TEXT', { pattern: '[A-Z]{3}\\d{3}' })]
      expect(validate(fields, { plate: ' ABC123 ' })).toEqual({ data: { plate: 'ABC123' } })
      expect(validate(fields, { plate: 'ABC1234' })).toEqual(refusal('plate', 'patternMismatch'))
      expect(validate(fields, { plate: 'xABC123' })).toEqual(refusal('plate', 'patternMismatch'))
    })

    it('counts characters, not UTF-16 units', () => {
      const fields = [field('nickname', 'TEXT', { maxLength: 3 })]
      expect(validate(fields, { nickname: 'Ñé🏃' })).toMatchObject({ data: {} })
    })

    it('keeps TEXT to 200 characters unless told otherwise', () => {
      const fields = [field('name', 'TEXT')]
      expect(validate(fields, { name: 'a'.repeat(200) })).toMatchObject({ data: {} })
      expect(validate(fields, { name: 'a'.repeat(201) })).toEqual(refusal('name', 'tooLong'))
    })

    it('refuses an email longer than RFC 5321 allows', () => {
      expect(validate([field('email', 'EMAIL')], { email: `${'a'.repeat(250)}@palco.co` })).toEqual(
        refusal('email', 'tooLong'),
      )
    })

    it.each([['ftp://palco.co'], ['mailto:ana@palco.co'], ['palco.co'], ['https://']])(
      'refuses the URL %j',
      (site) => {
        expect(validate([field('site', 'URL')], { site })).toEqual(refusal('site', 'invalidUrl'))
      },
    )
  })
})
