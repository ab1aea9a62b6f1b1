import { z } from 'zod'
import { PHONE_PREFIXES, type PhonePrefix } from '../locale/country.js'
import { countryOfPhonePrefix } from '../locale/country-settings.js'
import {
  emailSchema,
  isEarlierThanYearsAgo,
  isValidPhone,
  normalizePhone,
  otpSchema,
  passwordSchema,
} from '../validation/validation.js'
import { DOCUMENT_TYPES, GENDERS, REGISTRATION_STATUSES, ROLES } from './vocabulary.js'

/** Fans must be adults to hold an account (terms of service); the spec's age check (§5) decides. */
export const MINIMUM_AGE_YEARS = 18
const NAME_MAX = 80
const DOCUMENT_MAX = 20

export { countryOfPhonePrefix, toE164 } from '../locale/country-settings.js'

const nameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(NAME_MAX, { error: 'tooLong' })

export const phonePrefixSchema = z.enum(PHONE_PREFIXES, { error: 'required' })
export const documentTypeFieldSchema = z.enum(DOCUMENT_TYPES, { error: 'invalidDocumentType' })
export const documentNumberSchema = z
  .string({ error: 'required' })
  .trim()
  .min(3, { error: 'invalidDocumentNumber', abort: true })
  .max(DOCUMENT_MAX, { error: 'tooLong', abort: true })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'invalidDocumentNumber' })
export const genderFieldSchema = z.enum(GENDERS, { error: 'required' })

/** A calendar date `YYYY-MM-DD`; the clock is passed in so the age check is testable. */
export const birthDateSchemaAt = (now: () => Date) =>
  z
    .string({ error: 'required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidDate', abort: true })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'invalidDate', abort: true })
    .refine((v) => isEarlierThanYearsAgo(new Date(`${v}T00:00:00Z`), MINIMUM_AGE_YEARS, now()), {
      error: 'tooYoung',
    })

type PhoneFields = { phonePrefix?: PhonePrefix | undefined; phone?: string | undefined }

/** National digits for the prefix's country, whatever spacing or prefix the fan typed. */
function normalizePhoneFields<T extends PhoneFields>(v: T): T {
  return v.phone !== undefined && v.phonePrefix
    ? { ...v, phone: normalizePhone(v.phone, countryOfPhonePrefix(v.phonePrefix)) }
    : v
}

/** The phone number is judged by the rules of its prefix's country (spec §5). */
function checkPhone(v: PhoneFields, ctx: z.RefinementCtx, required: boolean) {
  if (v.phone === undefined || v.phone === '') {
    if (required) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'required' })
    return
  }
  if (!v.phonePrefix) ctx.addIssue({ code: 'custom', path: ['phonePrefix'], message: 'required' })
  else if (!isValidPhone(v.phone, countryOfPhonePrefix(v.phonePrefix))) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'invalidPhone' })
  }
}

const optionalPhoneShape = { phonePrefix: phonePrefixSchema.optional(), phone: z.string().optional() }
const requiredPhoneShape = { phonePrefix: phonePrefixSchema, phone: z.string({ error: 'required' }) }

export const phoneFieldsSchema = z
  .object(requiredPhoneShape)
  .transform(normalizePhoneFields)
  .superRefine((v, ctx) => checkPhone(v, ctx, true))

export const signUpSchemaAt = (now: () => Date) =>
  z
    .object({
      firstName: nameSchema,
      lastName: nameSchema,
      email: emailSchema,
      ...requiredPhoneShape,
      documentType: documentTypeFieldSchema,
      documentNumber: documentNumberSchema,
      gender: genderFieldSchema,
      birthDate: birthDateSchemaAt(now),
      password: passwordSchema,
      acceptTerms: z.literal(true, { error: 'mustAcceptTerms' }),
    })
    .transform(normalizePhoneFields)
    .superRefine((v, ctx) => checkPhone(v, ctx, true))
export const signUpSchema = signUpSchemaAt(() => new Date())
export type SignUpInput = z.input<typeof signUpSchema>
export type SignUp = z.output<typeof signUpSchema>

/** Email or phone identifies the account (spec §7 login routes); the email wins when both are given. */
const identifierBase = z.object({ email: emailSchema.optional(), ...optionalPhoneShape })

function checkIdentifier(v: { email?: string | undefined } & PhoneFields, ctx: z.RefinementCtx) {
  if (v.email) return
  if (v.phone === undefined || v.phone === '') {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailOrPhone' })
    return
  }
  checkPhone(v, ctx, true)
}

export type Identifier = { email: string } | { phonePrefix: PhonePrefix; phone: string }

/** Narrows a validated identifier: the email when given, else the phone. */
export function identifierOf(v: { email?: string | undefined } & PhoneFields): Identifier {
  if (v.email) return { email: v.email }
  return { phonePrefix: v.phonePrefix as PhonePrefix, phone: v.phone as string }
}

export const passwordLoginSchema = identifierBase
  .extend({ password: z.string({ error: 'required' }).min(1, { error: 'required' }) })
  .transform(normalizePhoneFields)
  .superRefine(checkIdentifier)
export const requestOtpSchema = identifierBase.transform(normalizePhoneFields).superRefine(checkIdentifier)
export const verifyOtpSchema = identifierBase
  .extend({ code: otpSchema })
  .transform(normalizePhoneFields)
  .superRefine(checkIdentifier)
export const confirmSignUpSchema = z.object({ email: emailSchema, code: otpSchema })
export const resendCodeSchema = z.object({ email: emailSchema })
export const forgotPasswordSchema = z.object({ email: emailSchema })
export const forgotPasswordSubmitSchema = z.object({
  email: emailSchema,
  code: otpSchema,
  password: passwordSchema,
})
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'required' }).min(1, { error: 'required' }),
  newPassword: passwordSchema,
})
export const updatePhoneSchema = z
  .object({
    ...requiredPhoneShape,
    /** Absent: send a code to the new number. Present: confirm it and switch. */
    code: otpSchema.optional(),
  })
  .transform(normalizePhoneFields)
  .superRefine((v, ctx) => checkPhone(v, ctx, true))
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'required' }).min(1, { error: 'required' }),
})

export const profileUpdateSchemaAt = (now: () => Date) =>
  z.object({
    firstName: nameSchema,
    lastName: nameSchema,
    gender: genderFieldSchema,
    birthDate: birthDateSchemaAt(now),
  })
export const profileUpdateSchema = profileUpdateSchemaAt(() => new Date())

/** Operators pre-register a fan at the box office; the fan finishes sign-up later (spec §3). */
export const preRegisterFanSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema.optional(),
    ...optionalPhoneShape,
    documentType: documentTypeFieldSchema.optional(),
    documentNumber: documentNumberSchema.optional(),
  })
  .transform(normalizePhoneFields)
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'emailOrPhone' })
    checkPhone(v, ctx, false)
    if ((v.documentType === undefined) !== (v.documentNumber === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'required' })
    }
  })

export const fanSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phonePrefix: z.enum(PHONE_PREFIXES).nullable(),
  phone: z.string().nullable(),
  documentType: z.enum(DOCUMENT_TYPES).nullable(),
  documentNumber: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  birthDate: z.string().nullable(),
  country: z.enum(['COL', 'MEX']),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  roles: z.array(z.enum(ROLES)),
})
export type Fan = z.infer<typeof fanSchema>

export const existsSchema = z.object({ exists: z.boolean() })
