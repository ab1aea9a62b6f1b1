import type { Fan } from '@palco/domain/people/fan'
import { describe, expect, it } from 'vitest'
import { cardFormSchemaAt, detailsFormSchema } from './checkout-form-schemas'
import {
  detailsDefaults,
  formatCardNumber,
  formatExpiryInput,
  isLuhnValid,
  parseExpiry,
  toOrderParty,
} from './checkout-forms'

const messagesOf = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

const validDetails = {
  contact: {
    firstName: 'Camila',
    lastName: 'Rojas',
    email: 'Fan@Palco.co',
    phonePrefix: '+57',
    phone: '300 123 4567',
  },
  billing: { fullName: 'Camila Rojas', documentType: 'CC', documentNumber: '1020304050' },
}

describe('detailsFormSchema', () => {
  it('accepts a full form and normalises email and phone', () => {
    const parsed = detailsFormSchema.parse(validDetails)
    expect(parsed.contact.email).toBe('fan@palco.co')
    expect(parsed.contact.phone).toBe('3001234567')
    expect(toOrderParty(parsed)).toEqual({
      contact: { firstName: 'Camila', lastName: 'Rojas', email: 'fan@palco.co', phone: '+573001234567' },
      billing: { fullName: 'Camila Rojas', documentType: 'CC', documentNumber: '1020304050' },
    })
  })

  it.each([
    ['contact.firstName', '  ', 'required'],
    ['contact.email', 'not-an-email', 'invalidEmail'],
    ['contact.phone', '12345', 'invalidPhone'],
    ['contact.phone', '', 'required'],
    ['billing.fullName', '', 'required'],
    ['billing.documentType', '', 'invalidDocumentType'],
    ['billing.documentNumber', 'a', 'invalidDocumentNumber'],
    ['billing.documentNumber', 'no spaces!', 'invalidDocumentNumber'],
  ])('%s = %j → %s', (path, value, message) => {
    const [group, field] = path.split('.') as ['contact' | 'billing', string]
    const input = structuredClone(validDetails) as Record<string, Record<string, string>>
    ;(input[group] as Record<string, string>)[field] = value
    expect(messagesOf(detailsFormSchema.safeParse(input))[path]).toBe(message)
  })

  it('judges a Mexican number by Mexico’s rule', () => {
    const input = {
      ...validDetails,
      contact: { ...validDetails.contact, phonePrefix: '+52', phone: '55 1234 5678' },
    }
    expect(toOrderParty(detailsFormSchema.parse(input)).contact.phone).toBe('+525512345678')
  })
})

describe('detailsDefaults', () => {
  const fan = {
    firstName: 'Diego',
    lastName: 'Hernández',
    email: 'fan@palco.mx',
    phonePrefix: '+52',
    phone: '5512345678',
    documentType: 'PP',
    documentNumber: 'G12345678',
  } as Fan
  it('prefills from the profile', () => {
    expect(detailsDefaults(fan, '+57')).toEqual({
      contact: {
        firstName: 'Diego',
        lastName: 'Hernández',
        email: 'fan@palco.mx',
        phonePrefix: '+52',
        phone: '5512345678',
      },
      billing: { fullName: 'Diego Hernández', documentType: 'PP', documentNumber: 'G12345678' },
    })
  })
  it('starts empty with the country prefix without a profile', () => {
    const d = detailsDefaults(null, '+52')
    expect(d.contact.phonePrefix).toBe('+52')
    expect(d.contact.email).toBe('')
    expect(d.billing.documentType).toBe('')
  })
})

describe('card helpers', () => {
  it.each([
    ['4509953566233704', true],
    ['4013540682746260', true],
    ['371180303257522', true],
    ['4509953566233705', false],
    ['abcd', false],
  ])('isLuhnValid(%s) = %s', (digits, valid) => {
    expect(isLuhnValid(digits)).toBe(valid)
  })

  it.each([
    ['12/27', { month: 12, year: 2027 }],
    ['1/2030', { month: 1, year: 2030 }],
    [' 03 / 29 ', { month: 3, year: 2029 }],
    ['13/27', null],
    ['00/27', null],
    ['1227', null],
  ])('parseExpiry(%j)', (value, expected) => {
    expect(parseExpiry(value)).toEqual(expected)
  })

  it.each([
    ['4509953566233704', '4509 9535 6623 3704'],
    ['4509-9535', '4509 9535'],
    ['45099535662337041234567', '4509 9535 6623 3704 123'],
  ])('formatCardNumber(%s)', (value, expected) => {
    expect(formatCardNumber(value)).toBe(expected)
  })

  it.each([
    ['1', '1'],
    ['12', '12/'],
    ['12/', '12/'],
    ['122', '12/2'],
    ['1227', '12/27'],
    ['12/275', '12/27'],
  ])('formatExpiryInput(%j) = %j', (value, expected) => {
    expect(formatExpiryInput(value)).toBe(expected)
  })
})

describe('cardFormSchema', () => {
  const schema = cardFormSchemaAt(() => new Date('2026-11-22T12:00:00Z'))
  const valid = { number: '4509 9535 6623 3704', expiry: '11/26', cvv: '123', holderName: 'APRO' }

  it('gives the tokenizer digits, month and four-digit year', () => {
    expect(schema.parse(valid)).toEqual({
      number: '4509953566233704',
      expMonth: 11,
      expYear: 2026,
      cvv: '123',
      holderName: 'APRO',
    })
  })

  it.each([
    ['number', '', 'required'],
    ['number', '4509 9535 6623 3705', 'card.invalidNumber'],
    ['number', '1234', 'card.invalidNumber'],
    ['expiry', '', 'required'],
    ['expiry', '13/30', 'card.invalidExpiry'],
    ['expiry', '10/26', 'card.expired'],
    ['cvv', '12', 'card.invalidCvv'],
    ['cvv', '12a', 'card.invalidCvv'],
    ['holderName', ' ', 'required'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messagesOf(schema.safeParse({ ...valid, [field]: value }))[field]).toBe(message)
  })

  // Issue 13: the expiry's own problem is reported on it even when other fields are wrong too.
  it.each([
    ['a wrong security code', { cvv: '1' }, 'cvv', 'card.invalidCvv'],
    ['a wrong number', { number: '4509 9535 6623 3705' }, 'number', 'card.invalidNumber'],
    ['no holder name', { holderName: '' }, 'holderName', 'required'],
  ])('reports an expired date next to %s', (_what, wrong, field, message) => {
    const messages = messagesOf(schema.safeParse({ ...valid, ...wrong, expiry: '10/26' }))
    expect(messages).toMatchObject({ expiry: 'card.expired', [field]: message })
  })

  it('reports an unreadable date next to every other wrong field', () => {
    const messages = messagesOf(
      schema.safeParse({ number: '1234', expiry: '13/30', cvv: '', holderName: '' }),
    )
    expect(messages).toEqual({
      number: 'card.invalidNumber',
      expiry: 'card.invalidExpiry',
      cvv: 'required',
      holderName: 'required',
    })
  })
})
