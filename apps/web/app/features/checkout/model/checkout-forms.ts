import type { PlaceOrderBody } from '@palco/domain/checkout/contract'
import { type PhonePrefix, toE164 } from '@palco/domain/locale/country-settings'
import type { Fan } from '@palco/domain/people/fan'
import type { DetailsForm, DetailsFormInput } from './checkout-form-schemas'

export type {
  CardDetails,
  CardFormInput,
  DetailsForm,
  DetailsFormInput,
} from './checkout-form-schemas'

/**
 * What the checkout's forms need besides their schemas (which live in checkout-form-schemas.ts and are
 * fetched when a form first validates): defaults, the order body, and the card helpers.
 */

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
