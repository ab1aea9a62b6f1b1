import { describe, expect, it } from 'vitest'
import type { Country } from '../locale/country.js'
import {
  emailSchema,
  isEarlierThanHoursFromNow,
  isEarlierThanYearsAgo,
  isValidEmail,
  isValidOtp,
  isValidPassword,
  isValidPhone,
  MASKED_PASSWORD,
  normalizePhone,
  OTP_LENGTH,
  otpSchema,
  PASSWORD_SPECIAL_CHARACTERS,
  passwordRuleResults,
  passwordSchema,
  phoneSchemaFor,
} from './validation.js'

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('isValidEmail (spec §5)', () => {
  it.each([
    ['ana@palco.co', true],
    ['ana.maria+tickets@palco.com.mx', true],
    ['ANA@PALCO.CO', true],
    ['a@b.co', true],
    ['ana@palco.c', false],
    ['ana@palco', false],
    ['ana palco@palco.co', false],
    ['ana@pal co.co', false],
    [' ana@palco.co', false],
    ['<ana@palco.co>', false],
    ['ana<x>@palco.co', false],
    ['ana@palco.co>', false],
    ['ana@@palco.co', false],
    ['@palco.co', false],
    ['ana@', false],
    ['ana@.co', false],
    ['ana@palco..co', false],
    ['ana@palco.co.', false],
    ['', false],
    [`${'a'.repeat(245)}@palco.co`, true],
    [`${'a'.repeat(246)}@palco.co`, false],
  ])('%j → %s', (email, expected) => {
    expect(isValidEmail(email)).toBe(expected)
  })

  it.each<[unknown, string | null, string[]]>([
    [' Ana@Palco.CO ', 'ana@palco.co', []],
    ['', null, ['required']],
    ['   ', null, ['required']],
    [undefined, null, ['required']],
    ['ana@palco', null, ['invalidEmail']],
    [`${'a'.repeat(250)}@palco.co`, null, ['tooLong']],
  ])('emailSchema %j → %j %j', (input, data, issues) => {
    const result = emailSchema.safeParse(input)
    expect(result.success ? result.data : null).toBe(data)
    expect(issuesOf(result)).toEqual(issues)
  })
})

describe('isValidPassword (spec §5)', () => {
  it.each([
    ['Palco#2025', true],
    ['Aa1#aaaa', true],
    ['Ñandú#2025', true],
    ['Palco 2025 ~', true],
    ['Aa1#aaa', false],
    ['palco#2025', false],
    ['PALCO#2025', false],
    ['Palco#abcd', false],
    ['Palco2025', false],
    ['Palco_2025', false],
    ['Palco(2025)', false],
    ['', false],
    [`Aa1#${'a'.repeat(125)}`, false],
  ])('%j → %s', (password, expected) => {
    expect(isValidPassword(password)).toBe(expected)
  })

  it.each([...PASSWORD_SPECIAL_CHARACTERS])('accepts %j as the special character', (special) => {
    expect(isValidPassword(`Palco2025${special}`)).toBe(true)
  })

  it('reports each rule for the strength checklist', () => {
    expect(passwordRuleResults('abc')).toEqual({
      minLength: false,
      uppercase: false,
      lowercase: true,
      digit: false,
      special: false,
    })
  })

  it.each([
    ['Palco#2025', []],
    ['', ['required']],
    ['palco', ['invalidPassword']],
    ['A'.repeat(129), ['tooLong']],
  ])('passwordSchema %j → %j', (input, issues) => {
    expect(issuesOf(passwordSchema.safeParse(input))).toEqual(issues)
  })
})

