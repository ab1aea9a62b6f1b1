import { zodResolver } from '@hookform/resolvers/zod'
import {
  countryOfPhonePrefix,
  documentNumberSchema,
  documentTypeFieldSchema,
  phonePrefixSchema,
} from '@palco/domain/people/fan'
import { emailSchema, isValidPhone, normalizePhone } from '@palco/domain/validation/validation'
import { z } from 'zod'
import { isLuhnValid, parseExpiry } from './checkout-forms'

/**
 * The checkout's three forms as zod schemas (spec §2: tracked as contact, billing and payment). Messages
 * are keys: the shared VALIDATION_MESSAGES (`errors:fields.*`) for what the rest of the site also asks, and
 * `card.*` (`checkout:fields.card.*`) for the card form, which only checkout has.
 *
 * The pages fetch this module when a form first validates, not with the page (lib/forms/lazy-resolver.ts):
 * modules the checkout pages load import it with `import type` or `import()` only.
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

/**
 * The expiry is judged on its own field, not after the whole card: an object-level check runs only once
 * every field is valid, so an expired date used to stay silent behind a wrong number or CVV (issue 13).
 */
const expirySchemaAt = (now: () => Date) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required', abort: true })
    .transform((v, ctx) => {
      const expiry = parseExpiry(v)
      if (!expiry) {
        ctx.addIssue({ code: 'custom', message: 'card.invalidExpiry' })
        return z.NEVER
      }
      const today = now()
      const current = today.getUTCFullYear() * 12 + today.getUTCMonth()
      // A card is good through the last day of its month.
      if (expiry.year * 12 + (expiry.month - 1) < current) {
        ctx.addIssue({ code: 'custom', message: 'card.expired' })
        return z.NEVER
      }
      return expiry
    })

export const cardFormSchemaAt = (now: () => Date) =>
  z
    .object({
      number: z
        .string({ error: 'required' })
        .transform((v) => v.replace(/[\s-]/g, ''))
        .refine((v) => v.length > 0, { error: 'required', abort: true })
        .refine((v) => /^\d{13,19}$/.test(v) && isLuhnValid(v), { error: 'card.invalidNumber' }),
      expiry: expirySchemaAt(now),
      cvv: z
        .string({ error: 'required' })
        .trim()
        .min(1, { error: 'required', abort: true })
        .regex(/^\d{3,4}$/, { error: 'card.invalidCvv' }),
      holderName: requiredText(80),
    })
    .transform((v) => ({
      number: v.number,
      expMonth: v.expiry.month,
      expYear: v.expiry.year,
      cvv: v.cvv,
      holderName: v.holderName,
    }))
export const cardFormSchema = cardFormSchemaAt(() => new Date())
export type CardFormInput = z.input<typeof cardFormSchema>
export type CardDetails = z.output<typeof cardFormSchema>

export const detailsResolver = zodResolver(detailsFormSchema)
export const cardResolver = zodResolver(cardFormSchema)
