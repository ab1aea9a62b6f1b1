import { isErrorCode } from '@palco/domain/errors/domain-error'
import { VALIDATION_MESSAGES } from '@palco/domain/validation/rules'

const MESSAGES: ReadonlySet<string> = new Set(VALIDATION_MESSAGES)

/**
 * The i18n key for a field's message. The domain's zod schemas report VALIDATION_MESSAGES keys (the
 * same on the form and in the API's `fields`); a service refusal puts its error code on the field instead
 * (`phone: 'RepeatedPhoneNumber'`). Anything else is shown as a generic "invalid value".
 */
export function fieldErrorKey(message: string): string {
  if (MESSAGES.has(message)) return `errors:fields.${message}`
  if (isErrorCode(message)) return `errors:codes.${message}`
  return 'errors:codes.InvalidParameterException'
}
