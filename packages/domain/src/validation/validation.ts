import { z } from 'zod'
import { type Country, PHONE_INPUT_MAX_LENGTH } from '../locale/country.js'
import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  isValidOtp,
  isValidPassword,
  isValidPhone,
  normalizePhone,
  PASSWORD_MAX_LENGTH,
} from './rules.js'

export * from './rules.js'

const requiredString = () => z.string({ error: 'required' }).trim().min(1, { error: 'required', abort: true })

export const emailSchema = requiredString()
  .max(EMAIL_MAX_LENGTH, { error: 'tooLong', abort: true })
  .toLowerCase()
  .refine(isValidEmail, { error: 'invalidEmail' })

// Not trimmed: spaces are legitimate password characters.
export const passwordSchema = z
  .string({ error: 'required' })
  .min(1, { error: 'required', abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: 'tooLong', abort: true })
  .refine(isValidPassword, { error: 'invalidPassword' })

export const otpSchema = requiredString().refine(isValidOtp, { error: 'invalidOtp' })

// Outputs national digits, so the API stores one form whatever the fan typed.
export const phoneSchemaFor = (country: Country) =>
  requiredString()
    .max(PHONE_INPUT_MAX_LENGTH, { error: 'tooLong', abort: true })
    .transform((input) => normalizePhone(input, country))
    .refine((digits) => isValidPhone(digits, country), { error: 'invalidPhone' })