describe('isValidPhone (spec §5)', () => {
  it.each([
    ['3002223344', true],
    ['3012223344', true],
    ['3042223344', true],
    ['3052223344', true],
    ['3102223344', true],
    ['3152223344', true],
    ['3232223344', true],
    ['3242223344', true],
    ['3502223344', true],
    ['3512223344', true],
    ['1002223344', true],
    ['3062223344', false],
    ['3092223344', false],
    ['3252223344', false],
    ['3332223344', false],
    ['3522223344', false],
    ['6012223344', false],
    ['300222334', false],
    ['30022233445', false],
    ['300 2223344', false],
    ['+573002223344', false],
    ['', false],
  ])('COL %j → %s', (digits, expected) => {
    expect(isValidPhone(digits, 'COL')).toBe(expected)
  })

  it.each([
    ['5512345678', true],
    ['3312345678', true],
    ['9991234567', true],
    ['2221234567', true],
    ['0512345678', false],
    ['1512345678', false],
    ['551234567', false],
    ['12345678', false],
    ['55123456789', false],
    ['044551234567', false],
    ['55 1234 5678', false],
    ['', false],
  ])('MEX %j → %s', (digits, expected) => {
    expect(isValidPhone(digits, 'MEX')).toBe(expected)
  })

  it.each([
    ['+57 300 222-3344', 'COL', '3002223344'],
    ['0057 3002223344', 'COL', '3002223344'],
    ['(300) 222.3344', 'COL', '3002223344'],
    ['+52 55 1234 5678', 'MEX', '5512345678'],
    ['+57 300 222 3344', 'MEX', '+573002223344'],
    ['abc', 'COL', 'abc'],
  ] as const)('normalizePhone(%j, %s) → %s', (input, country, expected) => {
    expect(normalizePhone(input, country)).toBe(expected)
  })

  it.each<[Country, string, string | null, string[]]>([
    ['COL', '+57 300 222 3344', '3002223344', []],
    ['MEX', ' 55 1234 5678 ', '5512345678', []],
    ['COL', '', null, ['required']],
    ['COL', '300 222 33', null, ['invalidPhone']],
    ['MEX', '1'.repeat(41), null, ['tooLong']],
  ])('phoneSchemaFor(%s) %j → %j %j', (country, input, data, issues) => {
    const result = phoneSchemaFor(country).safeParse(input)
    expect(result.success ? result.data : null).toBe(data)
    expect(issuesOf(result)).toEqual(issues)
  })
})

describe('OTP and masked password (spec §5, §9)', () => {
  it('has the spec values', () => {
    expect(OTP_LENGTH).toBe(6)
    expect(MASKED_PASSWORD).toBe('*'.repeat(10))
  })

  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
    ['123 456', false],
    ['', false],
  ])('isValidOtp(%j) → %s', (code, expected) => {
    expect(isValidOtp(code)).toBe(expected)
  })

  it.each([
    [' 123456 ', []],
    ['', ['required']],
    ['12345', ['invalidOtp']],
  ])('otpSchema %j → %j', (input, issues) => {
    expect(issuesOf(otpSchema.safeParse(input))).toEqual(issues)
  })
})

describe('date checks (spec §5)', () => {
  const now = new Date('2025-03-05T15:00:00Z')

  it.each([
    ['2007-03-05T14:59:59Z', 18, true],
    ['2007-03-05T15:00:00Z', 18, false],
    ['2007-03-06T00:00:00Z', 18, false],
    ['1990-01-01T00:00:00Z', 18, true],
    ['2025-03-05T14:00:00Z', 0, true],
  ])('%s earlier than %i years before %s → %s', (date, years, expected) => {
    expect(isEarlierThanYearsAgo(new Date(date), years, now)).toBe(expected)
  })

  it.each([
    // A 29 February birthday comes of age on 1 March in a non-leap year.
    ['2022-02-28T12:00:00Z', false],
    ['2022-03-01T12:00:00Z', true],
  ])('born 2004-02-29, on %s adult → %s', (today, expected) => {
    expect(isEarlierThanYearsAgo(new Date('2004-02-29T00:00:00Z'), 18, new Date(today))).toBe(expected)
  })

  it.each([
    ['2025-03-06T14:59:59Z', undefined, true],
    ['2025-03-06T15:00:00Z', undefined, false],
    ['2025-03-04T15:00:00Z', undefined, true],
    ['2025-03-05T16:59:00Z', 2, true],
    ['2025-03-05T17:00:00Z', 2, false],
  ])('%s earlier than now + %s hours → %s', (date, hours, expected) => {
    expect(isEarlierThanHoursFromNow(new Date(date), now, hours)).toBe(expected)
  })
})
