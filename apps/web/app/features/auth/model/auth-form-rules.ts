import { zodResolver } from '@hookform/resolvers/zod'
import {
  confirmSignUpSchema,
  documentNumberSchema,
  documentTypeFieldSchema,
  forgotPasswordSchema,
  forgotPasswordSubmitSchema,
  passwordLoginSchema,
  phoneFieldsSchema,
  requestOtpSchema,
  type SignUp,
  type SignUpInput,
  signUpSchema,
  updatePhoneSchema,
  verifyOtpSchema,
} from '@palco/domain/people/fan'
import { emailSchema } from '@palco/domain/validation/validation'
import type { FieldErrors, Resolver } from 'react-hook-form'

/**
 * The authentication forms' rules: the domain's zod schemas (the API's own) as react-hook-form resolvers, and
 * the registration's checks before asking whether an email, phone or document is already registered.
 *
 * The forms fetch this module after the page's own (lib/forms/lazy-resolver.ts), not with it: with zod it is
 * 30 KB gzipped, more than half of what a page may add to the shared JavaScript (DESIGN §8; issue 13). Modules
 * the pages load import it with `import()` or `import type` only.
 */

export const passwordLoginResolver = zodResolver(passwordLoginSchema)
export const requestOtpResolver = zodResolver(requestOtpSchema)
export const verifyOtpResolver = zodResolver(verifyOtpSchema)
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema)
export const forgotPasswordSubmitResolver = zodResolver(forgotPasswordSubmitSchema)
export const confirmSignUpResolver = zodResolver(confirmSignUpSchema)
export const updatePhoneResolver = zodResolver(updatePhoneSchema)

const signUpOnly = zodResolver(signUpSchema)
const phoneOnly = zodResolver(phoneFieldsSchema)

/**
 * The sign-up schema checks the phone after the object's own fields, so a form with other mistakes would
 * not yet mark a bad phone. The domain's phone schema fills that gap, so every mistake shows at once.
 */
export const signUpResolver: Resolver<SignUpInput, unknown, SignUp> = async (values, context, options) => {
  const result = await signUpOnly(values, context, options)
  const errors = result.errors as FieldErrors<SignUpInput>
  if (Object.keys(errors).length === 0 || errors.phone || errors.phonePrefix) return result
  const phone = await phoneOnly(
    { phonePrefix: values.phonePrefix, phone: values.phone },
    context,
    options as never,
  )
  return { values: {}, errors: { ...phone.errors, ...errors } } as typeof result
}

/** What the registration asks "already registered?" about: the value when it is well formed, else null. */
export const registrationChecks = {
  email(value: string) {
    const parsed = emailSchema.safeParse(value)
    return parsed.success ? { email: parsed.data } : null
  },
  phone(value: { phonePrefix: unknown; phone: unknown }) {
    const parsed = phoneFieldsSchema.safeParse(value)
    return parsed.success ? parsed.data : null
  },
  document(value: { documentType: unknown; documentNumber: unknown }) {
    const type = documentTypeFieldSchema.safeParse(value.documentType)
    const number = documentNumberSchema.safeParse(value.documentNumber)
    return type.success && number.success ? { documentType: type.data, documentNumber: number.data } : null
  },
}
