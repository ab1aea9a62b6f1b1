import type { PlaceOrderBody } from '@palco/domain/checkout/contract'
import type { PhonePrefix } from '@palco/domain/locale/country'
import {
  countryOfPhonePrefix,
  documentNumberSchema,
  documentTypeFieldSchema,
  type Fan,
  phonePrefixSchema,
  toE164,
} from '@palco/domain/people/fan'
import { emailSchema, isValidPhone, normalizePhone } from '@palco/domain/validation/validation'
import { z } from 'zod'

/**
 * The checkout's three forms (spec §2: tracked as contact, billing and payment). Messages are keys: the
 * shared VALIDATION_MESSAGES (`errors:fields.*`) for what the rest of the site also asks, and `card.*`
 * (`checkout:fields.card.*`) for the card form, which only checkout has.
 */

const NAME_MAX = 80
const requiredText = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .max(max, { error: 'tooLong' })

export const contactFormSchema = z
  .object({
    firstName: requiredText(NAME_MAX),
    lastName: requiredText(NAME_MAX),
    email: emailSchema,
    phonePrefix: phonePrefixSchema,
    phone: z.string({ error: 'required' }),
  })
  .transform((v) => ({ ...v, phone: normalizePhone(v.phone, countryOfPhonePrefix(v.phonePrefix)) }))
  .superRefine((v, ctx) => {
    if (!v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'required' })
    else if (!isValidPhone(v.phone, countryOfPhonePrefix(v.phonePrefix)))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'invalidPhone' })
  })

export const billingFormSchema = z.object({
  fullName: requiredText(160),
  documentType: documentTypeFieldSchema,
  documentNumber: documentNumberSchema,
})

/** The contact and billing forms of `/checkout`, filled in together and kept until payment. */
export const detailsFormSchema = z.object({ contact: contactFormSchema, billing: billingFormSchema })
export type DetailsFormInput = z.input<typeof detailsFormSchema>
export type DetailsForm = z.output<typeof detailsFormSchema>

/** What the API's placeOrder body wants from the two forms (the phone in E.164). */
export function toOrderParty(details: DetailsForm): Pick<PlaceOrderBody, 'contact' | 'billing'> {
  const { contact, billing } = details
  return {
    contact: {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: toE164(contact.phonePrefix as PhonePrefix, contact.phone),
    },
    billing: {
      fullName: billing.fullName,
      documentType: billing.documentType,
      documentNumber: billing.documentNumber,
    },
  }
}

/** The forms' first values: the fan's profile when there is one, else the country's phone prefix. */
export function detailsDefaults(fan: Fan | null, prefix: PhonePrefix): DetailsFormInput {
  const fullName = fan ? `${fan.firstName} ${fan.lastName}`.trim() : ''
  return {
    contact: {
      firstName: fan?.firstName ?? '',
      lastName: fan?.lastName ?? '',
      email: fan?.email ?? '',
      phonePrefix: fan?.phonePrefix ?? prefix,
      phone: fan?.phone ?? '',
    },
    billing: {
      fullName,
      documentType: fan?.documentType ?? ('' as DetailsFormInput['billing']['documentType']),
      documentNumber: fan?.documentNumber ?? '',
    },
  }
}

/** Luhn's check digit test, which every card number passes. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** `MM/YY` (or `MM/YYYY`) → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value)
  if (!m) return null
  const month = Number(m[1])
  const year = (m[2] ?? '').length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  if (month < 1 || month > 12) return null
  return { month, year }
}

/** Groups of four as the fan types ("4111 1111 1111 1111"); only digits are kept. */
export const formatCardNumber = (value: string): string =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')

/** Keeps typing the expiry easy: "0" → "0", "12" → "12/", "1227" → "12/27" (deleting is left alone). */
export function formatExpiryInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4)
  if (digits.length < 2) return digits
  return `${digits.slice(0, 2)}/${digits.slice(2)}`
}

export const cardFormSchemaAt = (now: () => Date) =>
  z
    .object({
      number: z
        .string({ error: 'required' })
        .transform((v) => v.replace(/[\s-]/g, ''))
        .refine((v) => v.length > 0, { error: 'required', abort: true })
        .refine((v) => /^\d{13,19}$/.test(v) && isLuhnValid(v), { error: 'card.invalidNumber' }),
      expiry: z.string({ error: 'required' }).trim().min(1, { error: 'required', abort: true }),
      cvv: z
        .string({ error: 'required' })
        .trim()
        .min(1, { error: 'required', abort: true })
        .regex(/^\d{3,4}$/, { error: 'card.invalidCvv' }),
      holderName: requiredText(80),
    })
    .transform((v, ctx) => {
      const expiry = parseExpiry(v.expiry)
      if (!expiry) {
        ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'card.invalidExpiry' })
        return z.NEVER
      }
      const today = now()
      const current = today.getUTCFullYear() * 12 + today.getUTCMonth()
      // A card is good through the last day of its month.
      if (expiry.year * 12 + (expiry.month - 1) < current) {
        ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'card.expired' })
        return z.NEVER
      }
      return {
        number: v.number,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvv: v.cvv,
        holderName: v.holderName,
      }
    })
export const cardFormSchema = cardFormSchemaAt(() => new Date())
export type CardFormInput = z.input<typeof cardFormSchema>
export type CardDetails = z.output<typeof cardFormSchema>
